#include "nn/orthonormal_rows.h"

#include <Eigen/Eigenvalues>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw::nn {

void orthonormaliseRows(DenseNetwork& net, int layer) {
  ensure(layer >= 1 && layer <= net.layerCount(), "layer must be in [1, ", net.layerCount(), "], got ", layer);
  const Matrix& W = net.layer(layer).W;
  require(W.rows() <= W.cols(), "orthonormal rows need rows <= columns, got ", W.rows(), " x ", W.cols());
  const Eigen::SelfAdjointEigenSolver<Matrix> eig(W * W.transpose());
  require(eig.eigenvalues().minCoeff() > 1e-300, "the weights have dependent rows (W Wᵀ singular)");
  const Matrix invSqrt =
      eig.eigenvectors() * eig.eigenvalues().cwiseSqrt().cwiseInverse().asDiagonal() * eig.eigenvectors().transpose();
  const Matrix Q = invSqrt * W;
  Vector theta = net.parameters();
  theta.segment(net.parameterOffset(layer), Q.size()) = Q.reshaped();
  net.setParameters(theta);
}

}  // namespace dpw::nn
