#pragma once
/// Privacy audit of one private flow step through the production path (slicedFlowDrift, the noise
/// calibration of a run), with a worst-case pair of neighbours (engine/audit/privacy_audit.h).
///
/// Setting: the default DPSWflow-r choices: k directions in orthonormal blocks (Δ = 2 √⌈k/d⌉ exactly,
/// flow_directions.h), noise multiplier from the run's calibration for ONE step on the whole data
/// (calibrateNoiseMultiplier(accountant, ε, δ, q = 1, T = 1)), s = multiplier · Δ. D = {u}, D' = {−u} with
/// u a unit vector (‖y − y'‖ = 2, the largest change in the unit ball); Θ and the particles X are public
/// and fixed. Each trial runs slicedFlowDrift with a fresh noise seed and releases the drift. The
/// attacker uses that the data quantiles of a one-row data set are its noisy projections t̃ (k-vector),
/// so k · mean(drift) = Θᵀ(mean p̃ − t̃), and scores uᵀ(Θᵀ mean(Θ X) − k · mean(drift)) = uᵀΘᵀ t̃ −
/// uᵀΘᵀ ξ̄ (ξ̄: the mean particle noise, variance s²/n per direction). For orthonormal blocks this is
/// N(±‖Θu‖², s² ‖Θu‖² (1 + 1/n)): the Gaussian mechanism's own likelihood-ratio statistic, so the audit
/// is nearly tight. A correct step gives a lower bound ≤ ε; noise ÷ 4 must be caught.
/// Cost: 2 · trials calls of slicedFlowDrift on n particles and one data row.
#include <cstdint>
#include <string>

#include "audit/mechanism_audits.h"
#include "audit/privacy_audit.h"
#include "privacy/accountants/accountant.h"  // AccountantKind

namespace dpw {

struct FlowStepAuditSettings {
  double epsilon = 1.0;
  double delta = 1e-5;
  long trials = 50000;       ///< runs on each of D and D'
  long projections = 2;      ///< k
  long dimension = 2;        ///< d
  long particles = 64;       ///< n (public, fixed)
  AccountantKind accountant = AccountantKind::Rdp;
  bool noiseQuarter = false;  ///< the fault: noise std ÷ 4
  double confidence = 0.95;
};

struct FlowStepAudit {
  AuditResult result;
  double noiseStd = 0;
  double sensitivity = 0;
};

/// @throws InvalidArgument on bad settings (ε ≤ 0, trials < 200, k or d < 1, n < 2).
FlowStepAudit auditFlowStep(const FlowStepAuditSettings& s, std::uint64_t seed);

/// The same step as a target of the privacy-audit method (`mechanism = flow-step`, registered by the
/// method registry): k = `projections`, d = `dimension`, 64 public particles, σ from the RDP calibration
/// of one step (q = 1, T = 1) and the claim from that step's ledger (oneFlowStepLedger, flow_accounting.h);
/// fault noise-quarter only. @throws InvalidArgument as auditFlowStep, and for
/// skip-clip or secure mode.
AuditTarget flowStepAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
