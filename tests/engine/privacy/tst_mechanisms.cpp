// Tests of engine/privacy/mechanisms.h: replay, moments of the noise, zero noise, throws.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "privacy/mechanisms.h"

using namespace dpw;

class TestMechanisms : public QObject {
  Q_OBJECT
 private slots:
  // Same seed, same stream: bit-identical output; another stream differs.
  void seededReplay() {
    const Vector v = Vector::LinSpaced(50, -1, 1);
    Rng a = makeRng(7, 3), b = makeRng(7, 3), c = makeRng(7, 4);
    const Vector ga = gaussianMechanism(v, 2.0, 0.5, a), gb = gaussianMechanism(v, 2.0, 0.5, b);
    QVERIFY(ga == gb);
    QVERIFY(ga != gaussianMechanism(v, 2.0, 0.5, c));
    const Vector la = laplaceMechanism(v, 1.0, 1.0, a), lb = laplaceMechanism(v, 1.0, 1.0, b);
    QVERIFY(la == lb);
  }
  // Noise moments on n = 200000 draws: Gaussian std s = σ·Δ, Laplace E|X| = b and Var = 2b².
  // Tolerances are 5 standard errors (a false failure has probability < 1e-6; the seed is fixed anyway).
  void noiseMoments() {
    const Eigen::Index n = 200000;
    Rng rng = makeRng(11);
    const Vector zero = Vector::Zero(n);
    const Vector g = gaussianMechanism(zero, 1.5, 2.0, rng);  // s = 3
    const double gMean = g.mean(), gVar = (g.array() - gMean).square().sum() / double(n - 1);
    QVERIFY(std::abs(gMean) < 5 * 3 / std::sqrt(double(n)));
    QVERIFY(std::abs(gVar - 9) < 5 * 9 * std::sqrt(2.0 / double(n)));
    const double b = 2.0 / 0.5;  // Δ₁ / ε
    const Vector l = laplaceMechanism(zero, 0.5, 2.0, rng);
    const double absMean = l.array().abs().mean(), var = l.array().square().mean();
    QVERIFY(std::abs(absMean - b) < 5 * b / std::sqrt(double(n)));              // sd(|X|) = b
    QVERIFY(std::abs(var - 2 * b * b) < 5 * b * b * std::sqrt(20.0 / double(n)));  // Var(X²) = 20 b⁴
    QVERIFY(std::abs(l.mean()) < 5 * std::sqrt(2.0) * b / std::sqrt(double(n)));
  }
  // Zero sensitivity or ε = +inf adds nothing.
  void noNoiseCases() {
    Rng rng = makeRng(1);
    const Vector v = Vector::Constant(5, 3.0);
    QVERIFY(gaussianMechanism(v, 4.0, 0.0, rng) == v);
    QVERIFY(laplaceMechanism(v, INFINITY, 1.0, rng) == v);
    QVERIFY(laplaceMechanism(v, 1.0, 0.0, rng) == v);
  }
  void badInputThrows() {
    Rng rng = makeRng(1);
    const Vector v = Vector::Zero(3);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gaussianMechanism(v, -1.0, 1.0, rng));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gaussianMechanism(v, 1.0, -1.0, rng));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, laplaceMechanism(v, 0.0, 1.0, rng));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, laplaceMechanism(v, 1.0, -1.0, rng));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, laplaceDraw(-1.0, rng));
  }
};

QTEST_APPLESS_MAIN(TestMechanisms)
#include "tst_mechanisms.moc"
