// dpwlab-cli account: ε after T steps of the subsampled Gaussian mechanism by one accountant.
#include <fstream>
#include <memory>

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
  std::string id = "rdp", pairsFile;
  double q = 0, sigma = 0, delta = 0, mu = 16.0, beta = 32.0;
  long steps = 0;
};

CommandRun setup(CLI::App& cmd) {
  auto o = std::make_shared<Options>();
  cmd.add_option("--accountant", o->id, accountantChoices(false))->default_str("rdp");
  addReal(cmd, "--q", o->q, "sampling rate in (0, 1]")->required();
  addReal(cmd, "--sigma", o->sigma, "noise multiplier > 0")->required();
  addInteger(cmd, "--steps", o->steps, "number of steps T >= 1")->required();
  addReal(cmd, "--delta", o->delta, "target delta in (0, 1)")->required();
  auto* pairs = cmd.add_option("--pairs-file", o->pairsFile, "wdp: file of distances between neighbouring gradients");
  auto* mu = addReal(cmd, "--mu", o->mu, "wdp: order mu")->default_str("16");
  auto* beta = addReal(cmd, "--beta", o->beta, "wdp: beta")->default_str("32");
  return [o, pairs, mu, beta] {
    requireSampleRate(o->q);
    requireSigma(o->sigma);
    requireDelta(o->delta);
    requireSteps(o->steps);
    const bool wdpOptions = pairs->count() + mu->count() + beta->count() > 0;
    if (wdpOptions && o->id != "wdp") throw UsageError("--pairs-file, --mu and --beta apply to --accountant wdp only");
    std::unique_ptr<dpw::Accountant> acc;
    if (o->id == "wdp")
      acc = std::make_unique<dpw::WdpAccountant>(o->mu, o->beta,
                                                 pairs->count() ? readDistances(o->pairsFile) : std::vector<double>{1.0});
    else
      acc = dpw::makeAccountant(o->id);
    acc->addGaussianSteps(o->sigma, o->q, o->steps);
    printJson({{"epsilon", jsonNumber(acc->epsilon(o->delta))},
               {"accountant", o->id},
               {"name", acc->name()},
               {"q", o->q},
               {"sigma", o->sigma},
               {"steps", o->steps},
               {"delta", o->delta}});
    return 0;
  };
}

const RegisterCommand registered("account", "epsilon spent after T steps of the subsampled Gaussian mechanism", setup);

}  // namespace
}  // namespace dpwcli
