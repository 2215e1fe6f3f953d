#pragma once
/// Projection-sensitivity explorer: [DP-SWD] Fig. 1, the distribution of the squared sensitivity
/// ‖Θ u‖² of k random directions for a unit change u, with the Bernstein (Lemma 2) and CLT (§4) bounds.
///
/// For θ uniform on S^{d−1} and a unit u, (θᵀu)² ~ Beta(1/2, (d−1)/2) (the squared first coordinate
/// of a uniform point of the sphere), so ‖Θu‖² = Σⱼ Bⱼ with k independent Beta draws: mean k/d and
/// variance 2k(d−1)/(d²(d+2)). Each Beta draw is G₁/(G₁ + G₂), G₁ ~ Gamma(1/2), G₂ ~ Gamma((d−1)/2),
/// which costs O(1) instead of the O(d) of drawing θ. The chart shows the histogram of `draws` values,
/// the Normal density of the same mean and variance (the CLT picture) and the two bounds w² of
/// engine/privacy/sensitivity/projection_sensitivity.h at δ. Paper setting: k = 200, d = 784, 10000 draws.
#include <cstdint>

#include "core/method.h"
#include "core/rng.h"

namespace dpw {

struct ProjectionSensitivitySettings {
  long projections = 200;  ///< k
  long dimension = 784;    ///< d
  double delta = 1e-5;     ///< failure probability of the bounds
  long draws = 10000;      ///< draws of Θ
  long bins = 60;
  long chunks = 10;        ///< steps: the histogram grows in this many chunks

  static ProjectionSensitivitySettings fromParams(const ParamValues& p);
};

/// Metrics: mean, variance (of the draws), mean_theory, variance_theory, clt_w2, bernstein_w2,
/// above_clt and above_bernstein (fractions of draws above each bound). @throws InvalidArgument on
/// k, d < 1 (d ≥ 2 for the Beta law), δ outside (0, 1), draws < 2, bins < 2, chunks < 1.
RunResult runProjectionSensitivity(const ProjectionSensitivitySettings& s, std::uint64_t seed, RunObserver& observer);

/// n draws of ‖Θu‖² (the Beta representation above). @throws InternalError unless k ≥ 1, d ≥ 2.
Vector squaredProjectionSensitivityDraws(long k, long d, long n, Rng& rng);

MethodInfo projectionSensitivityMethod();

}  // namespace dpw
