#include "ot/quantile.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace dpw {

std::vector<double> uniformLevels(int P) {
  require(P >= 2, "the number of quantiles P must be at least 2, got ", P);
  std::vector<double> u(P);
  for (int i = 0; i < P; ++i) u[i] = double(i) / double(P - 1);
  u.back() = 1.0;
  return u;
}

double quantileOfSorted(std::span<const double> sorted, double u) {
  require(!sorted.empty(), "cannot take a quantile of an empty sample");
  const double pos = std::clamp(u, 0.0, 1.0) * double(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  if (lo + 1 >= sorted.size()) return sorted.back();
  const double t = pos - double(lo);
  return sorted[lo] + t * (sorted[lo + 1] - sorted[lo]);
}

std::vector<double> quantilesAtUniformLevels(std::span<const double> sorted, int P) {
  const auto u = uniformLevels(P);
  std::vector<double> q(P);
  for (int i = 0; i < P; ++i) q[i] = quantileOfSorted(sorted, u[i]);
  return q;
}

double interpolate(double x, std::span<const double> xp, std::span<const double> fp) {
  if (x <= xp.front()) return x < xp.front() ? fp.front() : fp[std::upper_bound(xp.begin(), xp.end(), x) - xp.begin() - 1];
  if (x >= xp.back()) return fp.back();
  const std::size_t hi = std::upper_bound(xp.begin(), xp.end(), x) - xp.begin();  // xp[hi] > x
  const std::size_t lo = hi - 1;                                                  // xp[lo] <= x
  const double span = xp[hi] - xp[lo];
  const double t = span > 0 ? (x - xp[lo]) / span : 0.0;
  return fp[lo] + t * (fp[hi] - fp[lo]);
}

}  // namespace dpw
