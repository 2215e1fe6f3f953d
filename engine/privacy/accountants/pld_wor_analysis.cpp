#include "privacy/accountants/pld_wor_analysis.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/error.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {

double withoutReplacementGaussianDelta(double sigma, double q, double eps) {
  if (eps >= 0) return subsampledGaussianDelta(sigma, q, PldAdjacency::Remove, eps);
  // Symmetry of C_p(f): δ(ε) = 1 − e^ε + e^ε δ(−ε) for ε < 0.
  const double delta = -std::expm1(eps) + std::exp(eps) * subsampledGaussianDelta(sigma, q, PldAdjacency::Remove, -eps);
  return std::clamp(delta, 0.0, 1.0);
}

PldPmf withoutReplacementGaussianPld(double sigma, double q, double interval, PldEstimate estimate) {
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  require(interval > 0 && std::isfinite(interval), "the discretisation interval must be > 0, got ", interval);
  // The largest loss of the REMOVE pair that carries mass above e^{-50} (as pld_analysis.cpp's grid);
  // the symmetric PLD lives on [−top, top].
  const double xLo = sigma * normalQuantile(0.5 * std::exp(-50.0)) - 1;
  const double s2 = 2 * sigma * sigma;
  const double top = q == 1 ? -(2 * xLo + 1) / s2
                            : logAdd(std::log1p(-q), std::log(q) - (2 * xLo + 1) / s2);
  const auto [iLo, iHi] =
      lossGridIndices(-top, top, interval, message("the PLD of one step (sigma ", sigma, ", q ", q, ")"));
  // The slope in u = e^ε: the REMOVE pair's for ε ≥ 0; for ε < 0, d/du [1 − u + u δ_R(−ln u)]
  // = −1 + δ_R(−ε) − e^{−ε} δ_R'(e^{−ε}) (δ_R' the REMOVE slope at −ε).
  const auto slope = [&](double eps) {
    if (eps >= 0) return subsampledGaussianSlope(sigma, q, PldAdjacency::Remove, eps);
    const double s = -1 + subsampledGaussianDelta(sigma, q, PldAdjacency::Remove, -eps) -
                     std::exp(-eps) * subsampledGaussianSlope(sigma, q, PldAdjacency::Remove, -eps);
    return std::clamp(s, -1.0, 0.0);
  };
  return connectTheDotsPld([&](double eps) { return withoutReplacementGaussianDelta(sigma, q, eps); }, iLo, iHi,
                           interval, estimate, slope);
}

}  // namespace dpw
