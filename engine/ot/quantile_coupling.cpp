#include "ot/quantile_coupling.h"

#include <cmath>

#include "core/error.h"

namespace dpw {
namespace {

void check(std::span<const double> u, std::span<const double> v, double p) {
  require(!u.empty() && !v.empty(), "optimal transport needs two non-empty samples, got ", u.size(), " and ", v.size());
  require(p >= 1 && std::isfinite(p), "the cost exponent p must be finite and at least 1, got ", p);
}

}  // namespace

double couplingCostSorted(std::span<const double> uSorted, std::span<const double> vSorted, double p) {
  check(uSorted, vSorted, p);
  double cost = 0;
  for (const CouplingEntry& e : rankWeightCoupling(std::int64_t(uSorted.size()), std::int64_t(vSorted.size())))
    cost += e.weight * std::pow(std::abs(uSorted[std::size_t(e.i)] - vSorted[std::size_t(e.j)]), p);
  return cost;
}

double quantileIntegralSorted(std::span<const double> uSorted, std::span<const double> vSorted, double p) {
  check(uSorted, vSorted, p);
  // Breakpoints k/n and l/m in integer units of 1/(n m): k·m and l·n. Between two consecutive ones both quantile
  // functions are constant: F⁻¹(t) = u₍ₖ₎ on (k/n, (k+1)/n].
  const std::int64_t n = std::int64_t(uSorted.size()), m = std::int64_t(vSorted.size());
  double total = 0;
  std::int64_t at = 0, k = 0, l = 0;
  while (k < n && l < m) {
    const std::int64_t next = std::min((k + 1) * m, (l + 1) * n);
    total += double(next - at) / double(n * m) * std::pow(std::abs(uSorted[std::size_t(k)] - vSorted[std::size_t(l)]), p);
    at = next;
    if ((k + 1) * m == next) ++k;
    if ((l + 1) * n == next) ++l;
  }
  return total;
}

double independentCouplingCost(std::span<const double> u, std::span<const double> v, double p) {
  check(u, v, p);
  double cost = 0;
  for (double a : u)
    for (double b : v) cost += std::pow(std::abs(a - b), p);
  return cost / (double(u.size()) * double(v.size()));
}

std::vector<double> quantileCouplingMatrix(std::int64_t n, std::int64_t m) {
  std::vector<double> plan(std::size_t(n * m), 0.0);
  for (const CouplingEntry& e : rankWeightCoupling(n, m)) plan[std::size_t(e.i * m + e.j)] = e.weight;
  return plan;
}

}  // namespace dpw
