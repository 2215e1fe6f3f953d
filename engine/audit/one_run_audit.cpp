#include "audit/one_run_audit.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {
namespace {

constexpr double kEpsilonCeiling = 60;  // beyond it p = 1 − 1e-26: no run has that many canaries

void requireCounts(long m, long r, long v) {
  ensure(m >= 1, "the one-run audit needs at least one canary, got ", m);
  ensure(0 <= v && v <= r && r <= m, "need 0 <= correct <= guesses <= canaries, got ", v, ", ", r, ", ", m);
}

}  // namespace

double oneRunPValue(long m, long r, long v, double epsilon, double delta) {
  requireCounts(m, r, v);
  ensure(epsilon >= 0 && std::isfinite(epsilon), "epsilon must be finite and >= 0, got ", epsilon);
  ensure(delta >= 0 && delta <= 1, "delta must lie in [0, 1], got ", delta);
  // log p and log(1 − p) for p = e^ε/(1 + e^ε), without cancellation at large ε.
  const double logP = -std::log1p(std::exp(-epsilon)), logQ = -epsilon - std::log1p(std::exp(-epsilon));
  const double lgR = std::lgamma(double(r) + 1);
  auto pmf = [&](long k) {
    return std::exp(lgR - std::lgamma(double(k) + 1) - std::lgamma(double(r - k) + 1) + double(k) * logP +
                    double(r - k) * logQ);
  };
  double tail = 0;  // f(v) = P[Binomial(r, p) ≥ v], summed from the small end of the terms
  for (long k = r; k >= v; --k) tail += pmf(k);
  if (delta == 0 || v == 0) return std::min(1.0, tail);
  // max_i (f(v − i) − f(v)) / i: the numerator is P[v − i ≤ Binomial < v], accumulated as i grows.
  double band = 0, worst = 0;
  for (long i = 1; i <= v; ++i) {
    band += pmf(v - i);
    worst = std::max(worst, band / double(i));
  }
  return std::min(1.0, tail + 2 * double(m) * delta * worst);
}

double oneRunEpsilonLowerBound(long m, long r, long v, double delta, double beta) {
  requireCounts(m, r, v);
  ensure(beta > 0 && beta < 1, "beta must lie in (0, 1), got ", beta);
  if (oneRunPValue(m, r, v, 0, delta) > beta) return 0;  // not even ε = 0 is rejected
  if (oneRunPValue(m, r, v, kEpsilonCeiling, delta) <= beta) return kEpsilonCeiling;
  double lo = 0, hi = kEpsilonCeiling;  // p-value(lo) ≤ β < p-value(hi)
  while (hi - lo > 1e-7) {
    const double mid = 0.5 * (lo + hi);
    (oneRunPValue(m, r, v, mid, delta) <= beta ? lo : hi) = mid;
  }
  return lo;
}

std::vector<OneRunGuesses> oneRunGuessCandidates(const std::vector<double>& scores, const std::vector<bool>& included) {
  const long m = long(scores.size());
  ensure(m >= 20, "the one-run audit needs at least 20 canaries, got ", m);
  ensure(included.size() == scores.size(), "one inclusion bit per canary: ", included.size(), " bits for ", m,
          " scores");
  for (double s : scores) require(!std::isnan(s), "one-run audit scores contain NaN");
  // Canaries from the lowest score to the highest (ties by index: the order of the bits is the auditor's).
  std::vector<long> order(std::size_t(m), 0);
  std::iota(order.begin(), order.end(), 0L);
  std::stable_sort(order.begin(), order.end(), [&](long a, long b) { return scores[std::size_t(a)] < scores[std::size_t(b)]; });
  // Correct guesses among the k highest ("in") and the k lowest ("out"), by prefix sums.
  std::vector<long> inFromTop(std::size_t(m) + 1, 0), outFromBottom(std::size_t(m) + 1, 0);
  for (long k = 0; k < m; ++k) {
    inFromTop[std::size_t(k + 1)] = inFromTop[std::size_t(k)] + (included[std::size_t(order[std::size_t(m - 1 - k)])] ? 1 : 0);
    outFromBottom[std::size_t(k + 1)] = outFromBottom[std::size_t(k)] + (included[std::size_t(order[std::size_t(k)])] ? 0 : 1);
  }
  std::vector<OneRunGuesses> candidates;
  for (long decade = 10; decade <= m / 2; decade *= 10)
    for (long f : {1L, 2L, 5L})
      if (f * decade <= m / 2)
        for (long kOut : {f * decade, 0L})
          candidates.push_back({f * decade, kOut, inFromTop[std::size_t(f * decade)] + outFromBottom[std::size_t(kOut)]});
  return candidates;
}

OneRunAuditResult bestOneRunCandidate(const std::vector<double>& scores, const std::vector<bool>& included,
                                      double delta, double beta, const OneRunCandidateBound& bound) {
  ensure(delta >= 0 && delta < 1, "delta must lie in [0, 1), got ", delta);
  ensure(beta > 0 && beta < 1, "beta must lie in (0, 1), got ", beta);
  const std::vector<OneRunGuesses> candidates = oneRunGuessCandidates(scores, included);
  OneRunAuditResult best;
  best.canaries = long(scores.size());
  best.beta = beta;
  best.candidates = long(candidates.size());
  const double level = beta / double(candidates.size());
  for (const OneRunGuesses& g : candidates) {
    const double b = bound(g, best.canaries, level, best.epsilonLowerBound);
    if (b > best.epsilonLowerBound || best.guessesIn == 0) {
      best.epsilonLowerBound = b;
      best.guessesIn = g.guessesIn, best.guessesOut = g.guessesOut, best.correct = g.correct;
    }
  }
  return best;
}

OneRunAuditResult oneRunAuditFromScores(const std::vector<double>& scores, const std::vector<bool>& included,
                                        double delta, double beta) {
  return bestOneRunCandidate(scores, included, delta, beta,
                             [delta](const OneRunGuesses& g, long m, double level, double) {
                               return oneRunEpsilonLowerBound(m, g.guessesIn + g.guessesOut, g.correct, delta, level);
                             });
}

}  // namespace dpw
