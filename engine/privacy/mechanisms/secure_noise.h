#pragma once
/// Where the random bits of the exact samplers come from: the seeded teaching mode or the OS.
///
/// DPW Lab has two noise modes and they never mix:
/// - **Seeded (teaching) mode**, the default everywhere: bits come from `makeRng(seed, stream)`
///   (`SeededWords`), so a run replays bit for bit from its scenario. The seed is in the scenario
///   file, so anyone holding it can subtract the noise: fine for a laboratory, not for a release.
/// - **Secure mode**: bits come from the operating system's CSPRNG (`OsEntropy`: getrandom(2), or
///   /dev/urandom where the system call is missing). Nothing is seeded, so the run cannot be
///   replayed. If the OS cannot deliver bits, `OsEntropy` throws `EntropyError`; it never falls back
///   to a seeded generator.
/// The samplers in discrete_noise.h take a `RandomWords&` and use only integer arithmetic, so the
/// same code runs in both modes (tests use the seeded one).
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/rng.h"

namespace dpw {

/// The operating system could not deliver random bytes (not a user error: no InvalidArgument).
class EntropyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A source of independent uniform 64-bit words. Also a UniformRandomBitGenerator.
class RandomWords {
 public:
  using result_type = std::uint64_t;
  virtual ~RandomWords() = default;
  virtual std::uint64_t next() = 0;
  std::uint64_t operator()() { return next(); }
  static constexpr std::uint64_t min() { return 0; }
  static constexpr std::uint64_t max() { return std::numeric_limits<std::uint64_t>::max(); }
};

/// Seeded mode: the words of a caller's `Rng` (std::mt19937_64 yields full 64-bit words).
class SeededWords final : public RandomWords {
 public:
  explicit SeededWords(Rng& rng) : rng_(rng) {}
  std::uint64_t next() override { return rng_(); }

 private:
  Rng& rng_;
};

/// Secure mode: bytes from the OS CSPRNG, read 512 bytes at a time.
class OsEntropy final : public RandomWords {
 public:
  enum class Source {
    Auto,         ///< getrandom(2); /dev/urandom (or `device`) only if the kernel lacks the call (ENOSYS)
    DeviceOnly    ///< read `device` only (for tests of the failure path)
  };
  /// @throws EntropyError if DeviceOnly and `device` cannot be opened.
  explicit OsEntropy(Source source = Source::Auto, std::string device = "/dev/urandom");
  /// @throws EntropyError if the OS returns an error or no bytes (never a silent fallback).
  std::uint64_t next() override;

 private:
  void refill();
  Source source_;
  std::string device_;
  unsigned char buffer_[512];
  std::size_t used_ = sizeof(buffer_);
};

/// Uniform integer in [0, bound) by rejection on masked words (exact, < 2 words on average per 64
/// bits). @throws InternalError if bound == 0 (the samplers' own bounds).
std::uint64_t uniformBelow(std::uint64_t bound, RandomWords& words);
unsigned __int128 uniformBelow128(unsigned __int128 bound, RandomWords& words);

}  // namespace dpw
