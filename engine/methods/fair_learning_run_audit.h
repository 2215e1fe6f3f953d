#pragma once
/// End-to-end privacy audits of whole fair-learning trainings (issue #36 item 1), one target builder for the
/// four DP-SGD tasks of methods/fair_learning.h: runFairLearning itself, as a user runs the task (its data path,
/// fixed-size batches per cell at q = 0.2, all T steps, the run's own calibration by pld-wor, the task's `auto`),
/// on worst-case neighbouring data (replace-one within a cell, the relation of the fair-learning ledger),
/// against the ε the run's ledger claims for the whole run (metric `epsilon`). White box: the classifier's
/// auditor reads the released model θ_T (FairLearningSettings::inspectModel), the others' every released step.
/// The trials run the probe's calibrated multiplier with no accountant (the calibration is deterministic; a
/// PLD per run would cost more than the run). The classifier's trials are fresh runs (seed from the trial's
/// stream; the seeded split is the same law under D and D′, so the pair is a mixture of neighbours). The other
/// three hold D, D′ and the initialisation fixed (FairLearningSettings::fixedDataSeed: the trial's seed drives
/// only the batches and the noise), run full batches (q = 1) and score the released steps by a replay
/// (FairLearningSettings::inspectStep; DP-SGD releases every iterate): at each step the auditor recomputes the
/// run's own clipped gradient at θ_t on D and on D′ as the run's data path loaded them (its batches, directions,
/// clipping, and its fault if any), g and g′, and adds ⟨G_t − (g + g′)/2, g − g′⟩ for the released noisy
/// gradient G_t: the log-likelihood ratio of the composition, whose μ is √(Σ_t ‖g − g′‖²)/(σΔ), the claim's
/// when every ‖g − g′‖ reaches Δ. The canary's reach ‖g − g′‖/Δ (measured, seed 5) bounds what any score sees:
/// regression 1.0, representation 0.77, matching 0.09 (docs/privacy-audits.md).
///
/// `mechanism` of the privacy-audit method, per task (T = 30 for the classifier and 10 for the others, C = 1,
/// α = 0.1 for the classifier and 0 for the regression and the representation, unless run_steps, run_clip,
/// run_alpha say otherwise). Caught at claim 1 (tests/engine/methods/tst_fair_learning_run_audit.cpp):
/// fair-regression-2d's noise / 4 (both estimators); the representation's noise / 4 (within the Gaussian-DP
/// family), bug (a) and skip-clip at C = 0.1 (both). Matching's noise / 4 cannot be caught at this claim by any
/// score on a reference-point canary: one reaches at most about 0.21 Δ (this one 0.09), so noise / 4 gives
/// μ ≤ 0.23 (measured ≈ 0.1) against the claim's 0.27:
///  - fair-classifier-run (CSV): 300 rows, one feature x with public bounds [−1, 1], groups g ∈ {a, b}
///    alternating, label y = 1 exactly when x = +1 (x = ±1 alternating within each group); test fraction 0.2,
///    learning rate 0.5, statistical parity. The canary is row 0 (group a, y = 0): x = 1000 in D (a crafted
///    outlier, clamped to the bound 1 by the correct path) and x = −1 in D′. Score: the weight on x.
///  - fair-representation-run (CSV): 300 rows, features x1, x2 with public bounds [−1, 1], groups a, b
///    alternating, no label; every other row has x1 = 0 and x2 = ±1. The canary is row 0 (group a): x1 = 1000
///    in D (clamped to 1), x1 = −1 in D′, x2 = 0; the data seed is the first whose split trains on the canary.
///    Test fraction 0.2, learning rate 0.5, the paper's SW₂² penalty between the groups' codes.
///  - fair-regression-2d-run (synthetic, App. B with 2 core and no spurious features): n = 200 training and
///    20 test points; the canary replaces training record 0 within its cell (FairLearningSettings::
///    editTrainingData): input 0 and target Y^C = (10, 10) in D, (−10, −10) in D′. Learning rate 0.5.
///  - private-matching-run (synthetic, App. C): n = 100 points of each private sample; the canary replaces
///    the circle sample's record 0 (both samples are private, Thm A.1(b)) by (1, 0) in D and (−1, 0) in D′, the
///    ends of the ball of radius M = 1 that the step clips the reference to. Learning rate 0.5, the noisy
///    gradient clipped after the noise (App. C), which keeps only G_t's direction: the replay restores the norm
///    the correct run's noise gives it, √(‖(g + g′)/2‖² + P (σΔ)²). A canary on the network's side (an input
///    record, Thm A.1(b)'s 12LM/n) reached 0.04 Δ, less than this one.
///
/// Faults: noise-quarter, noise-two-thirds (the multiplier × 0.25, × 0.67) for every task;
/// private-standardisation (planted bug (a), FairCsvSpec::plantedPrivateStandardisation: the features
/// standardised on the private training rows, so the outlier's mean and deviation move every row) for the CSV
/// tasks; skip-clip (planted bug (d): the loss gradients unclipped, the noise std still the correct run's,
/// calibrated for C) for the tasks with a loss (not matching). The public bounds map every feature into
/// [−1, 1], so a row's raw gradient is small: skip-clip shows only with C well below it (the classifier's
/// test uses C = 0.05, α = 0, T = 100; the representation's C = 0.1; at C = 1 a skip-clip run of the
/// representation can stop with a singular code layer). Cost: 2·trials runs of T steps, each step 3 gradients
/// beside the classifier (about 4-9 ms a run at load 6; matching 35-45 ms).
#include <cstdint>

#include "audit/mechanism_audits.h"
#include "methods/fair_learning.h"

namespace dpw {

/// The registered name of the task's whole-run audit ("fair-classifier-run", "fair-regression-2d-run",
/// "fair-representation-run", "private-matching-run").
const char* fairLearningRunAuditName(FairTask task);

/// @throws InvalidArgument on bad settings (ε ≤ 0 or infinite, δ ∉ (0, 1), an unsupported fault) or when the
/// temporary CSV files cannot be written.
AuditTarget fairLearningRunAuditTarget(FairTask task, const MechanismAuditSettings& s, std::uint64_t seed);

/// The classifier's (fair-classifier-run).
inline AuditTarget fairClassifierRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed) {
  return fairLearningRunAuditTarget(FairTask::Classifier, s, seed);
}

}  // namespace dpw
