// Tests of engine/fair_learning/synthetic_bias.h: the App. B construction (label rule, bias p, feature means and
// variances) on a large sample, with tolerances of 5 standard errors.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "fair_learning/synthetic_bias.h"

using namespace dpw;

class TestSyntheticBias : public QObject {
  Q_OBJECT
 private slots:
  void construction() {
    Rng rng = makeRng(1);
    SyntheticBiasSettings s;
    s.n = 40000;
    const FairDataset D = syntheticBiasedData(s, rng);
    QCOMPARE(D.X.cols(), Eigen::Index(16));
    QCOMPARE(D.coreFeatures, 8);
    double agree = 0, meanCore = 0, meanSpGivenA1 = 0, nA1 = 0, resid = 0;
    for (long i = 0; i < s.n; ++i) {
      QCOMPARE(D.y[i], D.yC(i, 1) > 1 - D.yC(i, 0) ? 1 : 0);  // Y = 1{Y^C₂ > 1 − Y^C₁}
      agree += D.a[i] == D.y[i];
      meanCore += D.X(i, 0) - D.yC(i, 0) + D.X(i, 3) - D.yC(i, 1);  // column 3 repeats Y^C₂
      resid += std::pow(D.X(i, 2) - D.yC(i, 0), 2);
      if (D.a[i] == 1) meanSpGivenA1 += D.X(i, 10), nA1 += 1;
    }
    // P(A = Y) = p: s.e. sqrt(0.21/40000) = 0.0023.
    QVERIFY(std::abs(agree / s.n - 0.7) < 0.012);
    // Core noise has mean 0 and variance 0.2 (s.e. of the variance ≈ 0.2·√(2/n) = 0.0014).
    QVERIFY(std::abs(meanCore / s.n) < 0.02);
    QVERIFY(std::abs(resid / s.n - 0.2) < 0.007);
    // Spurious features are A + N(0, 0.4): mean 1 given A = 1 (s.e. √(0.4/20000) = 0.0045).
    QVERIFY(std::abs(meanSpGivenA1 / nA1 - 1) < 0.023);
  }

  void deterministicForASeed() {
    Rng a = makeRng(5), b = makeRng(5);
    SyntheticBiasSettings s;
    s.n = 100;
    QCOMPARE(syntheticBiasedData(s, a).X, syntheticBiasedData(s, b).X);
  }

  void throwsOnBadInput() {
    Rng rng = makeRng(1);
    SyntheticBiasSettings s;
    s.n = 1;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, syntheticBiasedData(s, rng));
    s = {};
    s.p = 1.5;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, syntheticBiasedData(s, rng));
    s = {};
    s.coreFeatures = 3;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, syntheticBiasedData(s, rng));
    s = {};
    s.spuriousVariance = -1;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, syntheticBiasedData(s, rng));
  }
};

QTEST_GUILESS_MAIN(TestSyntheticBias)
#include "tst_synthetic_bias.moc"
