#pragma once
/// End-to-end privacy audit of a whole fair-classifier training through its CSV data path (issue #36,
/// planted bug (a)): runFairLearning itself, as a user runs it on a CSV file (loadFairCsv with the declared
/// public bounds, the seeded shuffle and train/test split, fixed-size batches per group, all T DP-SGD steps,
/// the run's own calibration), on two neighbouring CSV files, against the ε the run's ledger claims for the
/// whole run (metric `epsilon`).
///
/// Setting (`mechanism = fair-classifier-run` of the privacy-audit method): 200 rows, one feature x with
/// public bounds [−1, 1], groups g ∈ {a, b} alternating, label y = 1 exactly when x = +1 (x = ±1
/// alternating within each group). The canary is row 0 (group a, y = 0): x = 1000 in D (a crafted
/// outlier) and x = −1 in D' (replace-one within its cell, the relation of the fair-learning ledger).
/// Test fraction 0.1, batch fraction 0.2 (q = 0.2), T = 30 steps, learning rate 0.5, clip C = 1, α = 0.5,
/// statistical parity, accountant pld-wor (the fair classifier's `auto`). The files are written once into
/// the temporary directory and removed when the target is destroyed.
///
/// The correct path clamps the outlier to the bound 1: the canary moves only its own clipped gradient.
/// Planted bug (a), fault `private-standardisation` (FairCsvSpec::plantedPrivateStandardisation): the
/// feature is standardised on the private training rows, so the outlier's mean and deviation move every
/// row's feature (the other rows collapse near −0.1): the whole gradient changes, far beyond Δ.
/// The auditor reads the released model θ_T (FairLearningSettings::inspectModel) and scores its weight on
/// x; under D' the model learns w > 0, under the faulty D it does not. Faults: noise-quarter,
/// noise-two-thirds (the multiplier × 0.25, × 0.67), private-standardisation, and skip-clip (planted bug (d):
/// the loss gradients unclipped, the noise std still the correct run's, calibrated for C). The public bounds
/// map x into [−1, 1], so a row's raw gradient is at most √2: skip-clip shows only with C well below that
/// (MechanismAuditSettings::runClip, runAlpha and runSteps set C, α and T; the test uses C = 0.05, α = 0,
/// T = 100). The trials run the probe's
/// calibrated multiplier with no accountant (the calibration is deterministic; a PLD per run would cost
/// more than the run). Cost: 2·trials runs of 30 steps on 180 rows (about 1 ms each).
#include <cstdint>

#include "audit/mechanism_audits.h"

namespace dpw {

/// @throws InvalidArgument on bad settings (ε ≤ 0 or infinite, δ ∉ (0, 1), an unsupported fault) or when the
/// temporary CSV files cannot be written.
AuditTarget fairClassifierRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
