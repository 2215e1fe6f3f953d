#pragma once
/// Two-dimensional toy target distributions for the sliced-Wasserstein flow ([DPSWFlow] §4.1, whose
/// toy is a mixture of Gaussians; the others are the usual generative-model toys).
///
/// - ring5:     5 equal-weight Gaussians, means 2 (cos 2πc/5, sin 2πc/5), std 0.2 (the default)
/// - mixture10: 10 equal-weight Gaussians, means uniform in [−3, 3]², std 0.25; the means are drawn
///              from stream 0 of `layoutSeed`, so a run's target is fixed by its seed
/// - moons:     two interleaved half circles (as sklearn's make_moons), centred, scaled by 2, noise 0.1
/// - spiral:    r = 3t, angle = 3πt, t ~ U(0, 1), plus N(0, 0.05²) noise
/// - circle:    radius 2 plus N(0, 0.05²) radial noise
#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/types.h"

namespace dpw {

/// Ids of the toy targets, the default first.
std::vector<std::string> toyTargetIds();

/// n points (n x 2) of toy target `id`. @throws InvalidArgument for an unknown id (listing the known
/// ones) or n < 1.
Points sampleToyTarget(const std::string& id, Eigen::Index n, std::uint64_t layoutSeed, Rng& rng);

}  // namespace dpw
