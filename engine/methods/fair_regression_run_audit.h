#pragma once
/// End-to-end privacy audit of a whole fair-regression run through its CSV data path (issue #36):
/// runFairRegression itself, as a user runs it on a CSV file (loadGroupedScoresCsv with the declared groups
/// and score bounds, the seeded train/test split, the binning, the private joint histogram with the method's
/// default law, discrete Laplace, and its ε), on two neighbouring CSV files written once, against the ε the
/// run's ledger claims (metric `epsilon`, histogramLedger).
///
/// Setting (`mechanism = fair-regression-run` of the privacy-audit method): 40 rows, score column s with public
/// bounds [0, 1], groups a, b declared (group_values a,b), k = 4 bins, test fraction 0.25 (30 training rows),
/// one seed, α = 0 and no α sweep. The canary is row 0: score 0 in group a (the lowest bin) in D, score 1 in
/// group b (the highest bin) in D', the replace-one relation of [FairReg] Def. 2.1; one count leaves a cell and
/// another gains one, L1 sensitivity 2/n, the worst case of the histogram (any two distinct cells are: moving
/// the group too costs the release nothing more). No other row lies in those two cells, so their counts
/// without the canary are 0 in every split.
///
/// The auditor is white box: it reads the released noisy histogram (FairRegressionSettings::
/// inspectReleasedHistogram) and scores the log-likelihood ratio of the claimed law on the two cells.
/// The split's coin: the canary goes to the training rows with probability γ = 30/40; in the test rows it
/// changes no release. The claim takes no credit for that coin (in seeded mode the published seed says which
/// rows were released), so the auditor, knowing the seed's split (`knowsSplit`, the registered audit), runs
/// only seeds that put the canary in training: the bound can then reach the claim. An auditor blind to the
/// split (`knowsSplit` false) is bounded by the amplified ε' = ln(1 + γ(e^ε − 1)) (sampling without
/// replacement under substitution; Balle, Barthe & Gaboardi 2018, Thm. 9), below the claim.
/// Faults: noise-quarter, noise-two-thirds (the run calibrated for ε / 0.25 or ε / 0.67: the noise scale
/// × 0.25 or × 0.67); replace-as-add-remove (planted bug (f): the histogram calibrated with the add/remove
/// sensitivity, one count, where replace-one moves two: the scale × 0.5). The claim stays the correct run's
/// ledger ε.
/// The run also releases, in its sweep, a second noisy histogram of the first seed's split (fresh noise, read
/// only by evaluation outputs on the test rows); the auditor does not read it.
#include <cstdint>

#include "audit/mechanism_audits.h"

namespace dpw {

/// @throws InvalidArgument on bad settings (ε ≤ 0 or infinite, an unsupported fault) or when the temporary
/// CSV files cannot be written.
AuditTarget fairRegressionRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed, bool knowsSplit = true);

}  // namespace dpw
