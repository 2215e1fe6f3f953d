#pragma once
/// Randomized response, the lesson on local differential privacy (privacy/mechanisms/randomized_response.h):
/// `people` simulated people, a share `true_share` of whom would answer "yes" to a sensitive question, each
/// send one report kept with probability q = e^ε / (1 + e^ε) and flipped otherwise. Charts:
///   - "rr_truth_probability": q against ε (closed form) and the share of truthful reports in the first survey;
///   - "rr_estimates": `surveys` repetitions of the survey (seeded coins, the same people), piling up in 20 frames:
///                     the unbiased estimate p̂, the raw share of "yes" reports (pulled toward ½), and the normal
///                     law with p̂'s exact variance q (1 − q) / (n (2q − 1)²);
///   - "rr_error_vs_epsilon": p̂'s standard deviation against ε, local (randomized response) and central (a
///                     Laplace count over n), with the measured one at the run's ε.
/// Cost: people × surveys uniform draws (2·10⁶ at the defaults: milliseconds).
#include <cstdint>

#include "core/method.h"

namespace dpw {

struct RandomizedResponseSettings {
  double epsilon = 1;      ///< ε of each person's report (local DP)
  long people = 1000;      ///< n
  double trueShare = 0.3;  ///< share p of the people whose true answer is "yes"
  long surveys = 2000;     ///< repetitions of the survey drawn to show the estimate's spread

  static RandomizedResponseSettings fromParams(const ParamValues& p);
};

/// Metrics: epsilon, truth_probability (q), truthful_share (first survey), yes_report_probability (π),
/// raw_share_mean, estimate_mean, estimate_std, estimate_std_closed_form, central_std (√2 / (ε n)),
/// local_over_central (the closed forms' ratio).
/// @throws InvalidArgument on bad settings (ε ∉ (0, 20], n ∉ [1, 10⁶], p ∉ [0, 1], surveys ∉ [2, 10⁵]).
RunResult runRandomizedResponse(const RandomizedResponseSettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo randomizedResponseMethod();

}  // namespace dpw
