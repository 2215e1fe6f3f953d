#include "dpswd/dpswd_projection_audit.h"

#include "core/error.h"
#include "core/rng.h"
#include "dpswd/dpswd_release.h"
#include "ot/directions.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/sensitivity/projection_sensitivity.h"

namespace dpw {

// ---- dpswd-projection: noisyProjections of one record (the DP-SWD release).
AuditTarget dpswdProjectionAuditTarget(const MechanismAuditSettings& s, std::uint64_t) {
  require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);
  require(s.projections >= 1 && s.dimension >= 2, "dpswd-projection needs k >= 1 and d >= 2, got k = ", s.projections,
          ", d = ", s.dimension);
  AuditTarget out;
  out.claimedEpsilon = s.epsilon;
  out.claimedDelta = s.delta;
  const long k = s.projections, d = s.dimension;
  const double w = projectionSensitivity(defaultProjectionBound(k), k, d, s.delta / 2);
  requireAuditFault(s.fault, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds, AuditFault::SkipClip},
                    "dpswd-projection");
  const double sigma = auditNoiseFactor(s.fault) * analyticGaussianNoiseStd(s.epsilon, s.delta / 2, w);
  SlicedOptions options;
  options.noiseStd = sigma;
  if (s.exactLaw || s.noiseSource == NoiseSource::OsEntropy) {
    options.noiseStd = 0;
    options.secureNoise = Mechanism::discreteGaussianOnGrid(sigma, w, k);
  }
  const bool seededExact = s.exactLaw && s.noiseSource == NoiseSource::Seeded;
  const Mechanism grid = options.secureNoise;
  out.noiseScale = options.secureNoise.isNone() ? sigma : grid.scale();
  const bool skipClip = s.fault == AuditFault::SkipClip;
  out.trial = [options, seededExact, grid, skipClip, k, d](bool neighbour, Rng& rng) {
    // x = u/2 on D, x' = −u/2 on D' (rows scaled to norm ≤ 1/2 by the mechanism; skip-clip: x' = −2u).
    Vector u = Vector::Zero(d);
    u[0] = 1.0;
    Vector x = (neighbour ? -1.0 : 1.0) * (skipClip && neighbour ? 2.0 : 0.5) * u;
    if (!skipClip && x.norm() > 0.5) x *= 0.5 / x.norm();
    const Points theta = randomDirections(k, d, rng);
    Points release;
    if (seededExact) {  // the grid law from the seed (replayable tests of the secure law)
      release = theta * x;
      grid.addTo(std::span<double>(release.data(), std::size_t(release.size())), rng);
    } else {
      release = noisyProjections(Points(x.transpose()), theta, options, rng);
    }
    const Vector v = theta * (-u);  // Θ(x' − x) direction of the worst-case pair
    return Eigen::Map<const Vector>(release.data(), release.size()).dot(v) / v.norm();
  };
  return out;
}

}  // namespace dpw
