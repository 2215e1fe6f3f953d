#pragma once
/// Exact samplers for the discrete Laplace and discrete Gaussian distributions on Z, after Canonne,
/// Kamath & Steinke 2020, "The Discrete Gaussian for Differential Privacy" (CKS20, NeurIPS 2020),
/// Algorithms 1-3.
///
/// Every draw uses only integer and exact rational arithmetic on uniform random words (64-bit
/// integers, unsigned __int128, and boost::multiprecision::cpp_int for the discrete Gaussian's
/// acceptance test): no floating-point number is computed on the sampling path, so the output's
/// distribution is exactly the stated one and its low-order bits carry no information about the
/// input. This is what defeats Mironov's 2012 attack ("On significance of the least significant bits
/// for differential privacy", CCS 2012), which recovers the true value from the set of doubles that
/// textbook floating-point Laplace noise x + b·ln(U) can reach. The parameters are rationals
/// num/den (den a power of two here), fixed once by the calibration functions of
/// privacy/calibration/discrete_calibration.h (which do use floating point, but only to pick the parameters,
/// always rounding toward more noise).
///
/// Privacy statements (for integer-valued queries):
/// - Discrete Laplace Lap_Z(t), P[X = x] = (e^{1/t} − 1)/(e^{1/t} + 1) · e^{−|x|/t}: adding it to a query
///   of L1 sensitivity Δ gives (Δ/t, 0)-DP (CKS20 §1 / Ghosh, Roughgarden, Sundararajan 2009): the
///   density ratio at any output is at most e^{|x−x'|/t}. In particular scale t on a sensitivity-1
///   query is (1/t)-DP.
/// - Discrete Gaussian N_Z(0, σ²), P[X = x] ∝ e^{−x²/(2σ²)}: adding independent copies to a vector
///   query of L2 sensitivity Δ₂ gives ρ-zCDP with ρ = Δ₂²/(2σ²) (CKS20's concentrated-DP theorems for
///   the univariate and the multivariate discrete Gaussian), exactly as the continuous Gaussian. The (ε, δ) calibration (discrete_calibration.h)
///   converts ρ-zCDP with δ = inf_{α>1} e^{(α−1)(αρ−ε)}/(α−1) · (1 − 1/α)^α (the concentrated-DP
///   conversion stated in CKS20 §2; Asoodeh et al. 2020 give the same bound), a bound valid for any
///   number of coordinates. For one coordinate the exact δ is CKS20 Thm 7; we do not use it because
///   the fair-regression histogram changes two cells at once.
#include <cstdint>

#include "privacy/calibration/discrete_calibration.h"  // ExactRational
#include "privacy/mechanisms/secure_noise.h"

namespace dpw {

/// CKS20 Alg. 1: one draw of Bernoulli(exp(−num/den)), exactly. @throws InternalError if den == 0 (the samplers' own fractions).
bool bernoulliExpMinus(std::uint64_t num, std::uint64_t den, RandomWords& words);

/// CKS20 Alg. 2: one draw of Lap_Z(scale), scale = num/den (num ≤ 2^62).
/// @throws InvalidArgument if num or den is 0 or num > 2^62.
std::int64_t sampleDiscreteLaplace(ExactRational scale, RandomWords& words);

/// CKS20 Alg. 3: one draw of N_Z(0, σ²), σ² = num/den (num ≤ 2^62), by rejection from Lap_Z(⌊σ⌋ + 1).
/// @throws InvalidArgument if num or den is 0 or num > 2^62.
std::int64_t sampleDiscreteGaussian(ExactRational sigmaSquared, RandomWords& words);

/// The exact pmfs in floating point (for tests and plots, never for sampling).
double discreteLaplacePmf(std::int64_t x, double scale);
double discreteGaussianPmf(std::int64_t x, double sigmaSquared);

}  // namespace dpw
