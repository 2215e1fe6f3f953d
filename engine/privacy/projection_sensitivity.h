#pragma once
/// Sensitivity of k random projections of one changed row ([DP-SWD] Lemma 2 and its CLT variant).
///
/// Let Θ be k x d with rows uniform on S^{d-1} and ‖x − x'‖ ≤ 1. Then ‖Θ(x − x')‖₂ ≤ w with
/// probability at least 1 − δ, where
///   Bernstein ([DP-SWD] Lemma 2):  w² = k/d + (2/3) ln(1/δ) + (2/d) √(k (d−1)/(d+2) ln(1/δ))
///   CLT ([DP-SWD] §4, k > 30):     w² = k/d + (z/d) √(2k (d−1)/(d+2)),  z = Φ⁻¹(1 − δ)
/// (E‖Θu‖² = k/d and Var = 2k(d−1)/(d²(d+2)) for a unit u.) The CLT form is an approximation that the
/// papers use for k > 30; the Bernstein form is a bound for every k. Methods pass the share of δ
/// they spend on the bound (the papers spend δ/2 here and δ/2 on the Gaussian mechanism).
namespace dpw {

/// Bernstein bound w(k, d, δ). @throws InvalidArgument unless k ≥ 1, d ≥ 1, 0 < δ < 1.
double projectionSensitivityBernstein(long k, long d, double delta);

/// CLT bound w(k, d, δ) with z = Φ⁻¹(1 − δ). @throws InvalidArgument unless k ≥ 1, d ≥ 1, 0 < δ < 1.
double projectionSensitivityClt(long k, long d, double delta);

/// **Quirk** variant of the Bernstein bound, as the public DP-SWD code computes it (reference §1): its
/// square-root term multiplies by k twice, √(2 k (k Var) ln(1/δ)) with Var = 2(d−1)/(d²(d+2)), i.e.
///   w² = k/d + (2/3) ln(1/δ) + (2/d) √(k² (d−1)/(d+2) ln(1/δ)).
/// It is larger than the paper's bound (so still valid, just loose): k = 200, d = 784, δ = 5e-6 gives
/// 3.189293 instead of 2.918610. Offered only to reproduce that code's numbers.
/// @throws InvalidArgument unless k ≥ 1, d ≥ 1, 0 < δ < 1.
double projectionSensitivityBernsteinDpSwdCode(long k, long d, double delta);

enum class ProjectionBound { Bernstein, Clt };

/// The bound the flow uses by default: CLT when k > 30, Bernstein otherwise ([DPSWFlow] reference).
ProjectionBound defaultProjectionBound(long k);

double projectionSensitivity(ProjectionBound bound, long k, long d, double delta);

}  // namespace dpw
