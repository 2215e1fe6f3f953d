#pragma once
// The central difference (F(θ + h e_p) − F(θ − h e_p)) / 2h of F(network) in parameter p, for an F returning a
// number or a matrix (evaluated, so nothing refers to the two perturbed networks after the call): what the
// gradient tests of nn/ and fair_learning/ compare their exact gradients with.
#include <Eigen/Core>

#include "nn/dense_network.h"

namespace dpwtest {

template <typename F>
auto centralDifference(const dpw::nn::DenseNetwork& net, Eigen::Index p, double h, F f) {
  using Value = decltype(f(net));
  auto plusTheta = net.parameters(), minusTheta = plusTheta;
  plusTheta[p] += h, minusTheta[p] -= h;
  dpw::nn::DenseNetwork plus = net, minus = net;
  plus.setParameters(plusTheta), minus.setParameters(minusTheta);
  return Value((f(plus) - f(minus)) / (2 * h));
}

}  // namespace dpwtest
