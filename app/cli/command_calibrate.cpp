// dpwlab-cli calibrate: the noise multiplier that meets (ε, δ) after T steps at rate q.
#include <memory>
#include <utility>

#include "cli/command.h"
#include "cli/privacy_args.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/accountant_calibration.h"

namespace dpwcli {
namespace {

struct Options {
  std::string id = "auto";
  double epsilon = 0, q = 0, delta = 0;
  StepsOption steps;
};

CommandRun setup(CLI::App& cmd) {
  auto o = std::make_shared<Options>();
  cmd.add_option("--accountant", o->id, accountantHelp(true))->default_str("auto");
  addReal(cmd, "--epsilon", o->epsilon, "target epsilon > 0")->required();
  addReal(cmd, "--q", o->q, "sampling rate in (0, 1]")->required();
  o->steps.add(cmd);
  addReal(cmd, "--delta", o->delta, "target delta in (0, 1)")->required();
  setExamples(cmd, {"dpwlab-cli calibrate --epsilon 1 --q 0.01 --steps 1000 --delta 1e-5    sigma by auto (pld)",
                    "dpwlab-cli calibrate --epsilon 1 --q 0.01 --epochs 10 --delta 1e-5     the same: 1000 steps",
                    "dpwlab-cli calibrate --accountant pld-wor --epsilon 1 --q 0.01 --steps 1000 --delta 1e-5"});
  return [o] {
    dpw::require(o->epsilon > 0 && std::isfinite(o->epsilon), "--epsilon must be a finite number > 0, got ", o->epsilon);
    requireSampleRate(o->q);
    requireDelta(o->delta);
    const long steps = o->steps.resolve(o->q);
    const std::string id = resolveAccountantId(o->id);
    const double sigma = dpw::calibrateNoiseMultiplier(id, o->epsilon, o->delta, o->q, steps);
    Json out{{"sigma", jsonNumber(sigma)},
             {"accountant", id},
             {"epsilon", o->epsilon},
             {"q", o->q},
             {"steps", steps},
             {"delta", o->delta}};
    return printStepsAnswer(std::move(out), o->steps, o->id == "auto");
  };
}

const RegisterCommand registered("calibrate", "noise multiplier that meets (epsilon, delta) after T steps (or E epochs)", setup);

}  // namespace
}  // namespace dpwcli
