#pragma once
/// The exponential mechanism, the lesson on choosing privately (privacy/mechanisms/exponential_mechanism.h): a vote
/// among k options (the votes typed as `votes`), the winner chosen with probability ∝ exp(ε u / (2Δ)), u the votes,
/// Δ = 1 (one voter added or removed changes one count by 1). Charts:
///   - "em_selection": the exact chances, report-noisy-max draws with Gumbel noise of scale 2Δ/ε piling up over 20
///                     frames (the same law), and the exact chances on D′ (one more vote for the runner-up);
///   - "em_privacy_ratio": each option's chance on D′ over D, against exp(±ε);
///   - "em_vs_epsilon": the chances of the top option and of the runner-up against ε;
///   - "em_shortfall": the expected shortfall below the top's votes against ε, and the bound (2Δ/ε)(ln k + 1).
/// Cost: draws × k uniforms and a few hundred closed-form points (milliseconds).
#include <cstdint>
#include <vector>

#include "core/method.h"

namespace dpw {

struct ExponentialMechanismSettings {
  double epsilon = 1;                                 ///< ε of one choice
  std::vector<double> votes{30, 28, 20, 12, 6, 3};    ///< the utility of each option (k = 2 .. 50)
  long draws = 5000;                                  ///< choices drawn to show the law

  static ExponentialMechanismSettings fromParams(const ParamValues& p);
};

/// Metrics: epsilon, options (k), top_probability, runner_up_probability, top_share_drawn, draws_total_variation
/// (½ Σ |share drawn − chance|), expected_shortfall, shortfall_bound ((2/ε)(ln k + 1)), max_log_ratio
/// (max over options of |ln(P_D′ / P_D)|, ≤ ε), epsilon_spent.
/// @throws InvalidArgument on bad settings (ε ∉ (0, 20], k ∉ [2, 50], a vote not finite, draws ∉ [1, 10⁶]).
RunResult runExponentialMechanism(const ExponentialMechanismSettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo exponentialMechanismMethod();

}  // namespace dpw
