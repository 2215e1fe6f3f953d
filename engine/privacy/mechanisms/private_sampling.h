#pragma once
/// Where the random choices that decide which private rows a release sees come from.
///
/// Subsampling amplification (Poisson inclusion coins, fixed-size batches without replacement, the
/// splits that decide which rows are trained on) holds only if the adversary does not know the
/// choices. The seed is published with every run (summary.json, scenario.json), so:
/// - teaching mode (`NoiseSource::Seeded`): the choices come from the run's seeded stream and replay
///   exactly; anyone with the seed knows in which steps a row was used (and can remove the noise too);
/// - secure mode (`NoiseSource::OsEntropy`): the choices come from the OS CSPRNG (`OsEntropy`), as the
///   noise does; the seed then reproduces only public things (particle initialisation, directions,
///   synthetic data).
/// `RandomWords` is a UniformRandomBitGenerator, and `SeededWords` yields exactly the words of the `Rng`
/// it wraps, so seeded draws through `words()` are bit-identical to draws from the `Rng` itself.
#include <memory>

#include "core/rng.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/mechanisms/secure_noise.h"

namespace dpw {

class PrivateSampling {
 public:
  /// Seeded: draws from `seeded` (kept by reference); OsEntropy: from a fresh OS source.
  /// @throws EntropyError if the OS source cannot be opened.
  PrivateSampling(NoiseSource source, Rng& seeded)
      : seeded_(seeded), os_(source == NoiseSource::OsEntropy ? std::make_unique<OsEntropy>() : nullptr) {}
  RandomWords& words() { return os_ ? static_cast<RandomWords&>(*os_) : seeded_; }
  bool secure() const { return os_ != nullptr; }

 private:
  SeededWords seeded_;
  std::unique_ptr<OsEntropy> os_;
};

}  // namespace dpw
