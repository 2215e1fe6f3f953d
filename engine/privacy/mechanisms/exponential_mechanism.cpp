#include "privacy/mechanisms/exponential_mechanism.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/error.h"

namespace dpw {
namespace {

void check(std::span<const double> utilities, double epsilon, double sensitivity) {
  require(!utilities.empty(), "the exponential mechanism needs at least one option");
  require(epsilon > 0 && std::isfinite(epsilon), "the exponential mechanism needs a finite ε > 0, got ", epsilon);
  require(sensitivity > 0 && std::isfinite(sensitivity), "the exponential mechanism needs a finite Δ > 0, got ",
          sensitivity);
  for (double u : utilities) require(std::isfinite(u), "every utility must be finite, got ", u);
}

}  // namespace

std::vector<double> exponentialMechanismProbabilities(std::span<const double> utilities, double epsilon,
                                                      double sensitivity) {
  check(utilities, epsilon, sensitivity);
  const double top = *std::max_element(utilities.begin(), utilities.end()), a = epsilon / (2 * sensitivity);
  std::vector<double> p(utilities.size());
  double total = 0;
  for (std::size_t r = 0; r < p.size(); ++r) total += p[r] = std::exp(a * (utilities[r] - top));
  for (double& x : p) x /= total;
  return p;
}

std::size_t reportNoisyMaxGumbel(std::span<const double> utilities, double epsilon, double sensitivity, Rng& rng) {
  check(utilities, epsilon, sensitivity);
  const double scale = 2 * sensitivity / epsilon;
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::size_t best = 0;
  double bestValue = -INFINITY;
  for (std::size_t r = 0; r < utilities.size(); ++r) {
    double v = u(rng);
    while (v <= 0) v = u(rng);  // Gumbel: −ln(−ln V), V in (0, 1)
    const double noisy = utilities[r] - scale * std::log(-std::log(v));
    if (noisy > bestValue) bestValue = noisy, best = r;
  }
  return best;
}

double exponentialMechanismShortfallBound(std::size_t options, double epsilon, double sensitivity, double t) {
  require(options >= 1 && epsilon > 0 && sensitivity > 0, "shortfall bound: need k ≥ 1, ε > 0, Δ > 0");
  return 2 * sensitivity / epsilon * (std::log(double(options)) + t);
}

}  // namespace dpw
