#include "privacy/accountants/discrete_subsampled_rdp.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/error.h"
#include "privacy/accountants/rdp_analysis.h"
#include "privacy/calibration/root_finding.h"

namespace dpw {

namespace {

double logBinomial(int n, int k) { return std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0); }

/// log Σ exp(t_i), -inf terms allowed.
double logSumExp(const std::vector<double>& t) {
  const double m = *std::max_element(t.begin(), t.end());
  if (!std::isfinite(m)) return m;
  double s = 0;
  for (double x : t) s += std::exp(x - m);
  return m + std::log(s);
}

/// The integer orders of the default grid (the bound is for integer orders only).
const std::vector<double>& integerOrders() {
  static const std::vector<double> orders = [] {
    std::vector<double> o;
    for (double a : defaultRdpOrders())
      if (a >= 2 && a == std::floor(a)) o.push_back(a);
    return o;
  }();
  return orders;
}

}  // namespace

double rdpPoissonGeneralBound(double q, int order, const std::function<double(int)>& baseRdp) {
  require(q >= 0 && q <= 1, "the sampling rate q must lie in [0, 1], got ", q);
  require(order >= 2 && order <= 4096, "the RDP order must be an integer in [2, 4096], got ", order);
  const double cap = baseRdp(order);
  if (q == 0) return 0.0;
  if (q == 1) return cap;
  const double a = order, lq = std::log(q), l1q = std::log1p(-q);
  std::vector<double> t;
  t.reserve(std::size_t(order));
  t.push_back((a - 1) * l1q + std::log(a * q - q + 1));
  t.push_back(logBinomial(order, 2) + 2 * lq + (a - 2) * l1q + baseRdp(2));
  for (int l = 3; l <= order; ++l)
    t.push_back(std::log(3.0) + logBinomial(order, l) + l * lq + (a - l) * l1q + (l - 1) * baseRdp(l));
  return std::min(logSumExp(t) / (a - 1), cap);
}

double rdpPoissonDiscreteGaussian(double q, double z, int order) {
  require(z > 0 && std::isfinite(z), "the noise multiplier must be a finite number > 0, got ", z);
  return rdpPoissonGeneralBound(q, order, [z](int l) { return double(l) / (2 * z * z); });
}

double discreteGaussianPoissonEpsilon(double z, double q, long steps, double delta) {
  require(steps >= 0, "the number of steps must be >= 0, got ", steps);
  const auto& orders = integerOrders();
  std::vector<double> rdp(orders.size());
  for (std::size_t i = 0; i < orders.size(); ++i) rdp[i] = double(steps) * rdpPoissonDiscreteGaussian(q, z, int(orders[i]));
  return epsilonFromRdp(orders, rdp, delta, RdpConversion::BalleEtAl2020).epsilon;
}

double discreteGaussianPoissonMultiplier(double epsilon, double delta, double q, long steps) {
  require(epsilon > 0 && std::isfinite(epsilon), "the target epsilon must be a finite number > 0, got ", epsilon);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  require(steps >= 1, "the number of steps must be at least 1, got ", steps);
  const double z = smallestBelow([&](double x) { return discreteGaussianPoissonEpsilon(x, q, steps, delta); }, epsilon,
                                 0.5, 1.0, 1e-6, 1e7, 1e-10);
  require(std::isfinite(z), "no noise multiplier below 1e7 reaches epsilon ", epsilon, " at delta ", delta);
  return z;
}

}  // namespace dpw
