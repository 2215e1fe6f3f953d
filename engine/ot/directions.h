#pragma once
/// Random projection directions for sliced Wasserstein distances.
#include "core/rng.h"
#include "core/types.h"

namespace dpw {

/// k directions uniform on the unit sphere S^{d-1}, one per row (k x d): rows of N(0, I_d) draws,
/// each normalised. @throws InvalidArgument if k < 1 or d < 1.
Points randomDirections(Eigen::Index k, Eigen::Index d, Rng& rng);

}  // namespace dpw
