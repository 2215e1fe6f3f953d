#include "fair_learning/representation_probe.h"

#include <algorithm>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>

#include "fair_learning/fairness_metrics.h"

namespace dpw {

using nn::Matrix;

std::pair<double, double> logisticProbe(const Matrix& Z, const std::vector<int>& label, const std::vector<int>& group) {
  const Eigen::Index n = Z.rows(), nFit = n * 6 / 10, d = Z.cols() + 1;
  Matrix A(n, d);
  A << Z, Vector::Ones(n);
  Vector w = Vector::Zero(d);
  for (int it = 0; it < 30; ++it) {
    const Vector p = (1.0 + (-(A.topRows(nFit) * w).array()).exp()).inverse().matrix();
    Vector grad = Vector::Zero(d);
    Matrix H = 1e-8 * Matrix::Identity(d, d);
    for (Eigen::Index i = 0; i < nFit; ++i) {
      grad += (p[i] - label[std::size_t(i)]) * A.row(i).transpose();
      H += p[i] * (1 - p[i]) * A.row(i).transpose() * A.row(i);
    }
    w -= H.ldlt().solve(grad);
  }
  std::vector<int> g, y, a;
  for (Eigen::Index i = nFit; i < n; ++i) {
    g.push_back(A.row(i).dot(w) > 0 ? 1 : 0);
    y.push_back(label[std::size_t(i)]);
    a.push_back(group[std::size_t(i)]);
  }
  return {accuracy(g, y), disparateImpact(g, a)};
}

Matrix whitened(const Matrix& Z) {
  const Matrix c = Z.rowwise() - Z.colwise().mean();
  const Matrix cov = c.transpose() * c / double(std::max<Eigen::Index>(1, Z.rows() - 1));
  Eigen::SelfAdjointEigenSolver<Matrix> eig(cov);
  const Vector inv = eig.eigenvalues().cwiseMax(1e-300).cwiseSqrt().cwiseInverse();
  return c * eig.eigenvectors() * inv.asDiagonal() * eig.eigenvectors().transpose();
}

}  // namespace dpw
