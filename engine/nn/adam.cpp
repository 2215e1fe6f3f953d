#include "nn/adam.h"

#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw::nn {

Adam::Adam(double beta1, double beta2, double epsilon) : beta1_(beta1), beta2_(beta2), epsilon_(epsilon) {
  ensure(beta1 >= 0 && beta1 < 1 && beta2 >= 0 && beta2 < 1, "Adam needs beta1 and beta2 in [0, 1), got ", beta1,
          " and ", beta2);
  ensure(epsilon >= 0, "Adam needs epsilon >= 0, got ", epsilon);
}

Vector Adam::step(const VectorRef& g, double learningRate) {
  if (t_ == 0) m_ = Vector::Zero(g.size()), v_ = Vector::Zero(g.size());
  ensure(m_.size() == g.size(), "Adam's state has ", m_.size(), " entries, the gradient ", g.size(),
          " (a state of another network)");
  t_ += 1;
  m_ = beta1_ * m_ + (1 - beta1_) * g;
  v_ = beta2_ * v_ + (1 - beta2_) * g.cwiseAbs2();
  const double c1 = 1 - std::pow(beta1_, double(t_)), c2 = 1 - std::pow(beta2_, double(t_));
  return -learningRate * ((m_ / c1).array() / ((v_ / c2).array().sqrt() + epsilon_)).matrix();
}

}  // namespace dpw::nn
