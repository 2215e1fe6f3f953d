// dpwlab-cli sensitivity: the sensitivity bound w(k, d, δ) of k random projections of one changed row.
#include <memory>

#include "cli/command.h"
#include "cli/privacy_args.h"
#include "privacy/projection_sensitivity.h"

namespace dpwcli {
namespace {

struct Options {
  std::string bound = "chernoff";
  long k = 0, d = 0;
  double delta = 0;
};

CommandRun setup(CLI::App& cmd) {
  auto o = std::make_shared<Options>();
  cmd.add_option("--bound", o->bound, "chernoff (default, rigorous)|clt (the papers' approximation)|bernstein|bernstein-dpswd-code")
      ->default_str("chernoff");
  addInteger(cmd, "--k", o->k, "number of projections")->required();
  addInteger(cmd, "--d", o->d, "dimension")->required();
  addReal(cmd, "--delta", o->delta, "failure probability delta")->required();
  return [o] {
    double w = 0;
    if (o->bound == "chernoff")
      w = dpw::projectionSensitivityChernoff(o->k, o->d, o->delta);
    else if (o->bound == "clt")
      w = dpw::projectionSensitivityClt(o->k, o->d, o->delta);
    else if (o->bound == "bernstein")
      w = dpw::projectionSensitivityBernstein(o->k, o->d, o->delta);
    else if (o->bound == "bernstein-dpswd-code")
      w = dpw::projectionSensitivityBernsteinDpSwdCode(o->k, o->d, o->delta);
    else
      throw UsageError("--bound must be chernoff, clt, bernstein or bernstein-dpswd-code, got '" + o->bound + "'");
    printJson({{"w", jsonNumber(w)}, {"bound", o->bound}, {"k", o->k}, {"d", o->d}, {"delta", o->delta}});
    return 0;
  };
}

const RegisterCommand registered("sensitivity", "sensitivity bound w of k random projections of one changed row", setup);

}  // namespace
}  // namespace dpwcli
