#include "privacy/accountants/pld_analysis.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <tuple>
#include <unsupported/Eigen/FFT>

#include "core/error.h"
#include "core/internal_error.h"
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

// The smallest FFT length ≥ n of the form 2^k·{16, 20, 24, 36, 60} (radices 2, 3, 5): a multiple of 4 (kissfft's fast
// real path), at most 1/6 above n, and few distinct lengths, so that the plans kissfft caches per length (fftEngine)
// stay few.
size_t nextFastLength(size_t n) {
  size_t best = 0;
  for (size_t base : {16, 20, 24, 36, 60}) {
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

// z^n by square and multiply, with the plain complex product: std::complex's operator*= calls __muldc3 (its
// NaN/∞ recovery, which spectra of probabilities never need) and was most of a composition's time.
Complex power(Complex z, long n) {
  double rr = 1, ri = 0, zr = z.real(), zi = z.imag();
  while (n > 0) {
    if (n & 1) {
      const double t = rr * zr - ri * zi;
      ri = rr * zi + ri * zr;
      rr = t;
    }
    const double t = zr * zr - zi * zi;
    zi = 2 * zr * zi;
    zr = t;
    n >>= 1;
  }
  return {rr, ri};
}

Complex product(Complex a, Complex b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

// Chernoff bounds [lower, upper] (whole numbers, in double) on the index of the sum of times[g] draws of each p[g]
// (indices counted from each PMF's first point) outside which at most tailMass lies (dp_accounting
// common.compute_self_convolve_bounds uses every order ±1..20 / n; here a geometric set up to ±640 / n, n the longest
// PMF, whose larger orders give a shorter support, so a shorter FFT, at the loss grids' sizes: every order is a valid
// Chernoff bound, ln E[e^{tS}] = Σ_g times_g ln Σ_i p_gi e^{ti}, and the tightest is kept).
std::pair<double, double> convolveBounds(const std::vector<const std::vector<double>*>& p, const std::vector<long>& times,
                                         double tailMass) {
  // In double until the range is known to fit: (n − 1)·times overflows a long from times ≈ 2^63/n (a huge step
  // count), and a wrapped bound made the composition hang or ask for an impossible vector.
  double lower = 0, upper = 0;
  size_t longest = 1;
  for (size_t g = 0; g < p.size(); ++g) {
    upper += double(p[g]->size() - 1) * double(times[g]);
    longest = std::max(longest, p[g]->size());
  }
  if (tailMass > 0) {
    // Σ pᵢ e^{i·k/n}: the weights stay within [e^{−640}, e^{640}] (double reaches e^{±709}), so a running product is
    // safe (its rounding, ~n·1e-16 relative, only loosens a bound that is itself loose). A PMF composed earlier
    // carries the FFT's rounding, ±1e-17 of its peak, where its true mass is far smaller: counted as signed mass,
    // a negative entry at the far end an order weighs most made that order's sum wrong or negative (skipped),
    // so the window, and the FFT length after it, depended on the build's rounding (-march=native: 1.7x the
    // window, 5x the time of lesson 2.1). Negative entries count as no mass; the bound is over the PMF's mass.
    static const int kOrders[] = {-640, -320, -160, -80, -40, -20, -13, -8, -5, -3, -2, -1,
                                   1,    2,    3,    5,   8,   13,  20,  40, 80, 160, 320, 640};
    std::vector<double> orders;
    for (const int k : kOrders) orders.push_back(double(k) / double(longest));
    // A sum of many steps is nearly normal, with variance V = Σ times_g Var_g: its best order is near
    // ±sqrt(2 ln(2/tailMass) / V), below 1/n once T is large (10⁶ steps of a 10³-point PMF: ~3e-4/n), where the fixed
    // set above has none; a few around it (the bound is flat near its optimum) make the window ~2x shorter there.
    double variance = 0;
    for (size_t g = 0; g < p.size(); ++g) {
      double mass = 0, mean = 0, second = 0;
      for (size_t i = 0; i < p[g]->size(); ++i) {
        const double pi = std::max((*p[g])[i], 0.0), x = double(i);
        mass += pi, mean += pi * x, second += pi * x * x;
      }
      if (mass > 0) variance += double(times[g]) * std::max(0.0, second / mass - (mean / mass) * (mean / mass));
    }
    // Only where such a window could fit the grid at all (a huge step count is left to the fixed orders, which
    // refuse it at once; its near-zero orders would multiply the PMF's rounding deficit by T).
    if (variance > 0 && 2 * std::sqrt(2 * std::log(2 / tailMass) * variance) <= double(kMaxSupport)) {
      const double best = std::sqrt(2 * std::log(2 / tailMass) / variance);
      for (const double f : {0.6, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5})
        if (f * best < 1 / double(longest)) orders.insert(orders.end(), {f * best, -f * best});
    }
    for (const double order : orders) {
      const double step = std::exp(order);
      double logMgf = 0;
      for (size_t g = 0; g < p.size(); ++g) {
        double sum = 0, w = 1;
        for (const double pi : *p[g]) {
          sum += std::max(pi, 0.0) * w;  // a composed PMF's FFT rounding (±1e-17 far out) is no mass
          w *= step;
        }
        logMgf += double(times[g]) * std::log(sum);
      }
      const double bound = (logMgf + std::log(2 / tailMass)) / order;
      if (!std::isfinite(bound)) continue;
      if (order > 0) upper = std::min(upper, std::ceil(bound));
      if (order < 0) lower = std::max(lower, std::floor(bound));
    }
  }
  // Bounds that cross: the PMFs' mass below 1 (an optimistic PLD drops what it cannot place) to the power T is
  // below tailMass, so no window holds more; one point is kept (a crossed window was a negative length, read as
  // a huge size: an optimistic composition of 10⁵ steps on a coarse grid hung).
  if (upper < lower) lower = upper;
  return {lower, upper};
}

// Drops a prefix and a suffix of mass ≤ tailMass/2 each: the prefix onto the first kept point (losses
// rounded up), the suffix to +∞ (dp_accounting _truncate_tails, pessimistic); an optimistic PLD drops both.
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
  pmf.probs = std::move(kept);
  pmf.lowerIndex += long(left);
  if (pmf.estimate == PldEstimate::Optimistic) return;  // both tails dropped: δ only decreases
  pmf.probs[0] += leftMass;
  pmf.infinityMass += rightMass;
}

// The optimistic grid PMF of connectTheDotsPld (pld_analysis.h), from the exact values f_j = δ(ε_j) at the grid
// points, in u = e^ε (f convex and non-increasing, f' ∈ [−1, 0]):
//  1. chord slopes s_j of the segments [u_j, u_{j+1}], with −1 and 0 standing for the slopes past the ends;
//  2. the chord of segment j rises above f by at most c_j = (s_j − s_{j−1})(s_{j+1} − s_j)(u_{j+1} − u_j)/(s_{j+1} − s_{j−1})
//     (f lies above the lines through the segment's ends with the neighbouring chords' slopes);
//  3. g_j = f_j − max(c_{j−1}, c_j), g = 0 at the last point: every chord of g lies below f;
//  4. g_0 lowered until no chord from it is steeper than the first exact chord s_0, so that the curve left of the
//     grid, continued with slope s_0, stays below f (a convex decreasing f rises at least that fast to the left);
//  5. the lower convex hull of the points (u_j, g_j) (below the chords of g, so below f): a PMF's δ-curve is convex
//     and piecewise linear in u, with masses p = (slope change)·u ≥ 0 at the hull's vertices; none at +∞.
// The total mass is g_0 − s_0 u_0 ≤ f(0) = 1 (the missing mass sits at −∞, where it costs no δ).
// With the exact slope f' known (`tangentAt`: the midpoint tangents' values at the segment ends), steps 1-3 use
// the tangents instead: g_j = min of the two neighbouring tangents at u_j, about 4x closer to f than the bound of 2.
PldPmf optimisticDots(PldPmf pmf, std::vector<double> f, const std::vector<double>& tangentAt = {},
                      double firstSlope = 0) {
  const size_t n = f.size();
  pmf.infinityMass = 0;
  pmf.probs.assign(n, 0.0);
  if (n == 1) return pmf;  // one point: no slope to build on; the empty PLD (δ = 0) is a lower bound
  for (size_t i = 1; i < n; ++i) f[i] = std::min(f[i], f[i - 1]);  // non-increasing, as the exact curve
  std::vector<double> u(n), s(n + 1);  // s[j + 1] = chord slope of segment j; s[0] = −1, s[n] = 0
  for (size_t j = 0; j < n; ++j) u[j] = std::exp(double(pmf.lowerIndex + long(j)) * pmf.interval);
  s[0] = -1, s[n] = 0;
  for (size_t j = 0; j + 1 < n; ++j) s[j + 1] = std::clamp((f[j + 1] - f[j]) / (u[j + 1] - u[j]), -1.0, 0.0);
  std::vector<double> rise(n - 1);
  for (size_t j = 0; j + 1 < n; ++j) {
    const double ma = s[j], sj = s[j + 1], mb = s[j + 2];
    rise[j] = mb > ma ? std::max(0.0, (sj - ma) * (mb - sj)) * (u[j + 1] - u[j]) / (mb - ma) : 0.0;
  }
  std::vector<double> g(n);
  for (size_t j = 0; j < n; ++j)
    g[j] = std::max(0.0, f[j] - std::max(j > 0 ? rise[j - 1] : 0.0, j + 1 < n ? rise[j] : 0.0));
  double first = s[1];
  if (!tangentAt.empty()) {
    // Exact tangents at the segments' midpoints (tangentAt[2j], [2j + 1]: the tangent's values at u_j and u_{j+1}):
    // a tangent of a convex curve lies below it, so the chord of two points on one tangent does; a segment whose
    // tangent goes below 0 at an end contributes 0 at both ends (f ≥ 0). Error ~f''Δu²/8, the chords' own.
    for (size_t j = 0; j < n; ++j) g[j] = f[j];
    for (size_t j = 0; j + 1 < n; ++j) {
      const double a = tangentAt[2 * j], b = tangentAt[2 * j + 1];
      const bool valid = a >= 0 && b >= 0;
      g[j] = std::min(g[j], valid ? a : 0.0);
      g[j + 1] = std::min(g[j + 1], valid ? b : 0.0);
    }
    for (double& v : g) v = std::max(v, 0.0);
    first = std::clamp(firstSlope, -1.0, 0.0);  // the exact slope at u_0: the curve left of the grid stays below
  }
  g[n - 1] = 0;
  for (size_t k = 1; k < n; ++k) g[0] = std::min(g[0], g[k] - first * (u[k] - u[0]));
  g[0] = std::max(g[0], 0.0);
  // Lower convex hull (monotone chain): `hull` keeps indices whose slopes increase.
  std::vector<size_t> hull;
  hull.reserve(n);
  for (size_t j = 0; j < n; ++j) {
    while (hull.size() >= 2) {
      const size_t a = hull[hull.size() - 2], b = hull.back();
      // b is above the segment a-j (or on it): drop it.
      if ((g[b] - g[a]) * (u[j] - u[a]) >= (g[j] - g[a]) * (u[b] - u[a])) hull.pop_back();
      else break;
    }
    hull.push_back(j);
  }
  double left = std::min(first, 0.0);
  for (size_t h = 0; h < hull.size(); ++h) {
    const size_t j = hull[h];
    const double right = h + 1 < hull.size() ? (g[hull[h + 1]] - g[j]) / (u[hull[h + 1]] - u[j]) : 0.0;
    pmf.probs[j] = std::max(0.0, (right - left) * u[j]);
    left = right;
  }
  return pmf;
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

// f'(u) at u = e^ε of the exact curve δ(ε) = P_upper(L > ε) − e^ε P_lower(L > ε): −P_lower(L > ε) (the two
// densities' terms cancel), from the same inverse loss as subsampledGaussianDelta.
double subsampledGaussianSlope(double sigma, double q, PldAdjacency adj, double eps) {
  validate(sigma, q);
  const auto logCdf = [&](double x) { return logNormalCdf(x / sigma); };
  if (adj == PldAdjacency::Remove) {
    if (q < 1 && eps <= std::log1p(-q)) return -1.0;
    return -std::exp(logCdf(inverseLoss(sigma, q, adj, eps)));
  }
  if (q < 1 && eps >= -std::log1p(-q)) return 0.0;
  const double x = inverseLoss(sigma, q, adj, eps);
  const double logLower = q == 1 ? logCdf(x - 1) : logAdd(std::log1p(-q) + logCdf(x), std::log(q) + logCdf(x - 1));
  return -std::min(1.0, std::exp(logLower));
}

namespace {
/// The losses a one-step PLD's grid spans: those of x ∈ [x_lo, x_hi] (pld_analysis.h), (lowest, highest).
std::pair<double, double> stepLossRange(double sigma, double q, PldAdjacency adj) {
  double xLo = sigma * normalQuantile(0.5 * std::exp(-50.0)), xHi = -xLo;
  if (adj == PldAdjacency::Add) xHi += 1;
  else xLo -= 1;
  return {privacyLoss(sigma, q, adj, xHi), privacyLoss(sigma, q, adj, xLo)};
}
}  // namespace

double subsampledGaussianPldPoints(double sigma, double q, PldAdjacency adj, double interval) {
  validate(sigma, q);
  require(interval > 0 && std::isfinite(interval), "the discretisation interval must be > 0, got ", interval);
  const auto [epsLower, epsUpper] = stepLossRange(sigma, q, adj);
  const double points = std::ceil(epsUpper / interval) - std::floor(epsLower / interval) + 1;
  return std::isfinite(points) ? points : std::numeric_limits<double>::infinity();
}

PldPmf subsampledGaussianPld(double sigma, double q, PldAdjacency adj, double interval, PldEstimate estimate) {
  validate(sigma, q);
  require(interval > 0 && std::isfinite(interval), "the discretisation interval must be > 0, got ", interval);
  const auto [epsLower, epsUpper] = stepLossRange(sigma, q, adj);
  const auto [iLo, iHi] =
      lossGridIndices(epsLower, epsUpper, interval, message("the PLD of one step (sigma ", sigma, ", q ", q, ")"));
  return connectTheDotsPld([&](double eps) { return subsampledGaussianDelta(sigma, q, adj, eps); }, iLo, iHi, interval,
                           estimate, [&](double eps) { return subsampledGaussianSlope(sigma, q, adj, eps); });
}

std::pair<long, long> lossGridIndices(double lossLo, double lossHi, double interval, const std::string& pld) {
  const double loIndex = std::floor(lossLo / interval), hiIndex = std::ceil(lossHi / interval);
  if (!(hiIndex - loIndex + 1 <= double(kMaxSupport)))
    throw PldTooLarge(message(pld, " spans losses [", lossLo, ", ", lossHi, "], too many points at interval ", interval,
                              "; use a larger interval or an RDP accountant"));
  return {long(loIndex), long(hiIndex)};
}

PldPmf connectTheDotsPld(const std::function<double(double)>& delta, long iLo, long iHi, double interval,
                         PldEstimate estimate, const std::function<double(double)>& slope) {
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
  pmf.estimate = estimate;
  if (estimate == PldEstimate::Optimistic) {
    if (!slope || n == 1) return optimisticDots(std::move(pmf), std::move(deltas));
    // Tangent at each segment's midpoint ε_j + Δ/2 (in u: f(u_m) + f'(u_m)(u − u_m)), evaluated at both ends.
    std::vector<double> tangentAt(2 * (n - 1));
    const size_t segments = n - 1;
#pragma omp parallel for schedule(static) if (n > 4096)
    for (size_t j = 0; j < segments; ++j) {
      const double eps = (double(iLo + long(j)) + 0.5) * interval, um = std::exp(eps);
      const double fm = delta(eps), dm = slope(eps);
      tangentAt[2 * j] = fm + dm * (std::exp(double(iLo + long(j)) * interval) - um);
      tangentAt[2 * j + 1] = fm + dm * (std::exp(double(iLo + long(j) + 1) * interval) - um);
    }
    // The left slope at the first point (a kink there, as the Laplace curve's at −ε0, has the steeper one): the curve
    // left of the grid continues with it, so the PMF keeps its whole mass (a gentler slope left mass at −∞, and
    // 50 Laplace compositions kept 0.55^50 of it).
    const double firstSlope = slope(std::nextafter(double(iLo) * interval, -kInf));
    return optimisticDots(std::move(pmf), std::move(deltas), tangentAt, firstSlope);
  }
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
  ensure(times >= 1, "a PLD is composed at least once, got ", times);
  return composeMany({{&pmf, times}}, tailMass);
}

namespace {

/// The parts of a composition, checked, as convolveBounds reads them, and the Chernoff window of the whole:
/// what composeMany composes and composedPoints measures.
struct CompositionWindow {
  std::vector<const std::vector<double>*> probs;
  std::vector<long> times;
  double lower = 0, upper = 0;  ///< bounds on the composed PLD's index past Σ lowerIndex · times
  double points() const { return upper - lower + 1; }
  bool fits() const { return points() <= double(kMaxSupport); }
};

CompositionWindow compositionWindow(const std::vector<std::pair<const PldPmf*, long>>& parts, double tailMass) {
  ensure(!parts.empty(), "a composition needs at least one PLD");
  const PldPmf& first = *parts[0].first;
  CompositionWindow w;
  for (const auto& [pmf, count] : parts) {
    ensure(count >= 1, "a PLD is composed at least once, got ", count);
    ensure(pmf->interval == first.interval, "PLDs with different intervals cannot be composed: ", first.interval,
            " and ", pmf->interval);
    ensure(pmf->estimate == first.estimate, "a pessimistic and an optimistic PLD cannot be composed");
    require(!pmf->probs.empty(), "a PLD to compose has no finite loss");
    w.probs.push_back(&pmf->probs);
    w.times.push_back(count);
  }
  std::tie(w.lower, w.upper) = convolveBounds(w.probs, w.times, tailMass);
  return w;
}

}  // namespace

PldPmf composeMany(const std::vector<std::pair<const PldPmf*, long>>& parts, double tailMass) {
  const CompositionWindow window = compositionWindow(parts, tailMass);
  const auto& probs = window.probs;
  const auto& times = window.times;
  const PldPmf& first = *parts[0].first;
  double lowerIndex = 0, logFinite = 0, doubleTimes = 0;
  for (const auto& [pmf, count] : parts) {
    lowerIndex += double(pmf->lowerIndex) * double(count);
    logFinite += double(count) * std::log1p(-pmf->infinityMass);
    doubleTimes += double(count);
  }
  const double lowerD = window.lower, upperD = window.upper;
  if (!window.fits())
    throw PldTooLarge(message("composing ", doubleTimes, " steps needs a PLD of ", upperD - lowerD + 1,
                              " points (epsilon of order ", (upperD + lowerIndex) * first.interval,
                              "); use a larger interval or an RDP accountant"));
  const long lower = long(lowerD), upper = long(upperD);
  long base = lower;  // the first point's loss index, Σ lowerIndex_g · times_g + lower, checked for overflow
  for (const auto& [pmf, count] : parts) {
    long term = 0;
    if (__builtin_mul_overflow(pmf->lowerIndex, count, &term) || __builtin_add_overflow(base, term, &base))
      throw PldTooLarge(message("composing ", doubleTimes, " steps puts losses near ", (lowerIndex + lowerD) * first.interval,
                                ", outside the grid's index range; use a larger interval or an RDP accountant"));
  }
  const size_t outLen = size_t(upper - lower + 1);
  size_t longest = outLen;
  for (const auto* p : probs) longest = std::max(longest, p->size());
  // One FFT per PLD on a cycle covering the Chernoff window, the product of their powers in the frequency domain
  // (square and multiply: ~log₂ T complex products a bin), one inverse: the mass outside the window (≤ tailMass)
  // wraps into it, so the window's indices are read modulo the length.
  const size_t len = nextFastLength(longest);
  std::vector<Complex> spectrum = forward(*probs[0], len);
  for (auto& z : spectrum) z = power(z, times[0]);
  for (size_t g = 1; g < probs.size(); ++g) {
    const std::vector<Complex> other = forward(*probs[g], len);
    for (size_t i = 0; i < spectrum.size(); ++i) spectrum[i] = product(spectrum[i], power(other[i], times[g]));
  }
  const std::vector<double> full = inverseReal(spectrum, len);
  PldPmf out;
  out.interval = first.interval;
  out.estimate = first.estimate;
  out.lowerIndex = base;
  out.probs.resize(outLen);
  const long L = long(len);
  for (size_t j = 0; j < outLen; ++j) out.probs[j] = full[size_t(((long(j) + lower) % L + L) % L)];
  // The mass beyond the Chernoff bounds (≤ tailMass) goes to +∞ for the pessimistic PLD and is dropped for the
  // optimistic one (its part the FFT wraps into the kept range, ≤ tailMass, is the one excess left: ≤ 1e-15 of δ).
  const double tail = first.estimate == PldEstimate::Pessimistic ? tailMass : 0.0;
  out.infinityMass = std::min(1.0, tail - std::expm1(logFinite));
  return out;
}

double composedPoints(const std::vector<std::pair<const PldPmf*, long>>& parts, double tailMass) {
  return compositionWindow(parts, tailMass).points();
}

PldPmf compose(const PldPmf& a, const PldPmf& b, double tailMass) {
  ensure(a.interval == b.interval, "PLDs with different intervals cannot be composed: ", a.interval, " and ",
          b.interval);
  ensure(a.estimate == b.estimate, "a pessimistic and an optimistic PLD cannot be composed");
  const size_t outLen = a.probs.size() + b.probs.size() - 1;
  if (outLen > kMaxSupport)
    throw PldTooLarge(message("composing two PLDs needs ", outLen, " points; use a larger interval or an RDP accountant"));
  const size_t len = nextFastLength(outLen);
  std::vector<Complex> fa = forward(a.probs, len), fb = forward(b.probs, len);
  for (size_t i = 0; i < fa.size(); ++i) fa[i] = product(fa[i], fb[i]);
  std::vector<double> full = inverseReal(fa, len);
  full.resize(outLen);
  PldPmf out;
  out.interval = a.interval;
  out.lowerIndex = a.lowerIndex + b.lowerIndex;
  out.estimate = a.estimate;
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
