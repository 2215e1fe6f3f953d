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
#include "privacy/ledger/privacy_ledger.h"         // PrivacyLedger
#include "privacy/mechanisms/mechanisms.h"         // NoiseSource, SecureAccounting

namespace dpw {

/// The noise of a run that draws k fresh directions and a subsample (rate q) every step, T steps
/// (DPSWflow-r, DPSWgen): Δ = 2 w(k, d, δ_b) (flow_privacy.h conventions: paper δ_b = δ/(2T) and
/// δ/2 to the accountant; reference: referenceFlowSensitivity and δ to the accountant); the
/// multiplier is `noiseMultiplier` if > 0, 0 if ε = ∞, else calibrated by the accountant.
struct SubsampledNoisePlan {
  double sensitivity = 0;     ///< Δ
  double multiplier = 0;      ///< s / Δ
  double noiseStd = 0;        ///< s
  double mechanismDelta = 0;  ///< δ given to the accountant
  double sampleRate = 1;      ///< q
};

/// @throws InvalidArgument on bad values.
SubsampledNoisePlan planSubsampledNoise(FlowConvention convention, FlowBound bound, long k, long d, double delta,
                                        long steps, double epsilon, double noiseMultiplier, AccountantKind accountant,
                                        double sampleRate);

/// The ledger of `steps` releases of the subsampled Gaussian planned above (DPSWflow-r, DPSWgen): the
/// accountant's relation names the sampler (add/remove: Poisson; replace-one: fixed-size batches), δ is
/// the plan's mechanism share. The ε-vs-step curve, the final ε and the statement read it.
PrivacyLedger subsampledFlowLedger(AccountantKind accountant, const SubsampledNoisePlan& plan, long steps);

/// Whether a chart frame at `step` (of `steps`) adds a point to the ε-vs-step curve, the last point being at
/// `lastStep` (0: none yet): every frame for an accountant whose ε is cheap (EpsilonCost::Cheap: the Rényi ones,
/// microseconds per ε); for a costly one (the PLDs: two FFTs of ~10⁵ points, ~50 ms per ε) steps 1, 2, 4, 8, 16,
/// then every ≥ min(steps/16, 25% of
/// the step) steps, and the last step: about 20-40 points in a run of 500, ~60 in 10⁶ steps, so that the curve
/// does not cost more than the run and a long run's curve still grows.
bool flowEpsilonPointDue(AccountantKind accountant, long step, long lastStep, long steps);

/// Secure mode, Poisson steps (q < 1, a proven add/remove accountant: rdp, rdp-mironov or pld, the same sampler):
/// the proven ε of the grid discrete Gaussian `law` (privacy/accountants/discrete_subsampled_rdp.h, at its own
/// multiplier σ_Z g / (Δ + g√dim)); NaN otherwise.
double flowProvenSecureEpsilon(AccountantKind accountant, const Mechanism& law, double sampleRate, long steps,
                               double delta);

/// How a secure-mode ε of this accountant at rate q holds for the grid law (for noiseSourceStatement), from its
/// DiscreteGaussianCover: a Rényi accountant at q = 1 exactly, rdp-wor at any rate, else an approximation.
SecureAccounting flowSecureAccounting(AccountantKind accountant, double sampleRate);

}  // namespace dpw
