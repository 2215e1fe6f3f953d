#pragma once
/// The flows' use of the privacy ledger (engine/privacy/ledger/): every ε a flow reports is read from a
/// PrivacyLedger built once per run, so the accounting is in one place.
///
/// DPSWflow-r: T steps of the subsampled Gaussian with noise multiplier m = s/Δ and rate q = batch/m
/// ([DPSWFlow] Alg. 1, App. C.4; the reference uses the moments accountant, orders 1..32).
/// DPSWflow: T steps of the Gaussian mechanism on the whole data (q = 1); the accountant composes them
/// (at q = 1 T Gaussians with multiplier m are one Gaussian with multiplier m/√T).
#include <string>

#include "flow/flow_privacy.h"  // FlowConvention, FlowBound
#include "privacy/accountants/accountant.h"         // AccountantKind
#include "privacy/calibration/ledger_calibration.h"  // LedgerAtMultiplier
#include "privacy/ledger/privacy_ledger.h"         // PrivacyLedger
#include "privacy/mechanisms/mechanisms.h"         // NoiseSource, gaussianLawOf

namespace dpw {

/// What one step of k fresh directions and a subsample releases (DPSWflow-r's and DPSWgen's projection
/// release): Δ = 2 w(k, d, δ_b) (flow_privacy.h conventions: paper δ_b = δ/(2T) and δ/2 to the accountant;
/// reference: referenceFlowSensitivity and δ to the accountant).
struct SubsampledProjectionBound {
  double sensitivity = 0;     ///< Δ
  double mechanismDelta = 0;  ///< δ given to the accountant
};
/// @throws InvalidArgument on bad values (flowSensitivity).
SubsampledProjectionBound subsampledProjectionBound(FlowConvention convention, FlowBound bound, long k, long d,
                                                    double delta, long steps);

/// The flows' side of the one noise decision (privacy/calibration/ledger_calibration.h: noiseMultiplierFor): the
/// multiplier is given when noise_multiplier > 0 (the flows' rule: 0 = from ε), else the smallest whose ledger
/// (`ledgerAt`, the run's release) meets the target ε.
double flowNoiseMultiplier(const FlowPrivacySettings& privacy, const LedgerAtMultiplier& ledgerAt);

/// The ledger of `steps` releases of the subsampled Gaussian at this multiplier (DPSWflow-r, DPSWgen), of the
/// law `law` (gaussianLawOf the noise source): the accountant's relation names the sampler (add/remove: Poisson;
/// replace-one: fixed-size batches), δ is the mechanism's share. The ε-vs-step curve, the final ε, the noise std
/// (the event's scale) and the statement read it.
PrivacyLedger subsampledFlowLedger(AccountantKind accountant, double multiplier, const SubsampledProjectionBound& bound,
                                   double sampleRate, long steps, NoiseMechanism law = NoiseMechanism::Gaussian);

/// The ledger of one flow step on the whole data (q = 1) whose multiplier the flows' decision calibrates for
/// (ε, δ) with `accountant` (calibrateMultiplier on this ledger), at sensitivity Δ, the whole δ to the accountant: the
/// claim of the flow-step and flow-histogram audits (the multiplier they add is the event's).
PrivacyLedger oneFlowStepLedger(AccountantKind accountant, double epsilon, double delta, double sensitivity);

/// Whether a chart frame at `step` (of `steps`) adds a point to the ε-vs-step curve, the last point being at
/// `lastStep` (0: none yet): every frame for an accountant whose ε is cheap (EpsilonCost::Cheap: the Rényi ones,
/// microseconds per ε); for a costly one (the PLDs: two FFTs of ~10⁵ points, ~50 ms per ε) steps 1, 2, 4, 8, 16,
/// then every ≥ min(steps/16, 25% of
/// the step) steps, and the last step: about 20-40 points in a run of 500, ~60 in 10⁶ steps, so that the curve
/// does not cost more than the run and a long run's curve still grows.
bool flowEpsilonPointDue(AccountantKind accountant, long step, long lastStep, long steps);

}  // namespace dpw
