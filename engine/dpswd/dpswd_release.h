#pragma once
/// The DP-SWD release ([DP-SWD] Alg. 1): sliced squared 2-Wasserstein distance with Gaussian noise on the
/// projections. The projections of both samples get independent N(0, σ²) noise on every coordinate before
/// the 1-D distances are taken; σ = 0 gives SW₂² exactly.
///
/// Its own room (issue #39): the transport is ot/sliced_wasserstein.h, which knows no noise; the noise is
/// drawn by privacy/mechanisms/mechanisms.h (Mechanism::addTo) and handed to ot/ as a ProjectionNoise; the
/// sensitivity of the release is privacy/sensitivity/projection_sensitivity.h; its audit target is
/// dpswd/dpswd_projection_audit.h. The noise of direction j comes from stream j of `noiseSeed` (X's n values
/// first, then Y's m), so no bit of a result depends on the thread count.
#include <cstdint>

#include "core/rng.h"
#include "core/types.h"
#include "ot/sliced_wasserstein.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

struct SlicedOptions {
  double noiseStd = 0.0;          ///< σ of the Gaussian noise on projections (0: exact SW₂²)
  std::uint64_t noiseSeed = 0;    ///< seed of the noise streams
  /// Secure mode: if set (not none), the projections get this exact discrete law from the OS
  /// (Mechanism::discreteGaussianOnGrid, privacy/mechanisms/mechanisms.h) instead of N(0, σ²) from `noiseSeed`.
  Mechanism secureNoise{};
  /// Audit hook: if set, receives the k x m noisy projections of the second sample Y (row j: direction j,
  /// Y's rows in their order), exactly as drawn and used: the data side of the release a white-box auditor
  /// reads (methods/flow/dpsw_generator_run_audit.h). Resized by the call and filled when there is noise (without
  /// noise nothing is released); null: nothing is copied.
  Points* releasedY = nullptr;
};

/// DP-SWD's private unit: the k x n noisy projections Θ Xᵀ + noise, with the noise of direction j drawn
/// exactly as slicedW2Squared draws it for X (stream j of `noiseSeed`, X's n values first; or `secureNoise`
/// from the OS). The audits run this function. @throws as slicedW2Squared.
Points noisyProjections(const PointsRef& X, const PointsRef& directions, const SlicedOptions& options);

/// The same release with the Gaussian noise of every direction drawn from one caller's `rng` (in
/// direction order) instead of the per-direction streams: the same law and the same draw routine
/// (seeding k streams costs ~20 µs each, too much for an audit's 10^5 trials). With `secureNoise`
/// the OS is used and `rng` is untouched. @throws as slicedW2Squared.
Points noisyProjections(const PointsRef& X, const PointsRef& directions, const SlicedOptions& options, Rng& rng);

/// DP-SWD (SW₂² when options.noiseStd = 0 and no secureNoise) with the per-direction costs
/// (ot/sliced_wasserstein.h with the release's ProjectionNoise).
/// @throws InvalidArgument on empty or non-finite input, mismatched dimensions or noiseStd not ≥ 0 finite.
SlicedResult slicedW2Squared(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                             const SlicedOptions& options);

/// The same with gradients with respect to X and Y (of the noisy objective when noiseStd > 0: the
/// noise is additive, so the chain rule is unchanged).
SlicedResult slicedW2SquaredWithGradients(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                                          const SlicedOptions& options);

}  // namespace dpw
