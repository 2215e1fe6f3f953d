/// Gaussian(σ): x + N(0, σ²) per coordinate; σ = Δ₂/μ is μ-GDP, the analytic calibration for (ε, δ)
/// (mechanisms.h). Seeded draws: addGaussianPolar, the very numbers of one std::normal_distribution(0, σ).
/// Its secure counterpart is the discrete Gaussian on a grid (Mechanism::discreteGaussianOnGrid).
#include <cmath>
#include <numbers>

#include "core/error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/printed_numbers.h"

namespace dpw {

namespace {

std::string describe(const Mechanism& m) {
  return "Gaussian noise (σ = " + noiseNumber(m.scale()) + ", floating point)";
}

double reach(double s) { return std::ceil(5 * s) + 1; }  // 2Φ(−5) ≈ 6e-7
double normaliser(double) { return 0; }  // unused: the density has a closed form
double density(double z, double s, double) {
  return std::exp(-0.5 * z * z / (s * s)) / (s * std::sqrt(2 * std::numbers::pi));
}
double cdf(double z, double s, double) { return normalCdf(z / s); }

Mechanism histogram(double epsilon, double delta, long n) {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1) for the Gaussian mechanism, got ", delta);
  return Mechanism::gaussian(epsilon, delta, std::sqrt(2.0) / double(n));
}

// σ = multiplier·Δ₂ is μ-GDP with μ = 1/multiplier; its exact ε at δ inverts δ(ε; μ) (mechanisms.h; Balle &
// Wang 2018 Thm 8 is the same curve).
double releaseEpsilon(double multiplier, double delta) {
  require(multiplier > 0 && std::isfinite(multiplier), "the noise multiplier must be > 0, got ", multiplier);
  return gdpEpsilon(1 / multiplier, delta);
}

}  // namespace

const NoiseLaw kGaussianLaw = {NoiseMechanism::Gaussian, "gaussian", "Gaussian", SensitivityNorm::L2, false,
                               addGaussianPolar, nullptr, nullptr, describe, reach, normaliser, density, cdf,
                               histogram, "σ", "exact: μ-GDP with μ = 1/multiplier, Balle & Wang 2018 Thm 8",
                               releaseEpsilon};

}  // namespace dpw
