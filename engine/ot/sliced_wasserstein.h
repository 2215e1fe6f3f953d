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
/// (OpenMP) in a fixed partition of blocks; the noise of direction j comes from stream j of
/// `noiseSeed`, so no bit of a result depends on the thread count. Cost O(k (n + m) d) for the
/// projections plus a two-pass radix sort per direction and sample; extra memory O(16 (n + m)) per
/// thread and O(8 (n + m) d) for gradients. The n x m coupling is never formed.
#include <cstdint>

#include "core/types.h"

namespace dpw {

struct SlicedOptions {
  double noiseStd = 0.0;          ///< σ of the Gaussian noise on projections (0: exact SW₂²)
  std::uint64_t noiseSeed = 0;    ///< seed of the noise streams
};

struct SlicedResult {
  double value = 0;     ///< (1/k) Σⱼ W₂²(projections j)
  Vector perDirection;  ///< W₂² of each direction (k values)
  Points gradX;         ///< n x d, empty unless requested
  Points gradY;         ///< m x d, empty unless requested
};

/// SW₂² (or DP-SWD when options.noiseStd > 0) with the per-direction costs.
/// @throws InvalidArgument on empty or non-finite input or mismatched dimensions.
SlicedResult slicedW2Squared(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                             const SlicedOptions& options = {});

/// The same with gradients with respect to X and Y (of the noisy objective when noiseStd > 0: the
/// noise is additive, so the chain rule is unchanged).
SlicedResult slicedW2SquaredWithGradients(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                                          const SlicedOptions& options = {});

}  // namespace dpw
