#include "privacy/accountants/gdp_analysis.h"

#include <cmath>
#include <limits>

#include "core/error.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/calibration/root_finding.h"

namespace dpw {
namespace {
void validate(double q, double sigma, long steps) {
  require(q >= 0 && q <= 1, "the sampling rate q must lie in [0, 1], got ", q);
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(steps >= 0, "the number of steps must be >= 0, got ", steps);
}
}  // namespace

double gdpMuPoisson(double q, double sigma, long steps) {
  validate(q, sigma, steps);
  return q * std::sqrt(double(steps)) * std::sqrt(std::expm1(1 / (sigma * sigma)));
}

double gdpMuUniform(double q, double sigma, long steps) {
  validate(q, sigma, steps);
  const double inner = std::exp(1 / (sigma * sigma)) * normalCdf(1.5 / sigma) + 3 * normalCdf(-0.5 / sigma) - 2;
  return std::sqrt(2.0) * q * std::sqrt(double(steps)) * std::sqrt(std::max(inner, 0.0));
}

double gdpDelta(double mu, double epsilon) {
  require(mu >= 0 && !std::isnan(mu), "mu must be >= 0, got ", mu);
  require(epsilon >= 0, "epsilon must be >= 0, got ", epsilon);
  if (mu == 0) return 0;
  if (std::isinf(mu)) return 1;
  const double a = normalCdf(-epsilon / mu + mu / 2);
  const double b = std::exp(epsilon + logNormalCdf(-epsilon / mu - mu / 2));
  return std::max(a - b, 0.0);
}

double gdpEpsilon(double mu, double delta) {
  require(mu >= 0 && !std::isnan(mu), "mu must be >= 0, got ", mu);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  if (std::isinf(mu)) return std::numeric_limits<double>::infinity();
  if (gdpDelta(mu, 0) <= delta) return 0;
  // δ(ε) decreases in ε: the smallest ε with δ(ε) ≤ δ, bracket grown from [0.5, 1] within [1e-30, 1e6]
  // (above 1e6: ∞ as before; below 1e-30: that ε, indistinguishable from 0 for every caller).
  return smallestBelow([mu](double eps) { return gdpDelta(mu, eps); }, delta, 0.5, 1.0, 1e-30, 1e6, 1e-13);
}

}  // namespace dpw
