#pragma once
/// The Gaussian and Laplace mechanisms on vectors, seeded (Dwork & Roth 2014, Def. 3.3 and App. A).
///
/// gaussianMechanism: v + N(0, s² I) with s = noiseMultiplier · l2Sensitivity; it is (ε, δ(ε))-DP with the
/// exact δ(ε) of a (1/noiseMultiplier)-GDP mechanism ([FairLearn] Lemma 2.3, gdp_analysis.h:
/// gdpDelta(1/σ, ε)) and (α, α/(2σ²))-RDP.
/// laplaceMechanism: v + Lap(b)^d i.i.d. with b = l1Sensitivity / ε; it is (ε, 0)-DP.
/// Draws come from the caller's generator (makeRng(seed, stream)), coordinate by coordinate, so a
/// replay with the same seed is bit-identical. Cost O(d).
#include "core/rng.h"
#include "core/types.h"

namespace dpw {

/// @throws InvalidArgument unless noiseMultiplier ≥ 0 and l2Sensitivity ≥ 0 (both finite).
Vector gaussianMechanism(const VectorRef& value, double noiseMultiplier, double l2Sensitivity, Rng& rng);

/// @throws InvalidArgument unless ε > 0 (may be +inf: no noise) and l1Sensitivity ≥ 0.
Vector laplaceMechanism(const VectorRef& value, double epsilon, double l1Sensitivity, Rng& rng);

/// One Laplace(0, b) draw by inversion of a uniform in (−½, ½). @throws InvalidArgument unless b ≥ 0.
double laplaceDraw(double scale, Rng& rng);

}  // namespace dpw
