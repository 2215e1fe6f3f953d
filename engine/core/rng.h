#pragma once
/// The one random-number generator of DPW Lab: `std::mt19937_64`.
///
/// Every run receives a 64-bit seed from its scenario. Work that runs in parallel (one direction,
/// one seed of a sweep) draws from its own stream `makeRng(seed, stream)`, so results do not depend
/// on the number of threads or on scheduling: a replay with the same seed is bit-identical.
#include <cstdint>
#include <random>

#include "core/types.h"

namespace dpw {

using Rng = std::mt19937_64;

/// SplitMix64 finaliser (Steele, Lea, Flood 2014): decorrelates nearby seeds.
constexpr std::uint64_t splitMix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

/// Generator for sub-stream `stream` of run seed `seed`.
inline Rng makeRng(std::uint64_t seed, std::uint64_t stream = 0) {
  std::seed_seq seq{splitMix64(seed), splitMix64(seed ^ splitMix64(stream + 1))};
  return Rng(seq);
}

/// n x d matrix of independent N(0, 1) draws, filled row by row.
Points standardNormal(Eigen::Index n, Eigen::Index d, Rng& rng);

}  // namespace dpw
