#pragma once
/// Empirical lower bounds on ε from a distinguishing test (Jagielski, Ullman, Oprea 2020; Nasr et al.
/// 2021).
///
/// A mechanism M is run many times on neighbouring data sets D and D'; each run yields a score (a
/// statistic of the output that a strong attacker would use). A threshold test "score > t ⇒ D'" has
/// false-positive rate FPR (on D) and false-negative rate FNR (on D'). Any (ε, δ)-DP mechanism obeys
///   FPR + e^ε FNR ≥ 1 − δ   and   FNR + e^ε FPR ≥ 1 − δ,
/// so with Clopper-Pearson upper bounds on both rates at confidence 1 − α/2 each,
///   ε ≥ max( ln((1 − δ − FNR⁺)/FPR⁺), ln((1 − δ − FPR⁺)/FNR⁺) )
/// holds with probability ≥ 1 − α. The threshold and the direction are chosen on the first half of
/// the trials (ranked by the same bound at the stricter level α/100, which keeps the choice out of
/// sparse tails) and the bound is evaluated on the second half, so the choice does not bias it.
#include <utility>
#include <vector>

namespace dpw {

struct AuditResult {
  double epsilonLowerBound = 0;  ///< with confidence `confidence`; 0 when no test beats chance
  double pointEstimate = 0;      ///< the same formula with the observed rates (no confidence)
  double threshold = 0;          ///< chosen threshold
  double falsePositiveRate = 0;  ///< observed on the evaluation half
  double falseNegativeRate = 0;
  long trialsPerSide = 0;
  double confidence = 0.95;
};

/// Bound from scores of runs on D (`scoresD`) and on D' (`scoresDPrime`), each at least 100 long.
/// @throws InvalidArgument on too few scores, NaN scores, δ outside [0, 1) or confidence outside (0, 1).
AuditResult auditFromScores(std::vector<double> scoresD, std::vector<double> scoresDPrime, double delta,
                            double confidence = 0.95);

/// The Gaussian-DP estimator (Nasr et al., USENIX Security 2023, "Tight auditing of differentially
/// private machine learning", §4-5), beside the distribution-free one above.
///
/// Assumption: the release's trade-off curve (Dong, Roth, Su 2022) is a Gaussian one,
/// G_μ(α) = Φ(Φ⁻¹(1 − α) − μ), for some μ: exactly so for the Gaussian mechanism, DP-SGD with full
/// batches and every unsubsampled Gaussian release here, only approximately (a CLT) for subsampled or
/// composed ones, and not at all for Laplace. Within that family the bound holds with probability
/// ≥ confidence; outside it, it is an estimate, and every report labels it "within the Gaussian-DP family".
///
/// At a threshold t with Clopper-Pearson upper bounds FPR⁺, FNR⁺ (confidence 1 − α/2 each), a μ-GDP
/// release has FNR ≥ G_μ(FPR) ≥ G_μ(FPR⁺) (G_μ decreasing), so the CP box lying below G_μ,
/// FNR⁺ < G_μ(FPR⁺), excludes μ; it does so for every μ below
///   μ*(t) = −Φ⁻¹(FPR⁺) − Φ⁻¹(FNR⁺)   (0 when that is negative),
/// symmetric in the two rates (G_μ is symmetric), so both test directions use the same formula. As
/// auditFromScores, every candidate threshold is ranked on the first half of the trials (by μ* at the
/// stricter level α/100) and the chosen one is evaluated on the second half, so the choice does not bias
/// the bound. μ* converts to ε at the claim's δ by the exact (ε, δ) curve of μ-GDP (gdp_analysis.h),
///   δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2),
/// increasing in μ, so ε(μ*, δ) ≤ ε(μ_true, δ). Unlike one (FPR, FNR) point read against the (ε, δ)
/// corner, the whole curve is used: at the middle threshold the rates are near ½ and cheap to estimate,
/// which is why this bound reaches the claim (≥ 0.9 of it for a Gaussian release with 2·10^5 trials per
/// side at ε = 1) where the distribution-free one stops at about 0.6.
struct GdpAuditResult {
  double muLowerBound = 0;       ///< μ* of the chosen threshold on the evaluation half
  double epsilonLowerBound = 0;  ///< ε(μ*, δ) within the Gaussian-DP family; NaN when δ = 0 (μ-GDP is no ε-DP)
  double muPointEstimate = 0;    ///< μ* at the observed rates (no confidence)
  double threshold = 0;
  double falsePositiveRate = 0;  ///< observed on the evaluation half
  double falseNegativeRate = 0;
  long trialsPerSide = 0;
  double confidence = 0.95;
};

/// The Gaussian-DP bound from the same scores as auditFromScores.
/// @throws InvalidArgument as auditFromScores.
GdpAuditResult gdpAuditFromScores(std::vector<double> scoresD, std::vector<double> scoresDPrime, double delta,
                                  double confidence = 0.95);

/// Both bounds from one split and sort of the scores (what runAudit reports).
std::pair<AuditResult, GdpAuditResult> auditBoundsFromScores(std::vector<double> scoresD, std::vector<double> scoresDPrime,
                                                             double delta, double confidence = 0.95);

/// μ*(FPR⁺, FNR⁺) = max(0, −Φ⁻¹(FPR⁺) − Φ⁻¹(FNR⁺)): the largest μ whose G_μ lies above the box (0 when a rate is 1).
double gdpMuExcluded(double fprUpper, double fnrUpper);

}  // namespace dpw
