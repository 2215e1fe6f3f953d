#pragma once
/// The multilayer perceptron of the engine: a small fully connected network on Eigen with per-example
/// gradients. Used by fair learning (DP-SGD, fair_learning/fair_dpsgd.h) and by DPSWgen's generator
/// (methods/flow/dpsw_generator.cpp); both train it with nn::Adam (adam.h).
///
/// Layer l maps a (n x in_l) batch A_{l-1} to A_l = act_l(Z_l), Z_l = A_{l-1} W_lᵀ + 1 b_lᵀ, with
/// W_l (out_l x in_l). Parameters θ are flattened layer by layer: W_l in column-major order, then b_l.
///
/// Per-example gradients. For a per-example cotangent c_i at the output of layer k (the gradient of a
/// per-example scalar with respect to that layer's activations), backpropagation gives
/// δ_i^l = ∂/∂Z_l (row i), and the per-example gradient of layer l is the outer product δ_i^l a_i^{l-1}ᵀ
/// (plus δ_i^l for the bias). Hence, without forming the n x P matrix of per-example gradients,
///   ‖∇_θ f_i‖² = Σ_l ‖δ_i^l‖² (‖a_i^{l-1}‖² + 1)        ("ghost norms", Goodfellow 2015),
///   Σ_i w_i ∇_θ f_i = per layer (diag(w) Δ_l)ᵀ A_{l-1}   (one matrix product per layer).
/// DP-SGD clipping ([FairLearn] §5, Abadi et al. 2016) needs exactly these two. The explicit per-example
/// gradient and Jacobian matrices are also available (cost O(n P) memory) for tests and small models.
///
/// Cost of forward and of one backward: O(n Σ_l in_l out_l) in Eigen matrix products.
#include <vector>

#include "core/rng.h"
#include "core/types.h"

namespace dpw::nn {

using Matrix = Eigen::MatrixXd;  ///< column-major batches: one example per row

enum class Activation { Identity, Sigmoid, ReLU };

/// How the constructor draws the parameters of a layer with in_l inputs.
enum class Initialisation {
  UniformFanIn,  ///< W and b ~ U(−1/√in_l, 1/√in_l) (PyTorch's default for Linear); fair learning
  HeNormal       ///< W ~ N(0, 2/in_l), b = 0 (He et al. 2015, for ReLU layers); DPSWgen's generator
};

struct DenseLayer {
  Matrix W;  ///< out x in
  Vector b;  ///< out
  Activation activation = Activation::Identity;
};

/// Activations of every layer for one batch: a[0] = input, a[l] = output of layer l (1-based).
struct ForwardPass {
  std::vector<Matrix> a;
  const Matrix& output() const { return a.back(); }
};

/// Backpropagated pre-activation gradients Δ_l (n x out_l) for layers 1..last (index l-1); layers
/// after `last` have no entry (their parameters do not influence layer `last`).
struct BackwardPass {
  std::vector<Matrix> delta;
  int last = 0;  ///< layer whose output the cotangent was given at (1-based)
};

class DenseNetwork {
 public:
  DenseNetwork() = default;
  /// widths = {in, h_1, ..., out}; activations.size() == widths.size() - 1. Parameters are drawn from
  /// `rng` layer by layer as `init` says. Draw order (kept so seeded runs repeat): UniformFanIn draws W
  /// in column-major order, then b; HeNormal draws W row by row (each output unit's incoming weights).
  /// @throws InvalidArgument if a width is < 1; InternalError if widths and activations disagree.
  DenseNetwork(const std::vector<int>& widths, const std::vector<Activation>& activations, Rng& rng,
               Initialisation init = Initialisation::UniformFanIn);

  int layerCount() const { return int(layers_.size()); }
  int inputWidth() const { return int(layers_.front().W.cols()); }
  int width(int layer) const { return int(layers_[layer - 1].W.rows()); }  ///< output width of layer (1-based)
  Eigen::Index parameterCount() const { return parameterCount_; }
  /// Offset of layer l (1-based) in the flat parameter vector.
  Eigen::Index parameterOffset(int layer) const { return offsets_[layer - 1]; }
  const DenseLayer& layer(int l) const { return layers_[l - 1]; }

  Vector parameters() const;
  /// @throws InternalError if theta has the wrong size.
  void setParameters(const VectorRef& theta);
  /// θ ← θ + step (same layout as parameters()). @throws InternalError on a wrong size.
  void addToParameters(const VectorRef& step);

  /// Forward pass on a batch (n x in). @throws InternalError if the width is wrong.
  ForwardPass forward(const Matrix& X) const;
  /// The outputs of layer `layer` (0 = the network's output) for every row of X, as forward(X) gives them, in pieces
  /// of 2^16 rows (fewer where a row costs more than 2^14 multiply-adds: at most 2^30 a piece): one piece's
  /// activations held at a time (10⁷ test rows of a width-64 network took 5 GB a layer) and the run's Stop asked
  /// between pieces (core/run_stop.h). Up to one piece it is forward(X) itself.
  /// @throws InternalError if the width is wrong or the layer does not exist; Cancelled when the run is stopped.
  Matrix outputs(const Matrix& X, int layer = 0) const;

  /// Backpropagates a per-example cotangent C (n x width(last)) given at the output of layer `last`
  /// (0 = the network output), or, if `preActivation`, at its pre-activation Z_last.
  /// @throws InternalError on mismatched sizes or a bad layer.
  BackwardPass backward(const ForwardPass& f, const Matrix& cotangent, int last = 0,
                        bool preActivation = false) const;

  /// ‖∇_θ f_i‖ for every example i (ghost norms above). Cost O(n Σ_l (in_l + out_l)).
  Vector perExampleGradientNorms(const ForwardPass& f, const BackwardPass& b) const;

  /// Σ_i w_i ∇_θ f_i as a flat vector (zeros for layers after b.last).
  /// @throws InternalError if weights has the wrong size.
  Vector weightedGradientSum(const ForwardPass& f, const BackwardPass& b, const VectorRef& weights) const;

  /// ∇_θ of a batch scalar L whose gradient with respect to the network output is `gradOutput`
  /// (n x out): Σ_i of the per-example gradients, the plain (unclipped) back-propagation.
  /// @throws InternalError on a wrong size.
  Vector gradient(const ForwardPass& f, const Matrix& gradOutput) const;

  /// The explicit n x P matrix of per-example gradients (row i = ∇_θ f_i). O(n P) memory.
  Matrix perExampleGradients(const ForwardPass& f, const BackwardPass& b) const;

  /// Per-example Jacobians of the outputs of layer `last` (0 = network output): element c of the
  /// result is the n x P matrix whose row i is ∇_θ g^c(x_i). O(n P width) memory.
  std::vector<Matrix> perExampleJacobians(const Matrix& X, int last = 0) const;

 private:
  std::vector<DenseLayer> layers_;
  std::vector<Eigen::Index> offsets_;
  Eigen::Index parameterCount_ = 0;
};

/// Applies an activation elementwise.
Matrix activate(const Matrix& Z, Activation act);

}  // namespace dpw::nn
