#include "audit/one_run_fdp.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {
namespace {

constexpr double kEpsilonCeiling = 60;

void requireGame(long m, long k, long c) {
  ensure(m >= 1, "the one-run audit needs at least one canary, got ", m);
  ensure(0 <= c && c <= k && k <= m, "need 0 <= correct <= guesses <= canaries, got ", c, ", ", k, ", ", m);
}

}  // namespace

double fdpOneRunMargin(long m, long k, long c, double tau, const std::function<double(double)>& powerInverse) {
  requireGame(m, k, c);
  ensure(tau > 0 && tau < 1, "tau must lie in (0, 1), got ", tau);
  double r = tau * double(c) / double(m), h = tau * double(k - c) / double(m);
  for (long i = c - 1; i >= 0; --i) {
    const double hNext = std::max(h, powerInverse(std::min(r, 1.0)));
    if (hNext == h) break;  // h unchanged: neither h nor r changes again
    r = std::min(1.0, r + double(i) / double(k - i) * (hNext - h));
    h = hNext;
  }
  return r + h - double(k) / double(m);
}

double fdpGaussianMu(double epsilon, double delta) {
  ensure(delta > 0 && delta < 1, "the Gaussian family needs delta in (0, 1), got ", delta);
  ensure(epsilon >= 0 && std::isfinite(epsilon), "epsilon must be finite and >= 0, got ", epsilon);
  double lo = 0, hi = 1;
  while (gdpDelta(hi, epsilon) < delta) hi *= 2;  // δ(ε) grows with μ, to 1
  while (hi - lo > 1e-12 * std::max(1.0, hi)) {
    const double mid = 0.5 * (lo + hi);
    (gdpDelta(mid, epsilon) < delta ? lo : hi) = mid;
  }
  return lo;  // δ(ε) of lo ≤ δ: the curve is at least as private as the claim's
}

std::function<double(double)> fdpPowerInverse(OneRunFdpFamily family, double epsilon, double delta) {
  ensure(epsilon >= 0 && std::isfinite(epsilon), "epsilon must be finite and >= 0, got ", epsilon);
  ensure(delta >= 0 && delta < 1, "delta must lie in [0, 1), got ", delta);
  if (family == OneRunFdpFamily::Gaussian) {
    const double mu = fdpGaussianMu(epsilon, delta);
    return [mu](double y) {
      if (y <= 0) return 0.0;
      if (y >= 1) return 1.0;
      return normalCdf(normalQuantile(y) - mu);
    };
  }
  // f̄ = min(1, δ + e^ε x, 1 − e^{−ε}(1 − δ − x)): its smallest inverse is the largest of the pieces' inverses.
  const double e = std::exp(-epsilon);
  return [e, delta](double y) {
    if (y <= delta) return 0.0;
    const double x = std::max((y - delta) * e, 1 - delta - (1 - y) / e);
    return std::clamp(x, 0.0, 1.0);
  };
}

bool fdpOneRunRejects(long m, long k, long c, double epsilon, double delta, OneRunFdpFamily family, double tau) {
  return fdpOneRunMargin(m, k, c, tau, fdpPowerInverse(family, epsilon, delta)) > 0;
}

double fdpOneRunEpsilonLowerBound(long m, long k, long c, double delta, double tau, OneRunFdpFamily family) {
  requireGame(m, k, c);
  if (!fdpOneRunRejects(m, k, c, 0, delta, family, tau)) return 0;
  if (fdpOneRunRejects(m, k, c, kEpsilonCeiling, delta, family, tau)) return kEpsilonCeiling;
  double lo = 0, hi = kEpsilonCeiling;  // rejected at lo, not at hi
  while (hi - lo > 1e-7) {
    const double mid = 0.5 * (lo + hi);
    (fdpOneRunRejects(m, k, c, mid, delta, family, tau) ? lo : hi) = mid;
  }
  return lo;
}

OneRunAuditResult fdpOneRunAuditFromScores(const std::vector<double>& scores, const std::vector<bool>& included,
                                           double delta, OneRunFdpFamily family, double beta) {
  // δ = 0 only: a δ outside [0, 1) is bestOneRunCandidate's to name
  ensure(family != OneRunFdpFamily::Gaussian || delta != 0, "the Gaussian family needs delta > 0");
  return bestOneRunCandidate(scores, included, delta, beta,
                             [delta, family](const OneRunGuesses& g, long m, double level, double) {
                               return fdpOneRunEpsilonLowerBound(m, g.guessesIn + g.guessesOut, g.correct, delta,
                                                                 level, family);
                             });
}

}  // namespace dpw
