#pragma once
/// The privacy loss distribution of one Laplace release (no sampling), so that a PLD accountant can read the
/// count query's Laplace events next to the Gaussian steps of the other methods.
///
/// Noise Lap(b) on a value of sensitivity Δ; with the scale in units of the sensitivity, s = b/Δ, the worst pair
/// is (Lap(0, s), Lap(1, s)) (a larger shift only moves mass further out) and its privacy loss
///   L(x) = (|x − 1| − |x|)/s ∈ [−ε₀, ε₀],  ε₀ = 1/s,
/// has the (exact) hockey-stick curve (derivation: the region L > ε is x < (1 − sε)/2; integrate both laws there)
///   δ(ε) = 1 − e^{(ε − ε₀)/2}   for −ε₀ ≤ ε ≤ ε₀,     δ(ε) = 1 − e^ε below,     0 above ε₀.
/// The pair reflected (x → 1 − x) has the same loss law, so add/remove and replace-one, and both directions,
/// share this PLD. It is the pure ε₀-DP Laplace mechanism: δ(ε₀) = 0, so ε(δ) ≤ ε₀ for every δ.
/// The PMF is connect-the-dots on the grid i·interval (pld_analysis.h), pessimistic: every ε is an upper bound.
#include "privacy/accountants/pld_analysis.h"

namespace dpw {

/// Exact δ(ε) of one Laplace release with scale s = b/Δ (any real ε). @throws InvalidArgument unless s > 0.
double laplaceDelta(double scale, double epsilon);

/// Connect-the-dots pessimistic PLD of one Laplace release with scale s = b/Δ, losses on the grid i·interval
/// spanning [−ε₀, ε₀] rounded outwards. @throws as laplaceDelta, unless interval > 0; PldTooLarge above 2^25 points.
PldPmf laplacePld(double scale, double interval = 1e-4, PldEstimate estimate = PldEstimate::Pessimistic);

/// Discrete Laplace noise on an integer query of sensitivity Δ (dp_accounting's DiscreteLaplaceDpEvent): noise
/// P(x) = tanh(a/2) e^{−a|x|} on the integers, a = the noise parameter. The worst pair is (DL(0), DL(Δ)), loss
///   L(x) = a(|x − Δ| − |x|) ∈ {aΔ, a(Δ − 2), …, −aΔ}: finitely many values, ε₀ = aΔ (pure DP, δ(ε₀) = 0).
/// With m = ⌈(Δ − ε/a)/2⌉ − 1 the last x with L(x) > ε (−aΔ ≤ ε < aΔ) and r = e^{−a}:
///   P(X ≤ m) = 1 − r^{m+1}/(1 + r),  Q(X ≤ m) = r^{Δ−m}/(1 + r),  δ(ε) = P(X ≤ m) − e^ε Q(X ≤ m),
/// 1 − e^ε below −aΔ, 0 from aΔ. Reflection x → Δ − x swaps the pair with the same loss law, so both
/// adjacencies (and replace-one) share this PLD, as for the Laplace release.
/// Exact δ(ε). @throws InvalidArgument unless a > 0 finite and Δ ≥ 1.
double discreteLaplaceDelta(double parameter, long sensitivity, double epsilon);

/// Connect-the-dots PLD of one discrete Laplace release on the grid i·interval spanning [−aΔ, aΔ] rounded
/// outwards (pessimistic: ε an upper bound; optimistic: a lower bound). @throws as discreteLaplaceDelta, unless
/// interval > 0; PldTooLarge above 2^25 points.
PldPmf discreteLaplacePld(double parameter, long sensitivity, double interval = 1e-4,
                          PldEstimate estimate = PldEstimate::Pessimistic);

}  // namespace dpw
