#include "dpswd/dpswd_release.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <span>

#include "core/error.h"

namespace dpw {
namespace {

void requireNoise(const SlicedOptions& o) {
  require(o.noiseStd >= 0 && std::isfinite(o.noiseStd), "noise standard deviation must be >= 0, got ", o.noiseStd);
}

bool noisy(const SlicedOptions& o) { return o.noiseStd > 0 || !o.secureNoise.isNone(); }

/// One sample's projections of one direction get the release's noise: N(0, σ²) from `rng`, or the
/// secure law from `words` (the OS).
void addNoise(std::span<double> values, const SlicedOptions& o, Rng& rng, RandomWords* words) {
  if (words) o.secureNoise.addTo(values, *words);
  else Mechanism::gaussianStd(o.noiseStd).addTo(values, rng);
}

/// The release's noise as ot/ takes it: direction j draws from stream j of the seed (u, then v), or
/// from one OS source of its own in secure mode.
class DpswdNoise final : public ProjectionNoise {
 public:
  explicit DpswdNoise(const SlicedOptions& o) : o_(o) {}
  void add(Eigen::Index j, std::span<double> u, std::span<double> v) const override {
    Rng rng = makeRng(o_.noiseSeed, std::uint64_t(j));
    std::unique_ptr<OsEntropy> os;
    if (!o_.secureNoise.isNone()) os = std::make_unique<OsEntropy>();
    addNoise(u, o_, rng, os.get());
    addNoise(v, o_, rng, os.get());
    if (o_.releasedY)  // row j is this direction's alone: no two threads write the same row
      std::copy(v.begin(), v.end(), o_.releasedY->row(j).data());
  }

 private:
  const SlicedOptions& o_;
};

// The k x n projections plus the release's noise; `rngFor(j)` gives the generator of direction j.
template <class RngFor>
Points projectWithNoise(const PointsRef& X, const PointsRef& directions, const SlicedOptions& o, RngFor&& rngFor) {
  require(X.rows() > 0, "the first point set is empty");
  require(directions.rows() > 0, "at least one projection direction is needed");
  require(directions.cols() == X.cols(), "directions have dimension ", directions.cols(), " but points have ",
          X.cols());
  require(directions.allFinite(), "directions contain NaN or infinite values");
  requireNoise(o);
  require(X.allFinite(), "the first point set contains NaN or infinite values");
  Points out = directions * X.transpose();  // k x n
  if (!noisy(o)) return out;
  std::unique_ptr<OsEntropy> os;
  if (!o.secureNoise.isNone()) os = std::make_unique<OsEntropy>();
  for (Eigen::Index j = 0; j < out.rows(); ++j)
    addNoise(std::span<double>(out.row(j).data(), std::size_t(out.cols())), o, rngFor(j), os.get());
  return out;
}

}  // namespace

Points noisyProjections(const PointsRef& X, const PointsRef& directions, const SlicedOptions& o) {
  Rng rng;
  return projectWithNoise(X, directions, o, [&](Eigen::Index j) -> Rng& {
    rng = makeRng(o.noiseSeed, std::uint64_t(j));  // one stream per direction
    return rng;
  });
}

Points noisyProjections(const PointsRef& X, const PointsRef& directions, const SlicedOptions& o, Rng& rng) {
  return projectWithNoise(X, directions, o, [&](Eigen::Index) -> Rng& { return rng; });
}

SlicedResult slicedW2Squared(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                             const SlicedOptions& options) {
  requireNoise(options);
  if (options.releasedY) options.releasedY->setZero(directions.rows(), Y.rows());
  const DpswdNoise noise(options);
  return slicedW2Squared(X, Y, directions, noisy(options) ? &noise : nullptr);
}

SlicedResult slicedW2SquaredWithGradients(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                                          const SlicedOptions& options) {
  requireNoise(options);
  if (options.releasedY) options.releasedY->setZero(directions.rows(), Y.rows());
  const DpswdNoise noise(options);
  return slicedW2SquaredWithGradients(X, Y, directions, noisy(options) ? &noise : nullptr);
}

}  // namespace dpw
