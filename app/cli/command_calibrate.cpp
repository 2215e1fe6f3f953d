// dpwlab-cli calibrate: the noise multiplier that meets (ε, δ) after T steps at rate q.
#include "cli/cli_args.h"
#include "cli/commands.h"
#include "cli/privacy_args.h"
#include "privacy/accountant.h"

namespace dpwcli {

int calibrateCommand(const std::vector<std::string>& words) {
  const Args args(words);
  args.allowOnly({"accountant", "epsilon", "q", "steps", "delta"});
  const std::string id = args.text("accountant", std::string("rdp"));
  const double epsilon = args.real("epsilon"), q = args.real("q"), delta = args.real("delta");
  const long steps = args.integer("steps");
  dpw::require(epsilon > 0 && std::isfinite(epsilon), "--epsilon must be a finite number > 0, got ", epsilon);
  requireSampleRate(q);
  requireDelta(delta);
  requireSteps(steps);
  const double sigma = dpw::calibrateNoiseMultiplier(id, epsilon, delta, q, steps);
  printJson("{\"sigma\": " + jsonNumber(sigma) + ", \"accountant\": " + jsonString(id) + ", \"epsilon\": " +
            jsonNumber(epsilon) + ", \"q\": " + jsonNumber(q) + ", \"steps\": " + std::to_string(steps) +
            ", \"delta\": " + jsonNumber(delta) + "}");
  return 0;
}

}  // namespace dpwcli
