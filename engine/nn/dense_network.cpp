#include "nn/dense_network.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/run_stop.h"

namespace dpw::nn {

Matrix activate(const Matrix& Z, Activation act) {
  switch (act) {
    case Activation::Identity:
      return Z;
    case Activation::Sigmoid:
      return (1.0 + (-Z.array()).exp()).inverse().matrix();
    case Activation::ReLU:
      return Z.cwiseMax(0.0);
  }
  return Z;
}

namespace {

// act'(Z) expressed through A = act(Z).
void multiplyByDerivative(Matrix& G, const Matrix& A, Activation act) {
  switch (act) {
    case Activation::Identity:
      return;
    case Activation::Sigmoid:
      G.array() *= A.array() * (1.0 - A.array());
      return;
    case Activation::ReLU:
      G.array() *= (A.array() > 0.0).cast<double>();
      return;
  }
}

}  // namespace

DenseNetwork::DenseNetwork(const std::vector<int>& widths, const std::vector<Activation>& activations, Rng& rng,
                           Initialisation init) {
  ensure(widths.size() >= 2, "a network needs at least an input and an output width, got ", widths.size(),
          " widths");
  ensure(activations.size() + 1 == widths.size(), "need one activation per layer: ", widths.size() - 1,
          " layers but ", activations.size(), " activations");
  for (int w : widths) require(w >= 1, "layer widths must be >= 1, got ", w);
  for (std::size_t l = 0; l + 1 < widths.size(); ++l) {
    DenseLayer layer;
    layer.W.resize(widths[l + 1], widths[l]);
    layer.b.resize(widths[l + 1]);
    if (init == Initialisation::UniformFanIn) {
      const double bound = 1.0 / std::sqrt(double(widths[l]));
      std::uniform_real_distribution<double> u(-bound, bound);
      for (Eigen::Index j = 0; j < layer.W.size(); ++j) layer.W.data()[j] = u(rng);
      for (Eigen::Index j = 0; j < layer.b.size(); ++j) layer.b[j] = u(rng);
    } else {
      std::normal_distribution<double> normal(0.0, std::sqrt(2.0 / double(widths[l])));
      for (Eigen::Index o = 0; o < layer.W.rows(); ++o)
        for (Eigen::Index i = 0; i < layer.W.cols(); ++i) layer.W(o, i) = normal(rng);
      layer.b.setZero();
    }
    layer.activation = activations[l];
    offsets_.push_back(parameterCount_);
    parameterCount_ += layer.W.size() + layer.b.size();
    layers_.push_back(std::move(layer));
  }
}

Vector DenseNetwork::parameters() const {
  Vector theta(parameterCount_);
  for (std::size_t l = 0; l < layers_.size(); ++l) {
    const auto& L = layers_[l];
    theta.segment(offsets_[l], L.W.size()) = L.W.reshaped();
    theta.segment(offsets_[l] + L.W.size(), L.b.size()) = L.b;
  }
  return theta;
}

void DenseNetwork::setParameters(const VectorRef& theta) {
  ensure(theta.size() == parameterCount_, "parameter vector has ", theta.size(), " entries, the network has ",
          parameterCount_);
  for (std::size_t l = 0; l < layers_.size(); ++l) {
    auto& L = layers_[l];
    L.W.reshaped() = theta.segment(offsets_[l], L.W.size());
    L.b = theta.segment(offsets_[l] + L.W.size(), L.b.size());
  }
}

void DenseNetwork::addToParameters(const VectorRef& step) {
  ensure(step.size() == parameterCount_, "parameter step has ", step.size(), " entries, the network has ",
          parameterCount_);
  for (std::size_t l = 0; l < layers_.size(); ++l) {
    auto& L = layers_[l];
    L.W.reshaped() += step.segment(offsets_[l], L.W.size());
    L.b += step.segment(offsets_[l] + L.W.size(), L.b.size());
  }
}

namespace {
// Asks the run's Stop (core/run_stop.h) before a layer's product when it is large: 2^24 multiply-adds and more (a
// width-4096 layer on a batch of 250 rows, ~0.4 s on one thread: a generator step took 1.4 s without a question).
// The small layers of the usual networks are not asked: their runs ask between steps.
void askBeforeLargeProduct(Eigen::Index rows, Eigen::Index weights) {
  if (double(rows) * double(weights) >= double(1 << 24)) throwIfRunStopped();
}
}  // namespace

ForwardPass DenseNetwork::forward(const Matrix& X) const {
  ensure(X.cols() == inputWidth(), "input has ", X.cols(), " columns, the network expects ", inputWidth());
  ForwardPass f;
  f.a.reserve(layers_.size() + 1);
  f.a.push_back(X);
  for (const auto& L : layers_) {
    askBeforeLargeProduct(X.rows(), L.W.size());
    Matrix Z = f.a.back() * L.W.transpose();
    Z.rowwise() += L.b.transpose();
    f.a.push_back(activate(Z, L.activation));
  }
  return f;
}

Matrix DenseNetwork::outputs(const Matrix& X, int layer) const {
  if (layer == 0) layer = layerCount();
  ensure(layer >= 1 && layer <= layerCount(), "layer ", layer, " does not exist (the network has ", layerCount(),
         " layers)");
  // 2^16 rows a piece, fewer where a row costs more than 2^14 multiply-adds: at most 2^30 a piece (~0.1 s on one
  // thread; a width-4096 generator evaluated 10⁴ samples in one 8 s forward pass).
  double madds = 0;
  for (int l = 1; l <= layer; ++l) madds += double(layers_[std::size_t(l - 1)].W.size());
  const Eigen::Index kPiece =
      madds <= double(1 << 14) ? Eigen::Index(1) << 16 : std::max<Eigen::Index>(1, Eigen::Index(double(1 << 30) / madds));
  if (X.rows() <= kPiece) return forward(X).a[std::size_t(layer)];
  Matrix out(X.rows(), width(layer));
  for (Eigen::Index r = 0; r < X.rows(); r += kPiece) {
    throwIfRunStopped();
    const Eigen::Index rows = std::min(kPiece, X.rows() - r);
    out.middleRows(r, rows) = forward(X.middleRows(r, rows)).a[std::size_t(layer)];
  }
  return out;
}

BackwardPass DenseNetwork::backward(const ForwardPass& f, const Matrix& cotangent, int last,
                                    bool preActivation) const {
  if (last == 0) last = layerCount();
  ensure(last >= 1 && last <= layerCount(), "layer ", last, " does not exist (the network has ", layerCount(),
          " layers)");
  ensure(int(f.a.size()) == layerCount() + 1, "forward pass does not belong to this network");
  const Eigen::Index n = f.a[0].rows();
  ensure(cotangent.rows() == n && cotangent.cols() == width(last), "cotangent is ", cotangent.rows(), " x ",
          cotangent.cols(), ", expected ", n, " x ", width(last));
  BackwardPass b;
  b.last = last;
  b.delta.resize(last);
  Matrix G = cotangent;
  if (!preActivation) multiplyByDerivative(G, f.a[last], layers_[last - 1].activation);
  for (int l = last; l >= 1; --l) {
    if (l > 1) {
      askBeforeLargeProduct(n, layers_[l - 1].W.size());
      Matrix H = G * layers_[l - 1].W;  // n x in_l = gradient w.r.t. A_{l-1}
      multiplyByDerivative(H, f.a[l - 1], layers_[l - 2].activation);
      b.delta[l - 1] = std::move(G);
      G = std::move(H);
    } else {
      b.delta[0] = std::move(G);
    }
  }
  return b;
}

Vector DenseNetwork::perExampleGradientNorms(const ForwardPass& f, const BackwardPass& b) const {
  const Eigen::Index n = f.a[0].rows();
  Vector sq = Vector::Zero(n);
  for (int l = 1; l <= b.last; ++l)
    sq.array() += b.delta[l - 1].rowwise().squaredNorm().array() * (f.a[l - 1].rowwise().squaredNorm().array() + 1.0);
  return sq.cwiseSqrt();
}

Vector DenseNetwork::weightedGradientSum(const ForwardPass& f, const BackwardPass& b, const VectorRef& weights) const {
  const Eigen::Index n = f.a[0].rows();
  ensure(weights.size() == n, "weights have ", weights.size(), " entries for a batch of ", n);
  Vector g = Vector::Zero(parameterCount_);
  for (int l = 1; l <= b.last; ++l) {
    askBeforeLargeProduct(n, layers_[l - 1].W.size());
    const Matrix wd = weights.asDiagonal() * b.delta[l - 1];  // n x out
    const Matrix gW = wd.transpose() * f.a[l - 1];            // out x in
    const auto& L = layers_[l - 1];
    g.segment(offsets_[l - 1], L.W.size()) = gW.reshaped();
    g.segment(offsets_[l - 1] + L.W.size(), L.b.size()) = wd.colwise().sum().transpose();
  }
  return g;
}

Vector DenseNetwork::gradient(const ForwardPass& f, const Matrix& gradOutput) const {
  return weightedGradientSum(f, backward(f, gradOutput), Vector::Ones(f.a[0].rows()));
}

Matrix DenseNetwork::perExampleGradients(const ForwardPass& f, const BackwardPass& b) const {
  const Eigen::Index n = f.a[0].rows();
  Matrix G = Matrix::Zero(n, parameterCount_);
  for (int l = 1; l <= b.last; ++l) {
    const auto& L = layers_[l - 1];
    const Eigen::Index out = L.W.rows(), in = L.W.cols(), off = offsets_[l - 1];
    const Matrix& D = b.delta[l - 1];
    const Matrix& A = f.a[l - 1];
    for (Eigen::Index j = 0; j < in; ++j)  // column-major W: entry (o, j) at off + j*out + o
      G.middleCols(off + j * out, out) = D.array().colwise() * A.col(j).array();
    G.middleCols(off + in * out, out) = D;
  }
  return G;
}

std::vector<Matrix> DenseNetwork::perExampleJacobians(const Matrix& X, int last) const {
  if (last == 0) last = layerCount();
  const ForwardPass f = forward(X);
  std::vector<Matrix> J;
  for (int c = 0; c < width(last); ++c) {
    Matrix cot = Matrix::Zero(X.rows(), width(last));
    cot.col(c).setOnes();
    J.push_back(perExampleGradients(f, backward(f, cot, last)));
  }
  return J;
}

}  // namespace dpw::nn
