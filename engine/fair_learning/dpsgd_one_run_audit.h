#pragma once
/// One-run audit of a whole DP-SGD training of the fair classifier (issue #36; audit/one_run_targets.h):
/// `mechanism = dpsgd-run-one-run` of the privacy-audit method, registered by methods/registry.cpp.
///
/// The training is fair learning's (methods/fair_learning.cpp, runSerial): the same calls in the same
/// order, on the logistic model with BCE loss: fixed per-cell batches without replacement at the method's
/// default fraction 0.2 (q = n′/n per cell, cellBatchSizes), T = 500 steps (the method's default), the
/// clip C = 5, M = L = 1, σ from the fair-learning noise decision for the whole run (calibrateMultiplier
/// on its ledger at q and T) and the claim from that ledger (fairDpSgdLedger, replace-one neighbours within a
/// cell) at δ.
/// Not covered: the data path (synthetic or CSV loading and its transformations): the rows are the
/// auditor's.
///
/// Canaries (white box, Dirac gradients as in Nasr et al. 2023 and Steinke et al. 2023 §6): the model
/// has 4 ordinary features plus one feature per canary; canary i is the row x = a·e_{4+i} (a = 100 C, so
/// its loss gradient (p − y)(x, 1) is clipped to norm C while |p − y| ≥ 1/100), in cell i mod 2, beside 50
/// ordinary rows per cell (zero on the canary features). Its inclusion bit picks between the two rows of
/// the replace-one relation: label 0 (in) or label 1 (out); their clipped gradients differ by ≈ 2C in
/// coordinate 4+i, the sensitivity Δ the claim is calibrated for (α = 0). No other row touches that
/// coordinate, so the canaries do not interfere. The auditor sees every released noisy gradient
/// (θ_t − θ_{t+1})/lr (SGD; lr = 1e-4 keeps a·θ small, so p stays near ½ and the canary at full norm:
/// the learning rate is post-processing and is the auditor's choice here) and scores canary i by the
/// log-likelihood ratio of its coordinate, Σ_t log[(1−q)φ(z_t) + qφ(z_t − c⁺_t)] − log[(1−q)φ(z_t) +
/// qφ(z_t − c⁻_t)], c^±_t its exact clipped contribution at θ_t for label 0 / 1 and the noise std read
/// from the release (the canary coordinates' second moment less the signal's).
///
/// Faults: noise-quarter, noise-two-thirds (the multiplier × 0.25, × 0.67; the claim stays the correct
/// run's). Cost: T steps on (100 + m) rows of 5 + m features, about m²/20 · T flops; m ≤ 5000 (the
/// data is dense: 200 MB at 5000).
#include <cstdint>

#include "audit/one_run_targets.h"

namespace dpw {

/// @throws InvalidArgument on bad settings (δ ∉ (0, 1), α ∉ [0, 1), an unsupported fault).
OneRunTarget dpsgdRunOneRunTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
