#pragma once
/// Membership inference against ε, the lesson (teaching/membership_inference.h): a count in which one row adds 1
/// is released with analytic-Gaussian noise for (ε, δ) (σ = Δ/μ, μ = gdpMuFor(ε, δ)). The attacker knows every
/// other row, subtracts their count and says "in" above a threshold. `trials` releases are drawn with the target
/// in and as many without (seeded), to measure the attack's rates. Charts:
///   - "mi_scores":    what the attacker sees, with the target in and out (the releases drawn);
///   - "mi_roc":       the measured ROC (TPR against FPR over thresholds), the f-DP curve 1 − G_μ (the best
///                     attack, closed form), the (ε, δ) bound min(e^ε FPR + δ, 1 − e^{−ε}(1 − δ − FPR)), chance;
///   - "mi_advantage": against ε, the measured advantage at ε = 1/8 .. 8 and the run's ε, the best attack's
///                     2Φ(μ/2) − 1 and the (ε, δ) bound (e^ε − 1 + 2δ)/(e^ε + 1).
/// Cost: 2 × trials Gaussian draws and sorts per ε (8 ε: milliseconds at the defaults).
#include <cstdint>

#include "core/method.h"

namespace dpw {

struct MembershipInferenceSettings {
  double epsilon = 1;     ///< ε of the release
  double delta = 1e-5;    ///< δ of the release
  long trials = 20000;    ///< releases drawn with the target in (and as many without) per ε

  static MembershipInferenceSettings fromParams(const ParamValues& p);
};

/// Metrics: epsilon, delta, noise_std (σ), gdp_mu (μ = 1/σ), mi_tpr_half and mi_fpr_half (measured at the threshold
/// ½), mi_tpr_half_closed_form (Φ(1/(2σ))), mi_advantage (measured, largest over thresholds),
/// mi_advantage_closed_form (2Φ(μ/2) − 1), mi_advantage_bound ((e^ε − 1 + 2δ)/(e^ε + 1)), mi_roc_gap (largest
/// |measured TPR − 1 + G_μ(measured FPR)| over the ROC's thresholds), mi_advantage_over_bound_max (the largest
/// measured advantage over its (ε, δ) bound among the ε of the advantage chart), epsilon_spent.
/// @throws InvalidArgument on bad settings (ε ∉ (0, 20], δ ∉ (0, 0.1], trials ∉ [100, 10⁶]).
RunResult runMembershipInference(const MembershipInferenceSettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo membershipInferenceMethod();

}  // namespace dpw
