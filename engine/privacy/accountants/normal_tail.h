#pragma once
/// The standard normal CDF Φ and log Φ, accurate far into the lower tail.
///
/// log Φ(x) uses erfc for x ≥ −35 and, below, the asymptotic series
///   log Φ(x) = −x²/2 − log(−x) − ½ log 2π + log(1 − 1/x² + 3/x⁴ − 15/x⁶ + 105/x⁸ − 945/x¹⁰),
/// whose truncation error at x = −35 is below 1e−13 relative. Cost O(1).
namespace dpw {

/// Φ(x) = P(N(0,1) ≤ x).
double normalCdf(double x);
/// log Φ(x), finite for every finite x (≈ −x²/2 for x → −∞).
double logNormalCdf(double x);
/// Φ⁻¹(p) for p ∈ (0, 1). @throws InvalidArgument otherwise.
double normalQuantile(double p);
/// log(e^a + e^b) without overflow; −inf is the neutral element.
double logAdd(double a, double b);

}  // namespace dpw
