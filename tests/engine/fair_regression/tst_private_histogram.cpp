// Tests of engine/fair_regression/private_histogram.h and binning.h.
#include <QtTest>

#include "core/error.h"
#include "fair_regression/binning.h"
#include "fair_regression/private_histogram.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/mechanisms/discrete_noise.h"
#include "support/throws_with.h"

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
    QVERIFY(dpwtest::throwsInternalWith([&] { jointHistogram({3}, {0}, 2, 3); }, "histogram: bin 3 out of range"));
    QVERIFY(dpwtest::throwsInternalWith([&] { jointHistogram({0}, {2}, 2, 3); },
                                         "histogram: group label 2 out of range"));
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
  // Analytic Gaussian (Balle & Wang 2018 Thm. 8; the one calibration of privacy/mechanisms/mechanisms.h): the returned σ meets δ with equality and is below
  // the classic bound sqrt(2 ln(1.25/δ)) Δ/ε (valid for ε < 1).
  void analyticGaussian() {
    for (double eps : {0.1, 0.5, 0.9}) {
      const double delta = 1e-5, sens = std::sqrt(2.0) / 1000;
      const double s = analyticGaussianNoiseStd(eps, delta, sens);
      const double achieved = normalCdf(sens / (2 * s) - eps * s / sens) - std::exp(eps) * normalCdf(-sens / (2 * s) - eps * s / sens);
      QVERIFY(std::abs(achieved - delta) < 1e-9);
      QVERIFY(s < std::sqrt(2 * std::log(1.25 / delta)) * sens / eps);
    }
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, analyticGaussianNoiseStd(1, 0, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, analyticGaussianNoiseStd(0, 1e-5, 1));
    QVERIFY(histogramNoiseScale({1.0, 1e-5, NoiseMechanism::Gaussian}, 100) > 0);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, histogramNoiseScale({1.0, 0.0, NoiseMechanism::Gaussian}, 100));
  }
  // Discrete mechanisms (issue #8): every cell is (count + integer noise)/n exactly; the per-cell noise
  // variance matches the exact discrete Laplace variance 2r/(1 − r)², r = e^{−1/t}, t the calibrated scale
  // (20 000 cells: the variance's relative sampling error is √((κ − 1)/20000) ≈ 1.6% for kurtosis κ ≈ 6,
  // so 10% is 6 SE); the same seed replays, and the default Laplace path draws what it always drew.
  void discreteLaplaceCountsAreIntegers() {
    std::vector<int> bins(1000, 0), groups(1000, 0);
    const HistogramNoise noise{0.5, 0, NoiseMechanism::DiscreteLaplace};
    Rng rng = makeRng(5), again = makeRng(5);
    const Points h = privateJointHistogram(bins, groups, 100, 200, noise, rng);
    QCOMPARE(h, privateJointHistogram(bins, groups, 100, 200, noise, again));
    const double t = discreteLaplaceScale(0.5, 2).value(), r = std::exp(-1 / t);
    QCOMPARE(t, 4.0);  // 2/ε is a multiple of 2^-20: no rounding
    QCOMPARE(histogramNoiseScale(noise, 1000), 4.0 / 1000);
    double s2 = 0;
    for (int a = 0; a < 100; ++a)
      for (int j = 0; j < 200; ++j) {
        const double count = h(a, j) * 1000;
        QCOMPARE(count, std::round(count));  // (integer)/1000 times 1000 rounds back exactly
        s2 += std::pow(count - (a == 0 && j == 0 ? 1000.0 : 0.0), 2);
      }
    s2 /= 20000;
    const double var = 2 * r / ((1 - r) * (1 - r));
    QVERIFY2(std::abs(s2 / var - 1) < 0.1, qPrintable(QString::number(s2 / var)));
  }
  void discreteGaussianHistogram() {
    std::vector<int> bins(500, 3), groups(500, 1);
    const HistogramNoise noise{1.0, 1e-5, NoiseMechanism::DiscreteGaussian};
    Rng rng = makeRng(9);
    const Points h = privateJointHistogram(bins, groups, 2, 10, noise, rng);
    for (int a = 0; a < 2; ++a)
      for (int j = 0; j < 10; ++j) QCOMPARE(h(a, j) * 500, std::round(h(a, j) * 500));
    QVERIFY(std::abs(histogramNoiseScale(noise, 500) * 500 - std::sqrt(discreteGaussianVariance(1.0, 1e-5, 2).value())) < 1e-12);
    QVERIFY(describePrivacy(noise, 500).find("discrete Gaussian") != std::string::npos);
    QVERIFY(describePrivacy(noise, 500).find("Teaching mode") != std::string::npos);
    // The ledger reads the release at multiplier σ/√2: ε ≤ the target (σ² rounded up to the 2^-20 grid, ~6e-8
    // relative at σ² ≈ 33, so within 1e-6 of it), δ = 1e-5, and the statement carries both.
    const PrivacyLedger ledger = histogramLedger(noise, 500);
    QVERIFY(ledger.epsilon() <= 1 && ledger.epsilon() > 1 - 1e-6);
    QCOMPARE(ledger.deltaSpent(), 1e-5);
    QVERIFY(describePrivacy(noise, 500).find("(ε = 1, δ = 1e-05)") != std::string::npos);
    QVERIFY(dpwtest::throwsWith([&] { histogramNoiseScale({1.0, 0, NoiseMechanism::DiscreteGaussian}, 10); }, "delta"));
  }
  // Secure mode draws from the OS: two releases differ, the seeded generator is not touched, and the
  // privacy statement says the run cannot be replayed. Continuous mechanisms are refused.
  void secureModeUsesTheOs() {
    std::vector<int> bins(200, 1), groups(200, 0);
    const HistogramNoise noise{1.0, 0, NoiseMechanism::DiscreteLaplace, true};
    Rng rng = makeRng(3);
    const Rng before = rng;
    const Points a = privateJointHistogram(bins, groups, 3, 20, noise, rng);
    const Points b = privateJointHistogram(bins, groups, 3, 20, noise, rng);
    QVERIFY(a != b);  // 60 cells of Lap_Z(2) agreeing by chance: probability < 0.25^60
    QVERIFY(rng == before);
    QVERIFY(describePrivacy(noise, 200).find("cannot be replayed") != std::string::npos);
    // The discrete Laplace's scale t = 2 on counts of L1 sensitivity 2 is exactly (1, 0)-DP: the ledger says so.
    const std::string statement = describePrivacy(noise, 200);
    QVERIFY2(statement.find("ε = 1 (pure DP) by the discrete Laplace mechanism (t = 2 = 1 × sensitivity;") != std::string::npos &&
                 statement.find("L1 sensitivity 2, replace-one") != std::string::npos,
             statement.c_str());
    QCOMPARE(histogramLedger(noise, 200).epsilon(), 1.0);
    // The floating-point (seeded) line is labelled as teaching mode (issue #13), not as a release.
    QVERIFY(describePrivacy({1.0}, 200).find("Teaching mode") != std::string::npos);
    QCOMPARE(describePrivacy({}, 200), std::string("No privacy (ε = inf): the histogram is used without noise."));
    QVERIFY(dpwtest::throwsWith([&] { privateJointHistogram(bins, groups, 3, 20, {1.0, 0, NoiseMechanism::Laplace, true}, rng); },
                                "secure noise needs an exact discrete mechanism"));
    QCOMPARE(parseNoiseMechanism("discrete-gaussian"), NoiseMechanism::DiscreteGaussian);
    QVERIFY(dpwtest::throwsWith([] { parseNoiseMechanism("uniform"); }, "unknown noise mechanism 'uniform'"));
  }
  void badEpsilon() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, histogramNoiseScale({0.0}, 10));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, histogramNoiseScale({-1.0}, 10));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, histogramNoiseScale({std::nan("")}, 10));
  }
};

QTEST_APPLESS_MAIN(TestPrivateHistogram)
#include "tst_private_histogram.moc"
