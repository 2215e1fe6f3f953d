// Tests of engine/fairness/private_histogram.h and binning.h.
#include <QtTest>

#include "core/error.h"
#include "fairness/binning.h"
#include "fairness/private_histogram.h"

using namespace dpw;

namespace {
double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }
}

class TestPrivateHistogram : public QObject {
  Q_OBJECT
 private slots:
  // Reference §3 step 1: floor((s − lo)/width) clamped; s = hi in the last bin; centres.
  void binning() {
    const Binning b(1, 4, 36);
    QCOMPARE(b.index(1.0), 0);
    QCOMPARE(b.index(4.0), 35);
    QCOMPARE(b.index(1.0 + 3.0 / 36 * 5.5), 5);
    QVERIFY(std::abs(b.centre(0) - (1 + 3.0 / 72)) < 1e-15);
    QCOMPARE(b.edges().size(), std::size_t(37));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, b.index(4.01));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, b.index(std::nan("")));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, Binning(0, 1, 0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, Binning(1, 1, 5));
  }
  void exactHistogram() {
    const Points h = jointHistogram({0, 1, 1, 2}, {0, 0, 1, 1}, 2, 3);
    QCOMPARE(h(0, 0), 0.25);
    QCOMPARE(h(0, 1), 0.25);
    QCOMPARE(h(1, 1), 0.25);
    QCOMPARE(h(1, 2), 0.25);
    QCOMPARE(h.sum(), 1.0);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, jointHistogram({}, {}, 2, 3));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, jointHistogram({3}, {0}, 2, 3));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, jointHistogram({0}, {2}, 2, 3));
  }
  // Sensitivity: substituting one row moves 1/n from one cell to another: L1 change exactly 2/n,
  // which is what the Laplace scale 2/(εn) is calibrated to.
  void sensitivityAndScale() {
    const std::vector<int> bins{0, 1, 2, 3, 3}, groups{0, 1, 0, 1, 1};
    std::vector<int> bins2 = bins, groups2 = groups;
    bins2[2] = 1, groups2[2] = 1;  // one row replaced
    const double l1 = (jointHistogram(bins, groups, 2, 4) - jointHistogram(bins2, groups2, 2, 4)).cwiseAbs().sum();
    QVERIFY(std::abs(l1 - 2.0 / 5) < 1e-15);
    QCOMPARE(histogramNoiseScale({1.0}, 5), 2.0 / 5);
    QCOMPARE(histogramNoiseScale({}, 5), 0.0);
  }
  // Laplace(b) has variance 2b²: 20 000 cells, relative sampling error of the variance ~ 2.2%.
  void laplaceNoiseVariance() {
    std::vector<int> bins(1000, 0), groups(1000, 0);
    Rng rng = makeRng(5);
    const Points h = privateJointHistogram(bins, groups, 100, 200, {0.5}, rng);
    const double b = 2.0 / (0.5 * 1000);
    double s2 = 0;
    for (int a = 0; a < 100; ++a)
      for (int j = 0; j < 200; ++j) s2 += std::pow(h(a, j) - (a == 0 && j == 0 ? 1.0 : 0.0), 2);
    s2 /= 20000;
    QVERIFY2(std::abs(s2 / (2 * b * b) - 1) < 0.1, qPrintable(QString::number(s2 / (2 * b * b))));
  }
  // Analytic Gaussian (Balle & Wang 2018 Thm. 8): the returned σ meets δ with equality and is below
  // the classic bound sqrt(2 ln(1.25/δ)) Δ/ε (valid for ε < 1).
  void analyticGaussian() {
    for (double eps : {0.1, 0.5, 0.9}) {
      const double delta = 1e-5, sens = std::sqrt(2.0) / 1000;
      const double s = analyticGaussianSigma(eps, delta, sens);
      const double achieved = normalCdf(sens / (2 * s) - eps * s / sens) - std::exp(eps) * normalCdf(-sens / (2 * s) - eps * s / sens);
      QVERIFY(std::abs(achieved - delta) < 1e-9);
      QVERIFY(s < std::sqrt(2 * std::log(1.25 / delta)) * sens / eps);
    }
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, analyticGaussianSigma(1, 0, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, analyticGaussianSigma(0, 1e-5, 1));
    QVERIFY(histogramNoiseScale({1.0, 1e-5, NoiseMechanism::Gaussian}, 100) > 0);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, histogramNoiseScale({1.0, 0.0, NoiseMechanism::Gaussian}, 100));
  }
  void badEpsilon() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, histogramNoiseScale({0.0}, 10));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, histogramNoiseScale({-1.0}, 10));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, histogramNoiseScale({std::nan("")}, 10));
  }
};

QTEST_APPLESS_MAIN(TestPrivateHistogram)
#include "tst_private_histogram.moc"
