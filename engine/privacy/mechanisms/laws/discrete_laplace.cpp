/// Discrete Laplace Lap_Z(t) on integers (CKS20 Alg. 2; privacy/mechanisms/discrete_noise.h): exact sampler,
/// integer arithmetic only; t ≥ Δ₁/ε on the 2^-20 grid gives (ε, 0)-DP.
#include <cmath>

#include "core/error.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/printed_numbers.h"

namespace dpw {

namespace {

std::int64_t drawInteger(const ExactRational& t, RandomWords& words) { return sampleDiscreteLaplace(t, words); }
double unitScale(const ExactRational& t) { return t.value(); }

std::string describe(const Mechanism& m) {
  return "exact discrete Laplace noise (scale " + noiseNumber(m.discreteParameter().value()) +
         (m.gridStep() == 1 ? " on integer counts" : "") + ", CKS20 Alg. 2)";
}

double reach(double t) { return std::ceil(14 * t) + 1; }  // e^{−14} ≈ 8e-7
double normaliser(double) { return 0; }  // unused: the density has a closed form
double density(double z, double t, double) {
  if (z != std::round(z)) return 0;
  return std::tanh(0.5 / t) * std::exp(-std::abs(z) / t);
}
double cdf(double z, double t, double) {
  // P(K ≤ k) for Lap_Z(t), r = e^{−1/t}: k < 0: r^{−k}/(1 + r); k ≥ 0: 1 − r^{k+1}/(1 + r).
  const double k = std::floor(z), r = std::exp(-1 / t);
  return k < 0 ? std::pow(r, -k) / (1 + r) : 1 - std::pow(r, k + 1) / (1 + r);
}

Mechanism histogram(double epsilon, double, long) { return Mechanism::discreteLaplace(epsilon, 2); }

// Lap_Z(t) on a query of L1 sensitivity Δ₁ is (Δ₁/t, 0)-DP (discrete_noise.h): t = multiplier·Δ₁ spends 1/multiplier.
double releaseEpsilon(double multiplier, double) {
  require(multiplier > 0 && std::isfinite(multiplier), "the noise multiplier must be > 0, got ", multiplier);
  return 1 / multiplier;
}

}  // namespace

const NoiseLaw kDiscreteLaplaceLaw = {NoiseMechanism::DiscreteLaplace, "discrete-laplace", "discrete Laplace",
                                      SensitivityNorm::L1, true, nullptr, drawInteger, unitScale, describe,
                                      reach, normaliser, density, cdf, histogram, "t",
                                      "exact sampler, CKS20 Alg. 2; (Δ₁/t, 0)-DP, CKS20 §1", releaseEpsilon};

}  // namespace dpw
