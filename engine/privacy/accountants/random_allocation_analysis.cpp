#include "privacy/accountants/random_allocation_analysis.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/accountants/rdp_analysis.h"

namespace dpw {
namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kMaxOrder = 256;

// log Σ_j e^{a_j + b_{m−j}} for m = 0..degree: the product of two series given by their log coefficients
// (all coefficients positive, so no cancellation), truncated at `degree`.
std::vector<double> logProduct(const std::vector<double>& a, const std::vector<double>& b) {
  const std::size_t degree = a.size() - 1;
  std::vector<double> c(degree + 1, -kInf);
  for (std::size_t m = 0; m <= degree; ++m) {
    double peak = -kInf;
    for (std::size_t j = 0; j <= m; ++j) peak = std::max(peak, a[j] + b[m - j]);
    if (peak == -kInf) continue;
    double sum = 0;
    for (std::size_t j = 0; j <= m; ++j) sum += std::exp(a[j] + b[m - j] - peak);
    c[m] = peak + std::log(sum);
  }
  return c;
}

// log R_n for n = 0..kMaxOrder, R_n = E_Q[(Σ L_i/k)^n] = k^{−n} e^{−nt} S_n = n! [x^n] g(x)^k with
// g(x) = Σ_m e^{t(m² − m)} k^{−m} x^m/m! (the series of the header with x scaled by 1/(k e^t)), by binary powering.
// R_n is 1 + O(1/k): summing its positive terms directly keeps the rounding at ~1e-16 of it, where
// log S_n − n log k − n t would lose ~1e-16 · n log k to cancellation.
std::vector<double> logNormalisedMoments(long k, double sigma) {
  const double t = 1 / (2 * sigma * sigma), logK = std::log(double(k));
  std::vector<double> g(kMaxOrder + 1);
  for (int m = 0; m <= kMaxOrder; ++m) g[std::size_t(m)] = t * (double(m) * m - m) - m * logK - std::lgamma(m + 1.0);
  std::vector<double> power(kMaxOrder + 1, -kInf);
  power[0] = 0;  // the series 1
  for (long e = k; e > 0; e >>= 1) {
    if (e & 1) power = logProduct(power, g);
    if (e > 1) g = logProduct(g, g);
  }
  for (int n = 0; n <= kMaxOrder; ++n) power[std::size_t(n)] += std::lgamma(n + 1.0);
  return power;
}

// log Φ(x), accurate near 1 as well (log1p of the upper tail for x > 0).
double logPhi(double x) { return x > 0 ? std::log1p(-normalCdf(-x)) : logNormalCdf(x); }

// The best ε over the count tests {N ≥ c}, c = 1..E, where N counts the epochs whose largest output exceeds τ:
// N ~ Bin(E, p) with the row, Bin(E, q) without (the epochs are independent for the non-adaptive pair), so
// ε ≥ log((P(N ≥ c) − δ)/Q(N ≥ c)). −∞ where no test reaches δ.
double countTestEpsilon(long k, double sigma, long epochs, double delta, double tau) {
  const double logPhiTau = logPhi(tau / sigma);
  const double logNotQ = double(k) * logPhiTau;                             // log(1 − q)
  const double logNotP = logPhi((tau - 1) / sigma) + double(k - 1) * logPhiTau;  // log(1 − p)
  const double logQ = std::log(-std::expm1(logNotQ)), logP = std::log(-std::expm1(logNotP));
  if (!std::isfinite(logQ) || !std::isfinite(logP)) return -kInf;
  double tailP = -kInf, tailQ = -kInf, best = -kInf;
  const double logDelta = std::log(delta);
  for (long n = epochs; n >= 1; --n) {  // tails P(N ≥ n), Q(N ≥ n) by reverse accumulation
    const double logChoose = std::lgamma(epochs + 1.0) - std::lgamma(n + 1.0) - std::lgamma(double(epochs - n) + 1);
    tailP = logAdd(tailP, logChoose + double(n) * logP + double(epochs - n) * logNotP);
    tailQ = logAdd(tailQ, logChoose + double(n) * logQ + double(epochs - n) * logNotQ);
    if (tailP > logDelta) best = std::max(best, tailP + std::log(-std::expm1(logDelta - tailP)) - tailQ);
  }
  return best;
}
}  // namespace

const std::vector<double>& randomAllocationOrders() {
  static const std::vector<double> orders = [] {
    std::vector<double> o;
    for (double a : defaultRdpOrders())
      if (a >= 2 && a <= kMaxOrder && a == std::floor(a)) o.push_back(a);
    return o;
  }();
  return orders;
}

long allocationBatches(double q) {
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  const double inverse = 1 / q;
  const double nearest = std::round(inverse);
  return std::abs(inverse - nearest) <= 1e-9 * nearest ? long(nearest) : long(std::floor(inverse));
}

AllocationCurves allocationEpochCurves(long k, double sigma) {
  require(k >= 1, "an epoch needs at least one batch, got ", k);
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  const double t = 1 / (2 * sigma * sigma);
  const std::vector<double> logR = logNormalisedMoments(k, sigma);
  AllocationCurves c;
  for (double alpha : randomAllocationOrders()) {
    const auto a = std::size_t(alpha);
    const double cap = alpha * t;
    const double remove = logR[a] / (alpha - 1);              // log E_Q[A^α]/(α − 1)
    const double add = logR[a - 1] / (alpha - 1) + 2 * t;     // log(k^{−(α−1)} e^{(α−1)t} S_{α−1})/(α − 1)
    c.remove.push_back(std::clamp(remove, 0.0, cap));
    c.add.push_back(std::clamp(add, 0.0, cap));
  }
  return c;
}

double gaussianHockeyStick(double mu, double x) {
  require(mu >= 0 && !std::isnan(mu) && !std::isnan(x), "mu must be >= 0, got ", mu);
  if (mu == 0) return x >= 0 ? 0.0 : -std::expm1(x);
  if (std::isinf(mu)) return 1;
  const double a = normalCdf(-x / mu + mu / 2);
  const double b = std::exp(x + logNormalCdf(-x / mu - mu / 2));
  return std::clamp(a - b, 0.0, 1.0);
}

double shuffledEpsilonLowerBound(long k, double sigma, long epochs, double delta) {
  require(k >= 1, "an epoch needs at least one batch, got ", k);
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(epochs >= 1 && epochs <= 100000, "the epochs must lie in [1, 100000], got ", epochs);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  // τ on a grid over [−2σ, 1 + σ(√(2 ln k) + 12)] (past the largest of k noises); any τ gives a valid bound,
  // the search only makes it tighter.
  const double lo = -2 * sigma, hi = 1 + sigma * (std::sqrt(2 * std::log(double(k))) + 12);
  const int grid = epochs > 1000 ? 100 : 600;
  double best = 0;
  for (int i = 0; i <= grid; ++i) best = std::max(best, countTestEpsilon(k, sigma, epochs, delta, lo + (hi - lo) * i / grid));
  return best;
}

}  // namespace dpw
