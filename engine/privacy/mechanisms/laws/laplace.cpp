/// Laplace(b): x + b (E₁ − E₂), E₁, E₂ ~ Exp(1) i.i.d.; b = Δ₁/ε gives (ε, 0)-DP (Dwork & Roth 2014, Def. 3.3).
/// Seeded draws: one std::exponential_distribution(1) per addTo call (bit-compatible with the original code).
#include <cmath>
#include <random>
#include <sstream>

#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

namespace {

void addSeeded(std::span<double> values, double b, Rng& rng) {
  // Laplace(0, b) = b (E₁ − E₂) with E₁, E₂ standard exponential.
  std::exponential_distribution<double> e(1.0);
  for (double& v : values) v += b * (e(rng) - e(rng));
}

std::string describe(const Mechanism& m) {
  std::ostringstream os;
  os.precision(4);
  os << "Laplace noise (b = " << m.scale() << ", floating point)";
  return os.str();
}

double reach(double b) { return std::ceil(14 * b) + 1; }  // e^{−14} ≈ 8e-7
double normaliser(double) { return 0; }  // unused: the density has a closed form
double density(double z, double b, double) { return std::exp(-std::abs(z) / b) / (2 * b); }
double cdf(double z, double b, double) { return z < 0 ? 0.5 * std::exp(z / b) : 1 - 0.5 * std::exp(-z / b); }

Mechanism histogram(double epsilon, double, long n) { return Mechanism::laplaceScale(2.0 / (epsilon * double(n))); }  // b = Δ₁/ε

std::string histogramStatement(double epsilon, double) {
  std::ostringstream os;
  os << "ε = " << epsilon << " (pure DP) by the Laplace mechanism on the joint histogram (L1 sensitivity 2/n), "
     << "one release; everything after it is post-processing.";
  return os.str();
}

}  // namespace

const NoiseLaw kLaplaceLaw = {NoiseMechanism::Laplace, "laplace", "Laplace", SensitivityNorm::L1, false,
                              addSeeded, nullptr, nullptr, describe, reach, normaliser, density, cdf,
                              histogram, histogramStatement};

}  // namespace dpw
