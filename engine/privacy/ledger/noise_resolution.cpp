#include "privacy/ledger/noise_resolution.h"

#include <cmath>

#include "core/error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

double resolveNoiseMultiplier(const NoiseRequest& r) {
  if (r.givenMultiplier) return *r.givenMultiplier;
  if (std::isinf(r.epsilon)) return 0.0;
  switch (r.calibration) {
    case Calibration::Accountant:
      return calibrateNoiseMultiplier(r.accountant, r.epsilon, r.delta, r.sampleRate, r.steps);
    case Calibration::ExactSingleGaussian:
      return analyticGaussianNoiseStd(r.epsilon, r.delta, 1.0);
    case Calibration::ClassicGaussian:
      return classicGaussianNoiseStd(r.epsilon, r.delta, r.sensitivity) / r.sensitivity;
  }
  throw InvalidArgument("unknown calibration");  // not reached: every Calibration is handled above
}

double classicGaussianFactor(double delta) {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  return std::sqrt(2.0 * std::log(1.25 / delta));
}

double classicGaussianEpsilon(double multiplier, double delta) { return classicGaussianFactor(delta) / multiplier; }

double exactGaussianEpsilon(double multiplier, double delta) { return gdpEpsilon(1.0 / multiplier, delta); }

}  // namespace dpw
