#pragma once
/// The calibrations of the exact discrete laws (privacy/mechanisms/discrete_noise.h, after Canonne, Kamath &
/// Steinke 2020, CKS20): the rational parameters the samplers take, picked in floating point but always rounded
/// toward more noise, and the ε or δ they spend.
/// - Discrete Laplace Lap_Z(t) on a query of L1 sensitivity Δ: (Δ/t, 0)-DP (CKS20 §1 / Ghosh, Roughgarden,
///   Sundararajan 2009).
/// - Discrete Gaussian N_Z(0, σ²) on a vector query of L2 sensitivity Δ₂: ρ-zCDP with ρ = Δ₂²/(2σ²), converted to
///   (ε, δ) by δ = inf_{α>1} e^{(α−1)(αρ−ε)}/(α−1) · (1 − 1/α)^α (CKS20 §2; Asoodeh et al. 2020), a bound valid
///   for any number of coordinates.
#include <cstdint>

namespace dpw {

/// A positive rational num/den with 64-bit parts.
struct ExactRational {
  std::uint64_t num = 1, den = 1;
  double value() const { return double(num) / double(den); }
};

/// The denominator the calibrations below round up to (2^20), and the largest numerator the exact samplers take
/// (2^62).
inline constexpr std::uint64_t kExactRationalDenominator = std::uint64_t(1) << 20;
inline constexpr std::uint64_t kExactRationalMaxNumerator = std::uint64_t(1) << 62;

/// The discrete Laplace scale for (ε, 0)-DP at integer L1 sensitivity Δ: the smallest num/2^20 ≥ Δ/ε,
/// so the ε actually spent, Δ·den/num, never exceeds ε.
/// @throws InvalidArgument unless ε > 0 finite, Δ ≥ 1, and Δ/ε < 2^42.
ExactRational discreteLaplaceScale(double epsilon, long l1Sensitivity);

/// ε spent by Lap_Z(scale) on a query of L1 sensitivity Δ: Δ / scale.
double discreteLaplaceEpsilon(ExactRational scale, long l1Sensitivity);

/// δ(ε) of a ρ-zCDP mechanism by the conversion above (min over α by golden section on a convex
/// function of α; capped at 1). @throws InvalidArgument unless ρ > 0 and ε ≥ 0, both finite.
double concentratedDpDelta(double rho, double epsilon);

/// The discrete Gaussian variance for (ε, δ)-DP at squared L2 sensitivity Δ₂² (2 for a histogram under
/// substitution): the largest ρ with concentratedDpDelta(ρ, ε) ≤ δ (largestBelow, root_finding.h), σ² = Δ₂²/(2ρ), rounded
/// up to num/2^20. @throws InvalidArgument unless ε > 0 finite, δ ∈ (0, 1), Δ₂² > 0, σ² < 2^42.
ExactRational discreteGaussianVariance(double epsilon, double delta, double l2SensitivitySquared);

}  // namespace dpw
