#pragma once
/// Sliced squared 2-Wasserstein distance and its Gaussian-smoothed private variant (DP-SWD).
///
///   SW₂²(X, Y) = (1/k) Σⱼ W₂²(X θⱼ, Y θⱼ)           (Monte-Carlo over k directions θⱼ)
///   ∇_X SW₂² = (1/k) Σⱼ (∂W₂²/∂(X θⱼ)) θⱼᵀ            (chain rule through the projection)
/// DP-SWD ([DP-SWD] Alg. 1): the projections of both samples get independent N(0, σ²) noise on every
/// coordinate before the 1-D distances are taken; σ = 0 gives SW₂² exactly.
///
/// X is n x d, Y is m x d (sizes may differ: the 1-D distance uses the rank-weight coupling of
/// [FairLearn] Prop. 3.1), directions is k x d with unit rows. Directions are processed in parallel
/// (OpenMP) in a fixed partition of blocks; the noise is drawn by privacy/mechanisms/mechanisms.h (Mechanism::addTo); the noise of direction j comes from stream j of
/// `noiseSeed`, so no bit of a result depends on the thread count. Cost O(k (n + m) d) for the
/// projections plus a radix sort per direction and sample; extra memory per thread: the projections of
/// a block of 16 directions, 4 to 16 for the value alone (about 2^25 doubles once n + m ≥ 2^21; past
/// n + m = 2^23 the threads share blocks of up to 2^27), with n = m past 2^17 and no noise 2 bytes a
/// projection more for their top radix digits (not in the shared blocks), plus one sample's scratch; O(8 (n + m) d) more
/// for gradients. The n x m coupling is never formed.
#include <cstdint>

#include "core/rng.h"
#include "core/types.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

struct SlicedOptions {
  double noiseStd = 0.0;          ///< σ of the Gaussian noise on projections (0: exact SW₂²)
  std::uint64_t noiseSeed = 0;    ///< seed of the noise streams
  /// Secure mode: if set (not none), the projections get this exact discrete law from the OS
  /// (Mechanism::discreteGaussianOnGrid, privacy/mechanisms/mechanisms.h) instead of N(0, σ²) from `noiseSeed`.
  Mechanism secureNoise{};
};

struct SlicedResult {
  double value = 0;     ///< (1/k) Σⱼ W₂²(projections j)
  Vector perDirection;  ///< W₂² of each direction (k values)
  Points gradX;         ///< n x d, empty unless requested
  Points gradY;         ///< m x d, empty unless requested
};

/// DP-SWD's private unit ([DP-SWD] Alg. 1): the k x n noisy projections Θ Xᵀ + noise, with the noise of
/// direction j drawn exactly as slicedW2Squared draws it for X (stream j of `noiseSeed`, X's n values
/// first; or `secureNoise` from the OS). The audits run this function. @throws as slicedW2Squared.
Points noisyProjections(const PointsRef& X, const PointsRef& directions, const SlicedOptions& options);

/// The same release with the Gaussian noise of every direction drawn from one caller's `rng` (in
/// direction order) instead of the per-direction streams: the same law and the same draw routine
/// (seeding k streams costs ~20 µs each, too much for an audit's 10^5 trials). With `secureNoise`
/// the OS is used and `rng` is untouched. @throws as slicedW2Squared.
Points noisyProjections(const PointsRef& X, const PointsRef& directions, const SlicedOptions& options, Rng& rng);

/// SW₂² (or DP-SWD when options.noiseStd > 0) with the per-direction costs.
/// @throws InvalidArgument on empty or non-finite input or mismatched dimensions.
SlicedResult slicedW2Squared(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                             const SlicedOptions& options = {});

/// The same with gradients with respect to X and Y (of the noisy objective when noiseStd > 0: the
/// noise is additive, so the chain rule is unchanged).
SlicedResult slicedW2SquaredWithGradients(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                                          const SlicedOptions& options = {});

}  // namespace dpw
