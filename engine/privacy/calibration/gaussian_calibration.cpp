#include "privacy/calibration/gaussian_calibration.h"

#include <cmath>

#include "core/error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/calibration/root_finding.h"

namespace dpw {

namespace {

void requireCalibration(double epsilon, double delta, double l2Sensitivity) {
  require(epsilon > 0 && std::isfinite(epsilon), "epsilon must be a finite number > 0, got ", epsilon);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  require(l2Sensitivity >= 0 && std::isfinite(l2Sensitivity), "the l2 sensitivity must be a finite number >= 0, got ",
          l2Sensitivity);
}

}  // namespace

double gdpMuFor(double epsilon, double delta) {
  require(epsilon > 0 && std::isfinite(epsilon), "epsilon must be a positive finite number, got ", epsilon);
  require(epsilon <= 700, "epsilon ", epsilon, " is too large for the Gaussian calibration (at most 700)");
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  // δ(ε; μ) increases with μ: the largest μ with δ(ε; μ) ≤ δ.
  return largestBelow([epsilon](double mu) { return gdpDelta(mu, epsilon); }, delta, 0.5, 1.0);
}

double analyticGaussianNoiseStd(double epsilon, double delta, double l2Sensitivity) {
  requireCalibration(epsilon, delta, l2Sensitivity);
  return l2Sensitivity / gdpMuFor(epsilon, delta);
}

double classicGaussianFactor(double delta) {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  return std::sqrt(2.0 * std::log(1.25 / delta));
}

double classicGaussianNoiseStd(double epsilon, double delta, double l2Sensitivity) {
  requireCalibration(epsilon, delta, l2Sensitivity);
  return classicGaussianFactor(delta) * l2Sensitivity / epsilon;
}

double classicGaussianEpsilon(double multiplier, double delta) { return classicGaussianFactor(delta) / multiplier; }

double exactGaussianEpsilon(double multiplier, double delta) { return gdpEpsilon(1.0 / multiplier, delta); }

}  // namespace dpw
