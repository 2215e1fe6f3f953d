#pragma once
/// The first lesson: what ε means on the simplest release, a count. Two neighbouring data sets, D with
/// `count` people who have some property and D′ = D plus one such person (count + 1); the count has
/// sensitivity 1. Charts (laws from privacy/mechanisms/count_release.h, mechanisms calibrated by privacy/mechanisms/mechanisms.h):
///   - "count_laplace":  output density on D and on D′ of the Laplace mechanism (b = 1/ε) and the mass of
///                       the exact discrete Laplace (scale ≥ 1/ε on the 2^-20 grid);
///   - "count_gaussian": the same for the Gaussian (analytic calibration for (ε, δ)) and the exact discrete
///                       Gaussian (σ² from the zCDP conversion);
///   - "count_loss_ratio": the privacy-loss ratio p_{D′}(y)/p_D(y) against its bounds e^{±ε} (log scale):
///                       the Laplace ratio never leaves [e^{−ε}, e^ε]; the Gaussian's grows without bound, and
///                       the mass of D′ where it exceeds e^ε beyond e^ε times D's is δ (Balle & Wang 2018, Thm 5);
///   - "count_attack":   the best attacker's test "y > τ ⇒ D′" for each law: type II vs type I error, with the
///                       (ε, 0)-DP bound and random guessing (Dong, Roth & Su 2022; lesson "the f-DP trade-off");
///   - "count_draws":    `draws` releases of the chosen mechanism on D and on D′ (seeded), piling up in 20 frames.
/// Cost: a few thousand density evaluations and `draws` noise draws (milliseconds).
#include <cstdint>

#include "core/method.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

struct CountQuerySettings {
  long count = 10;          ///< count on D (D′ has count + 1)
  double epsilon = 1;       ///< ε of one release
  double delta = 1e-5;      ///< δ of the Gaussian laws
  NoiseMechanism mechanism = NoiseMechanism::Laplace;  ///< the law of the drawn releases
  long draws = 2000;        ///< releases drawn per data set

  static CountQuerySettings fromParams(const ParamValues& p);
};

/// Publishes the five charts above. Metrics: epsilon, delta, laplace_scale, gaussian_sigma,
/// discrete_laplace_scale, discrete_gaussian_sigma, laplace_max_loss (max |ln ratio|, = 1/b ≤ ε),
/// gaussian_delta (hockey stick at ε, numerically), gaussian_delta_closed_form, discrete_laplace_delta,
/// discrete_gaussian_delta, beta_at_0_1_<law> (best test's β at α = 0.1), draws_mean_d, draws_mean_d_prime.
/// @throws InvalidArgument on bad settings (ε ∉ (0, 20], δ ∉ (0, 1), count < 0, draws < 0).
RunResult runCountQuery(const CountQuerySettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo countQueryMethod();

}  // namespace dpw
