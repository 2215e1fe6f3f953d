#include "privacy/calibration/root_finding.h"

#include <boost/math/tools/roots.hpp>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <map>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/run_stop.h"

namespace dpw {
namespace {

/// g(x) = f(x) − target, non-finite → +∞ (infeasible). Each x is evaluated once and remembered: TOMS
/// 748's ends are points it evaluated, and after an exact zero the nearest infeasible point evaluated
/// is read from here.
class Objective {
 public:
  Objective(const std::function<double(double)>& f, double target) : f_(f), target_(target) {}
  double operator()(double x) {
    const auto it = cache_.find(x);
    if (it != cache_.end()) return it->second;
    throwIfRunStopped();  // each evaluation can be a PLD composition of a whole run (core/run_stop.h)
    const double v = f_(x);
    const double g = std::isfinite(v) ? v - target_ : std::numeric_limits<double>::infinity();
    cache_.emplace(x, g);
    return g;
  }
  double target() const { return target_; }
  /// The evaluated point nearest to x on the side `above` (x' > x) or below (x' < x) with g(x') > 0.
  double nearestInfeasible(double x, bool above) const {
    if (above) {
      for (auto it = cache_.upper_bound(x); it != cache_.end(); ++it)
        if (it->second > 0) return it->first;
    } else {
      for (auto it = std::make_reverse_iterator(cache_.lower_bound(x)); it != cache_.rend(); ++it)
        if (it->second > 0) return it->first;
    }
    return x;  // not reached: the initial infeasible end is in the cache
  }

 private:
  const std::function<double(double)>& f_;
  double target_;
  std::map<double, double> cache_;
};

/// How narrow the search gets toward an end of the domain where f cannot be computed (narrow, below).
constexpr double kBoundaryWidth = 1e-3;

bool narrowEnough(double a, double b, double relTol) {
  return std::abs(b - a) <= relTol * std::max(std::abs(a), std::abs(b));
}

/// The bracket has g(feasible) ≤ 0 < g(infeasible) (the latter possibly +∞); returns a point x on the
/// feasible side with g(x) ≤ 0 within relative width relTol of the sign change.
double narrow(Objective& g, double feasible, double infeasible, double relTol) {
  double gFeasible = g(feasible), gInfeasible = g(infeasible);
  // A non-finite infeasible end: bisect in log x until it is finite (TOMS 748 interpolates values). While f at
  // the feasible end stays more than 1% below the target, the feasible set ends where f stops being computable
  // (a PLD too large to build), not where f crosses the target: every feasible x is then a valid answer, none
  // is much tighter, and the evaluations there are the costliest (a calibration to ε = 1000 took 83 s at a
  // width of 1e-6 and 1e-9): the bisection stops at a relative width of 1e-3.
  while (!std::isfinite(gInfeasible)) {
    const bool farBelowTarget = gFeasible < -0.01 * std::abs(g.target());
    if (narrowEnough(feasible, infeasible, farBelowTarget ? std::max(relTol, kBoundaryWidth) : relTol))
      return feasible;
    const double mid = std::sqrt(feasible) * std::sqrt(infeasible);
    const double gMid = g(mid);
    if (gMid <= 0)
      feasible = mid, gFeasible = gMid;
    else
      infeasible = mid, gInfeasible = gMid;
  }
  const double gInf = gInfeasible;  // finite and > 0: stands in for a non-finite value met inside
  const auto h = [&g, gInf](double x) {
    const double v = g(x);
    return std::isfinite(v) ? v : gInf;
  };
  const bool increasing = feasible < infeasible;
  const double a0 = increasing ? feasible : infeasible, b0 = increasing ? infeasible : feasible;
  const double ga0 = increasing ? gFeasible : gInfeasible, gb0 = increasing ? gInfeasible : gFeasible;
  const auto done = [relTol](double a, double b) { return narrowEnough(a, b, relTol); };
  std::uintmax_t iterations = 200;
  const auto [a, b] = boost::math::tools::toms748_solve(h, a0, b0, ga0, gb0, done, iterations);
  // toms748 keeps a bracket [a, b] with h(a) and h(b) of opposite signs, or stops at an exact zero.
  double feasibleX = increasing ? a : b;
  if (h(a) == 0 || h(b) == 0) feasibleX = h(a) == 0 ? a : b;
  // f may equal the target on a whole interval (the PLD's ε is a staircase on its 1e-4 loss grid), where
  // toms748 stops at any zero: the smallest (largest) feasible x lies between that zero and the nearest
  // infeasible point evaluated, which bisection (in log x) narrows to relTol. Without a zero the
  // bracket is already that narrow and nothing more is evaluated.
  double infeasibleX = g.nearestInfeasible(feasibleX, increasing);
  while (!narrowEnough(feasibleX, infeasibleX, relTol)) {
    const double mid = std::sqrt(feasibleX) * std::sqrt(infeasibleX);
    if (mid == feasibleX || mid == infeasibleX) break;
    (g(mid) <= 0 ? feasibleX : infeasibleX) = mid;
  }
  return feasibleX;
}

}  // namespace

double largestBelow(const std::function<double(double)>& f, double target, double lo, double hi, double relTol) {
  require(lo > 0 && hi > lo && std::isfinite(hi), "root finder: need 0 < lo < hi, got ", lo, " and ", hi);
  ensure(relTol > 0 && relTol < 1, "root finder: the relative tolerance must lie in (0, 1), got ", relTol);
  Objective g(f, target);
  for (int i = 0; g(hi) <= 0; ++i) {  // widen upward: hi must be infeasible
    require(i < 200, "root finder: f stays below the target up to ", hi);
    lo = hi;
    hi *= 2;
  }
  for (int i = 0; g(lo) > 0; ++i) {  // widen downward: lo must be feasible
    if (i >= 200) return lo;
    hi = lo;
    lo /= 2;
  }
  return narrow(g, lo, hi, relTol);
}

double smallestBelow(const std::function<double(double)>& f, double target, double lo, double hi, double xMin,
                     double xMax, double relTol) {
  require(lo > 0 && hi > lo && std::isfinite(hi), "root finder: need 0 < lo < hi, got ", lo, " and ", hi);
  require(xMin > 0 && xMin <= lo && hi <= xMax, "root finder: need 0 < xMin <= lo and hi <= xMax, got ", xMin, ", ",
          lo, ", ", hi, ", ", xMax);
  ensure(relTol > 0 && relTol < 1, "root finder: the relative tolerance must lie in (0, 1), got ", relTol);
  Objective g(f, target);
  while (g(hi) > 0) {  // widen upward: hi must be feasible
    if (hi * 2 > xMax) return std::numeric_limits<double>::infinity();
    lo = hi;
    hi *= 2;
  }
  while (g(lo) <= 0) {  // widen downward: lo must be infeasible
    if (lo / 2 < xMin) return lo;
    hi = lo;
    lo /= 2;
  }
  return narrow(g, hi, lo, relTol);
}

}  // namespace dpw
