#pragma once
/// One-run audit of a whole DPSWflow-r run (issue #36; audit/one_run_targets.h): `mechanism =
/// dpswflow-r-one-run` of the privacy-audit method, registered by methods/registry.cpp.
///
/// The run is runDpswFlow itself, as dpsw_flow_run_audit.h runs it (the ring5 toy loaded, its private rows
/// replaced through DpswFlowSettings::editData; Poisson sampling at q = batch / public row count; T = 30
/// steps; k = d = 2 orthonormal directions; the histogram release; the run's own calibration by pld and
/// its ledger ε for the whole run), with one difference of scale: the private rows are 49 rows at the
/// origin plus the m canaries that are in, canary i the point (cos φ_i, sin φ_i), φ_i = 2π i/m, on the unit
/// circle; excluded canaries are absent (add/remove, the neighbours of pld). The public row count is
/// m + 49 and the batch 2/5 of it (q = 0.4, below the rows a run has), and the histograms have B = 4096 bins (public: they do not
/// touch the claim), so that the canaries seldom share a bin.
///
/// The auditor (white box) reads every step's released noisy counts and directions
/// (inspectReleasedCounts), the count noise from the bins no row can reach, and scores canary i by the
/// log-likelihood ratio of its own bins, Σ_t log(1 − q + q e^{(s_t − r_t/2)/σ̂²}), s_t the sum of the
/// counts of its r_t bins outside the origin's. Canaries that share a bin add each other's counts to their
/// scores (interference: a weaker score, still a valid one; the one-run bound holds for any score).
///
/// Faults: noise-quarter, noise-two-thirds (the multiplier × 0.25, × 0.67; the claim stays the correct
/// run's). Cost: one run of T steps (m + 49 rows), plus a probe run for the claim.
#include <cstdint>

#include "audit/one_run_targets.h"

namespace dpw {

/// @throws InvalidArgument on bad settings (ε ≤ 0 or infinite, δ ∉ (0, 1), an unsupported fault).
OneRunTarget dpswFlowOneRunTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
