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

}  // namespace dpw
