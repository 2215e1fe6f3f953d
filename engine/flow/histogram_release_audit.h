#pragma once
/// Privacy audit of DPSWflow-r's histogram release (projection_histogram.h) through the production
/// path (releaseProjectionHistograms), with a worst-case pair of neighbours (engine/audit/privacy_audit.h).
///
/// Setting: k directions in one orthonormal block per d (public, fixed), B bins on [−1, 1]; the
/// noise multiplier of the run's calibration for ONE step on the whole data
/// (calibrateNoiseMultiplier(accountant, ε, δ, q = 1, T = 1)), with the accountant's neighbours.
/// The pair follows the accountant's neighbouring relation (AccountantInfo::relation).
/// Add/remove (accountants rdp, rdp-mironov, pld, gdp): D = {u}, D' = {} (u a unit vector), σ = multiplier · √k;
/// the row sits in bin bⱼ of histogram j and the attacker scores Σⱼ c̃ⱼ[bⱼ]: N(k or 0, kσ²), the
/// likelihood-ratio statistic at separation √k = Δ (tight).
/// Replace-one (rdp-wor, pld-wor, gdp-uniform): D = {u}, D' = {−u}, σ = multiplier · √(2k); the score
/// Σⱼ (c̃ⱼ[bⱼ] − c̃ⱼ[bⱼ']) over the directions with bⱼ ≠ bⱼ' is N(±r, 2rσ²), separation √(2r) ≤ Δ,
/// tight when r = k. A correct release gives a lower
/// bound ≤ ε; noise ÷ 4 must be caught. Cost: 2 · trials releases of k x B counts of one row.
#include <cstdint>

#include "audit/mechanism_audits.h"

namespace dpw {

/// The release as a target of the privacy-audit method (`mechanism = flow-histogram`, registered by the
/// method registry): k = `projections`, d = `dimension`, B = 32, σ from `accountant`'s calibration of one
/// step and the claim from that step's ledger (oneFlowStepLedger, flow_accounting.h), the neighbours
/// those of `accountant`;
/// fault noise-quarter only; seeded (teaching) or secure (os-entropy, the exact discrete Gaussian) noise.
/// @throws InvalidArgument unless ε > 0 is finite, k, d ≥ 1, and for the skip-clip fault.
AuditTarget histogramReleaseAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
