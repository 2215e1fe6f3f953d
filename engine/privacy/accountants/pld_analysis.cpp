#include "privacy/accountants/pld_analysis.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <unsupported/Eigen/FFT>

#include "core/error.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {
namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr size_t kMaxSupport = size_t(1) << 25;  // 33.5M grid points (≈ 270 MB per array)
using Complex = std::complex<double>;

void validate(double sigma, double q) {
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
}

// Privacy loss L(x) of the two adjacencies (decreasing in x).
double privacyLoss(double sigma, double q, PldAdjacency adj, double x) {
  const double s2 = 2 * sigma * sigma;
  const double l1q = q == 1 ? -kInf : std::log1p(-q);
  return adj == PldAdjacency::Remove ? logAdd(l1q, std::log(q) - (2 * x + 1) / s2)
                                     : -logAdd(l1q, std::log(q) + (2 * x - 1) / s2);
}

// x with L(x) = ε, for ε inside the range of L.
double inverseLoss(double sigma, double q, PldAdjacency adj, double eps) {
  const double s2 = sigma * sigma;
  if (adj == PldAdjacency::Remove) return -s2 * std::log((std::expm1(eps) + q) / q) - 0.5;
  return s2 * std::log((std::expm1(-eps) + q) / q) + 0.5;
}

// The smallest FFT length ≥ n of the form 2^k·{16, 20, 24}: a multiple of 4 (kissfft's fast real path), at most
// 1/3 above n, and few distinct lengths, so that the plans kissfft caches per length (fftEngine) stay few.
size_t nextFastLength(size_t n) {
  size_t best = 0;
  for (size_t base : {16, 20, 24}) {
    size_t m = base;
    while (m < n) m *= 2;
    if (best == 0 || m < best) best = m;
  }
  return best;
}

// One FFT object per thread: Eigen's kissfft caches its twiddle plans per length, a few MB each at the
// PLDs' lengths. A run asks for PLDs of many lengths (an ε per chart frame), so the plans are dropped
// once more than kMaxPlans lengths have been used (memory stays flat; a plan costs one pass of sin/cos).
constexpr size_t kMaxPlans = 6;
struct FftEngine {
  Eigen::FFT<double> fft;
  std::vector<size_t> lengths;
  FftEngine() { fft.SetFlag(Eigen::FFT<double>::HalfSpectrum); }
};
Eigen::FFT<double>& fftEngine(size_t length) {
  thread_local FftEngine engine;
  if (std::find(engine.lengths.begin(), engine.lengths.end(), length) == engine.lengths.end()) {
    if (engine.lengths.size() >= kMaxPlans) {
      engine.fft.impl().clear();
      engine.lengths.clear();
    }
    engine.lengths.push_back(length);
  }
  return engine.fft;
}

// Half spectrum (length/2 + 1 bins) of x zero-padded to `length` (even).
std::vector<Complex> forward(const std::vector<double>& x, size_t length) {
  std::vector<double> in(length, 0.0);
  std::copy(x.begin(), x.end(), in.begin());
  std::vector<Complex> out;
  fftEngine(length).fwd(out, in);
  return out;
}

// Inverse of a half spectrum, scaled by 1/length.
std::vector<double> inverseReal(const std::vector<Complex>& spectrum, size_t length) {
  std::vector<double> out;
  fftEngine(length).inv(out, spectrum, Eigen::Index(length));
  return out;
}

Complex power(Complex z, long n) {
  Complex result = 1.0;
  while (n > 0) {
    if (n & 1) result *= z;
    z *= z;
    n >>= 1;
  }
  return result;
}

// Chernoff bounds [lower, upper] on the index of the T-fold sum outside which at most tailMass lies
// (dp_accounting common.compute_self_convolve_bounds uses every order ±1..20 / n; here a geometric set up to
// ±640 / n, whose larger orders give a shorter support, so a shorter FFT, at the loss grids' sizes, for half the
// passes over p: every order is a valid Chernoff bound, the tightest is kept).
std::pair<long, long> selfConvolveBounds(const std::vector<double>& p, long times, double tailMass) {
  const long n = long(p.size());
  long lower = 0, upper = (n - 1) * times;
  if (tailMass == 0) return {lower, upper};
  // Σ pᵢ e^{i·k/n}: the weights stay within [e^{−640}, e^{640}] (double reaches e^{±709}), so a running product is safe (its
  // rounding, ~n·1e-16 relative, only loosens a bound that is itself loose).
  static const int kOrders[] = {-640, -320, -160, -80, -40, -20, -13, -8, -5, -3, -2, -1,
                                 1,    2,    3,    5,   8,   13,  20,  40, 80, 160, 320, 640};
  for (const int k : kOrders) {
    const double order = double(k) / double(n), step = std::exp(order);
    double sum = 0, w = 1;
    for (long i = 0; i < n; ++i, w *= step) sum += p[i] * w;
    if (!(sum > 0)) continue;
    const double bound = (double(times) * std::log(sum) + std::log(2 / tailMass)) / order;
    if (!std::isfinite(bound)) continue;
    if (order > 0) upper = std::min(upper, long(std::ceil(bound)));
    if (order < 0) lower = std::max(lower, long(std::floor(bound)));
  }
  return {lower, upper};
}

// Drops a prefix and a suffix of mass ≤ tailMass/2 each: the prefix onto the first kept point (losses
// rounded up), the suffix to +∞ (dp_accounting _truncate_tails, pessimistic).
void truncateTails(PldPmf& pmf, double tailMass) {
  if (tailMass == 0 || pmf.probs.empty()) return;
  const auto prefix = [&](auto begin, auto end) {
    double s = 0;
    size_t i = 0;
    for (auto it = begin; it != end; ++it, ++i) {
      s += *it;
      if (s > tailMass / 2) return i;
    }
    return i;
  };
  const size_t n = pmf.probs.size();
  const size_t left = prefix(pmf.probs.begin(), pmf.probs.end());
  size_t right = n - prefix(pmf.probs.rbegin(), pmf.probs.rend());
  right = std::min(n, std::max(right, left + 1));
  double leftMass = 0, rightMass = 0;
  for (size_t i = 0; i < left; ++i) leftMass += pmf.probs[i];
  for (size_t i = right; i < n; ++i) rightMass += pmf.probs[i];
  std::vector<double> kept(pmf.probs.begin() + long(left), pmf.probs.begin() + long(right));
  kept[0] += leftMass;
  pmf.probs = std::move(kept);
  pmf.lowerIndex += long(left);
  pmf.infinityMass += rightMass;
}
}  // namespace

double subsampledGaussianDelta(double sigma, double q, PldAdjacency adj, double eps) {
  validate(sigma, q);
  double delta = 0;
  const auto cdf = [&](double x) { return normalCdf(x / sigma); };
  const auto logCdf = [&](double x) { return logNormalCdf(x / sigma); };
  if (adj == PldAdjacency::Remove) {
    if (q < 1 && eps <= std::log1p(-q)) return std::clamp(-std::expm1(eps), 0.0, 1.0);
    const double x = inverseLoss(sigma, q, adj, eps);
    const double upper = q == 1 ? cdf(x + 1) : (1 - q) * cdf(x) + q * cdf(x + 1);
    delta = upper - std::exp(eps + logCdf(x));
  } else {
    if (q < 1 && eps >= -std::log1p(-q)) return 0;
    const double x = inverseLoss(sigma, q, adj, eps);
    const double logLower = q == 1 ? logCdf(x - 1) : logAdd(std::log1p(-q) + logCdf(x), std::log(q) + logCdf(x - 1));
    delta = cdf(x) - std::exp(eps + logLower);
  }
  return std::clamp(delta, 0.0, 1.0);
}

PldPmf subsampledGaussianPld(double sigma, double q, PldAdjacency adj, double interval) {
  validate(sigma, q);
  require(interval > 0 && std::isfinite(interval), "the discretisation interval must be > 0, got ", interval);
  double xLo = sigma * normalQuantile(0.5 * std::exp(-50.0)), xHi = -xLo;
  if (adj == PldAdjacency::Add) xHi += 1;
  else xLo -= 1;
  const double epsUpper = privacyLoss(sigma, q, adj, xLo), epsLower = privacyLoss(sigma, q, adj, xHi);
  const auto [iLo, iHi] =
      lossGridIndices(epsLower, epsUpper, interval, message("the PLD of one step (sigma ", sigma, ", q ", q, ")"));
  return connectTheDotsPld([&](double eps) { return subsampledGaussianDelta(sigma, q, adj, eps); }, iLo, iHi, interval);
}

std::pair<long, long> lossGridIndices(double lossLo, double lossHi, double interval, const std::string& pld) {
  const double loIndex = std::floor(lossLo / interval), hiIndex = std::ceil(lossHi / interval);
  if (!(hiIndex - loIndex + 1 <= double(kMaxSupport)))
    throw PldTooLarge(message(pld, " spans losses [", lossLo, ", ", lossHi, "], too many points at interval ", interval,
                              "; use a larger interval or an RDP accountant"));
  return {long(loIndex), long(hiIndex)};
}

PldPmf connectTheDotsPld(const std::function<double(double)>& delta, long iLo, long iHi, double interval) {
  require(interval > 0 && std::isfinite(interval), "the discretisation interval must be > 0, got ", interval);
  require(iHi >= iLo, "the loss grid must not be empty, got [", iLo, ", ", iHi, "]");
  if (double(iHi) - double(iLo) + 1 > double(kMaxSupport))
    throw PldTooLarge(message("a PLD of one step spans losses [", double(iLo) * interval, ", ", double(iHi) * interval,
                              "], too many points at interval ", interval, "; use a larger interval or an RDP accountant"));
  const size_t n = size_t(iHi - iLo + 1);
  std::vector<double> deltas(n);
  // ~10⁵ independent evaluations of the exact curve (normal CDFs): split over the cores (`delta` is pure, and
  // every caller validated its parameters first, so it does not throw: an exception cannot leave the loop).
#pragma omp parallel for schedule(static) if (n > 4096)
  for (size_t i = 0; i < n; ++i) deltas[i] = delta(double(iLo + long(i)) * interval);
  PldPmf pmf;
  pmf.interval = interval;
  pmf.lowerIndex = iLo;
  if (n == 1) {
    pmf.probs = {1 - deltas[0]};
    pmf.infinityMass = deltas[0];
    return pmf;
  }
  for (size_t i = 1; i < n; ++i) deltas[i] = std::min(deltas[i], deltas[i - 1]);  // non-increasing
  // Connect the dots (Doroshenko et al. 2022, Alg. 1, fixed gap d = Δ):
  //   p_1 = 1 − δ_1 + (δ_2 − δ_1)/(e^d − 1),  p_i = ((δ_{i+1} − δ_i) − e^d (δ_i − δ_{i−1}))/(e^d − 1),
  //   p_n = (δ_n − δ_{n−1})/(e^{−d} − 1),     P(∞) = δ_n.
  const double em1 = std::expm1(interval), ed = std::exp(interval);
  pmf.probs.resize(n);
  pmf.probs[0] = 1 - deltas[0] + (deltas[1] - deltas[0]) / em1;
  for (size_t i = 1; i + 1 < n; ++i)
    pmf.probs[i] = ((deltas[i + 1] - deltas[i]) - ed * (deltas[i] - deltas[i - 1])) / em1;
  pmf.probs[n - 1] = (deltas[n - 1] - deltas[n - 2]) / std::expm1(-interval);
  for (double& p : pmf.probs) p = std::max(p, 0.0);
  pmf.infinityMass = deltas[n - 1];
  return pmf;
}

PldPmf selfCompose(const PldPmf& pmf, long times, double tailMass) {
  require(times >= 1, "a PLD is composed at least once, got ", times);
  const auto [lower, upper] = selfConvolveBounds(pmf.probs, times, tailMass);
  if (double(upper) - double(lower) + 1 > double(kMaxSupport))
    throw PldTooLarge(message("composing ", times, " steps needs a PLD of ", double(upper) - double(lower) + 1,
                              " points (epsilon of order ", double(upper + pmf.lowerIndex * times) * pmf.interval,
                              "); use a larger interval or an RDP accountant"));
  const size_t outLen = size_t(upper - lower + 1);
  const size_t len = nextFastLength(std::max(outLen, pmf.probs.size()));
  std::vector<Complex> spectrum = forward(pmf.probs, len);
  for (auto& z : spectrum) z = power(z, times);
  const std::vector<double> full = inverseReal(spectrum, len);
  PldPmf out;
  out.interval = pmf.interval;
  out.lowerIndex = pmf.lowerIndex * times + lower;
  out.probs.resize(outLen);
  const long L = long(len);
  for (size_t j = 0; j < outLen; ++j) out.probs[j] = full[size_t(((long(j) + lower) % L + L) % L)];
  out.infinityMass = std::min(1.0, tailMass - std::expm1(double(times) * std::log1p(-pmf.infinityMass)));
  return out;
}

PldPmf compose(const PldPmf& a, const PldPmf& b, double tailMass) {
  require(a.interval == b.interval, "PLDs with different intervals cannot be composed: ", a.interval, " and ",
          b.interval);
  const size_t outLen = a.probs.size() + b.probs.size() - 1;
  if (outLen > kMaxSupport)
    throw PldTooLarge(message("composing two PLDs needs ", outLen, " points; use a larger interval or an RDP accountant"));
  const size_t len = nextFastLength(outLen);
  std::vector<Complex> fa = forward(a.probs, len), fb = forward(b.probs, len);
  for (size_t i = 0; i < fa.size(); ++i) fa[i] *= fb[i];
  std::vector<double> full = inverseReal(fa, len);
  full.resize(outLen);
  PldPmf out;
  out.interval = a.interval;
  out.lowerIndex = a.lowerIndex + b.lowerIndex;
  out.probs = std::move(full);
  out.infinityMass = a.infinityMass + b.infinityMass - a.infinityMass * b.infinityMass;
  truncateTails(out, tailMass);
  return out;
}

double pldDelta(const PldPmf& pmf, double eps) {
  double delta = pmf.infinityMass;
  for (size_t i = 0; i < pmf.probs.size(); ++i) {
    const double loss = double(pmf.lowerIndex + long(i)) * pmf.interval;
    if (loss > eps) delta += -std::expm1(eps - loss) * pmf.probs[i];
  }
  return std::clamp(delta, 0.0, 1.0);
}

double pldEpsilon(const PldPmf& pmf, double delta) {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  if (pmf.infinityMass > delta) return kInf;
  // Walk losses from the top (dp_accounting _get_epsilon_for_delta): with U = P(L ≥ ℓ) + P(∞) and
  // W = E[e^{−L}; L ≥ ℓ], δ(ε) = U − e^ε W on the current segment, so ε = ln((U − δ)/W).
  double massUpper = pmf.infinityMass, massLower = 0;
  for (size_t k = pmf.probs.size(); k-- > 0;) {
    const double loss = double(pmf.lowerIndex + long(k)) * pmf.interval, p = pmf.probs[k];
    if (massUpper > delta && massLower > 0 && std::log((massUpper - delta) / massLower) >= loss) break;
    massUpper += p;
    massLower += std::exp(-loss) * p;
    if (massUpper >= delta && massLower == 0) return std::max(0.0, loss);
  }
  if (massUpper <= massLower + delta) return 0;
  return std::log((massUpper - delta) / massLower);
}

}  // namespace dpw
