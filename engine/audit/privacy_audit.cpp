#include "audit/privacy_audit.h"

#include <algorithm>
#include <cmath>

#include "audit/clopper_pearson.h"
#include "core/error.h"
#include "core/run_stop.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/accountants/normal_tail.h"

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

/// Sorts `v` in pieces of 2^20 and merges them, asking for the run's Stop between pieces (a sort of 5·10⁶ scores
/// took 0.7-0.9 s in one go; each piece takes ~0.1 s, each merge pass ~0.03 s). Scores that compare equal are
/// equal for every count the audit takes, so the order is the one std::sort gives.
void sortAskingStop(std::vector<double>& v) {
  constexpr std::size_t kPiece = std::size_t(1) << 20;
  for (std::size_t at = 0; at < v.size(); at += kPiece) {
    throwIfRunStopped();
    std::sort(v.begin() + long(at), v.begin() + long(std::min(v.size(), at + kPiece)));
  }
  for (std::size_t width = kPiece; width < v.size(); width *= 2) {
    throwIfRunStopped();
    for (std::size_t at = 0; at + width < v.size(); at += 2 * width)
      std::inplace_merge(v.begin() + long(at), v.begin() + long(at + width), v.begin() + long(std::min(v.size(), at + 2 * width)));
  }
}

/// The two halves of the scores, each sorted: the threshold is chosen on the first, the bound evaluated on
/// the second.
struct Halves {
  std::vector<double> chooseD, chooseP, evalD, evalP;
};

Halves splitScores(std::vector<double>& d, std::vector<double>& dp, double delta, double confidence) {
  require(d.size() >= 100 && dp.size() >= 100, "an audit needs at least 100 runs on each data set, got ", d.size(),
          " and ", dp.size());
  require(delta >= 0 && delta < 1, "delta must lie in [0, 1), got ", delta);
  require(confidence > 0 && confidence < 1, "confidence must lie in (0, 1), got ", confidence);
  for (double x : d) require(!std::isnan(x), "audit scores contain NaN");
  for (double x : dp) require(!std::isnan(x), "audit scores contain NaN");
  const std::size_t hd = d.size() / 2, hp = dp.size() / 2;
  Halves h{{d.begin(), d.begin() + long(hd)}, {dp.begin(), dp.begin() + long(hp)}, {d.begin() + long(hd), d.end()},
           {dp.begin() + long(hp), dp.end()}};
  for (auto* v : {&h.chooseD, &h.chooseP, &h.evalD, &h.evalP}) sortAskingStop(*v);
  throwIfRunStopped();
  return h;
}

struct Choice {
  double threshold = 0;
  bool flip = false;
};

/// The threshold and direction whose `score(FPR⁺, FNR⁺)` at the stricter level α/100 is largest on the
/// choice half. Candidates: quantiles of the pooled choice half (enough resolution, O(n log n)). The
/// stricter level keeps thresholds far in a tail, whose few events look good on this half by chance, from
/// winning over ones that will hold on the other half.
template <class Score>
Choice chooseThreshold(const Halves& h, double alphaEach, Score score) {
  throwIfRunStopped();  // 4000 candidates' Clopper-Pearson bounds and a merge of 10⁷ scores: ~0.3 s
  std::vector<double> pooled(h.chooseD.size() + h.chooseP.size());  // the two sorted halves merged: sorted
  std::merge(h.chooseD.begin(), h.chooseD.end(), h.chooseP.begin(), h.chooseP.end(), pooled.begin());
  double best = -1;
  Choice c{pooled.front(), false};
  const std::size_t candidates = std::min<std::size_t>(pooled.size(), 2000);
  for (std::size_t i = 0; i < candidates; ++i) {
    const double t = pooled[i * (pooled.size() - 1) / std::max<std::size_t>(1, candidates - 1)];
    for (bool flip : {false, true}) {
      const Rates r = countErrors(h.chooseD, h.chooseP, t, flip);
      const double v = score(clopperPearsonUpper(r.falsePositives, long(h.chooseD.size()), alphaEach / 100),
                             clopperPearsonUpper(r.falseNegatives, long(h.chooseP.size()), alphaEach / 100));
      if (v > best) best = v, c = {t, flip};
    }
  }
  return c;
}

}  // namespace

double gdpMuExcluded(double fprUpper, double fnrUpper) {
  if (!(fprUpper > 0 && fprUpper < 1 && fnrUpper > 0 && fnrUpper < 1)) return 0.0;  // a rate of 1 excludes nothing
  return std::max(0.0, -normalQuantile(fprUpper) - normalQuantile(fnrUpper));
}

namespace {

// The chosen threshold's error rates on the evaluation half: observed, and their Clopper-Pearson upper
// bounds at confidence 1 − α/2 each (what both estimators turn into their bound).
struct Evaluated {
  double threshold = 0;
  long trialsPerSide = 0;
  double fpr = 0, fnr = 0;            ///< observed
  double fprUpper = 0, fnrUpper = 0;  ///< Clopper-Pearson upper bounds
};

template <class Score>
Evaluated evaluateBestThreshold(const Halves& h, double alphaEach, Score score) {
  const Choice c = chooseThreshold(h, alphaEach, score);
  const Rates r = countErrors(h.evalD, h.evalP, c.threshold, c.flip);
  const long nD = long(h.evalD.size()), nP = long(h.evalP.size());
  return {c.threshold, std::min(nD, nP), double(r.falsePositives) / double(nD), double(r.falseNegatives) / double(nP),
          clopperPearsonUpper(r.falsePositives, nD, alphaEach), clopperPearsonUpper(r.falseNegatives, nP, alphaEach)};
}

AuditResult distributionFree(const Halves& h, double delta, double confidence) {
  const auto epsilon = [delta](double fpr, double fnr) { return epsilonFromRates(fpr, fnr, delta); };
  const Evaluated e = evaluateBestThreshold(h, (1 - confidence) / 2, epsilon);
  AuditResult out;
  out.threshold = e.threshold;
  out.trialsPerSide = e.trialsPerSide;
  out.confidence = confidence;
  out.falsePositiveRate = e.fpr;
  out.falseNegativeRate = e.fnr;
  out.pointEstimate = epsilon(e.fpr, e.fnr);
  out.epsilonLowerBound = epsilon(e.fprUpper, e.fnrUpper);
  return out;
}

GdpAuditResult gaussianDp(const Halves& h, double delta, double confidence) {
  const Evaluated e = evaluateBestThreshold(h, (1 - confidence) / 2, gdpMuExcluded);
  GdpAuditResult out;
  out.threshold = e.threshold;
  out.trialsPerSide = e.trialsPerSide;
  out.confidence = confidence;
  out.falsePositiveRate = e.fpr;
  out.falseNegativeRate = e.fnr;
  out.muPointEstimate = gdpMuExcluded(e.fpr, e.fnr);
  out.muLowerBound = gdpMuExcluded(e.fprUpper, e.fnrUpper);
  // μ-GDP with μ > 0 is (ε, δ)-DP only for δ > 0: at a pure-ε claim the family says nothing.
  out.epsilonLowerBound = delta > 0 ? (out.muLowerBound > 0 ? gdpEpsilon(out.muLowerBound, delta) : 0.0) : NAN;
  return out;
}

}  // namespace

AuditResult auditFromScores(std::vector<double> d, std::vector<double> dp, double delta, double confidence) {
  return distributionFree(splitScores(d, dp, delta, confidence), delta, confidence);
}

GdpAuditResult gdpAuditFromScores(std::vector<double> d, std::vector<double> dp, double delta, double confidence) {
  return gaussianDp(splitScores(d, dp, delta, confidence), delta, confidence);
}

std::pair<AuditResult, GdpAuditResult> auditBoundsFromScores(std::vector<double> d, std::vector<double> dp, double delta,
                                                             double confidence) {
  const Halves h = splitScores(d, dp, delta, confidence);  // sorted once for both
  return {distributionFree(h, delta, confidence), gaussianDp(h, delta, confidence)};
}

}  // namespace dpw
