#pragma once
/// Directions for the private sliced flows with an exact sensitivity (no δ spent on a bound).
///
/// Orthonormal blocks: ⌈k/d⌉ independent Haar-random orthonormal bases of R^d (QR of a Gaussian d x d
/// matrix, signs fixed so the law is Haar), stacked, the first k rows kept. For every v,
///   ‖Θ v‖² = Σ_blocks ‖B_b v‖² ≤ ⌈k/d⌉ ‖v‖²   (each full block is an isometry, a partial one a
///   projection), so the L2 sensitivity of the k projections of a row of the unit ball (a change of
///   norm ≤ 2) is exactly Δ = 2 √⌈k/d⌉, whatever Θ is. Θ is public and drawn before the data are read,
/// so the bound holds with probability 1 and the whole δ goes to the accountant (compare the CLT /
/// Bernstein bound of [DP-SWD] Lemma 2, which holds with probability 1 − δ_b for i.i.d. directions).
/// Each row is uniform on the sphere, so the sliced distance they estimate is the same as with
/// i.i.d. directions (an unbiased, lower-variance estimate: orthogonal directions, cf. "orthogonal
/// random features").
/// Cost O(⌈k/d⌉ d³) per draw.
#include "core/rng.h"
#include "core/types.h"

namespace dpw {

/// k x d: ⌈k/d⌉ stacked Haar orthonormal bases (first k rows). @throws InvalidArgument if k < 1 or d < 1.
Points orthonormalDirectionBlocks(Eigen::Index k, Eigen::Index d, Rng& rng);

/// Δ = 2 √⌈k/d⌉: the exact L2 sensitivity of k orthonormal-block projections of a unit-ball row.
/// @throws InvalidArgument if k < 1 or d < 1.
double orthonormalBlockSensitivity(long k, long d);

}  // namespace dpw
