#pragma once
/// The one random-number generator of DPW Lab: `std::mt19937_64`.
///
/// Every run receives a 64-bit seed from its scenario. Work that runs in parallel (one direction,
/// one seed of a sweep) draws from its own stream `makeRng(seed, stream)`, so results do not depend
/// on the number of threads or on scheduling: a replay with the same seed is bit-identical.
#include <algorithm>
#include <cstddef>
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

/// MT19937-64 that produces its words a whole state (312) at a time: the sequence of std::mt19937_64
/// seeded from the same seed sequence, with the twist and the tempering as vector loops and no
/// per-word index check (libstdc++'s operator() checks it every call). tst_mechanisms compares the two.
class BlockRng {
 public:
  using result_type = std::uint64_t;
  static constexpr std::size_t kState = 312;
  explicit BlockRng(std::seed_seq& seq) {
    std::uint32_t words[2 * kState];
    seq.generate(words, words + 2 * kState);
    bool zero = true;
    for (std::size_t i = 0; i < kState; ++i) {
      x_[i] = std::uint64_t(words[2 * i]) | (std::uint64_t(words[2 * i + 1]) << 32);
      if (zero && (i == 0 ? (x_[0] & kUpper) != 0 : x_[i] != 0)) zero = false;
    }
    if (zero) x_[0] = std::uint64_t(1) << 63;
  }
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~std::uint64_t(0); }
  result_type operator()() {
    if (p_ == kState) refill();
    return out_[p_++];
  }
  /// The next `count` words into `to`.
  void fill(std::uint64_t* to, std::size_t count) {
    while (count > 0) {
      if (p_ == kState) refill();
      const std::size_t take = std::min(count, kState - p_);
      std::copy_n(out_ + p_, take, to);
      p_ += take, to += take, count -= take;
    }
  }

 private:
  static constexpr std::size_t kShift = 156;
  static constexpr std::uint64_t kUpper = ~std::uint64_t(0) << 31, kLower = ~kUpper;
  static constexpr std::uint64_t kMatrix = 0xB5026F5AA96619E9ULL;
  static std::uint64_t mix(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    const std::uint64_t y = (a & kUpper) | (b & kLower);
    return c ^ (y >> 1) ^ ((y & 1) ? kMatrix : 0);
  }
  void refill() {
    std::uint64_t* x = x_;
    for (std::size_t i = 0; i < kState - kShift; ++i) x[i] = mix(x[i], x[i + 1], x[i + kShift]);
    for (std::size_t i = kState - kShift; i < kState - 1; ++i) x[i] = mix(x[i], x[i + 1], x[i + kShift - kState]);
    x[kState - 1] = mix(x[kState - 1], x[0], x[kShift - 1]);
    for (std::size_t i = 0; i < kState; ++i) {
      std::uint64_t z = x[i];
      z ^= (z >> 29) & 0x5555555555555555ULL;
      z ^= (z << 17) & 0x71D67FFFEDA60000ULL;
      z ^= (z << 37) & 0xFFF7EEE000000000ULL;
      z ^= z >> 43;
      out_[i] = z;
    }
    p_ = 0;
  }
  std::uint64_t x_[kState];
  std::uint64_t out_[kState];
  std::size_t p_ = kState;
};

/// The words of makeRng(seed, stream), a state at a time.
inline BlockRng makeBlockRng(std::uint64_t seed, std::uint64_t stream = 0) {
  std::seed_seq seq{splitMix64(seed), splitMix64(seed ^ splitMix64(stream + 1))};
  return BlockRng(seq);
}

/// n x d matrix of independent N(0, 1) draws, filled row by row.
Points standardNormal(Eigen::Index n, Eigen::Index d, Rng& rng);

}  // namespace dpw
