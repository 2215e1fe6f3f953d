// dpwlab-cli sensitivity: the sensitivity bound w(k, d, δ) of k random projections of one changed row.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/privacy_args.h"
#include "privacy/sensitivity/projection_sensitivity.h"

namespace dpwcli {
namespace {

std::string choiceList(const std::vector<std::string>& ids) {
  std::string out;
  for (std::size_t i = 0; i < ids.size(); ++i) out += (i ? "|" : "") + ids[i];
  return out;
}

struct Options {
  std::string bound = dpw::projectionBoundId(dpw::ProjectionBound::Chernoff);
  long k = 0, d = 0;
  double delta = 0;
};

CommandRun setup(CLI::App& cmd) {
  auto o = std::make_shared<Options>();
  // The choices are privacy/sensitivity/projection_sensitivity.h's id table: chernoff (default, rigorous), clt (the
  // papers' approximation), bernstein ([DP-SWD] Lemma 2), bernstein-dpswd-code (the public code's quirk).
  cmd.add_option("--bound", o->bound,
                 choiceList(dpw::projectionSensitivityToolIds()) + " (chernoff: rigorous, the default; clt: the papers' "
                                                                   "approximation, not a bound)")
      ->default_str(o->bound);
  addInteger(cmd, "--k", o->k, "number of projections")->required();
  addInteger(cmd, "--d", o->d, "dimension")->required();
  addReal(cmd, "--delta", o->delta, "failure probability delta")->required();
  setExamples(cmd, {"dpwlab-cli sensitivity --k 200 --d 784 --delta 1e-6                 w by the Chernoff bound",
                    "dpwlab-cli sensitivity --bound clt --k 200 --d 784 --delta 1e-6     the papers' approximation"});
  return [o] {
    const auto& ids = dpw::projectionSensitivityToolIds();
    if (std::find(ids.begin(), ids.end(), o->bound) == ids.end())
      throw UsageError("--bound must be one of " + choiceList(ids) + ", got '" + o->bound + "'");
    const double w = dpw::projectionSensitivityById(o->bound, o->k, o->d, o->delta);
    printJson({{"w", jsonNumber(w)}, {"bound", o->bound}, {"k", o->k}, {"d", o->d}, {"delta", o->delta}});
    return kExitOk;
  };
}

const RegisterCommand registered("sensitivity", "sensitivity bound w of k random projections of one changed row", setup);

}  // namespace
}  // namespace dpwcli
