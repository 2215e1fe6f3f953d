#include "audit/privacy_audit.h"

#include <algorithm>
#include <cmath>

#include "audit/clopper_pearson.h"
#include "core/error.h"

namespace dpw {
namespace {

struct Rates {
  long falsePositives, falseNegatives;
};

/// Counts of "score > t" on D (false positives) and "score ≤ t" on D' (false negatives); `flip`
/// tests the other direction ("score < t ⇒ D'").
Rates countErrors(const std::vector<double>& sortedD, const std::vector<double>& sortedDPrime, double t, bool flip) {
  const long aboveD = long(sortedD.end() - std::upper_bound(sortedD.begin(), sortedD.end(), t));
  const long aboveDp = long(sortedDPrime.end() - std::upper_bound(sortedDPrime.begin(), sortedDPrime.end(), t));
  if (!flip) return {aboveD, long(sortedDPrime.size()) - aboveDp};
  return {long(sortedD.size()) - aboveD, aboveDp};
}

double epsilonFromRates(double fpr, double fnr, double delta) {
  double best = 0;
  if (fpr > 0 && 1 - delta - fnr > 0) best = std::max(best, std::log((1 - delta - fnr) / fpr));
  if (fnr > 0 && 1 - delta - fpr > 0) best = std::max(best, std::log((1 - delta - fpr) / fnr));
  return best;
}

}  // namespace

AuditResult auditFromScores(std::vector<double> d, std::vector<double> dp, double delta, double confidence) {
  require(d.size() >= 100 && dp.size() >= 100, "an audit needs at least 100 runs on each data set, got ", d.size(),
          " and ", dp.size());
  require(delta >= 0 && delta < 1, "delta must lie in [0, 1), got ", delta);
  require(confidence > 0 && confidence < 1, "confidence must lie in (0, 1), got ", confidence);
  for (double x : d) require(!std::isnan(x), "audit scores contain NaN");
  for (double x : dp) require(!std::isnan(x), "audit scores contain NaN");

  // Halves: choose on the first, bound on the second.
  const std::size_t hd = d.size() / 2, hp = dp.size() / 2;
  std::vector<double> chooseD(d.begin(), d.begin() + hd), chooseP(dp.begin(), dp.begin() + hp);
  std::vector<double> evalD(d.begin() + hd, d.end()), evalP(dp.begin() + hp, dp.end());
  for (auto* v : {&chooseD, &chooseP, &evalD, &evalP}) std::sort(v->begin(), v->end());

  // Candidate thresholds: quantiles of the pooled choice half (enough resolution, O(n log n)).
  std::vector<double> pooled = chooseD;
  pooled.insert(pooled.end(), chooseP.begin(), chooseP.end());
  std::sort(pooled.begin(), pooled.end());
  const double alphaEach = (1 - confidence) / 2;
  double bestScore = -1, bestT = pooled.front();
  bool bestFlip = false;
  const std::size_t candidates = std::min<std::size_t>(pooled.size(), 2000);
  for (std::size_t c = 0; c < candidates; ++c) {
    const double t = pooled[c * (pooled.size() - 1) / std::max<std::size_t>(1, candidates - 1)];
    for (bool flip : {false, true}) {
      const Rates r = countErrors(chooseD, chooseP, t, flip);
      // Rank thresholds by a stricter bound than the final one (α/100): thresholds far in a tail, whose
      // few events look good on this half by chance, lose to ones that will hold on the other half.
      const double fpr = clopperPearsonUpper(r.falsePositives, long(chooseD.size()), alphaEach / 100);
      const double fnr = clopperPearsonUpper(r.falseNegatives, long(chooseP.size()), alphaEach / 100);
      const double score = epsilonFromRates(fpr, fnr, delta);
      if (score > bestScore) bestScore = score, bestT = t, bestFlip = flip;
    }
  }
  const Rates r = countErrors(evalD, evalP, bestT, bestFlip);
  AuditResult out;
  out.threshold = bestT;
  out.trialsPerSide = long(std::min(evalD.size(), evalP.size()));
  out.confidence = confidence;
  out.falsePositiveRate = double(r.falsePositives) / double(evalD.size());
  out.falseNegativeRate = double(r.falseNegatives) / double(evalP.size());
  out.pointEstimate = epsilonFromRates(out.falsePositiveRate, out.falseNegativeRate, delta);
  out.epsilonLowerBound = epsilonFromRates(clopperPearsonUpper(r.falsePositives, long(evalD.size()), alphaEach),
                                           clopperPearsonUpper(r.falseNegatives, long(evalP.size()), alphaEach), delta);
  return out;
}

}  // namespace dpw
