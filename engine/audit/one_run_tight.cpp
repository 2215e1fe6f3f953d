#include "audit/one_run_tight.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "audit/one_run_fdp.h"
#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {
namespace {

constexpr double kEpsilonCeiling = 60;
constexpr int kNodes = 300;        // quadrature nodes in log v over the Beta's bulk
constexpr double kSpread = 14;     // the bulk: mean ± 14 standard deviations of Beta(r + 1, n − r)
constexpr double kNegInf = -std::numeric_limits<double>::infinity();

/// The null pair at (ε, δ): ε-randomised response's error and δ, or G_μ's μ.
struct Null {
  OneRunTightFamily family;
  double gammaEps = 0.5, delta = 0, mu = 0;
};

Null makeNull(OneRunTightFamily family, double epsilon, double delta) {
  ensure(epsilon >= 0 && std::isfinite(epsilon), "epsilon must be finite and >= 0, got ", epsilon);
  ensure(delta >= 0 && delta < 1, "delta must lie in [0, 1), got ", delta);
  Null n{family};
  n.delta = delta;
  if (family == OneRunTightFamily::Gaussian) n.mu = fdpGaussianMu(epsilon, delta);  // requires δ > 0
  else n.gammaEps = 1 / (1 + std::exp(epsilon));
  return n;
}

/// log M[|score − μ/2| > a] under G_μ: log(Φ̄(a − μ/2) + Φ̄(a + μ/2)).
double logGaussianTail(double mu, double a) { return logAdd(logNormalCdf(mu / 2 - a), logNormalCdf(-a - mu / 2)); }

/// The a ≥ 0 whose tail mass is v (safeguarded Newton from `start`, to 1e-12).
double gaussianCutAt(double mu, double logV, double start) {
  if (logV >= 0) return 0;
  double lo = 0, hi = std::max(1.0, start);
  while (logGaussianTail(mu, hi) > logV) lo = hi, hi *= 2;
  double a = std::clamp(start, lo, hi);
  for (int it = 0; it < 200 && hi - lo > 1e-12; ++it) {
    const double lt = logGaussianTail(mu, a);
    if (lt > logV) lo = a;
    else hi = a;
    // d/da log tail = −(φ(a − μ/2) + φ(a + μ/2)) / tail
    const double logDensity = logAdd(-0.5 * (a - mu / 2) * (a - mu / 2), -0.5 * (a + mu / 2) * (a + mu / 2)) -
                              0.5 * std::log(2 * std::numbers::pi);
    const double step = (lt - logV) / std::exp(logDensity - lt);
    const double next = a + step;
    a = (next > lo && next < hi) ? next : 0.5 * (lo + hi);
  }
  return a;
}

double meanErrorAbove(const Null& n, double v, double& cut) {
  if (n.family == OneRunTightFamily::ApproximateDp) return v <= n.delta ? 0.0 : n.gammaEps * (v - n.delta) / v;
  const double logV = std::log(v);
  cut = gaussianCutAt(n.mu, logV, cut);
  return std::clamp(std::exp(logNormalCdf(-cut - n.mu / 2) - logV), 0.0, 0.5);
}

void requireGame(long n, long r, long u) {
  ensure(n >= 1, "the one-run audit needs at least one canary, got ", n);
  ensure(0 <= u && u <= r && r <= n, "need 0 <= wrong <= guesses <= canaries, got ", u, ", ", r, ", ", n);
}

}  // namespace

double tightMeanErrorAbove(OneRunTightFamily family, double epsilon, double delta, double v) {
  ensure(v > 0 && v <= 1, "the tail mass must lie in (0, 1], got ", v);
  double cut = 0;
  return meanErrorAbove(makeNull(family, epsilon, delta), v, cut);
}

double logBinomialCdf(long u, long r, double p) {
  if (u < 0) return kNegInf;
  if (u >= r || p <= 0) return 0;
  if (p >= 1) return kNegInf;
  const double lp = std::log(p), lq = std::log1p(-p), odds = std::exp(lq - lp);
  const auto logPmf = [&](long k) {
    return std::lgamma(double(r) + 1) - std::lgamma(double(k) + 1) - std::lgamma(double(r - k) + 1) + double(k) * lp +
           double(r - k) * lq;
  };
  if (double(u) < double(r) * p) {  // below the mean: the terms fall as k falls from u
    double sum = 1, term = 1;
    for (long k = u; k > 0; --k) {
      term *= double(k) / double(r - k + 1) * odds;
      sum += term;
      if (term < 1e-17 * sum) break;
    }
    return logPmf(u) + std::log(sum);
  }
  double sum = 1, term = 1;  // at or above the mean: 1 − P[X > u], the terms fall as k rises from u + 1
  for (long k = u + 1; k < r; ++k) {
    term *= double(r - k) / double(k + 1) / odds;
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return std::log1p(-std::min(1.0, std::exp(logPmf(u + 1)) * sum));
}

double tightOneRunPValue(long n, long r, long u, double epsilon, double delta, OneRunTightFamily family) {
  requireGame(n, r, u);
  const Null null = makeNull(family, epsilon, delta);
  if (u >= r) return 1;
  double cut = 0;
  if (r == n) return std::exp(logBinomialCdf(u, r, meanErrorAbove(null, 1.0, cut)));
  // V = 1 − W ~ Beta(r + 1, n − r): the tail mass above the highest unreleased score.
  const double al = double(r) + 1, be = double(n - r), s = al + be;
  const double mean = al / s, sd = std::sqrt(al * be / (s * s * (s + 1)));
  const double vLo = std::max(mean - kSpread * sd, mean * 1e-6), vHi = std::min(1.0, mean + kSpread * sd);
  const double xLo = std::log(vLo), xHi = std::log(vHi), dx = (xHi - xLo) / (kNodes - 1);
  const double logBeta = std::lgamma(al) + std::lgamma(be) - std::lgamma(s);
  std::vector<double> logTerm(kNodes);
  double top = kNegInf;
  cut = 0;
  for (int j = kNodes - 1; j >= 0; --j) {  // from v large (cut near 0) down: warm starts for the cut
    const double x = xLo + dx * j, v = std::exp(x);
    const double logDensity = double(r) * x + (be > 1 ? (be - 1) * std::log1p(-v) : 0.0) - logBeta + x;  // dv = v dx
    logTerm[std::size_t(j)] = logDensity + logBinomialCdf(u, r, meanErrorAbove(null, v, cut));
    if (std::isnan(logTerm[std::size_t(j)])) logTerm[std::size_t(j)] = kNegInf;
    top = std::max(top, logTerm[std::size_t(j)]);
  }
  if (top == kNegInf) return 0;
  double sum = 0;  // trapezoid rule
  for (int j = 0; j < kNodes; ++j) sum += (j == 0 || j == kNodes - 1 ? 0.5 : 1.0) * std::exp(logTerm[std::size_t(j)] - top);
  return std::min(1.0, std::exp(top) * sum * dx);
}

double tightOneRunEpsilonLowerBound(long n, long r, long u, double delta, double tau, OneRunTightFamily family) {
  requireGame(n, r, u);
  ensure(tau > 0 && tau < 1, "tau must lie in (0, 1), got ", tau);
  if (tightOneRunPValue(n, r, u, 0, delta, family) > tau) return 0;
  if (tightOneRunPValue(n, r, u, kEpsilonCeiling, delta, family) <= tau) return kEpsilonCeiling;
  double lo = 0, hi = kEpsilonCeiling;  // rejected at lo, not at hi
  while (hi - lo > 1e-5) {
    const double mid = 0.5 * (lo + hi);
    (tightOneRunPValue(n, r, u, mid, delta, family) <= tau ? lo : hi) = mid;
  }
  return lo;
}

OneRunAuditResult tightOneRunAuditFromScores(const std::vector<double>& scores, const std::vector<bool>& included,
                                             double delta, OneRunTightFamily family, double beta) {
  // δ = 0 only: a δ outside [0, 1) is bestOneRunCandidate's to name
  ensure(family != OneRunTightFamily::Gaussian || delta != 0, "the Gaussian family needs delta > 0");
  return bestOneRunCandidate(
      scores, included, delta, beta, [delta, family](const OneRunGuesses& g, long n, double level, double bestSoFar) {
        const long r = g.guessesIn + g.guessesOut;
        // p grows with ε: a candidate that does not reject the best ε so far cannot beat it (one p-value, not a
        // bisection; the result is the same)
        if (bestSoFar > 0 && tightOneRunPValue(n, r, r - g.correct, bestSoFar, delta, family) > level)
          return bestSoFar;
        return tightOneRunEpsilonLowerBound(n, r, r - g.correct, delta, level, family);
      });
}

}  // namespace dpw
