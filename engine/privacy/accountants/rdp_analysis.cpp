#include "privacy/accountants/rdp_analysis.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

#include "core/error.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {
namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

// Checks the arguments of a subsampled Gaussian's RDP and answers the cases both samplers share: q = 0 releases
// nothing; q = 1 is the Gaussian itself, α/(2σ²) (Mironov 2017, Prop. 7); a subsampled step at the order ∞ is
// unbounded. Empty when the sampler's own bound applies.
std::optional<double> rdpBoundaryCase(double q, double sigma, double order) {
  require(q >= 0 && q <= 1, "the sampling rate q must lie in [0, 1], got ", q);
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(order > 1, "an RDP order must be > 1, got ", order);
  if (q == 0) return 0.0;
  if (q == 1) return order / (2 * sigma * sigma);
  if (std::isinf(order)) return kInf;
  return std::nullopt;
}

double logBinomial(double n, double k) { return std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1); }

// log(e^a − e^b) for a ≥ b (Opacus _log_sub).
double logSub(double a, double b) {
  if (b == -kInf) return a;
  if (a <= b) return -kInf;
  const double d = std::expm1(a - b);
  return std::isfinite(d) ? std::log(d) + b : a;
}

// log erfc(x) = log 2 + log Φ(−x √2).
double logErfc(double x) { return std::log(2.0) + logNormalCdf(-x * std::sqrt(2.0)); }

// log k for k = 0..4096 (k = 0 unused), built once: integer orders use running sums of it for log C(α, i).
const std::vector<double>& logIntegers() {
  static const std::vector<double> table = [] {
    std::vector<double> t(4097, 0.0);
    for (size_t k = 1; k < t.size(); ++k) t[k] = std::log(double(k));
    return t;
  }();
  return table;
}

double logAInteger(double q, double sigma, long alpha) {
  const double lq = std::log(q), l1q = std::log1p(-q);
  std::vector<double> terms(size_t(alpha) + 1);
  const auto& logK = logIntegers();
  const bool table = alpha < long(logK.size());
  double logCoef = 0;  // log C(α, i), by C(α, i) = C(α, i−1) (α − i + 1)/i
  for (long i = 0; i <= alpha; ++i) {
    if (i > 0) logCoef = table ? logCoef + logK[size_t(alpha - i + 1)] - logK[size_t(i)] : logBinomial(double(alpha), double(i));
    terms[size_t(i)] = logCoef + i * lq + (alpha - i) * l1q + double(i * i - i) / (2 * sigma * sigma);
  }
  const double hi = *std::max_element(terms.begin(), terms.end());
  double sum = 0;
  for (double t : terms) sum += std::exp(t - hi);
  return hi + std::log(sum);
}

double logAFractional(double q, double sigma, double alpha) {
  double logA0 = -kInf, logA1 = -kInf;
  const double z0 = sigma * sigma * std::log(1 / q - 1) + 0.5;
  const double lq = std::log(q), l1q = std::log1p(-q);
  // Signed binomial C(α, i) by the recurrence C(α, i+1) = C(α, i) (α − i)/(i + 1), kept as log|C| and sign.
  double logCoef = 0, sign = 1;
  for (long i = 0;; ++i) {
    if (i > 0) {
      const double ratio = (alpha - (i - 1)) / double(i);
      logCoef += std::log(std::abs(ratio));
      if (ratio < 0) sign = -sign;
    }
    const double j = alpha - i;
    const double logT0 = logCoef + i * lq + j * l1q;
    const double logT1 = logCoef + j * lq + i * l1q;
    const double logE0 = std::log(0.5) + logErfc((i - z0) / (std::sqrt(2.0) * sigma));
    const double logE1 = std::log(0.5) + logErfc((z0 - j) / (std::sqrt(2.0) * sigma));
    const double logS0 = logT0 + (double(i) * i - i) / (2 * sigma * sigma) + logE0;
    const double logS1 = logT1 + (j * j - j) / (2 * sigma * sigma) + logE1;
    if (sign > 0) {
      logA0 = logAdd(logA0, logS0);
      logA1 = logAdd(logA1, logS1);
    } else {
      logA0 = logSub(logA0, logS0);
      logA1 = logSub(logA1, logS1);
    }
    if (std::max(logS0, logS1) < -30) break;
  }
  return logAdd(logA0, logA1);
}

// log M_ℓ(σ) = log E_{z∼N(0,1)}[(e^{z/σ − 1/(2σ²)} − 1)^ℓ] for even ℓ ≥ 2: the ℓ-th central moment of the
// Gaussian likelihood ratio L = N(1, σ²)/N(0, σ²) under N(0, σ²), i.e. the ℓ-th forward difference at 0 of
// k ↦ E[L^k] = e^{k(k−1)/(2σ²)}. That alternating sum cancels catastrophically where it matters (σ large
// against ℓ: at σ = 114.5, ℓ = 10 it is off by e^8 in double), so the moment is integrated instead: the
// integrand e^{g(z)}, g(z) = −z²/2 − ½ log 2π + ℓ log|e^{z/σ − t} − 1| (t = 1/(2σ²)), is log-concave on each
// side of its zero z₀ = σt (g'' ≤ −1 there), with one mode z_L ∈ [−√ℓ, z₀) and one z_R ∈ (z₀, z₀ + max(2ℓ/σ,
// √(2ℓ)) + 1] (g' changes sign in those intervals); the trapezoid rule with step 0.02 on [−√ℓ − 15, z_R + 15]
// leaves out less than e^{−100} of it and, the integrand being smooth and Gaussian-tailed, is exact to ~1e-13
// relative (measured against the alternating sum in 400-digit arithmetic at σ ∈ {0.8, 1.5, 2, 114.5},
// ℓ ≤ 256; tst_rdp_analysis checks step 0.01 against 0.02). kMomentSlack adds 1e-9 on top, so the value
// returned is an upper bound.
constexpr double kMomentSlack = 1e-9;  // in log: 1e-9 relative, 1e4 x the measured quadrature error
double integrateRatioMoment(double sigma, int ell, double step) {
  const double t = 1 / (2 * sigma * sigma), z0 = sigma * t;
  // The right mode: g'(z) = −z + (ℓ/σ)/(1 − e^{−(z/σ − t)}) decreases from +∞ (at z₀) and is < 0 at hi.
  double lo = z0, hi = z0 + std::max(2.0 * ell / sigma, std::sqrt(2.0 * ell)) + 1;
  for (int i = 0; i < 200 && hi - lo > 1e-9 * (1 + hi); ++i) {
    const double mid = 0.5 * (lo + hi);
    const double slope = -mid + (ell / sigma) / -std::expm1(-(mid / sigma - t));
    (slope > 0 ? lo : hi) = mid;
  }
  const double from = -std::sqrt(double(ell)) - 15, to = hi + 15;
  const auto n = long(std::ceil((to - from) / step));
  const auto g = [&](double z) {  // log|e^u − 1| = u + log(1 − e^{−u}) for u > 0 (no overflow), log(1 − e^u) below
    const double u = z / sigma - t;
    const double logAbs = u > 0 ? u + std::log(-std::expm1(-u)) : std::log(-std::expm1(u));
    return -0.5 * z * z - 0.5 * std::log(2 * std::numbers::pi) + ell * logAbs;
  };
  double peak = -kInf;
  for (long i = 0; i <= n; ++i) peak = std::max(peak, g(from + double(i) * step));
  double sum = 0;
  for (long i = 0; i <= n; ++i) sum += std::exp(g(from + double(i) * step) - peak);
  return peak + std::log(sum * step);
}

// log M_ℓ(σ) for ℓ = 0..kTheorem27MaxOrder + 1 (index ℓ; odd entries unused), one table per σ, kept per thread
// (an accountant asks for every order of its grid at one σ in a row).
constexpr int kTheorem27MaxOrder = 256;  // as dp_accounting; above it Thm 9 alone (its terms win there)
const std::vector<double>& gaussianRatioMoments(double sigma) {
  thread_local double cachedSigma = -1;
  thread_local std::vector<double> table;
  if (sigma != cachedSigma) {
    table.assign(kTheorem27MaxOrder + 2, kInf);
    for (int ell = 2; ell <= kTheorem27MaxOrder + 1; ell += 2)
      table[size_t(ell)] = integrateRatioMoment(sigma, ell, kGaussianRatioMomentStep) + kMomentSlack;
    cachedSigma = sigma;
  }
  return table;
}

// (α − 1) ε'(α) of the without-replacement subsampled Gaussian for integer α ≥ 2: Wang et al. Thm 9 with each
// term j ≥ 3 replaced by the smaller of its Thm 9 value 2 e^{(j−1)ε(j)} and their Theorem 27 value
// 4 √(M_{2⌊j/2⌋} M_{2⌈j/2⌉}) (arXiv 1808.00087 v?, the strengthened bound for the subsampled Gaussian:
// the j-th ternary |χ|^j moment, bounded for odd j by Cauchy-Schwarz between its even neighbours). Both are
// proven bounds on the same term, so their minimum is one. Thm 27's terms are used up to α = 256.
double worCumulant(double q, double sigma, long alpha) {
  if (alpha <= 1) return 0;
  const double lq = std::log(q);
  const double eps2 = 2 / (2 * sigma * sigma);
  // min{4(e^{ε(2)} − 1), 2 e^{ε(2)}} in log space; log(e^x − 1) = x + log(1 − e^{−x}).
  const double logTerm2 = std::min(std::log(4.0) + eps2 + std::log(-std::expm1(-eps2)), std::log(2.0) + eps2);
  const std::vector<double>* moments = alpha <= kTheorem27MaxOrder ? &gaussianRatioMoments(sigma) : nullptr;
  double logSum = 0;  // log 1
  logSum = logAdd(logSum, 2 * lq + logBinomial(double(alpha), 2) + logTerm2);
  for (long j = 3; j <= alpha; ++j) {
    const double epsJ = double(j) / (2 * sigma * sigma);
    double logTerm = std::log(2.0) + (j - 1) * epsJ;
    if (moments) {
      const long even = 2 * (j / 2);  // 2⌊j/2⌋; 2⌈j/2⌉ = even + 2 for odd j
      const double logM = j % 2 == 0 ? (*moments)[size_t(j)]
                                     : 0.5 * ((*moments)[size_t(even)] + (*moments)[size_t(even + 2)]);
      logTerm = std::min(logTerm, std::log(4.0) + logM);
    }
    logSum = logAdd(logSum, j * lq + logBinomial(double(alpha), double(j)) + logTerm);
  }
  return logSum;
}

void validateCurve(const std::vector<double>& orders, const std::vector<double>& rdp) {
  require(!orders.empty() && orders.size() == rdp.size(), "an RDP curve needs one value per order, got ",
          rdp.size(), " values for ", orders.size(), " orders");
}
}  // namespace

double gaussianRatioLogMoment(double sigma, int order, double step) {
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(order >= 2 && order % 2 == 0 && order <= 4096, "the moment's order must be even in [2, 4096], got ", order);
  require(step > 0 && step <= 0.1, "the quadrature step must lie in (0, 0.1], got ", step);
  return integrateRatioMoment(sigma, order, step);
}

const std::vector<double>& defaultRdpOrders() {
  static const std::vector<double> orders = [] {
    std::vector<double> o;
    for (int x = 1; x < 100; ++x) o.push_back(1 + x / 10.0);
    for (int a = 11; a < 64; ++a) o.push_back(a);
    for (double a : {64, 72, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 768, 1024}) o.push_back(a);
    return o;
  }();
  return orders;
}

double rdpPoissonGaussian(double q, double sigma, double order) {
  if (const auto boundary = rdpBoundaryCase(q, sigma, order)) return *boundary;
  const bool integer = std::floor(order) == order;
  const double logA = integer ? logAInteger(q, sigma, long(order)) : logAFractional(q, sigma, order);
  return logA / (order - 1);
}

double rdpWithoutReplacementGaussian(double q, double sigma, double order) {
  if (const auto boundary = rdpBoundaryCase(q, sigma, order)) return *boundary;
  const double lo = std::floor(order), hi = std::ceil(order);
  const double t = order - lo;
  const double thm9 = lo == hi ? worCumulant(q, sigma, long(order)) / (order - 1)
                               : ((1 - t) * worCumulant(q, sigma, long(lo)) + t * worCumulant(q, sigma, long(hi))) /
                                     (order - 1);
  // Cap by the unsubsampled Gaussian: subsampling without replacement is post-processing of the full
  // release's replace-one guarantee (the sample of a neighbour pair is a coupling of replace-one pairs),
  // so it never spends more than α/(2σ²); Thm 9 alone exceeds that at large σ (it keeps the constant
  // 1 + 2γ²C(α,2)·... terms). autodp takes the same minimum.
  return std::min(thm9, order / (2 * sigma * sigma));
}

RdpEpsilon epsilonFromRdp(const std::vector<double>& orders, const std::vector<double>& rdp, double delta,
                          RdpConversion conversion) {
  validateCurve(orders, rdp);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  if (std::all_of(rdp.begin(), rdp.end(), [](double r) { return r == 0; })) return {0.0, orders.front()};
  RdpEpsilon best{kInf, orders.front()};
  for (size_t i = 0; i < orders.size(); ++i) {
    const double a = orders[i];
    // Total variation ≤ √(1 − e^{−KL}) (Bretagnolle-Huber) and KL ≤ D_α for every α ≥ 1: the pair is (0, δ)-DP as
    // soon as δ² > 1 − e^{−r(α)} at some order (dp_accounting's compute_epsilon makes the same test).
    if (rdp[i] >= 0 && delta * delta + std::expm1(-rdp[i]) > 0) return {0.0, a};
    double eps = conversion == RdpConversion::Mironov
                     ? rdp[i] + std::log(1 / delta) / (a - 1)
                     : rdp[i] - (std::log(delta) + std::log(a)) / (a - 1) + std::log((a - 1) / a);
    if (std::isnan(eps)) continue;
    if (eps < best.epsilon) best = {eps, a};
  }
  best.epsilon = std::max(best.epsilon, 0.0);
  return best;
}

double deltaFromRdp(const std::vector<double>& orders, const std::vector<double>& rdp, double epsilon,
                    RdpConversion conversion) {
  validateCurve(orders, rdp);
  require(epsilon >= 0, "epsilon must be >= 0, got ", epsilon);
  if (std::all_of(rdp.begin(), rdp.end(), [](double r) { return r == 0; })) return 0.0;
  double logDelta = 0;
  for (size_t i = 0; i < orders.size(); ++i) {
    const double a = orders[i];
    const double ld = conversion == RdpConversion::Mironov
                          ? (a - 1) * (rdp[i] - epsilon)
                          : (a - 1) * (rdp[i] - epsilon + std::log((a - 1) / a)) - std::log(a);
    if (!std::isnan(ld)) logDelta = std::min(logDelta, ld);
    if (rdp[i] > 0) logDelta = std::min(logDelta, 0.5 * std::log1p(-std::exp(-rdp[i])));  // δ ≤ TV ≤ √(1 − e^{−KL})
  }
  return std::exp(logDelta);
}

}  // namespace dpw
