// dpwlab-cli sensitivity: the sensitivity bound w(k, d, δ) of k random projections of one changed row.
#include "cli/cli_args.h"
#include "cli/commands.h"
#include "cli/privacy_args.h"
#include "privacy/projection_sensitivity.h"

namespace dpwcli {

int sensitivityCommand(const std::vector<std::string>& words) {
  const Args args(words);
  args.allowOnly({"bound", "k", "d", "delta"});
  const std::string bound = args.text("bound", std::string("chernoff"));
  const long k = args.integer("k"), d = args.integer("d");
  const double delta = args.real("delta");
  double w = 0;
  if (bound == "chernoff")
    w = dpw::projectionSensitivityChernoff(k, d, delta);
  else if (bound == "clt")
    w = dpw::projectionSensitivityClt(k, d, delta);
  else if (bound == "bernstein")
    w = dpw::projectionSensitivityBernstein(k, d, delta);
  else if (bound == "bernstein-dpswd-code")
    w = dpw::projectionSensitivityBernsteinDpSwdCode(k, d, delta);
  else
    throw UsageError("--bound must be chernoff, clt, bernstein or bernstein-dpswd-code, got '" + bound + "'");
  printJson("{\"w\": " + jsonNumber(w) + ", \"bound\": " + jsonString(bound) + ", \"k\": " + std::to_string(k) +
            ", \"d\": " + std::to_string(d) + ", \"delta\": " + jsonNumber(delta) + "}");
  return 0;
}

}  // namespace dpwcli
