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

}  // namespace dpw
