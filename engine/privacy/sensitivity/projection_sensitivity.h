#pragma once
/// Sensitivity of k random projections of one changed row ([DP-SWD] Lemma 2 and its CLT variant).
///
/// Let Θ be k x d with rows uniform on S^{d-1} and ‖x − x'‖ ≤ 1. Then ‖Θ(x − x')‖₂ ≤ w with
/// probability at least 1 − δ, where
///   Bernstein ([DP-SWD] Lemma 2):  w² = k/d + (2/3) ln(1/δ) + (2/d) √(k (d−1)/(d+2) ln(1/δ))
///   CLT ([DP-SWD] §4, k > 30):     w² = k/d + (z/d) √(2k (d−1)/(d+2)),  z = Φ⁻¹(1 − δ)
///   Chernoff (exact MGF, DPW Lab):  w² = min over λ > 0 of (k ln ₁F₁(½; d/2; λ) + ln(1/δ)) / λ
/// (E‖Θu‖² = k/d and Var = 2k(d−1)/(d²(d+2)) for a unit u.)
///
/// Exact law: for a unit u, each (θ_i·u)² ~ Beta(½, (d−1)/2), independent over the k rows, so
/// ‖Θu‖² is a sum S of k such variables, with moment-generating function M(λ)^k, M(λ) = ₁F₁(½; d/2; λ)
/// (Kummer's function; the MGF of Beta(a, b) is ₁F₁(a; a + b; λ)). Chernoff: P(S ≥ t) ≤ e^{−λt} M(λ)^k
/// for every λ > 0, so P(S ≥ t) ≤ δ as soon as t ≥ (k ln M(λ) + ln(1/δ))/λ for one λ; the Chernoff w²
/// is the minimum of that over λ (a rigorous bound, never above the Bernstein one, which bounds the
/// same MGF from above; capped at k since S ≤ k). The minimand is unimodal in λ (its derivative has
/// the sign of λK' − K − ln(1/δ), K = k ln M convex, which increases), found by Brent's method on
/// ln λ ∈ [−25, 12]. Cost: about 60 evaluations of ₁F₁ (Boost.Math), microseconds.
///
/// The CLT form is an approximation that the papers use for k > 30, **not a bound**: sampling S, it
/// is exceeded about 5x more often than δ in the tail (k = 70, d = 8: 2.1e-3 at δ = 1e-3, 5.4e-5 at
/// δ = 1e-5). For k = 70, d = 8, δ = 5e-9: Chernoff w² = 17.82, CLT 15.84, Bernstein 29.14.
/// Methods pass the share of δ they spend on the bound (the papers spend δ/2 here and δ/2 on the
/// Gaussian mechanism).
#include <string>
#include <vector>

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

/// Chernoff bound w(k, d, δ) with the exact Beta MGF (above); √k for d = 1 (S = k surely).
/// @throws InvalidArgument unless k ≥ 1, d ≥ 1, 0 < δ < 1.
double projectionSensitivityChernoff(long k, long d, double delta);

/// Bernstein: [DP-SWD] Lemma 2. Clt: the papers' approximation (not a bound). Chernoff: rigorous and
/// the tightest of the three bounds.
enum class ProjectionBound { Bernstein, Clt, Chernoff };

/// The bound used when none is chosen: Chernoff for every k (the reference code's "CLT when k > 30,
/// else Bernstein" is kept selectable by name; the CLT is not a bound).
ProjectionBound defaultProjectionBound(long k);

/// "chernoff", "clt" or "bernstein" (stable ids for settings, CLI and statements).
const char* projectionBoundId(ProjectionBound bound);
/// The ids of projectionBoundId in menu order (chernoff, clt, bernstein): the one id table, shared by
/// the flows' `bound` setting (flow_privacy.h), `dpwlab-cli sensitivity --bound` and the Python module.
const std::vector<std::string>& projectionBoundIds();
/// @throws InvalidArgument naming the value and the choices.
ProjectionBound parseProjectionBound(const std::string& id);

/// The id of the reference-code quirk (projectionSensitivityBernsteinDpSwdCode): "bernstein-dpswd-code",
/// offered by the CLI and the Python module, not by the methods.
const std::string& bernsteinDpSwdCodeId();
/// w(k, d, δ) by id: one of projectionBoundIds() or bernsteinDpSwdCodeId() (the CLI's and Python's
/// choices, projectionSensitivityToolIds()). @throws InvalidArgument on another id or bad values.
double projectionSensitivityById(const std::string& id, long k, long d, double delta);
/// projectionBoundIds() followed by bernsteinDpSwdCodeId().
const std::vector<std::string>& projectionSensitivityToolIds();
/// Human description for a privacy statement, e.g. "Chernoff bound, exact Beta MGF (rigorous)".
const char* projectionBoundDescription(ProjectionBound bound);

double projectionSensitivity(ProjectionBound bound, long k, long d, double delta);

}  // namespace dpw
