#pragma once
/// Sliced squared 2-Wasserstein distance, exact or with noise on the projections.
///
///   SW₂²(X, Y) = (1/k) Σⱼ W₂²(X θⱼ, Y θⱼ)           (Monte-Carlo over k directions θⱼ)
///   ∇_X SW₂² = (1/k) Σⱼ (∂W₂²/∂(X θⱼ)) θⱼᵀ            (chain rule through the projection)
/// ot/ is pure transport: it knows no noise law. A caller may hand a ProjectionNoise that moves each
/// direction's projections before the 1-D distances are taken; the DP-SWD release ([DP-SWD] Alg. 1,
/// engine/dpswd/dpswd_release.h) is such a caller. Without one the result is SW₂² exactly.
///
/// X is n x d, Y is m x d (sizes may differ: the 1-D distance uses the rank-weight coupling of
/// [FairLearn] Prop. 3.1), directions is k x d with unit rows. Directions are processed in parallel
/// (OpenMP) in a fixed partition of blocks; the noise of direction j is whatever ProjectionNoise::add(j, ...)
/// draws, so no bit of a result depends on the thread count as long as that draw depends on j alone. Cost O(k (n + m) d) for the
/// projections plus a radix sort per direction and sample; extra memory per thread: the projections of
/// a block of 16 directions, 4 to 16 for the value alone (about 2^25 doubles once n + m ≥ 2^21; past
/// n + m = 2^23 the threads share blocks of up to 2^27), with n = m past 2^17 and no noise 2 bytes a
/// projection more for their top radix digits (not in the shared blocks), plus one sample's scratch; O(8 (n + m) d) more
/// for gradients. The n x m coupling is never formed.
#include <span>

#include "core/types.h"

namespace dpw {

/// Noise on the projections of one direction (the hook through which a private release enters; ot/ draws
/// nothing itself).
class ProjectionNoise {
 public:
  virtual ~ProjectionNoise() = default;
  /// Adds direction j's noise in place to X's projections `u` (n values), then Y's `v` (m values). Called
  /// once per direction from several threads at once: the draw must depend on j alone (no shared state).
  virtual void add(Eigen::Index j, std::span<double> u, std::span<double> v) const = 0;
};

struct SlicedResult {
  double value = 0;     ///< (1/k) Σⱼ W₂²(projections j)
  Vector perDirection;  ///< W₂² of each direction (k values)
  Points gradX;         ///< n x d, empty unless requested
  Points gradY;         ///< m x d, empty unless requested
};

/// SW₂² with the per-direction costs; with `noise`, each direction's projections get noise->add first.
/// @throws InvalidArgument on empty or non-finite input or mismatched dimensions.
SlicedResult slicedW2Squared(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                             const ProjectionNoise* noise = nullptr);

/// The same with gradients with respect to X and Y (of the noisy objective with `noise`: the noise is
/// additive, so the chain rule is unchanged).
SlicedResult slicedW2SquaredWithGradients(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                                          const ProjectionNoise* noise = nullptr);

}  // namespace dpw
