#include "privacy/accountants/normal_tail.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <limits>

#include "core/error.h"

namespace dpw {

double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

double logNormalCdf(double x) {
  if (x >= -35.0) return std::log(0.5 * std::erfc(-x / std::sqrt(2.0)));
  const double r = 1.0 / (x * x);
  const double series = 1 - r * (1 - 3 * r * (1 - 5 * r * (1 - 7 * r * (1 - 9 * r))));
  return -0.5 * x * x - std::log(-x) - 0.5 * std::log(2 * M_PI) + std::log(series);
}

double normalQuantile(double p) {
  require(p > 0 && p < 1, "a probability must lie in (0, 1), got ", p);
  return boost::math::quantile(boost::math::normal_distribution<double>(), p);
}

double logAdd(double a, double b) {
  if (a == -std::numeric_limits<double>::infinity()) return b;
  if (b == -std::numeric_limits<double>::infinity()) return a;
  const double hi = std::max(a, b), lo = std::min(a, b);
  return hi + std::log1p(std::exp(lo - hi));
}

}  // namespace dpw
