#pragma once
/// Privacy trade-off view: the f-DP picture of one run of the subsampled Gaussian mechanism
/// (Dong, Roth, Su 2022). Chart "tradeoff": β(α), the smallest type II error of any test between the
/// outputs on two neighbouring data sets at type I error α, for (q, σ, T):
///   - the PLD curve (privacy/curves/tradeoff_curve.h; tight up to the PLD's discretisation, a valid bound),
///   - the GDP curve G_μ (exact μ = √T/σ at q = 1; the CLT μ otherwise, an approximation),
///   - random guessing β = 1 − α,
///   - at q = 1, the privacy audit's empirical points: the production Gaussian audit
///     (audit/mechanism_audits.h, mechanism "gaussian") calibrated to the same μ (T Gaussian steps with
///     multiplier σ are exactly one Gaussian with multiplier σ/√T), `trials` runs on D and on D',
///     threshold tests "score > t ⇒ D'" at fixed target type I errors, each point with its
///     Clopper-Pearson box (two-sided, `confidence` per coordinate; drawn with a cross through the
///     point, all boxes in one series). A correct mechanism's boxes reach
///     the curve or lie above it (βhi ≥ f(αhi)); metric audit_boxes_below_curve counts the others.
/// At q < 1 no audit is drawn (the audit module has no subsampled composition; the statement says so).
/// Cost: one PLD composition (≈ 10-100 ms) and 2·trials Gaussian draws.
#include <cstdint>
#include <vector>

#include "core/method.h"

namespace dpw {

struct PrivacyTradeoffSettings {
  double sampleRate = 1.0;       ///< q
  double noiseMultiplier = 1.0;  ///< σ (noise std / sensitivity)
  long steps = 1;                ///< T
  long trials = 2000;            ///< audit runs per data set (few, so the boxes are visible)
  double confidence = 0.95;      ///< per coordinate of a box
  double delta = 1e-5;           ///< δ at which ε is reported (and the audit's claim is stated)

  static PrivacyTradeoffSettings fromParams(const ParamValues& p);
};

/// One empirical threshold test: observed rates and their Clopper-Pearson intervals.
struct TradeoffAuditPoint {
  double alpha, beta;            ///< observed type I (on D) and type II (on D') error
  double alphaLow, alphaHigh;    ///< two-sided interval at `confidence`
  double betaLow, betaHigh;
};

/// Threshold tests "score > t ⇒ D'" with t the (1 − a)-quantile of the D scores for each target a in
/// `targetAlphas`; scores are flipped if D' scores are lower on average (any monotone score works).
/// @throws InternalError unless both score lists are non-empty, confidence ∈ (0, 1), targets in (0, 1) (the
/// method passes its own audit's scores, its checked confidence and fixed targets).
std::vector<TradeoffAuditPoint> tradeoffAuditPoints(std::vector<double> scoresD, std::vector<double> scoresDPrime,
                                                    const std::vector<double>& targetAlphas, double confidence);

/// Publishes chart "tradeoff". Metrics: mu_gdp, epsilon_pld (at δ), beta_pld_at_0_1 and
/// beta_gdp_at_0_1 (β at α = 0.1), audit_points, audit_boxes_below_curve, audit_noise_std.
/// @throws InvalidArgument on bad settings (q ∉ (0, 1], σ ≤ 0, T < 1, trials < 200, ...).
RunResult runPrivacyTradeoff(const PrivacyTradeoffSettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo privacyTradeoffMethod();

}  // namespace dpw
