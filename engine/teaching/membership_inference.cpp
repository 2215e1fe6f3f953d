#include "teaching/membership_inference.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {

double attackTruePositiveRate(double sigma, double sensitivity, double threshold) {
  require(sigma > 0, "the attack's noise std must be > 0, got ", sigma);
  return normalCdf((sensitivity - threshold) / sigma);
}

double attackFalsePositiveRate(double sigma, double threshold) {
  require(sigma > 0, "the attack's noise std must be > 0, got ", sigma);
  return normalCdf(-threshold / sigma);
}

double gaussianRocTpr(double mu, double fpr) {
  require(mu >= 0 && fpr >= 0 && fpr <= 1, "the Gaussian ROC needs μ ≥ 0 and a rate in [0, 1], got ", mu, ", ", fpr);
  if (fpr == 0 || fpr == 1) return fpr;
  return normalCdf(normalQuantile(fpr) + mu);
}

double gaussianAttackAdvantage(double mu) {
  require(mu >= 0, "the Gaussian attack's μ must be ≥ 0, got ", mu);
  return 2 * normalCdf(mu / 2) - 1;
}

double epsilonDeltaTprBound(double epsilon, double delta, double fpr) {
  require(epsilon >= 0 && delta >= 0 && delta < 1 && fpr >= 0 && fpr <= 1,
          "the (ε, δ) bound needs ε ≥ 0, δ ∈ [0, 1) and a rate in [0, 1], got ", epsilon, ", ", delta, ", ", fpr);
  return std::min({1.0, std::exp(epsilon) * fpr + delta, 1 - std::exp(-epsilon) * (1 - delta - fpr)});
}

double epsilonDeltaAdvantageBound(double epsilon, double delta) {
  require(epsilon >= 0 && delta >= 0 && delta < 1, "the advantage bound needs ε ≥ 0 and δ ∈ [0, 1), got ", epsilon, ", ", delta);
  return (std::expm1(epsilon) + 2 * delta) / (std::exp(epsilon) + 1);
}

double shareAbove(std::span<const double> sortedScores, double threshold) {
  const auto above = sortedScores.end() - std::upper_bound(sortedScores.begin(), sortedScores.end(), threshold);
  return double(above) / double(sortedScores.size());
}

double measuredAdvantage(std::span<const double> sortedIn, std::span<const double> sortedOut) {
  require(!sortedIn.empty() && !sortedOut.empty(), "the measured advantage needs scores on both sides");
  // Thresholds ascending over the merged scores: after passing a score, one fewer of its side lies above t.
  double best = 0;  // t = −∞: both rates 1
  std::size_t i = 0, o = 0;
  const double nIn = double(sortedIn.size()), nOut = double(sortedOut.size());
  while (i < sortedIn.size() || o < sortedOut.size()) {
    const double t = o == sortedOut.size() || (i < sortedIn.size() && sortedIn[i] <= sortedOut[o]) ? sortedIn[i] : sortedOut[o];
    while (i < sortedIn.size() && sortedIn[i] <= t) ++i;
    while (o < sortedOut.size() && sortedOut[o] <= t) ++o;
    best = std::max(best, (nIn - double(i)) / nIn - (nOut - double(o)) / nOut);
  }
  return best;
}

}  // namespace dpw
