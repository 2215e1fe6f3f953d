#include "data/pca.h"

#include <Eigen/Eigenvalues>

#include "core/error.h"

namespace dpw {

Pca fitPca(const PointsRef& X, Eigen::Index r) {
  const Eigen::Index n = X.rows(), p = X.cols();
  require(n >= 2, "PCA needs at least 2 rows, got ", n);
  require(r >= 1 && r <= p, "PCA components must lie in [1, ", p, "], got ", r);
  require(X.allFinite(), "PCA input contains NaN or infinite values");
  Pca out;
  out.mean = X.colwise().mean().transpose();
  const Eigen::MatrixXd centred = X.rowwise() - out.mean.transpose();
  Eigen::MatrixXd C = Eigen::MatrixXd::Zero(p, p);
  C.selfadjointView<Eigen::Lower>().rankUpdate(centred.transpose(), 1.0 / double(n));
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
