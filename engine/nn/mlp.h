#pragma once
/// A small multilayer perceptron with ReLU hidden layers and a linear output, trained with Adam: the
/// generator of DPSWgen ([DPSWFlow] §4.2, after [DP-SWD] §5; reference: latent → 256 → 512 (BatchNorm)
/// → 256 → out, Adam lr 1e-3; here narrower and without BatchNorm so it trains in seconds).
///
/// Batches are row-major (one sample per row). Layer l: A_{l+1} = relu(A_l W_l + 1 b_lᵀ) (no relu on
/// the last). backward(G) takes G = ∂L/∂output (n x out) and accumulates ∂L/∂W_l = A_lᵀ G_l,
/// ∂L/∂b_l = G_lᵀ 1, G_{l−1} = (G_l W_lᵀ) ⊙ [A_l > 0]. Adam: Kingma & Ba 2015, Alg. 1, with bias
/// correction. He-normal initialisation, zero biases. Cost O(n Σ h_l h_{l+1}) per pass.
#include <vector>

#include "core/rng.h"
#include "core/types.h"

namespace dpw {

class Mlp {
 public:
  /// sizes = {input, hidden..., output}. @throws InvalidArgument unless ≥ 2 sizes, all ≥ 1.
  Mlp(const std::vector<int>& sizes, Rng& rng);

  /// Output for a batch (n x input); keeps the activations for backward. @throws InvalidArgument on
  /// a wrong input width.
  Points forward(const PointsRef& input);
  /// Gradients of the parameters for ∂L/∂output of the last forward (n x output); overwrites them.
  void backward(const PointsRef& gradOutput);
  /// One Adam step with the stored gradients.
  void adamStep(double learningRate, double beta1 = 0.9, double beta2 = 0.999, double epsilon = 1e-8);

  int layers() const { return int(weights_.size()); }
  /// Parameters and their gradients, for tests: weights(l) is in x out.
  Eigen::MatrixXd& weights(int l) { return weights_[std::size_t(l)]; }
  const Eigen::MatrixXd& weightGradient(int l) const { return gradW_[std::size_t(l)]; }
  Eigen::VectorXd& bias(int l) { return biases_[std::size_t(l)]; }
  const Eigen::VectorXd& biasGradient(int l) const { return gradB_[std::size_t(l)]; }

 private:
  std::vector<Eigen::MatrixXd> weights_, gradW_, mW_, vW_;
  std::vector<Eigen::VectorXd> biases_, gradB_, mB_, vB_;
  std::vector<Eigen::MatrixXd> activations_;  // A_0 (input) ... A_{L-1}
  long adamSteps_ = 0;
};

}  // namespace dpw
