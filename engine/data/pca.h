#pragma once
/// Principal component analysis as a linear encoder/decoder (the latent map of the flows on
/// Fashion-MNIST; [DPSWFlow] §4.2 uses an autoencoder, PCA is the linear stand-in the issue accepts).
///
///   mean μ = (1/n) Σ xᵢ,  C = (1/n) Σ (xᵢ − μ)(xᵢ − μ)ᵀ,  V = top-r eigenvectors of C (columns, by
///   decreasing eigenvalue; Eigen::SelfAdjointEigenSolver), encode(x) = Vᵀ(x − μ), decode(z) = μ + V z.
/// Cost O(n p²) for C (a symmetric rank update) and O(p³) for the eigensolver, p = features.
#include "core/types.h"

namespace dpw {

struct Pca {
  Vector mean;         ///< p
  Points components;   ///< p x r (columns are the principal directions)
  Vector variances;    ///< r eigenvalues, decreasing

  Points encode(const PointsRef& X) const;  ///< n x r
  Points decode(const PointsRef& Z) const;  ///< n x p
};

/// Fits r components. @throws InvalidArgument unless 1 ≤ r ≤ p, n ≥ 2 and X is finite.
Pca fitPca(const PointsRef& X, Eigen::Index r);

}  // namespace dpw
