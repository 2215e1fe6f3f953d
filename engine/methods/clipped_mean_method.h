#pragma once
/// Clipping bounds, the lesson on sensitivity beyond a count (teaching/clipped_mean.h): `people` values from an
/// exponential law of mean `data_mean` (hours a week, synthetic and seeded) are clipped to [0, C], summed, and the
/// sum released with Laplace noise of scale b = C/ε (L1 sensitivity C, replace-one neighbours, n public), then
/// divided by n. Charts:
///   - "clip_data":        the values before and after clipping (those above C pile up at C);
///   - "clip_error_vs_bound": against C, the clipping bias |−μ e^{−C/μ}|, the noise std √2 C/(ε n) and the root
///                         mean squared error √(bias² + noise²) (closed forms for the data's law), with the measured
///                         error at the run's C and the best C;
///   - "clip_releases":    `releases` releases of the mean on the same data (seeded Laplace draws), piling up in 20
///                         frames, with the Laplace law around the clipped mean they follow.
/// Cost: `releases` Laplace draws and a few hundred closed-form points (milliseconds).
#include <cstdint>

#include "core/method.h"

namespace dpw {

struct ClippedMeanSettings {
  double epsilon = 1;     ///< ε of one release of the mean
  long people = 200;      ///< n (public)
  double dataMean = 10;   ///< μ of the exponential law the values are drawn from
  double clip = 10;       ///< the clipping bound C
  long releases = 2000;   ///< releases drawn on the same data, to show the noise

  static ClippedMeanSettings fromParams(const ParamValues& p);
};

/// Metrics: epsilon, clip, laplace_scale (b = C/ε), true_mean and clipped_mean (of the data), clipped_share
/// (values above C), bias (clipped − true), bias_closed_form (−μ e^{−C/μ}), noise_std (√2 b / n), release_mean,
/// release_std, rmse (measured over the releases, against the true mean), rmse_closed_form (√(bias² + noise²),
/// the data's bias), best_clip and best_rmse (the closed forms' optimum for the law), epsilon_spent.
/// @throws InvalidArgument on bad settings (ε ∉ (0, 20], n ∉ [1, 10⁶], μ ∉ (0, 10⁶], C ∉ (0, 10⁹], releases ∉ [2, 10⁶]).
RunResult runClippedMean(const ClippedMeanSettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo clippedMeanMethod();

}  // namespace dpw
