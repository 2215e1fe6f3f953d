#include "privacy/mechanisms.h"

#include <cmath>
#include <random>

#include "core/error.h"

namespace dpw {

Vector gaussianMechanism(const VectorRef& value, double noiseMultiplier, double l2Sensitivity, Rng& rng) {
  require(noiseMultiplier >= 0 && std::isfinite(noiseMultiplier), "the noise multiplier must be a finite number >= 0, got ",
          noiseMultiplier);
  require(l2Sensitivity >= 0 && std::isfinite(l2Sensitivity), "the l2 sensitivity must be a finite number >= 0, got ",
          l2Sensitivity);
  const double s = noiseMultiplier * l2Sensitivity;
  std::normal_distribution<double> normal(0.0, 1.0);
  Vector out = value;
  for (Eigen::Index i = 0; i < out.size(); ++i) out[i] += s * normal(rng);
  return out;
}

double laplaceDraw(double scale, Rng& rng) {
  require(scale >= 0 && std::isfinite(scale), "the Laplace scale must be a finite number >= 0, got ", scale);
  std::uniform_real_distribution<double> uniform(-0.5, 0.5);
  double u = uniform(rng);
  while (u == -0.5) u = uniform(rng);  // log(0) excluded
  return -scale * std::copysign(1.0, u) * std::log1p(-2 * std::abs(u));
}

Vector laplaceMechanism(const VectorRef& value, double epsilon, double l1Sensitivity, Rng& rng) {
  require(epsilon > 0, "epsilon must be > 0, got ", epsilon);
  require(l1Sensitivity >= 0 && std::isfinite(l1Sensitivity), "the l1 sensitivity must be a finite number >= 0, got ",
          l1Sensitivity);
  const double b = std::isinf(epsilon) ? 0.0 : l1Sensitivity / epsilon;
  Vector out = value;
  for (Eigen::Index i = 0; i < out.size(); ++i) out[i] += laplaceDraw(b, rng);
  return out;
}

}  // namespace dpw
