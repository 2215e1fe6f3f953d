#include "flow/frechet_features.h"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <map>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {
namespace {

Eigen::MatrixXd psdSqrt(const Eigen::MatrixXd& S) {
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(0.5 * (S + S.transpose()));
  const Eigen::VectorXd ev = es.eigenvalues().cwiseMax(0.0).cwiseSqrt();
  return es.eigenvectors() * ev.asDiagonal() * es.eigenvectors().transpose();
}

void meanAndCovariance(const PointsRef& X, Eigen::VectorXd& m, Eigen::MatrixXd& C) {
  m = X.colwise().mean().transpose();
  const Eigen::MatrixXd Z = X.rowwise() - m.transpose();
  C = Z.transpose() * Z / double(X.rows() - 1);
}

}  // namespace

Points PublicFeatureMap::apply(const PointsRef& X) const {
  return (X.rowwise() - mean.transpose()) * W.transpose();
}

PublicFeatureMap fitPublicFeatureMap(const PointsRef& X, const std::vector<int>& labels) {
  require(X.rows() > 0, "the public sample is empty");
  ensure(Eigen::Index(labels.size()) == X.rows(), "the public sample has ", X.rows(), " rows but ", labels.size(),
          " labels");
  const Eigen::Index d = X.cols();
  std::map<int, std::pair<Eigen::VectorXd, long>> classMean;
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    auto& [sum, count] = classMean[labels[std::size_t(i)]];
    if (count == 0) sum = Eigen::VectorXd::Zero(d);
    sum += X.row(i).transpose();
    ++count;
  }
  for (auto& [c, mc] : classMean) mc.first /= double(mc.second);
  Eigen::MatrixXd Sw = Eigen::MatrixXd::Zero(d, d);
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const Eigen::VectorXd z = X.row(i).transpose() - classMean[labels[std::size_t(i)]].first;
    Sw.noalias() += z * z.transpose();
  }
  Sw /= double(X.rows() - Eigen::Index(classMean.size()) > 0 ? X.rows() - Eigen::Index(classMean.size()) : 1);
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(Sw);
  require(es.eigenvalues().minCoeff() > 1e-12 * std::max(1.0, es.eigenvalues().maxCoeff()),
          "the within-class covariance of the public sample is singular (smallest eigenvalue ",
          es.eigenvalues().minCoeff(), ")");
  PublicFeatureMap f;
  f.mean = X.colwise().mean().transpose();
  f.W = es.eigenvectors() * es.eigenvalues().cwiseSqrt().cwiseInverse().asDiagonal() * es.eigenvectors().transpose();
  return f;
}

double frechetDistance(const PointsRef& A, const PointsRef& B) {
  require(A.rows() >= 2 && B.rows() >= 2, "the Fréchet distance needs at least 2 rows per sample, got ", A.rows(),
          " and ", B.rows());
  ensure(A.cols() == B.cols(), "samples of dimension ", A.cols(), " and ", B.cols());
  Eigen::VectorXd m1, m2;
  Eigen::MatrixXd C1, C2;
  meanAndCovariance(A, m1, C1);
  meanAndCovariance(B, m2, C2);
  const Eigen::MatrixXd r1 = psdSqrt(C1);
  const Eigen::MatrixXd cross = psdSqrt(r1 * C2 * r1);
  return (m1 - m2).squaredNorm() + C1.trace() + C2.trace() - 2.0 * cross.trace();
}

FrechetScores frechetScores(const PointsRef& publicRows, const std::vector<int>& publicLabels,
                            const PointsRef& reference, const PointsRef& heldOut, const PointsRef& samples) {
  const PublicFeatureMap features = fitPublicFeatureMap(publicRows, publicLabels);
  const Points heldOutFeatures = features.apply(heldOut);
  FrechetScores scores;
  scores.samples = frechetDistance(features.apply(samples), heldOutFeatures);
  scores.floor = frechetDistance(features.apply(reference), heldOutFeatures);
  return scores;
}

}  // namespace dpw
