#pragma once
/// Sensitivity bounds of the fair-learning and fair-regression papers, one named function per theorem.
///
/// Wasserstein gradients ([FairLearn] Thm 4.1 for W₂² in 1-D; Thm A.1 gives the same bounds for SW₂²
/// and its Monte-Carlo approximation): with |g_θ(x)|, |h_θ(z)| ≤ M (‖·‖ ≤ M in d-D) and
/// ‖∇_θ g_θ‖ ≤ L₁, ‖∇_θ h_θ‖ ≤ L₂ (operator norms of the Jacobians in d-D),
///   (a) X private, substitution ∼₁:          Δ ≤ 4M (3L₁ + L₂)/n
///   (b) X and Z private, ∼₂:                  Δ ≤ 4M max{(3L₁ + L₂)/n, (L₁ + 3L₂)/m}.
/// Fair losses ([FairLearn] Thm 6.1) with ‖g_θ‖ ≤ M, ‖J_θ g_θ‖ ≤ L, ‖∇_θ ℓ‖ ≤ C:
///   SP (∼₂):   (1 − α) 2C/n + α 16 M L / min{n₀, n₁}                   (eq. 7)
///   EO (∼₂R):  (1 − α) 2C/n + (α/R) 16 M L / min_{j,k} n_{j,k}          (eq. 8)
/// With minibatches (Algorithm 1 of [FairLearn]) the sizes are the batch sizes (reference §4).
/// Fair regression ([FairReg] Alg. 1 line 4, Remark B.1): the joint histogram p̂(a, v) = count/n has
/// L1-sensitivity 2/n under substitution, so the Laplace scale is 2/(nε).
/// Costs O(1) (O(#cells) for EO).
#include <vector>

namespace dpw {

/// Thm 4.1 (a) / A.1 (a). @throws InvalidArgument unless M, L₁, L₂ ≥ 0 and n ≥ 1.
double wassersteinGradientSensitivityOneSided(double M, double L1, double L2, long n);
/// Thm 4.1 (b) / A.1 (b). @throws InvalidArgument unless M, L₁, L₂ ≥ 0 and n, m ≥ 1.
double wassersteinGradientSensitivityTwoSided(double M, double L1, double L2, long n, long m);
/// Thm 6.1 eq. (7): n = all (batch) points, groupSizes = (batch) sizes n₀, n₁, ... of the groups.
/// @throws InvalidArgument unless α ∈ [0, 1], C, M, L ≥ 0, n ≥ 1 and every group size ≥ 1.
double fairLossSensitivitySp(double alpha, double C, double M, double L, long n, const std::vector<long>& groupSizes);
/// Thm 6.1 eq. (8): R labels, cellSizes = the (batch) sizes n_{j,k} of every (label, group) cell.
/// @throws InvalidArgument as fairLossSensitivitySp, and unless R ≥ 1.
double fairLossSensitivityEo(double alpha, double C, double M, double L, long n, long R,
                             const std::vector<long>& cellSizes);
/// [FairReg] Remark B.1: L1-sensitivity 2/n of the normalised joint histogram. @throws unless n ≥ 1.
double histogramL1Sensitivity(long n);
/// [FairReg] Alg. 1 line 4: Laplace scale 2/(nε) (0 for ε = +inf). @throws unless n ≥ 1 and ε > 0.
double histogramLaplaceScale(long n, double epsilon);

}  // namespace dpw
