#include "nn/mlp.h"

#include <cmath>
#include <random>

#include "core/error.h"

namespace dpw {

Mlp::Mlp(const std::vector<int>& sizes, Rng& rng) {
  require(sizes.size() >= 2, "an MLP needs at least an input and an output size");
  for (int s : sizes) require(s >= 1, "MLP layer sizes must be at least 1, got ", s);
  for (std::size_t l = 0; l + 1 < sizes.size(); ++l) {
    std::normal_distribution<double> normal(0.0, std::sqrt(2.0 / double(sizes[l])));
    Eigen::MatrixXd W(sizes[l], sizes[l + 1]);
    for (Eigen::Index i = 0; i < W.size(); ++i) W.data()[i] = normal(rng);
    weights_.push_back(W);
    biases_.push_back(Eigen::VectorXd::Zero(sizes[l + 1]));
    gradW_.push_back(Eigen::MatrixXd::Zero(sizes[l], sizes[l + 1]));
    mW_.push_back(gradW_.back());
    vW_.push_back(gradW_.back());
    gradB_.push_back(biases_.back());
    mB_.push_back(biases_.back());
    vB_.push_back(biases_.back());
  }
}

Points Mlp::forward(const PointsRef& input) {
  require(input.cols() == weights_.front().rows(), "MLP input has ", input.cols(), " columns, expected ",
          weights_.front().rows());
  activations_.assign(1, input);
  Eigen::MatrixXd A = input;
  for (std::size_t l = 0; l < weights_.size(); ++l) {
    Eigen::MatrixXd H = A * weights_[l];
    H.rowwise() += biases_[l].transpose();
    if (l + 1 < weights_.size()) {
      H = H.cwiseMax(0.0);
      activations_.push_back(H);
    }
    A = std::move(H);
  }
  return A;
}

void Mlp::backward(const PointsRef& gradOutput) {
  Eigen::MatrixXd G = gradOutput;
  for (std::size_t l = weights_.size(); l-- > 0;) {
    const Eigen::MatrixXd& A = activations_[l];
    gradW_[l].noalias() = A.transpose() * G;
    gradB_[l] = G.colwise().sum().transpose();
    if (l == 0) break;
    Eigen::MatrixXd prev = G * weights_[l].transpose();
    G = (A.array() > 0).select(prev, 0.0);
  }
}

void Mlp::adamStep(double lr, double beta1, double beta2, double eps) {
  ++adamSteps_;
  const double c1 = 1 - std::pow(beta1, double(adamSteps_)), c2 = 1 - std::pow(beta2, double(adamSteps_));
  auto update = [&](auto& p, const auto& g, auto& m, auto& v) {
    m = beta1 * m + (1 - beta1) * g;
    v = beta2 * v + (1 - beta2) * g.cwiseProduct(g);
    p.array() -= lr * (m.array() / c1) / ((v.array() / c2).sqrt() + eps);
  };
  for (std::size_t l = 0; l < weights_.size(); ++l) {
    update(weights_[l], gradW_[l], mW_[l], vW_[l]);
    update(biases_[l], gradB_[l], mB_[l], vB_[l]);
  }
}

}  // namespace dpw
