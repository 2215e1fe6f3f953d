#pragma once
/// Per-example clipping in DP-SGD, the numbers of the dpsgd-clipping lesson (methods/dpsgd_clipping.h), on a
/// logistic regression with two weights, so every gradient is a 2-D vector one can draw (Abadi et al. 2016, Alg. 1):
///   g_i = ∇_w log(1 + e^{−y_i w·x_i}) = −y_i x_i σ(−y_i w·x_i)     (y_i = ±1, σ the logistic function),
///   clip_C(g) = g · min(1, C/‖g‖)                                   (into the ball of radius C),
///   noisy step = (Σ_i clip_C(g_i) + N(0, σ_n² C² I₂)) / B.
/// One example moves the clipped sum by at most C (add/remove), so σ_n is the noise multiplier of a Gaussian
/// release of sensitivity C (μ = 1/σ_n). Against the batch's true mean gradient ḡ, clipping biases the step by
/// b(C) = ‖(1/B) Σ clip_C(g_i) − ḡ‖ (0 once C ≥ max ‖g_i‖) and the noise adds E‖N‖²/B² = 2 σ_n² C²/B² (two
/// coordinates), so the step's root mean squared error is √(b(C)² + 2 σ_n² C²/B²).
#include <array>
#include <limits>
#include <span>
#include <vector>

#include "core/rng.h"

namespace dpw {

using Vec2 = std::array<double, 2>;

/// −y x σ(−y w·x): the logistic loss's gradient in w for one example (y = ±1).
Vec2 logisticGradient(const Vec2& w, const Vec2& x, double y);
/// g · min(1, C/‖g‖). @throws InvalidArgument unless C > 0.
Vec2 clipToBall(const Vec2& g, double clip);
/// (1/B) Σ g_i (C = +∞) or (1/B) Σ clip_C(g_i). @throws InternalError on an empty batch (the lesson's
/// batch has B ≥ 2, lessonBatch checks it).
Vec2 meanGradient(std::span<const Vec2> grads, double clip = std::numeric_limits<double>::infinity());
/// b(C) = ‖mean of the clipped gradients − mean of the gradients‖.
double clippingBias(std::span<const Vec2> grads, double clip);
/// √2 σ_n C / B: the root mean squared norm of the noise on the mean step (two coordinates).
double stepNoiseRms(double noiseMultiplier, double clip, long batch);
/// √(b(C)² + 2 σ_n² C²/B²): the noisy step's root mean squared error against the true mean gradient.
double stepRmsError(std::span<const Vec2> grads, double clip, double noiseMultiplier);
/// The C minimising stepRmsError: the best of 2000 log-spaced bounds in [10⁻³, 2] × max ‖g_i‖, refined by golden
/// section between its neighbours (the error is smooth between the gradients' norms, where b(C) has kinks).
double bestStepClip(std::span<const Vec2> grads, double noiseMultiplier);

/// The lesson's batch: B examples, two classes of equal size (y = +1 around (1, 1), y = −1 around (−1, −1), sd 0.9
/// per coordinate), the last `outliers` of them mislabeled and far out (x around (−3, 3) with y = +1); seeded.
/// @throws InvalidArgument unless B ≥ 2 and 0 ≤ outliers ≤ B/2.
void lessonBatch(long batch, long outliers, Rng& rng, std::vector<Vec2>& xs, std::vector<double>& ys);

}  // namespace dpw
