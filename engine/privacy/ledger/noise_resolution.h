#pragma once
/// The one place where a run's noise multiplier is decided: given by the user, or calibrated from the
/// target ε. Every method that spends privacy builds a NoiseRequest and calls resolveNoiseMultiplier;
/// the classic and the exact (one release) Gaussian formulas live here too, once each.
#include <optional>

#include "privacy/accountants/accountant.h"  // AccountantKind
#include "privacy/mechanisms/noise_law.h"      // NoiseMechanism

namespace dpw {

/// How ε is turned into a multiplier when none is given.
enum class Calibration {
  Accountant,           ///< the smallest multiplier whose accountant ε after `steps` at rate q meets ε
  ExactSingleGaussian,  ///< one Gaussian release, exact: Δ/σ = gdpMuFor(ε, δ) (Balle & Wang 2018)
  ClassicGaussian       ///< per release, Dwork & Roth 2014 Thm A.1: σ = √(2 ln(1.25/δ)) Δ/ε
};

struct NoiseRequest {
  std::optional<double> givenMultiplier;  ///< the user's multiplier (its own "given" rule is the method's)
  double epsilon = 0;                     ///< target ε; +inf = no noise (multiplier 0)
  double delta = 0;                       ///< δ given to the calibration (the mechanism's share)
  Calibration calibration = Calibration::Accountant;
  AccountantKind accountant = AccountantKind::Rdp;  ///< Calibration::Accountant only
  /// The law the run draws (Calibration::Accountant only): the Gaussian, or secure mode's grid discrete Gaussian,
  /// calibrated on the analysis its ledger reads (privacy_ledger.h: ledgerAnalysis), so that the ε the ledger
  /// states at the multiplier returned, a proven bound for the law drawn, meets the target.
  NoiseMechanism law = NoiseMechanism::Gaussian;
  double sampleRate = 1;                            ///< Calibration::Accountant only
  long steps = 1;                                   ///< Calibration::Accountant only
  /// ClassicGaussian only: the std σ = √(2 ln(1.25/δ))·Δ/ε is formed first and divided by Δ, as the
  /// classic formula states it (so σ = multiplier·Δ has the same bits as the formula's).
  double sensitivity = 1;
};

/// The largest target ε a run calibrates with a PLD accountant (EpsilonCost::Costly): e^100 ≈ 10^43.
inline constexpr double kMaxPldCalibratedEpsilon = 100;

/// The given multiplier if there is one; else 0 for ε = +inf; else calibrated as asked.
/// @throws InvalidArgument from the calibration on bad budgets, for a PLD calibration to a target
/// above kMaxPldCalibratedEpsilon (it would take minutes and gigabytes), and for the discrete Gaussian with a
/// calibration other than Calibration::Accountant (the one-release formulas are the continuous Gaussian's).
double resolveNoiseMultiplier(const NoiseRequest& request);

/// √(2 ln(1.25/δ)): the classic Gaussian mechanism's factor (Dwork & Roth 2014, Thm A.1; a proof for
/// ε ≤ 1 only). @throws InvalidArgument unless δ ∈ (0, 1).
double classicGaussianFactor(double delta);
/// ε of one classic Gaussian release with this multiplier: classicGaussianFactor(δ) / multiplier.
double classicGaussianEpsilon(double multiplier, double delta);
/// Exact ε of one Gaussian release with this multiplier at δ: the release is μ-GDP with μ = 1/multiplier
/// (Dong, Roth & Su 2022), and gdpEpsilon inverts δ(ε; μ).
double exactGaussianEpsilon(double multiplier, double delta);

}  // namespace dpw
