#pragma once
/// L2 sensitivities of the clipped gradients of [FairLearn] (replace-one neighbours within a group).
///
/// Clipping (DP-SGD as in [FairLearn] §5.1, eq. 3): per-example loss gradients to norm C, model
/// outputs to norm M, per-example Jacobians of the outputs to spectral norm L (Remark A.2: each
/// output component's gradient clipped to L/√d, which bounds the spectral norm by L).
#include <cstdint>

namespace dpw {

/// [FairLearn] Thm 4.1(b) and its sliced version Thm A.1(b), relation ~₂ (one point of X and one of Z
/// replaced): Δ ≤ 4M max{(3L₁ + L₂)/n, (L₁ + 3L₂)/m}, where g_θ (on X, n points) has Jacobians
/// bounded by L₁ and h_θ (on Z, m points) by L₂; L₂ = 0 when h is the identity (a fixed reference
/// sample, as in private distribution matching, App. C). Holds for the Monte-Carlo sliced gradient.
/// @throws InvalidArgument if M, L₁ or L₂ < 0 or n, m < 1.
double wassersteinGradientSensitivity(double clipOutput, double clipJacobianX, double clipJacobianZ, std::int64_t n,
                                      std::int64_t m);

/// [FairLearn] Thm 6.1, eqs. 7 and 8: sensitivity of the clipped gradient of
///   (1 − α) (mean loss over the batch) + (α/R) Σ_k SW₂²(g#P_{X_{0,k}}, g#P_{X_{1,k}})
/// Δ = (1 − α) 2C / lossBatch + (α/R) 16 M L / minCellBatch.
/// Statistical parity: R = 1 and minCellBatch = min(n′₀, n′₁); equality of odds: R = number of labels
/// and minCellBatch = min over the 2R cells (group, label). Batch sizes are those of one step.
/// @throws InvalidArgument if α ∉ [0, 1], C, M or L < 0, a batch size < 1 or R < 1.
double fairLearningSensitivity(double alpha, double clipGradient, double clipOutput, double clipJacobian,
                               std::int64_t lossBatch, std::int64_t minCellBatch, int labels = 1);

}  // namespace dpw
