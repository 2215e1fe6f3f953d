#pragma once
/// A proven RDP bound for secure mode's Poisson-subsampled grid discrete Gaussian.
///
/// Secure mode releases x ↦ g·(round(x/g) + N_Z(0, σ_Z²)^dim) (privacy/mechanisms/mechanisms.h). Two steps:
/// 1. The unsubsampled law. For integer vectors u, v, D_α(N_Z(u, σ_Z²)^dim ‖ N_Z(v, σ_Z²)^dim) ≤ α‖u − v‖²/(2σ_Z²)
///    (Canonne, Kamath & Steinke 2020 = CKS20, Prop. 5 per coordinate; coordinates are independent, so
///    divergences add). The grid moves each value by at most g/2, so ‖u − v‖₂ ≤ Δ/g + √dim = Δ_Z and the base
///    mechanism is (α, α/(2z²))-RDP for every α > 1 with z = σ_Z/Δ_Z ≥ the nominal multiplier
///    (σ_Z² is rounded up, mechanisms.h).
/// 2. Poisson subsampling, add/remove neighbours. Zhu & Wang 2019 ("Poisson subsampled Rényi differential
///    privacy", ICML, Thm 6) bound the RDP of M∘Poisson(γ) for ANY mechanism M that is (ℓ, ε(ℓ))-RDP at the
///    integer orders ℓ = 2..α (both directions of the divergence), α ≥ 2 integer:
///      (α − 1) ε'(α) ≤ log{ (1 − γ)^{α−1} (αγ − γ + 1) + C(α, 2) γ² (1 − γ)^{α−2} e^{ε(2)}
///                           + 3 Σ_{ℓ=3}^{α} C(α, ℓ) γ^ℓ (1 − γ)^{α−ℓ} e^{(ℓ−1) ε(ℓ)} }.
///    Each order is also capped by the unsubsampled ε(α): the subsampled pair is a mixture (1 − γ)P + γQ
///    against P, and exp((α − 1) D_α) is jointly convex, so neither direction exceeds D_α of (Q, P).
/// Composition over steps adds RDP; (ε, δ) by the Balle et al. 2020 conversion (rdp_analysis.h), on the
/// integer orders of defaultRdpOrders(). The continuous Gaussian's exact Poisson RDP (Mironov et al.
/// 2019) is the same expansion without the factor 3 and with a direction argument specific to the
/// Gaussian, so this bound is never below it (tests/engine/privacy/accountants/tst_discrete_subsampled_rdp.cpp
/// checks it, and that it stays close). docs/privacy-audits.md has the sketch.
#include <functional>

namespace dpw {

/// Zhu & Wang 2019 Thm 6 at integer `order` ≥ 2 for a mechanism with RDP `baseRdp(ℓ)` (ℓ = 2..order), capped
/// by baseRdp(order). @throws InvalidArgument unless q ∈ [0, 1] and order ≥ 2 is an integer ≤ 4096.
double rdpPoissonGeneralBound(double sampleRate, int order, const std::function<double(int)>& baseRdp);

/// The bound above for the grid discrete Gaussian with multiplier z = σ_Z/Δ_Z: baseRdp(ℓ) = ℓ/(2z²).
/// @throws InvalidArgument unless z > 0 (and as rdpPoissonGeneralBound).
double rdpPoissonDiscreteGaussian(double sampleRate, double multiplier, int order);

/// ε at δ after `steps` Poisson-subsampled steps of the grid discrete Gaussian (proven bound above).
/// @throws InvalidArgument unless δ ∈ (0, 1), steps ≥ 0, z > 0, q ∈ [0, 1].
double discreteGaussianPoissonEpsilon(double multiplier, double sampleRate, long steps, double delta);

/// The smallest multiplier z whose proven ε (above) is ≤ ε. @throws InvalidArgument on bad values or if no
/// z ≤ 1e7 reaches ε.
double discreteGaussianPoissonMultiplier(double epsilon, double delta, double sampleRate, long steps);

}  // namespace dpw
