/// Discrete Gaussian N_Z(0, σ²) on integers (CKS20 Alg. 3; privacy/mechanisms/discrete_noise.h): exact
/// sampler; σ² for (ε, δ) via ρ-zCDP, ρ = Δ₂²/(2σ²). On a grid (Mechanism::discreteGaussianOnGrid) it is
/// the secure counterpart of the Gaussian for real vectors (mechanisms.h explains the grid).
#include <cmath>

#include "core/error.h"
#include "privacy/calibration/discrete_calibration.h"
#include "privacy/calibration/root_finding.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/printed_numbers.h"

namespace dpw {

namespace {

std::int64_t drawInteger(const ExactRational& v, RandomWords& words) { return sampleDiscreteGaussian(v, words); }
double unitScale(const ExactRational& v) { return std::sqrt(v.value()); }

std::string describe(const Mechanism& m) {
  if (m.gridSensitivity() > 0)
    return "exact discrete Gaussian noise on a grid of step g = " + statementNumber(m.gridStep()) + " (σ = " +
           noiseNumber(m.scale()) + ", CKS20 Alg. 3); rounding to the grid raises the L2 sensitivity to Δ + g√dim = " +
           claimNumber(m.gridSensitivity()) + ", which the variance covers";
  return "exact discrete Gaussian noise (σ = " + noiseNumber(std::sqrt(m.discreteParameter().value())) +
         " on integer counts, CKS20 Alg. 3)";
}

std::int64_t reachOf(double s) { return std::int64_t(40 * s + 10); }  // e^{−800} beyond: below double precision

double reach(double s) { return std::ceil(5 * s) + 1; }  // 2Φ(−5) ≈ 6e-7
double normaliser(double s) {
  const double s2 = s * s;
  const auto k = reachOf(s);
  double z = 0;
  for (std::int64_t x = -k; x <= k; ++x) z += std::exp(-double(x) * double(x) / (2 * s2));
  return z;
}
double density(double z, double s, double norm) {
  if (z != std::round(z)) return 0;
  return std::exp(-0.5 * z * z / (s * s)) / norm;
}
double cdf(double z, double s, double norm) {
  const auto k = std::int64_t(std::floor(z)), reachK = reachOf(s);
  if (k < -reachK) return 0;
  if (k >= reachK) return 1;
  double sum = 0;  // the smaller tail, summed from the far end (accurate far out)
  if (k < 0) {
    for (std::int64_t x = -reachK; x <= k; ++x) sum += std::exp(-0.5 * double(x) * double(x) / (s * s));
    return sum / norm;
  }
  for (std::int64_t x = reachK; x > k; --x) sum += std::exp(-0.5 * double(x) * double(x) / (s * s));
  return 1 - sum / norm;
}

Mechanism histogram(double epsilon, double delta, long) { return Mechanism::discreteGaussian(epsilon, delta, 2.0); }

// N_Z(0, σ²) on a query of L2 sensitivity Δ₂ is ρ-zCDP with ρ = Δ₂²/(2σ²) = 1/(2 multiplier²) (CKS20); ε at δ
// is the smallest ε whose concentrated-DP conversion (discrete_noise.h: concentratedDpDelta) is ≤ δ, searched
// from the classic conversion's ε = ρ + 2√(ρ ln(1/δ)), which is never below it.
double releaseEpsilon(double multiplier, double delta) {
  require(multiplier > 0 && std::isfinite(multiplier), "the noise multiplier must be > 0, got ", multiplier);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1) for the discrete Gaussian, got ", delta);
  const double rho = 1 / (2 * multiplier * multiplier);
  const double classic = rho + 2 * std::sqrt(rho * std::log(1 / delta));
  return smallestBelow([rho](double eps) { return concentratedDpDelta(rho, eps); }, delta, classic / 4, classic,
                       1e-300, 1e300);
}

}  // namespace

const NoiseLaw kDiscreteGaussianLaw = {NoiseMechanism::DiscreteGaussian, "discrete-gaussian", "discrete Gaussian",
                                       SensitivityNorm::L2, true, nullptr, drawInteger, unitScale, describe,
                                       reach, normaliser, density, cdf, histogram, "σ",
                                       "exact sampler, CKS20 Alg. 3; ρ-zCDP, ρ = Δ₂²/(2σ²), converted to (ε, δ) as CKS20 §2",
                                       releaseEpsilon};

}  // namespace dpw
