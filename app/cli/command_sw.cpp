// dpwlab-cli sw: sliced W2 between N(0, I_d) (n points) and N(1, I_d) (m points), timed.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

#include "cli/cli_args.h"
#include "cli/commands.h"
#include "core/rng.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"

namespace dpwcli {

int swCommand(const std::vector<std::string>& words) {
  const Args args(words, {"gradients"});
  args.allowOnly({"n", "m", "d", "k", "sigma", "seed", "repeat", "gradients"});
  const long n = args.integer("n", 10000), m = args.integer("m", n), d = args.integer("d", 8);
  const long k = args.integer("k", 500), repeat = args.integer("repeat", 5), seed = args.integer("seed", 0);
  const double sigma = args.real("sigma", 0.0);
  if (n < 1 || m < 1 || d < 1 || k < 1) throw UsageError("--n, --m, --d and --k must be at least 1");
  if (repeat < 1) throw UsageError("--repeat must be at least 1");
  if (!(sigma >= 0) || !std::isfinite(sigma)) throw UsageError("--sigma must be a finite number >= 0");
  if (seed < 0) throw UsageError("--seed must be >= 0");

  dpw::Rng rng = dpw::makeRng(std::uint64_t(seed));
  const dpw::Points X = dpw::standardNormal(n, d, rng);
  const dpw::Points Y = dpw::standardNormal(m, d, rng).array() + 1.0;
  const dpw::Points theta = dpw::randomDirections(k, d, rng);
  const dpw::SlicedOptions options{sigma, std::uint64_t(seed) + 1};
  std::vector<double> seconds;
  double value = 0;
  for (long r = 0; r < repeat; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    value = args.has("gradients") ? dpw::slicedW2SquaredWithGradients(X, Y, theta, options).value
                                  : dpw::slicedW2Squared(X, Y, theta, options).value;
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(seconds.begin(), seconds.end());
  std::ostringstream json;
  json.precision(17);
  json << "{\"sw2\": " << std::sqrt(value) << ", \"sw2_squared\": " << value
       << ", \"seconds_median\": " << seconds[seconds.size() / 2] << ", \"n\": " << n << ", \"m\": " << m
       << ", \"d\": " << d << ", \"k\": " << k << ", \"sigma\": " << sigma
       << ", \"gradients\": " << (args.has("gradients") ? "true" : "false") << "}";
  printJson(json.str());
  return 0;
}

}  // namespace dpwcli
