// Tests of engine/nn/mlp.h: back-propagation against central finite differences, Adam
// fitting a small regression, bad input.
#include <QtTest>

#include "core/error.h"
#include "core/rng.h"
#include "nn/mlp.h"

using namespace dpw;

class TestMlp : public QObject {
  Q_OBJECT
 private slots:
  // L = Σ R ⊙ net(Z) for a fixed random R, so ∂L/∂output = R. Central differences with step 1e-6 on
  // values of size ~1 are accurate to ~1e-9; a kink of a ReLU crossed by the step is improbable with
  // these draws (checked: the same seed is used every run). Tolerance 1e-6 relative.
  void gradientsMatchFiniteDifferences() {
    Rng rng = makeRng(8);
    Mlp net({3, 5, 4, 2}, rng);
    for (int l = 0; l < net.layers(); ++l) net.bias(l).setRandom();
    const Points Z = standardNormal(7, 3, rng), R = standardNormal(7, 2, rng);
    auto loss = [&]() { return (net.forward(Z).array() * R.array()).sum(); };
    loss();
    net.backward(R);
    for (int l = 0; l < net.layers(); ++l) {
      const Eigen::MatrixXd gW = net.weightGradient(l);
      const Eigen::VectorXd gB = net.biasGradient(l);
      for (Eigen::Index i = 0; i < gW.size(); ++i) {
        double& w = net.weights(l).data()[i];
        const double keep = w, h = 1e-6;
        w = keep + h;
        const double up = loss();
        w = keep - h;
        const double down = loss();
        w = keep;
        const double fd = (up - down) / (2 * h);
        QVERIFY2(std::abs(fd - gW.data()[i]) <= 1e-6 * std::max(1.0, std::abs(fd)),
                 qPrintable(QString("layer %1 weight %2: fd %3 vs %4").arg(l).arg(i).arg(fd).arg(gW.data()[i])));
      }
      for (Eigen::Index i = 0; i < gB.size(); ++i) {
        double& b = net.bias(l)[i];
        const double keep = b, h = 1e-6;
        b = keep + h;
        const double up = loss();
        b = keep - h;
        const double down = loss();
        b = keep;
        QVERIFY(std::abs((up - down) / (2 * h) - gB[i]) <= 1e-6 * std::max(1.0, std::abs(gB[i])));
      }
    }
  }
  // Adam fits y = sin(x) on [−2, 2] with 32 hidden units: mean squared error falls below 0.01 (from ~0.5).
  void adamFitsARegression() {
    Rng rng = makeRng(2);
    Mlp net({1, 32, 1}, rng);
    Points x(200, 1), y(200, 1);
    for (int i = 0; i < 200; ++i) x(i, 0) = -2 + 4.0 * i / 199, y(i, 0) = std::sin(x(i, 0));
    double mse = 0;
    for (int t = 0; t < 3000; ++t) {
      const Points out = net.forward(x);
      mse = (out - y).squaredNorm() / 200;
      net.backward(2 * (out - y) / 200);
      net.adamStep(1e-2);
    }
    QVERIFY2(mse < 0.01, qPrintable(QString::number(mse)));
  }
  void badInputThrows() {
    Rng rng = makeRng(1);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, Mlp({3}, rng));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, Mlp({3, 0, 2}, rng));
    Mlp net({3, 2}, rng);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, net.forward(Points::Zero(4, 2)));
  }
};

QTEST_APPLESS_MAIN(TestMlp)
#include "tst_mlp.moc"
