#include "data/pca.h"

#include <algorithm>

#include <Eigen/Eigenvalues>

#include "core/error.h"

namespace dpw {

Pca fitPca(const PointsRef& X, Eigen::Index r, const CancelCheck& cancelled) {
  const Eigen::Index n = X.rows(), p = X.cols();
  require(n >= 2, "PCA needs at least 2 rows, got ", n);
  require(r >= 1 && r <= p, "PCA components must lie in [1, ", p, "], got ", r);
  // The finiteness check and the mean in column pieces (each column's sum as before), a check between.
  constexpr Eigen::Index kColumnBlock = 64;
  Pca out;
  out.mean.resize(p);
  for (Eigen::Index j0 = 0; j0 < p; j0 += kColumnBlock) {
    throwIfCancelled(cancelled);
    const Eigen::Index cols = std::min(kColumnBlock, p - j0);
    require(X.middleCols(j0, cols).allFinite(), "PCA input contains NaN or infinite values");
    out.mean.segment(j0, cols) = X.middleCols(j0, cols).colwise().mean().transpose();
  }
  Eigen::MatrixXd C = Eigen::MatrixXd::Zero(p, p);
  for (Eigen::Index i0 = 0; i0 < n; i0 += kPcaRowBlock) {  // C += (1/n) Σ_block (xᵢ − μ)(xᵢ − μ)ᵀ
    throwIfCancelled(cancelled);
    const Eigen::Index rows = std::min(kPcaRowBlock, n - i0);
    const Eigen::MatrixXd centred = X.middleRows(i0, rows).rowwise() - out.mean.transpose();
    C.selfadjointView<Eigen::Lower>().rankUpdate(centred.transpose(), 1.0 / double(n));
  }
  throwIfCancelled(cancelled);
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(C.selfadjointView<Eigen::Lower>());
  require(solver.info() == Eigen::Success, "PCA eigensolver did not converge");
  out.components.resize(p, r);
  out.variances.resize(r);
  for (Eigen::Index c = 0; c < r; ++c) {  // eigenvalues come in increasing order
    out.components.col(c) = solver.eigenvectors().col(p - 1 - c);
    out.variances[c] = solver.eigenvalues()[p - 1 - c];
  }
  return out;
}

Points Pca::encode(const PointsRef& X) const { return (X.rowwise() - mean.transpose()) * components; }

Points Pca::decode(const PointsRef& Z) const {
  Points out = Z * components.transpose();
  out.rowwise() += mean.transpose();
  return out;
}

}  // namespace dpw
