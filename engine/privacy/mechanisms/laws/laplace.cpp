/// Laplace(b): x + b (E₁ − E₂), E₁, E₂ ~ Exp(1) i.i.d.; b = Δ₁/ε gives (ε, 0)-DP (Dwork & Roth 2014, Def. 3.3).
/// Seeded draws: one std::exponential_distribution(1) per addTo call (bit-compatible with the original code).
#include <cmath>
#include <random>

#include "core/error.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/printed_numbers.h"

namespace dpw {

namespace {

void addSeeded(std::span<double> values, double b, Rng& rng) {
  // Laplace(0, b) = b (E₁ − E₂) with E₁, E₂ standard exponential.
  std::exponential_distribution<double> e(1.0);
  for (double& v : values) v += b * (e(rng) - e(rng));
}

std::string describe(const Mechanism& m) {
  return "Laplace noise (b = " + noiseNumber(m.scale()) + ", floating point)";
}

double reach(double b) { return std::ceil(14 * b) + 1; }  // e^{−14} ≈ 8e-7
double normaliser(double) { return 0; }  // unused: the density has a closed form
double density(double z, double b, double) { return std::exp(-std::abs(z) / b) / (2 * b); }
double cdf(double z, double b, double) { return z < 0 ? 0.5 * std::exp(z / b) : 1 - 0.5 * std::exp(-z / b); }

Mechanism histogram(double epsilon, double, long n) { return Mechanism::laplaceScale(2.0 / (epsilon * double(n))); }  // b = Δ₁/ε

// b = Δ₁/ε is ε-DP (Dwork & Roth 2014 Thm 3.6), so a scale b = multiplier·Δ₁ spends ε = 1/multiplier.
double releaseEpsilon(double multiplier, double) {
  require(multiplier > 0 && std::isfinite(multiplier), "the noise multiplier must be > 0, got ", multiplier);
  return 1 / multiplier;
}

}  // namespace

const NoiseLaw kLaplaceLaw = {NoiseMechanism::Laplace, "laplace", "Laplace", SensitivityNorm::L1, false,
                              addSeeded, nullptr, nullptr, describe, reach, normaliser, density, cdf,
                              histogram, "b", "Dwork & Roth 2014 Thm 3.6", releaseEpsilon};

}  // namespace dpw
