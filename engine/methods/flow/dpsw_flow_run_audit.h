#pragma once
/// End-to-end privacy audit of a whole DPSWflow-r run (issue #36): runDpswFlow itself, as a user runs it
/// (data loading, Poisson sampling at q < 1, all T steps, the histogram release, the run's own noise
/// calibration), on worst-case neighbouring data sets, against the ε the run's ledger claims for the whole
/// run (metric `epsilon`), with a white-box canary.
///
/// Setting (`mechanism = dpswflow-r-run` of the privacy-audit method): the ring5 toy loaded as usual, its
/// private rows then replaced (DpswFlowSettings::editData) by D = {49 rows at the origin, the canary
/// u = e₁} and D' = {the 49 rows at the origin} (add/remove neighbours, those of the accountant pld the
/// run uses); q = batch / public row count = 5/50 = 0.1 on both (a public nominal count, so the neighbour
/// does not move q); T = 30 steps, k = d = 2 orthonormal directions, B = 32 bins, 16 particles
/// (public, they do not touch the claim); the toy's held-out and reference samples (20 rows each) feed only
/// the run's evaluation metrics. Every trial is a fresh run (seed from the trial's stream).
///
/// The auditor reads what the run releases, every step's noisy counts c̃ (k x B) and its public
/// directions Θ (DpswFlowSettings::inspectReleasedCounts), the Dirac view of Nasr et al. 2023: the rows
/// at the origin fall in bin B/2 of every histogram, the canary's projection θⱼ·u in bin bⱼ; over the rⱼ
/// directions with bⱼ ≠ B/2 the canary's counts s_t = Σⱼ c̃ⱼ[bⱼ] are N(r_t·1[canary sampled], r_t σ²)
/// on D and N(0, r_t σ²) on D', σ the run's count noise, which the auditor reads from the release itself
/// (the bins no row can reach are pure noise). The score is the white-box log-likelihood ratio
/// Σ_t log(1 − q + q exp((s_t − r_t/2)/σ̂²)), the Neyman-Pearson test of the composed subsampled Gaussian
/// the accountant accounts (separation √r_t ≤ √k = Δ).
///
/// Faults (the run broken as a bug would break it; the claim stays the correct run's ledger ε):
/// noise-quarter, noise-two-thirds (the multiplier × 0.25, × 0.67), rate-tenth (the accountant told
/// q/10: the multiplier calibrated at q/10 while the coins are drawn at q) and replace-as-add-remove (the
/// pair is replace-one, D' = {the 49 rows, the canary at −u}, while the run calibrates and accounts for
/// add/remove neighbours, Δ = √k instead of √(2k); the score is then the likelihood ratio of "the canary at u"
/// against "at −u", over the directions where u, −u and the origin fall in three different bins).
/// MechanismAuditSettings::runSteps and runBatch set T and the batch (q = batch/50): the tests of the planted
/// bugs use q = 0.9, T = 10, where the whole run's release is close to one Gaussian.
/// Cost: 2·trials runs of T steps (about 3.5 ms of CPU a run at T = 10, a third of it the run's rdp report).
#include <cstdint>

#include "audit/mechanism_audits.h"
#include "core/method.h"
#include "methods/flow/dpsw_flow.h"

namespace dpw {

/// @throws InvalidArgument on bad settings (ε ≤ 0 or infinite, δ ∉ (0, 1), an unsupported fault).
AuditTarget dpswFlowRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
