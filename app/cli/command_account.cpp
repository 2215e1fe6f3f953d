// dpwlab-cli account: ε after T steps of the subsampled Gaussian mechanism by one accountant.
#include <fstream>
#include <memory>

#include "cli/cli_args.h"
#include "cli/commands.h"
#include "cli/privacy_args.h"
#include "privacy/accountant.h"
#include "privacy/wdp_accountant.h"

namespace dpwcli {
namespace {
// Distances between neighbouring gradients, whitespace-separated numbers.
std::vector<double> readDistances(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read --pairs-file '" + path + "'");
  std::vector<double> d;
  std::string word;
  while (in >> word) {
    char* end = nullptr;
    const double v = std::strtod(word.c_str(), &end);
    dpw::require(end == word.c_str() + word.size() && std::isfinite(v), "--pairs-file holds a non-number: '", word, "'");
    d.push_back(v);
  }
  return d;
}
}  // namespace

int accountCommand(const std::vector<std::string>& words) {
  const Args args(words);
  args.allowOnly({"accountant", "q", "sigma", "steps", "delta", "pairs-file", "mu", "beta"});
  const std::string id = args.text("accountant", std::string("rdp"));
  const double q = args.real("q"), sigma = args.real("sigma"), delta = args.real("delta");
  const long steps = args.integer("steps");
  requireSampleRate(q);
  requireSigma(sigma);
  requireDelta(delta);
  requireSteps(steps);
  const bool wdpOptions = args.has("pairs-file") || args.has("mu") || args.has("beta");
  if (wdpOptions && id != "wdp") throw UsageError("--pairs-file, --mu and --beta apply to --accountant wdp only");
  std::unique_ptr<dpw::Accountant> acc;
  if (id == "wdp")
    acc = std::make_unique<dpw::WdpAccountant>(args.real("mu", 16.0), args.real("beta", 32.0),
                                               args.has("pairs-file") ? readDistances(args.text("pairs-file"))
                                                                      : std::vector<double>{1.0});
  else
    acc = dpw::makeAccountant(id);
  acc->addGaussianSteps(sigma, q, steps);
  printJson("{\"epsilon\": " + jsonNumber(acc->epsilon(delta)) + ", \"accountant\": " + jsonString(id) +
            ", \"name\": " + jsonString(acc->name()) + ", \"q\": " + jsonNumber(q) + ", \"sigma\": " +
            jsonNumber(sigma) + ", \"steps\": " + std::to_string(steps) + ", \"delta\": " + jsonNumber(delta) + "}");
  return 0;
}

}  // namespace dpwcli
