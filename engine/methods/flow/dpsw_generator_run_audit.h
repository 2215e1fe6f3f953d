#pragma once
/// End-to-end privacy audit of a whole DPSWgen training (issue #36): runDpswGenerator itself, as a user runs
/// the `dpswgen` method (the toy loaded, fixed-size batches without replacement at q < 1, k fresh random
/// directions and the DP-SWD release of the batch's noisy projections every step, all T Adam steps, the run's
/// own calibration by pld-wor), on worst-case neighbouring data sets, against the ε the run's ledger claims
/// for the whole run (metric `epsilon`), with a white-box canary.
///
/// Setting (`mechanism = dpswgen-run` of the privacy-audit method): the ring5 toy loaded as usual, its private
/// rows then replaced (DpswGeneratorSettings::editData) by one coordinate, D = {4 rows at 0, the canary u = 1}
/// and D' = {the 4 rows, −u} (replace-one, the relation of pld-wor; |u − (−u)| = 2, the unit ball's diameter
/// the sensitivity Δ = 2w(k, d, δ/(2T)) is stated for; the evaluation samples cut to their first coordinate);
/// batch b = 1 of m = 5 (q = 0.2), T = 20 steps, k = 2 directions, a generator of one hidden layer of 8 units
/// on a latent of 2 (the network only post-processes the releases: its size costs time, not ε), 20 generated
/// samples and toy samples of 20 rows for the evaluation metrics. Every trial is a fresh run (seed from its
/// stream). Why these choices: in one coordinate every direction is ±1, so ‖Θu‖ = √k = w exactly, the worst
/// case the claim covers (in d = 2 typical draws give about 0.7 of w and noise ÷ 4 read 0.46 in μ, not
/// separable from a correct run at this cost); one row a batch, because the release's rows come in the batch's
/// random order, which hides the canary among b − 1 others, a slack the accountant does not credit (at b = 5
/// the same fault read μ = 0.37); k = 2 because each direction seeds its own noise stream (about 20 µs), the
/// run's main cost, and in one coordinate k does not change the canary's μ = 1/multiplier a step.
///
/// The auditor reads what every step releases (DpswGeneratorSettings::inspectReleasedProjections): the
/// directions Θ (public) and the k x b noisy projections of the batch rows, in the batch's random order. The
/// other rows project to 0, so with a = Θu each column x_i is N(±a, s²I) for the canary's row (in the batch
/// with probability p = b/m, at a uniformly random place) and N(0, s²I) for the others. The score is the exact
/// log-likelihood ratio of D against D' composed over the steps,
///   Σ_t log[(1−p) + p·(1/b) Σ_i e^{(x_i·a − ‖a‖²/2)/s²}] − log[(1−p) + p·(1/b) Σ_i e^{(−x_i·a − ‖a‖²/2)/s²}],
/// with s the noise std the run reports drawing (white box: the mechanism's law is known; the law a broken
/// run really draws, so a run with less noise than it claims is scored by its own law).
///
/// Faults (the claim stays the correct run's ledger ε): noise-quarter, noise-two-thirds (the multiplier
/// × 0.25, × 0.67) and rate-tenth (the multiplier calibrated for 10 m rows, q/10, while the batches are drawn
/// from the m rows at q). The trials run the probe's calibrated multiplier with the rdp-wor accountant (the
/// same sampler and neighbours as pld-wor, no PLD composition a run). Cost: 2·trials runs of 20 steps.
#include <cstdint>

#include "audit/mechanism_audits.h"

namespace dpw {

/// @throws InvalidArgument on bad settings (ε ≤ 0 or infinite, δ ∉ (0, 1), an unsupported fault).
AuditTarget dpswGeneratorRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
