#include "privacy/accountants/pld_laplace_analysis.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace dpw {

double laplaceDelta(double scale, double eps) {
  require(scale > 0 && std::isfinite(scale), "the Laplace scale (in units of the sensitivity) must be a finite number > 0, got ",
          scale);
  const double eps0 = 1.0 / scale;
  if (eps >= eps0) return 0;
  if (eps < -eps0) return std::clamp(-std::expm1(eps), 0.0, 1.0);
  return std::clamp(-std::expm1(0.5 * (eps - eps0)), 0.0, 1.0);
}

PldPmf laplacePld(double scale, double interval, PldEstimate estimate) {
  require(scale > 0 && std::isfinite(scale), "the Laplace scale (in units of the sensitivity) must be a finite number > 0, got ",
          scale);
  require(interval > 0 && std::isfinite(interval), "the discretisation interval must be > 0, got ", interval);
  const double eps0 = 1.0 / scale;
  const double points = 2 * std::ceil(eps0 / interval) + 1;
  if (!(points <= double(long(1) << 25)))
    throw PldTooLarge("the PLD of a Laplace release of scale " + std::to_string(scale) +
                      " (epsilon0 = " + std::to_string(eps0) + ") needs too many points; use a larger interval");
  const long iHi = long(std::ceil(eps0 / interval)), iLo = -iHi;
  // f'(e^ε) = −P_lower(L > ε): −1 below −ε0, 0 from ε0, −e^{−(ε + ε0)/2}/2 between (δ = 1 − e^{(ε − ε0)/2} there).
  const auto slope = [eps0](double eps) {
    if (eps >= eps0) return 0.0;
    if (eps < -eps0) return -1.0;
    return -0.5 * std::exp(-0.5 * (eps + eps0));
  };
  return connectTheDotsPld([scale](double eps) { return laplaceDelta(scale, eps); }, iLo, iHi, interval, estimate,
                           slope);
}

namespace {

void requireDiscreteLaplace(double a, long sensitivity) {
  require(a > 0 && std::isfinite(a), "the discrete Laplace noise parameter must be a finite number > 0, got ", a);
  require(sensitivity >= 1, "the discrete Laplace sensitivity must be an integer >= 1, got ", sensitivity);
}

// Q(X ≤ m) of the shifted law (the slope's −Q(L > ε)); m from the loss level ε ∈ [−aΔ, aΔ).
long lastAbove(double a, long sensitivity, double eps) {
  const double m = std::ceil(0.5 * (double(sensitivity) - eps / a)) - 1;
  return long(std::clamp(m, 0.0, double(sensitivity - 1)));
}

}  // namespace

double discreteLaplaceDelta(double a, long sensitivity, double eps) {
  requireDiscreteLaplace(a, sensitivity);
  const double eps0 = a * double(sensitivity);
  if (eps >= eps0) return 0;
  if (eps < -eps0) return std::clamp(-std::expm1(eps), 0.0, 1.0);
  const long m = lastAbove(a, sensitivity, eps);
  const double r = std::exp(-a);
  const double p = 1 - std::exp(-a * double(m + 1)) / (1 + r);
  const double q = std::exp(-a * double(sensitivity - m) + eps) / (1 + r);
  return std::clamp(p - q, 0.0, 1.0);
}

PldPmf discreteLaplacePld(double a, long sensitivity, double interval, PldEstimate estimate) {
  requireDiscreteLaplace(a, sensitivity);
  require(interval > 0 && std::isfinite(interval), "the discretisation interval must be > 0, got ", interval);
  const double eps0 = a * double(sensitivity);
  if (!(2 * std::ceil(eps0 / interval) + 1 <= double(long(1) << 25)))
    throw PldTooLarge("the PLD of a discrete Laplace release (epsilon0 = " + std::to_string(eps0) +
                      ") needs too many points; use a larger interval");
  const long iHi = long(std::ceil(eps0 / interval)), iLo = -iHi;
  // f'(e^ε) = −Q(L > ε) = −Q(X ≤ m): piecewise constant (a supporting line at the kinks).
  const auto slope = [a, sensitivity, eps0](double eps) {
    if (eps >= eps0) return 0.0;
    if (eps < -eps0) return -1.0;
    const long m = lastAbove(a, sensitivity, eps);
    return -std::exp(-a * double(sensitivity - m)) / (1 + std::exp(-a));
  };
  return connectTheDotsPld([a, sensitivity](double eps) { return discreteLaplaceDelta(a, sensitivity, eps); }, iLo,
                           iHi, interval, estimate, slope);
}

}  // namespace dpw
