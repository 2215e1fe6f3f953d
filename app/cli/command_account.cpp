// dpwlab-cli account: ε after T steps of the subsampled Gaussian mechanism by one accountant.
#include <fstream>
#include <memory>
#include <utility>

#include "cli/command.h"
#include "cli/privacy_args.h"
#include "privacy/accountants/accountant.h"
#include "privacy/accountants/wdp_accountant.h"

namespace dpwcli {
namespace {

// Distances between neighbouring gradients, whitespace-separated numbers.
std::vector<double> readDistances(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read --pairs-file '" + path + "'");
  std::vector<double> d;
  std::string word;
  while (in >> word) d.push_back(parseReal(word, "--pairs-file (a distance)"));
  return d;
}

struct Options {
  std::string id = "auto", pairsFile;
  double q = 0, sigma = 0, delta = 0, mu = 16.0, beta = 32.0;
  StepsOption steps;
};

CommandRun setup(CLI::App& cmd) {
  auto o = std::make_shared<Options>();
  cmd.add_option("--accountant", o->id, accountantHelp(false))->default_str("auto");
  addReal(cmd, "--q", o->q, "sampling rate in (0, 1]")->required();
  addReal(cmd, "--sigma", o->sigma, "noise multiplier > 0")->required();
  o->steps.add(cmd);
  addReal(cmd, "--delta", o->delta, "target delta in (0, 1)")->required();
  auto* pairs = cmd.add_option("--pairs-file", o->pairsFile, "wdp: file of distances between neighbouring gradients");
  auto* mu = addReal(cmd, "--mu", o->mu, "wdp: order mu")->default_str("16");
  auto* beta = addReal(cmd, "--beta", o->beta, "wdp: beta")->default_str("32");
  setExamples(cmd, {"dpwlab-cli account --q 0.01 --sigma 1.1 --steps 1000 --delta 1e-5     epsilon by auto (pld)",
                    "dpwlab-cli account --q 0.01 --sigma 1.1 --epochs 10 --delta 1e-5      the same: 10 / 0.01 = 1000 steps",
                    "dpwlab-cli account --accountant rdp --q 0.01 --sigma 1.1 --steps 1000 --delta 1e-5"});
  return [o, pairs, mu, beta] {
    requireSampleRate(o->q);
    requireSigma(o->sigma);
    requireDelta(o->delta);
    const long steps = o->steps.resolve(o->q);
    const std::string id = resolveAccountantId(o->id);
    const bool wdpOptions = pairs->count() + mu->count() + beta->count() > 0;
    if (wdpOptions && id != "wdp") throw UsageError("--pairs-file, --mu and --beta apply to --accountant wdp only");
    std::unique_ptr<dpw::Accountant> acc;
    if (id == "wdp")
      acc = std::make_unique<dpw::WdpAccountant>(o->mu, o->beta,
                                                 pairs->count() ? readDistances(o->pairsFile) : std::vector<double>{1.0});
    else
      acc = dpw::makeAccountant(id);
    acc->addGaussianSteps(o->sigma, o->q, steps);
    Json out{{"epsilon", jsonNumber(acc->epsilon(o->delta))},
             {"accountant", id},
             {"name", acc->name()},
             {"q", o->q},
             {"sigma", o->sigma},
             {"steps", steps},
             {"delta", o->delta}};
    return printStepsAnswer(std::move(out), o->steps, o->id == "auto");
  };
}

const RegisterCommand registered("account", "epsilon spent after T steps (or E epochs) of the subsampled Gaussian mechanism", setup);

}  // namespace
}  // namespace dpwcli
