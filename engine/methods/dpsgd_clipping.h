#pragma once
/// Per-example clipping in DP-SGD as a picture, the lesson (teaching/gradient_clipping.h): one step of a logistic
/// regression with two weights w on a batch of B examples (synthetic and seeded, `outliers` of them mislabeled and far
/// out). Charts:
///   - "sgd_clip_picture": in the plane of gradients, each example's gradient, the same clipped into the ball of
///                         radius C, and the ball's edge;
///   - "sgd_clip_step":    the true mean gradient, the mean of the clipped ones, zero, and `draws` noisy steps
///                         (Σ clip_C(g_i) + N(0, σ² C² I))/B scattered around the clipped mean (seeded);
///   - "sgd_clip_error":   against C, the clipping bias b(C), the noise √2 σ C / B and the step's root mean squared
///                         error √(b² + noise²) (exact for this batch), with the best C and the error measured over
///                         the draws at the run's C.
/// Cost: B gradients, `draws` Gaussian pairs and a few thousand closed-form points (milliseconds).
#include <cstdint>

#include "core/method.h"
#include "teaching/gradient_clipping.h"

namespace dpw {

struct DpsgdClippingSettings {
  double clip = 1;             ///< C
  double noiseMultiplier = 1;  ///< σ: the noise on the clipped sum has std σ C per coordinate
  double delta = 1e-5;         ///< δ of the step's (ε, δ)
  long batch = 20;             ///< B
  long outliers = 2;           ///< mislabeled examples far out, among the B
  Vec2 weights{0, 0};           ///< w, where the step's gradients are taken
  long draws = 300;            ///< noisy steps drawn to show the noise

  static DpsgdClippingSettings fromParams(const ParamValues& p);
};

/// Metrics: clip, noise_multiplier, batch, gradient_norm_max, gradient_norm_median, clipped_examples (‖g_i‖ > C),
/// true_step_norm (‖ḡ‖), clipped_step_norm, clip_bias (b(C)), clip_bias_share (b(C)/‖ḡ‖), clip_angle_degrees
/// (between the clipped mean and ḡ), step_noise_rms (√2 σ C / B), step_rmse (measured over the draws),
/// step_rmse_closed_form, best_step_clip, best_step_rmse, descent_share (noisy steps with a positive inner product
/// with ḡ), epsilon_spent (one step, μ = 1/σ, at δ), delta.
/// @throws InvalidArgument on bad settings (C ∉ (0, 100], σ ∉ [0, 100], δ ∉ (0, 0.1], B ∉ [2, 1000], outliers ∉
/// [0, B/2], weights not two finite numbers, draws ∉ [1, 10⁵]).
RunResult runDpsgdClipping(const DpsgdClippingSettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo dpsgdClippingMethod();

}  // namespace dpw
