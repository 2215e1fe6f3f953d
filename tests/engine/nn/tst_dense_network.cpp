// Tests of engine/nn/dense_network.h: per-example gradients and Jacobians against central finite
// differences, ghost norms and weighted sums against the explicit per-example matrix, the batch gradient
// of DPSWgen's generator (He-normal ReLU network) against finite differences and trained with Adam, the
// He-normal draw, and the throws.
#include <QtTest>
#include <cmath>
#include <random>
#include <utility>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/rng.h"
#include "core/run_stop.h"
#include "nn/adam.h"
#include "nn/dense_network.h"
#include "support/central_difference.h"

using namespace dpw;
using namespace dpw::nn;
using dpwtest::centralDifference;

namespace {

Matrix randomBatch(Eigen::Index n, Eigen::Index d, std::uint64_t seed) {
  Rng rng = makeRng(seed);
  return standardNormal(n, d, rng);
}

// The squared loss f_i(θ) = ½‖g_θ(x_i) − t_i‖² of a network on a batch X with targets T: its forward and backward
// passes and the explicit per-example gradient matrix G (row i = ∇_θ f_i), what the gradient tests start from.
struct SquaredLossBatch {
  DenseNetwork net;
  Matrix X, T;
  ForwardPass forward;
  BackwardPass backward;
  Matrix G;

  SquaredLossBatch(DenseNetwork network, Matrix inputs, Matrix targets)
      : net(std::move(network)), X(std::move(inputs)), T(std::move(targets)), forward(net.forward(X)),
        backward(net.backward(forward, forward.output() - T)), G(net.perExampleGradients(forward, backward)) {}

  /// (f_1, ..., f_n) for the network `other` (the same network at other parameters).
  Vector losses(const DenseNetwork& other) const {
    return 0.5 * (other.forward(X).output() - T).rowwise().squaredNorm();
  }
};

}  // namespace

class TestDenseNetwork : public QObject {
  Q_OBJECT
 private slots:
  // Row i of perExampleGradients equals the central difference of f_i, for every parameter.
  // h = 1e-5: the truncation error is O(h²) ~ 1e-10 relative to O(1) curvature, rounding ~1e-16/h ~ 1e-11,
  // so 1e-7 absolute is a comfortable bound that a wrong index or a missing derivative factor breaks.
  void perExampleGradientsMatchFiniteDifferences() {
    for (auto act : {Activation::Sigmoid, Activation::Identity}) {
      Rng rng = makeRng(3);
      const SquaredLossBatch batch(DenseNetwork({4, 6, 5, 2}, {Activation::Sigmoid, act, Activation::Sigmoid}, rng),
                                   randomBatch(7, 4, 11), randomBatch(7, 2, 12));
      QCOMPARE(batch.G.cols(), batch.net.parameterCount());
      for (Eigen::Index p = 0; p < batch.net.parameterCount(); ++p) {
        const Vector fd = centralDifference(batch.net, p, 1e-5, [&](const DenseNetwork& n) { return batch.losses(n); });
        for (Eigen::Index i = 0; i < batch.X.rows(); ++i)
          QVERIFY2(std::abs(fd[i] - batch.G(i, p)) < 1e-7,
                   qPrintable(QString("param %1 example %2: fd %3 vs %4").arg(p).arg(i).arg(fd[i]).arg(batch.G(i, p))));
      }
    }
  }

  // ReLU hidden layer: same check on inputs far from kinks (the FD step is much smaller than |Z|).
  void reluGradientsMatchFiniteDifferences() {
    Rng rng = makeRng(5);
    const SquaredLossBatch batch(DenseNetwork({3, 8, 1}, {Activation::ReLU, Activation::Identity}, rng),
                                 randomBatch(5, 3, 21), randomBatch(5, 1, 22));
    for (Eigen::Index p = 0; p < batch.net.parameterCount(); ++p) {
      const Vector fd = centralDifference(batch.net, p, 1e-6, [&](const DenseNetwork& n) { return batch.losses(n); });
      for (Eigen::Index i = 0; i < batch.X.rows(); ++i) QVERIFY(std::abs(fd[i] - batch.G(i, p)) < 1e-6);
    }
  }

  // Jacobian rows ∇_θ g^c(x_i) of an intermediate layer (the latent of an autoencoder) against central
  // differences of that layer's output; the decoder's columns must be exactly zero.
  void jacobiansOfIntermediateLayerMatchFiniteDifferences() {
    Rng rng = makeRng(7);
    DenseNetwork net({4, 5, 2, 5, 4}, {Activation::Sigmoid, Activation::Identity, Activation::Sigmoid,
                                       Activation::Identity}, rng);
    const Matrix X = randomBatch(6, 4, 31);
    const auto J = net.perExampleJacobians(X, 2);
    QCOMPARE(int(J.size()), 2);
    for (Eigen::Index p = 0; p < net.parameterCount(); ++p) {
      const Matrix d = centralDifference(net, p, 1e-5, [&](const DenseNetwork& n) { return n.forward(X).a[2]; });
      for (int c = 0; c < 2; ++c)
        for (Eigen::Index i = 0; i < X.rows(); ++i) QVERIFY(std::abs(d(i, c) - J[c](i, p)) < 1e-8);
    }
    QVERIFY(J[0].rightCols(net.parameterCount() - net.parameterOffset(3)).isZero(0.0));
  }

  // Ghost norms equal the row norms of the explicit matrix; the weighted sum equals Gᵀ w (1e-12 relative:
  // both are a few dozen floating-point products of the same numbers in a different order).
  void ghostNormsAndWeightedSumAgreeWithExplicitMatrix() {
    Rng rng = makeRng(9);
    const SquaredLossBatch batch(DenseNetwork({16, 64, 2}, {Activation::ReLU, Activation::Sigmoid}, rng),
                                 randomBatch(200, 16, 41), randomBatch(200, 2, 42));
    const Vector norms = batch.net.perExampleGradientNorms(batch.forward, batch.backward);
    QVERIFY((norms - batch.G.rowwise().norm()).cwiseAbs().maxCoeff() < 1e-12 * norms.maxCoeff());
    Vector w = randomBatch(200, 1, 43).col(0);
    const Vector s = batch.net.weightedGradientSum(batch.forward, batch.backward, w);
    const Vector ref = batch.G.transpose() * w;
    QVERIFY((s - ref).norm() < 1e-12 * ref.norm());
  }

  // A cotangent given at the pre-activation: BCE with logits, ∂ℓ/∂z = p − y, equals the output cotangent
  // (p − y)/(p(1 − p)) pushed through the sigmoid.
  void preActivationCotangentEqualsChainRule() {
    Rng rng = makeRng(13);
    DenseNetwork net({5, 1}, {Activation::Sigmoid}, rng);
    const Matrix X = randomBatch(20, 5, 51);
    Matrix y = (randomBatch(20, 1, 52).array() > 0).cast<double>();
    const ForwardPass f = net.forward(X);
    const Matrix p = f.output();
    const Matrix G1 = net.perExampleGradients(f, net.backward(f, p - y, 0, true));
    const Matrix G2 =
        net.perExampleGradients(f, net.backward(f, ((p - y).array() / (p.array() * (1 - p.array()))).matrix()));
    QVERIFY((G1 - G2).cwiseAbs().maxCoeff() < 1e-10);
  }

  // The generator's use (DPSWgen): L = Σ R ⊙ net(Z) for a fixed random R, so ∂L/∂output = R and
  // gradient(f, R) = ∇_θ L. The network is piecewise linear in each parameter, so central differences
  // with h = 1e-6 are exact up to rounding, ~1e-16 |L| / h ~ 1e-9 here, unless the step crosses a ReLU
  // kink (improbable with these draws; the seed is fixed). Tolerance 1e-6 relative.
  void batchGradientMatchesFiniteDifferences() {
    Rng rng = makeRng(8);
    DenseNetwork net({3, 5, 4, 2}, {Activation::ReLU, Activation::ReLU, Activation::Identity}, rng,
                     Initialisation::HeNormal);
    Vector theta = net.parameters();
    for (int l = 1; l <= net.layerCount(); ++l)  // He-normal biases are 0: give them values to check
      theta.segment(net.parameterOffset(l) + net.layer(l).W.size(), net.width(l)).setRandom();
    net.setParameters(theta);
    const Matrix Z = randomBatch(7, 3, 31), R = randomBatch(7, 2, 32);
    auto loss = [&](const DenseNetwork& n) { return (n.forward(Z).output().array() * R.array()).sum(); };
    const Vector g = net.gradient(net.forward(Z), R);
    QCOMPARE(g.size(), net.parameterCount());
    for (Eigen::Index p = 0; p < theta.size(); ++p) {
      const double fd = centralDifference(net, p, 1e-6, loss);
      QVERIFY2(std::abs(fd - g[p]) <= 1e-6 * std::max(1.0, std::abs(fd)),
               qPrintable(QString("parameter %1: fd %2 vs %3").arg(p).arg(fd).arg(g[p])));
    }
  }

  // He-normal: zero biases; W drawn row by row (output unit by output unit) from N(0, 2/in). The first
  // row equals the first `in` draws of the same generator; over 200 x 300 = 60000 weights the sample
  // variance × in/2 is 1 within 5 standard errors (√(2/60000) ≈ 0.0058 each, so 0.03).
  void heNormalDrawsRowByRowWithFanInVariance() {
    Rng rng = makeRng(4), same = makeRng(4);
    const DenseNetwork net({200, 300}, {Activation::ReLU}, rng, Initialisation::HeNormal);
    QVERIFY(net.layer(1).b.isZero(0));
    std::normal_distribution<double> normal(0.0, std::sqrt(2.0 / 200));
    for (Eigen::Index i = 0; i < 200; ++i) QVERIFY(net.layer(1).W(0, i) == normal(same));  // bitwise
    QVERIFY(net.layer(1).W(1, 0) == normal(same));
    const double variance = net.layer(1).W.squaredNorm() / double(net.layer(1).W.size());
    QVERIFY2(std::abs(variance * 200 / 2 - 1) < 0.03, qPrintable(QString::number(variance * 100)));
  }

  // The generator's training loop on a regression: Adam fits y = sin(x) on [−2, 2] with 32 hidden ReLU
  // units; the mean squared error falls from ~0.5 to below 0.01 in 3000 steps of lr 1e-2.
  void adamFitsARegression() {
    Rng rng = makeRng(2);
    DenseNetwork net({1, 32, 1}, {Activation::ReLU, Activation::Identity}, rng, Initialisation::HeNormal);
    Adam adam;
    Matrix x(200, 1), y(200, 1);
    for (int i = 0; i < 200; ++i) x(i, 0) = -2 + 4.0 * i / 199, y(i, 0) = std::sin(x(i, 0));
    double mse = 0;
    for (int t = 0; t < 3000; ++t) {
      const ForwardPass f = net.forward(x);
      mse = (f.output() - y).squaredNorm() / 200;
      net.addToParameters(adam.step(net.gradient(f, 2 * (f.output() - y) / 200), 1e-2));
    }
    QVERIFY2(mse < 0.01, qPrintable(QString::number(mse)));
  }

  void parametersRoundTrip() {
    Rng rng = makeRng(1);
    DenseNetwork net({3, 4, 2}, {Activation::ReLU, Activation::Identity}, rng);
    QCOMPARE(net.parameterCount(), Eigen::Index(3 * 4 + 4 + 4 * 2 + 2));
    Vector t = Vector::LinSpaced(net.parameterCount(), 0, 1);
    net.setParameters(t);
    QCOMPARE(net.parameters(), t);
    net.addToParameters(t);
    QCOMPARE(net.parameters(), Vector(2 * t));
    QCOMPARE(net.layer(1).W(1, 0), 2 * t[1]);  // column-major W
  }

  // outputs(X, layer) is forward(X).a[layer] (0: the output): to the bit up to 2^16 rows (one piece, the same call),
  // and past them (10⁵ here: two pieces) up to the rounding of a matrix product whose blocking follows its row count
  // (measured ≤ 1e-15 relative; 1e-13 allowed); asked to stop, it throws between pieces (core/run_stop.h).
  void outputsInPiecesEqualTheForwardPass() {
    Rng rng = makeRng(5);
    const DenseNetwork net({3, 8, 8, 2}, {Activation::Sigmoid, Activation::ReLU, Activation::Identity}, rng);
    const Matrix X = randomBatch(100000, 3, 6);
    const ForwardPass f = net.forward(X);
    const auto close = [](const Matrix& a, const Matrix& b) {
      const double gap = (a - b).cwiseAbs().maxCoeff(), scale = b.cwiseAbs().maxCoeff();
      qInfo("pieces against one pass: %.3g relative", gap / scale);
      return a.rows() == b.rows() && a.cols() == b.cols() && gap <= 1e-13 * scale;
    };
    QVERIFY(close(net.outputs(X), f.output()));
    QVERIFY(close(net.outputs(X, 2), f.a[2]));
    QVERIFY(net.outputs(X.topRows(65536), 1) == net.forward(X.topRows(65536)).a[1]);
    LatestFramesObserver run;
    run.cancel = true;
    const RunStopScope scope(run);
    QVERIFY_THROWS_EXCEPTION(Cancelled, net.outputs(X));
    QVERIFY_THROWS_EXCEPTION(InternalError, net.outputs(X, 4));
    // A wide network (132492 multiply-adds a row: pieces of 8104 rows) is asked between pieces of at most 2^30
    // multiply-adds (a width-4096 generator evaluated 10⁴ samples in one 8 s pass), and its pieces are its forward
    // pass too; up to one piece it is forward itself.
    const DenseNetwork wide({2, 362, 362, 2}, {Activation::ReLU, Activation::ReLU, Activation::Identity}, rng);
    const Matrix W = randomBatch(20000, 2, 7);
    struct CountingRun : LatestFramesObserver {
      bool cancelRequested() const override { return ++questions < 0; }
      mutable int questions = 0;
    } counted;
    {
      const RunStopScope asked(counted);  // inside the stopped run above: this one answers here
      const Matrix whole = wide.forward(W).output();
      counted.questions = 0;
      QVERIFY(close(wide.outputs(W), whole));
      QCOMPARE(counted.questions, 6);  // 20000 rows in pieces of 8104: three, and before each one's 362 x 362 product
      QVERIFY(wide.outputs(W.topRows(8104)) == wide.forward(W.topRows(8104)).output());
    }
  }
  void throwsOnBadInput() {
    Rng rng = makeRng(1);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, DenseNetwork({3, 0}, {Activation::ReLU}, rng));  // a width
    // Shapes the engine itself produces (the layer list, the data it built the network for, parameter
    // vectors, passes): a mismatch is a programmer error (core/internal_error.h).
    QVERIFY_THROWS_EXCEPTION(InternalError, DenseNetwork({3}, {}, rng));
    QVERIFY_THROWS_EXCEPTION(InternalError, DenseNetwork({3, 2}, {}, rng));
    DenseNetwork net({3, 2}, {Activation::ReLU}, rng);
    QVERIFY_THROWS_EXCEPTION(InternalError, net.forward(Matrix::Zero(4, 2)));
    QVERIFY_THROWS_EXCEPTION(InternalError, net.setParameters(Vector::Zero(3)));
    QVERIFY_THROWS_EXCEPTION(InternalError, net.addToParameters(Vector::Zero(3)));
    const ForwardPass f = net.forward(Matrix::Zero(4, 3));
    QVERIFY_THROWS_EXCEPTION(InternalError, net.backward(f, Matrix::Zero(4, 3)));
    QVERIFY_THROWS_EXCEPTION(InternalError, net.backward(f, Matrix::Zero(4, 2), 2));
    const BackwardPass b = net.backward(f, Matrix::Zero(4, 2));
    QVERIFY_THROWS_EXCEPTION(InternalError, net.weightedGradientSum(f, b, Vector::Zero(3)));
  }
};

QTEST_GUILESS_MAIN(TestDenseNetwork)
#include "tst_dense_network.moc"
