#pragma once
/// Principal component analysis as a linear encoder/decoder (the latent map of the flows on
/// Fashion-MNIST; [DPSWFlow] §4.2 uses an autoencoder, PCA is the linear stand-in the issue accepts).
///
///   mean μ = (1/n) Σ xᵢ,  C = (1/n) Σ (xᵢ − μ)(xᵢ − μ)ᵀ,  V = top-r eigenvectors of C (columns, by
///   decreasing eigenvalue; Eigen::SelfAdjointEigenSolver), encode(x) = Vᵀ(x − μ), decode(z) = μ + V z.
/// Cost O(n p²) for C (a symmetric rank update, accumulated in blocks of kPcaRowBlock rows so that a
/// cancellation check falls between blocks) and O(p³) for the eigensolver, p = features.
#include "core/cancel_check.h"
#include "core/types.h"

namespace dpw {

struct Pca {
  Vector mean;         ///< p
  Points components;   ///< p x r (columns are the principal directions)
  Vector variances;    ///< r eigenvalues, decreasing

  Points encode(const PointsRef& X) const;  ///< n x r
  Points decode(const PointsRef& Z) const;  ///< n x p
};

/// Rows of X per piece of the covariance accumulation (one cancellation check each, ~0.1 s at p = 784).
/// The blocked sum adds the same terms in another order than one rank update over all rows: on
/// Fashion-MNIST's public half C moves by ≤ 2e-15 relative (rounding), not bit for bit.
inline constexpr Eigen::Index kPcaRowBlock = 4096;

/// Fits r components. @throws InvalidArgument unless 1 ≤ r ≤ p, n ≥ 2 and X is finite; Cancelled when
/// `cancelled` answers true (asked between row blocks; the eigensolver, O(p³), is one piece).
Pca fitPca(const PointsRef& X, Eigen::Index r, const CancelCheck& cancelled = {});

}  // namespace dpw
