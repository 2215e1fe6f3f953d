// dpwlab-cli tradeoff: the f-DP trade-off curve β(α) of T subsampled Gaussian steps, by PLD or GDP
// (the math lives in engine/privacy/tradeoff_curve.h; this file only parses and prints).
#include "cli/cli_args.h"
#include "cli/commands.h"
#include "cli/privacy_args.h"
#include "privacy/tradeoff_curve.h"

namespace dpwcli {
namespace {
std::string jsonArray(const std::vector<double>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + jsonNumber(v[i]);
  return out + "]";
}
}  // namespace

int tradeoffCommand(const std::vector<std::string>& words) {
  const Args args(words);
  args.allowOnly({"accountant", "q", "sigma", "steps"});
  const std::string id = args.text("accountant", std::string("pld"));
  const double q = args.real("q"), sigma = args.real("sigma");
  const long steps = args.integer("steps");
  requireSampleRate(q);
  requireSigma(sigma);
  requireSteps(steps);
  if (id != "pld" && id != "gdp") throw UsageError("--accountant must be pld or gdp, got '" + id + "'");
  const dpw::TradeoffCurve c = dpw::tradeoffCurve(id, q, sigma, steps, dpw::defaultTradeoffAlphas());
  printJson("{\"alpha\": " + jsonArray(c.alpha) + ", \"beta\": " + jsonArray(c.beta) + ", \"accountant\": " +
            jsonString(id) + ", \"q\": " + jsonNumber(q) + ", \"sigma\": " + jsonNumber(sigma) +
            ", \"steps\": " + std::to_string(steps) + "}");
  return 0;
}

}  // namespace dpwcli
