// dpwlab-cli calibrate: the noise multiplier that meets (ε, δ) after T steps at rate q.
#include <memory>

#include "cli/command.h"
#include "cli/privacy_args.h"
#include "privacy/accountants/accountant.h"

namespace dpwcli {
namespace {

struct Options {
  std::string id = "rdp";
  double epsilon = 0, q = 0, delta = 0;
  long steps = 0;
};

CommandRun setup(CLI::App& cmd) {
  auto o = std::make_shared<Options>();
  cmd.add_option("--accountant", o->id, accountantChoices(true))->default_str("rdp");
  addReal(cmd, "--epsilon", o->epsilon, "target epsilon > 0")->required();
  addReal(cmd, "--q", o->q, "sampling rate in (0, 1]")->required();
  addInteger(cmd, "--steps", o->steps, "number of steps T >= 1")->required();
  addReal(cmd, "--delta", o->delta, "target delta in (0, 1)")->required();
  return [o] {
    dpw::require(o->epsilon > 0 && std::isfinite(o->epsilon), "--epsilon must be a finite number > 0, got ", o->epsilon);
    requireSampleRate(o->q);
    requireDelta(o->delta);
    requireSteps(o->steps);
    const double sigma = dpw::calibrateNoiseMultiplier(o->id, o->epsilon, o->delta, o->q, o->steps);
    printJson({{"sigma", jsonNumber(sigma)},
               {"accountant", o->id},
               {"epsilon", o->epsilon},
               {"q", o->q},
               {"steps", o->steps},
               {"delta", o->delta}});
    return 0;
  };
}

const RegisterCommand registered("calibrate", "noise multiplier that meets (epsilon, delta) after T steps", setup);

}  // namespace
}  // namespace dpwcli
