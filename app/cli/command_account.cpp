// dpwlab-cli account: ε after T steps of the subsampled Gaussian mechanism by one accountant.
#include <memory>

#include "cli/cli_args.h"
#include "cli/commands.h"
#include "cli/privacy_args.h"
#include "privacy/accountant.h"

namespace dpwcli {

int accountCommand(const std::vector<std::string>& words) {
  const Args args(words);
  args.allowOnly({"accountant", "q", "sigma", "steps", "delta"});
  const std::string id = args.text("accountant", std::string("rdp"));
  const double q = args.real("q"), sigma = args.real("sigma"), delta = args.real("delta");
  const long steps = args.integer("steps");
  requireSampleRate(q);
  requireSigma(sigma);
  requireDelta(delta);
  requireSteps(steps);
  std::unique_ptr<dpw::Accountant> acc = dpw::makeAccountant(id);
  acc->addGaussianSteps(sigma, q, steps);
  printJson("{\"epsilon\": " + jsonNumber(acc->epsilon(delta)) + ", \"accountant\": " + jsonString(id) +
            ", \"name\": " + jsonString(acc->name()) + ", \"q\": " + jsonNumber(q) + ", \"sigma\": " +
            jsonNumber(sigma) + ", \"steps\": " + std::to_string(steps) + ", \"delta\": " + jsonNumber(delta) + "}");
  return 0;
}

}  // namespace dpwcli
