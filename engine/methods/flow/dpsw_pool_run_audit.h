#pragma once
/// End-to-end privacy audit of a whole DPSWflow run, the pool method ([DPSWFlow] Alg. 2; issue #36):
/// runDpswFlow itself as a user runs the `dpswflow` method (the toy loaded, the K pool directions drawn once,
/// the data's noisy histograms on them released once with the run's own exact calibration, every step's
/// k-subset of the pool, the particles' flow), on worst-case neighbouring data sets, against the ε the run's
/// ledger claims for the whole run (metric `epsilon`), with a white-box canary.
///
/// Setting (`mechanism = dpswflow-run` of the privacy-audit method): the ring5 toy loaded as usual, its
/// private rows then replaced (DpswFlowSettings::editData) by D = {49 rows at the origin, the canary
/// u = e₁} and D' = {the 49 rows, −u} (replace-one, the relation of the pool's release: a row leaves one
/// bin and enters another in each of the K histograms, Δ = √(2K)); the method's defaults K = 70 pool
/// directions (orthonormal blocks), B = 32 bins, the histogram release made once; k = d = 2 directions a
/// step, 16 particles and T = 3 steps (the steps read only the release: post-processing, they cost no ε and
/// change no claim, so few keep a trial cheap); the toy's held-out and reference samples (20 rows each)
/// feed only the evaluation metrics. Every trial is a fresh run (seed from the trial's stream).
///
/// The auditor reads what the run releases, the K x B noisy counts c̃ and the pool directions Θ
/// (DpswFlowSettings::inspectReleasedCounts), and knows the 49 other rows (their counts b are subtracted).
/// The release is one Gaussian release, c̃ = b + h(±u) + N(0, σ² I), so the Neyman-Pearson test is the
/// projection of c̃ − b on h(u) − h(−u) (h: the counts of one row; σ is not needed), whose two laws are
/// N(±K, 2Kσ²): exactly the μ = √(2K)/σ = 1/multiplier of the claim, for every draw of the pool. The
/// Gaussian-DP estimator is exact for this release (privacy_audit.h).
///
/// Faults (the run broken as a bug would break it; the claim stays the correct run's ledger ε):
/// noise-quarter, noise-two-thirds (the multiplier × 0.25, × 0.67) and replace-as-add-remove (planted bug
/// (f): the release calibrated for the add/remove Δ = √K while a replaced row moves √(2K), i.e. the noise
/// × 1/√2). Cost: 2·trials runs (about 0.5 ms of CPU each).
#include <cstdint>

#include "audit/mechanism_audits.h"

namespace dpw {

/// @throws InvalidArgument on bad settings (ε ≤ 0 or infinite, δ ∉ (0, 1), an unsupported fault).
AuditTarget dpswPoolRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);

/// The pool's other release, the paper's ([DPSWFlow] Alg. 2; `release = projections`, data noise once, the
/// default orthonormal blocks): `mechanism = dpswflow-projections-run`. The K x m projections of the data on
/// the pool, Gaussian noise of std σ = multiplier · Δ added once (Δ = 2√⌈K/d⌉ exactly for replace-one,
/// flow_directions.h), each direction's row sorted, then reused by every step (the particles' own noise is
/// post-processing of public particles). The run is the one above (ring5, K = 70, d = 2, k = 2, 16 particles,
/// T = 3), but the private data is the canary alone: D = {u = e₁}, D' = {−u}. Sorting hides the canary among
/// the m rows of each direction, which the claim does not credit: one row is the worst case, and the sort
/// then changes nothing. The auditor reads the released K x 1 projections and the pool
/// (DpswFlowSettings::inspectReleasedProjections) and scores ⟨ỹ, Θu⟩: its two laws are N(±‖Θu‖², σ²‖Θu‖²)
/// with ‖Θu‖² = ⌈K/d⌉ = 35 for every draw of the blocks, so the test's μ = 2‖Θu‖/σ = Δ/σ = 1/multiplier,
/// the claim's. Faults: noise-quarter, noise-two-thirds, and replace-as-add-remove (the release calibrated for
/// the add/remove Δ = √⌈K/d⌉ while a replaced row moves 2√⌈K/d⌉: the noise × 1/2).
AuditTarget dpswPoolProjectionsRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
