#include "privacy/root_finding.h"

#include <boost/math/tools/roots.hpp>
#include <cmath>
#include <cstdint>

#include "core/error.h"

namespace dpw {

double largestBelow(const std::function<double(double)>& f, double target, double lo, double hi, double relTol) {
  require(lo > 0 && hi > lo && std::isfinite(hi), "root finder: need 0 < lo < hi, got ", lo, " and ", hi);
  require(relTol > 0 && relTol < 1, "root finder: the relative tolerance must lie in (0, 1), got ", relTol);
  double flo = f(lo) - target, fhi = f(hi) - target;
  for (int i = 0; fhi <= 0; ++i) {  // widen upward: hi must be infeasible
    require(i < 200, "root finder: f stays below the target up to ", hi);
    lo = hi, flo = fhi;
    hi *= 2, fhi = f(hi) - target;
  }
  for (int i = 0; flo > 0; ++i) {  // widen downward: lo must be feasible
    if (i >= 200) return lo;
    hi = lo, fhi = flo;
    lo /= 2, flo = f(lo) - target;
  }
  if (flo == 0) return lo;
  const auto g = [&](double x) { return f(x) - target; };
  const auto done = [relTol](double a, double b) { return std::abs(b - a) <= relTol * std::max(std::abs(a), std::abs(b)); };
  std::uintmax_t iterations = 200;
  const auto [a, b] = boost::math::tools::toms748_solve(g, lo, hi, flo, fhi, done, iterations);
  // toms748 keeps a bracket [a, b] with g(a) and g(b) of opposite signs (or a zero at an end); a is on
  // lo's side, which is the feasible one. An exact zero at b is feasible too.
  if (a == b) return a;
  return g(b) <= 0 ? b : a;
}

}  // namespace dpw
