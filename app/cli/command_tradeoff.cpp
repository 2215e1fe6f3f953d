// dpwlab-cli tradeoff: the f-DP trade-off curve β(α) of T subsampled Gaussian steps, by PLD or GDP
// (the math lives in engine/privacy/curves/tradeoff_curve.h; this file only parses and prints).
#include <memory>
#include <utility>

#include "cli/command.h"
#include "cli/privacy_args.h"
#include "privacy/curves/tradeoff_curve.h"

namespace dpwcli {
namespace {

struct Options {
  std::string id = "pld";
  double q = 0, sigma = 0;
  StepsOption steps;
};

CommandRun setup(CLI::App& cmd) {
  auto o = std::make_shared<Options>();
  cmd.add_option("--accountant", o->id, "pld|gdp")->default_str("pld");
  addReal(cmd, "--q", o->q, "sampling rate in (0, 1]")->required();
  addReal(cmd, "--sigma", o->sigma, "noise multiplier > 0")->required();
  o->steps.add(cmd);
  setExamples(cmd, {"dpwlab-cli tradeoff --q 0.01 --sigma 1.1 --steps 1000          beta(alpha) by pld",
                    "dpwlab-cli tradeoff --accountant gdp --q 0.01 --sigma 1.1 --epochs 10"});
  return [o] {
    requireSampleRate(o->q);
    requireSigma(o->sigma);
    const long steps = o->steps.resolve(o->q);
    if (o->id != "pld" && o->id != "gdp") throw UsageError("--accountant must be pld or gdp, got '" + o->id + "'");
    const dpw::TradeoffCurve c = dpw::tradeoffCurve(o->id, o->q, o->sigma, steps, dpw::defaultTradeoffAlphas());
    Json alpha = Json::array(), beta = Json::array();
    for (double a : c.alpha) alpha.push_back(jsonNumber(a));
    for (double b : c.beta) beta.push_back(jsonNumber(b));
    Json out{{"alpha", alpha}, {"beta", beta}, {"accountant", o->id}, {"q", o->q}, {"sigma", o->sigma}, {"steps", steps}};
    return printStepsAnswer(std::move(out), o->steps);
  };
}

const RegisterCommand registered("tradeoff", "f-DP trade-off curve {alpha, beta} of T subsampled Gaussian steps", setup);

}  // namespace
}  // namespace dpwcli
