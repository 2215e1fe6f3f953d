#pragma once
/// The laws of one noisy count: the output distribution of a calibrated `Mechanism` (mechanisms.h) added
/// to an integer count c, its privacy-loss ratio between neighbouring counts c and c + 1 (one person
/// added), and the best attacker's test between them. Used by the first lesson (methods/count_query.h);
/// no noise is drawn here, these are the exact laws in floating point.
///
/// Laws (Dwork & Roth 2014 §3.3 and App. A; CKS20 = Canonne, Kamath & Steinke 2020):
/// - Laplace(b):   p(y) = e^{−|y−c|/b} / (2b);             P(Y ≤ t) = ½ e^{(t−c)/b} (t < c), 1 − ½ e^{−(t−c)/b}.
/// - Gaussian(σ):  p(y) = φ((y−c)/σ)/σ;                    P(Y ≤ t) = Φ((t−c)/σ).
/// - Lap_Z(t):     P(Y = c + k) = tanh(1/(2t)) e^{−|k|/t}  (CKS20 §1).
/// - N_Z(0, σ²):   P(Y = c + k) = e^{−k²/(2σ²)} / Z,  Z = Σ_k e^{−k²/(2σ²)} = √(2π) σ (1 + 2 Σ_{j≥1} e^{−2π²σ²j²})
///                 (Poisson summation; CKS20 Fact 18). The sum form is what the code uses; the theta form is
///                 the test's closed form.
/// Privacy loss of y between D (count c) and D′ (count c + 1): L(y) = p_{D′}(y) / p_D(y). ε-DP bounds it by
/// e^ε everywhere (Laplace: exactly e^{±1/b}); for (ε, δ) the mass where it exceeds e^ε,
///   δ(ε) = Σ_y max(0, p_{D′}(y) − e^ε p_D(y))   (the hockey-stick divergence, Balle & Wang 2018 Thm 5),
/// is δ: for the Gaussian with μ = 1/σ, δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2).
/// The likelihood ratio increases with y for all four laws, so the best test of D against D′ (Neyman-Pearson)
/// is "y > τ ⇒ D′"; its errors α(τ) = P_D(Y > τ), β(τ) = P_{D′}(Y ≤ τ) trace the trade-off curve f(α)
/// (Dong, Roth & Su 2022, Def. 2.1); for the integer laws the curve is the polygon through the integer
/// thresholds (randomised tests in between).
#include <cstdint>
#include <vector>

#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

/// The output law of `count` + noise of a calibrated mechanism (not Mechanism::isNone()).
class CountRelease {
 public:
  /// @throws InvalidArgument for a mechanism without noise.
  CountRelease(const Mechanism& mechanism, double count);

  bool isDiscrete() const { return discrete_; }
  double count() const { return count_; }
  /// Density at y (continuous laws) or mass at the integer y (discrete laws; 0 off the integers).
  double density(double y) const;
  /// P(Y ≤ t).
  double cdf(double t) const;
  /// The law's normaliser (NoiseLaw::normaliser): the discrete Gaussian's Z (sum over |k| ≤ 40σ + 10); 0 for the other laws.
  double discreteGaussianNormaliser() const { return normaliser_; }
  /// Half-width around the count that holds all but ≈ 1e-6 of the mass (for plot ranges and sums).
  double reach() const;

 private:
  NoiseMechanism law_;
  bool discrete_ = false;
  double count_ = 0;
  double scale_ = 0;       // b, σ, t or σ (σ = √σ_Z²)
  double normaliser_ = 0;  // discrete Gaussian Z
};

/// δ(ε) = Σ/∫ max(0, p_{D′} − e^ε p_D) between the releases of two counts: a sum over the integers for the
/// discrete laws, a trapezoid sum on `gridPoints` points over both supports otherwise (error O(h²)).
/// @throws InternalError if one law is discrete and the other not, or gridPoints < 3; InvalidArgument if ε < 0.
double countHockeyStick(const CountRelease& d, const CountRelease& dPrime, double epsilon, int gridPoints = 200001);

/// The best test's errors at thresholds `taus`: α = P_D(Y > τ), β = P_{D′}(Y ≤ τ).
struct TradeoffPoints {
  std::vector<double> alpha, beta;
};
TradeoffPoints countTradeoff(const CountRelease& d, const CountRelease& dPrime, const std::vector<double>& taus);

/// The (ε, δ)-DP bound on any trade-off curve: f(α) = max(0, 1 − δ − e^ε α, e^{−ε}(1 − δ − α))
/// (Dong, Roth & Su 2022, Prop. 2.5 / Kairouz et al. 2015).
double epsilonDeltaTradeoff(double epsilon, double delta, double alpha);

}  // namespace dpw
