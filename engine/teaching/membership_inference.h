#pragma once
/// Membership inference against a Gaussian release, the numbers of the membership-inference lesson
/// (methods/membership_inference_method.h). A count in which one row adds Δ = 1 is released with N(0, σ²) noise. The
/// attacker knows every other row (DP's worst case) and subtracts their count: its score is Δ + noise when the
/// target row is in, noise alone when it is out, and it says "in" when the score exceeds a threshold t:
///   TPR(t) = Φ((Δ − t)/σ),   FPR(t) = Φ(−t/σ),   so   TPR = Φ(Φ⁻¹(FPR) + μ),  μ = Δ/σ.
/// The likelihood ratio is monotone in the score, so these thresholds are the Neyman-Pearson tests: the ROC is
/// the whole μ-GDP trade-off curve, TPR = 1 − G_μ(FPR) (Dong, Roth & Su 2022 Def. 2.6), and no attacker does
/// better. Its largest advantage TPR − FPR, at t = Δ/2, is 2Φ(μ/2) − 1.
/// (ε, δ)-DP bounds every test (Kairouz, Oh & Viswanath 2015 Thm 2.1):
///   TPR ≤ e^ε FPR + δ   and   TPR ≤ 1 − e^{−ε} (1 − δ − FPR),
/// whose largest advantage, where the two lines meet (FPR = (1 − δ)/(e^ε + 1)), is (e^ε − 1 + 2δ)/(e^ε + 1)
/// (Humphries et al. 2023; Yeom et al. 2018 for δ = 0). This room holds no noise: the caller draws the scores.
#include <span>
#include <vector>

namespace dpw {

/// Φ((Δ − t)/σ): the chance the score of a release with the target in exceeds t. @throws InvalidArgument unless σ > 0.
double attackTruePositiveRate(double sigma, double sensitivity, double threshold);
/// Φ(−t/σ): the chance the score of a release without the target exceeds t. @throws InvalidArgument unless σ > 0.
double attackFalsePositiveRate(double sigma, double threshold);
/// 1 − G_μ(FPR) = Φ(Φ⁻¹(FPR) + μ): the best test's TPR at a false-positive rate (0 at 0, 1 at 1).
/// @throws InvalidArgument unless μ ≥ 0 and FPR ∈ [0, 1].
double gaussianRocTpr(double mu, double fpr);
/// 2Φ(μ/2) − 1: the best attack's advantage (largest TPR − FPR) on a μ-GDP Gaussian release.
double gaussianAttackAdvantage(double mu);
/// min(1, e^ε FPR + δ, 1 − e^{−ε}(1 − δ − FPR)): the most TPR any test has against an (ε, δ)-DP release.
/// @throws InvalidArgument unless ε ≥ 0, δ ∈ [0, 1), FPR ∈ [0, 1].
double epsilonDeltaTprBound(double epsilon, double delta, double fpr);
/// (e^ε − 1 + 2δ)/(e^ε + 1): the largest advantage any test has against an (ε, δ)-DP release.
double epsilonDeltaAdvantageBound(double epsilon, double delta);

/// The share of `sortedScores` (ascending) above t.
double shareAbove(std::span<const double> sortedScores, double threshold);
/// The largest measured advantage: max over thresholds t of shareAbove(in, t) − shareAbove(out, t), t running
/// over every score and −∞ (both sorted ascending, neither empty). @throws InvalidArgument on an empty side.
double measuredAdvantage(std::span<const double> sortedIn, std::span<const double> sortedOut);

}  // namespace dpw
