#pragma once
/// Adam, the optimiser of every network in the engine (DPSWgen's generator, fair learning's networks):
/// Kingma & Ba, "Adam: A Method for Stochastic Optimization", ICLR 2015, Algorithm 1, with its bias
/// correction. For a gradient g_t at step t = 1, 2, ...:
///   m_t = β₁ m_{t−1} + (1 − β₁) g_t,   v_t = β₂ v_{t−1} + (1 − β₂) g_t²   (m_0 = v_0 = 0),
///   m̂_t = m_t / (1 − β₁ᵗ),            v̂_t = v_t / (1 − β₂ᵗ),
///   θ_t = θ_{t−1} − α m̂_t / (√v̂_t + ε)   (elementwise).
/// The optimiser keeps m, v and t; it works on a flat parameter vector (nn::DenseNetwork::parameters()
/// layout) and returns the change of θ, which the caller adds (DenseNetwork::addToParameters). Applied to
/// a privatised gradient it is post-processing (DP-SGD with Adam keeps the guarantee of the gradients).
/// Cost O(P) per step for P parameters.
#include "core/types.h"

namespace dpw::nn {

class Adam {
 public:
  /// The paper's defaults: β₁ = 0.9, β₂ = 0.999, ε = 1e-8.
  /// @throws InternalError unless β₁, β₂ ∈ [0, 1) and ε ≥ 0 (the engine's constants, no user input).
  explicit Adam(double beta1 = 0.9, double beta2 = 0.999, double epsilon = 1e-8);

  /// Takes step t + 1 with gradient g and step size α (learningRate): updates m and v and returns
  /// Δθ = −α m̂ / (√v̂ + ε). The first step sizes the moments to g.
  /// @throws InternalError if g's size differs from the earlier steps' (a state of another network).
  Vector step(const VectorRef& gradient, double learningRate);

  long steps() const { return t_; }           ///< t, steps taken so far
  const Vector& firstMoment() const { return m_; }   ///< m_t (empty before the first step)
  const Vector& secondMoment() const { return v_; }  ///< v_t (empty before the first step)

 private:
  double beta1_, beta2_, epsilon_;
  Vector m_, v_;
  long t_ = 0;
};

}  // namespace dpw::nn
