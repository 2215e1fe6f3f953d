// Tests of engine/privacy/accountants/gdp_analysis.h: closed forms, the [FairLearn] calibration check, throws.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/accountants/normal_tail.h"
#include "support/golden.h"

using namespace dpw;

class TestGdpAnalysis : public QObject {
  Q_OBJECT
 private slots:
  // δ(0) = Φ(μ/2) − Φ(−μ/2) = 2Φ(μ/2) − 1 (the total variation of N(0,1) and N(μ,1)).
  void deltaAtZeroIsTotalVariation() {
    for (double mu : {0.1, 1.0, 3.0}) QVERIFY(std::abs(gdpDelta(mu, 0) - (2 * normalCdf(mu / 2) - 1)) < 1e-15);
    QCOMPARE(gdpDelta(0, 1.0), 0.0);
  }
  // ε(δ) inverts δ(ε) (bisection to 1e-13 relative on ε; δ is smooth, so 1e-9 relative on δ).
  void epsilonInvertsDelta() {
    for (double mu : {0.05, 0.5, 2.0, 10.0})
      for (double delta : {1e-2, 1e-5, 1e-10}) {
        const double eps = gdpEpsilon(mu, delta);
        if (eps == 0) continue;
        QVERIFY2(dpwtest::relativeError(gdpDelta(mu, eps), delta) < 1e-9, qPrintable(QString::number(mu)));
      }
  }
  // Closed forms of μ: Poisson q √T √(e^{1/σ²} − 1); uniform at σ → ∞ behaves as √2 q √T · O(1/σ).
  void muClosedForms() {
    QVERIFY(dpwtest::relativeError(gdpMuPoisson(0.1, 2.0, 400), 0.1 * 20 * std::sqrt(std::expm1(0.25))) < 1e-15);
    // μ ∝ √T for both samplings.
    QVERIFY(dpwtest::relativeError(gdpMuUniform(0.1, 2.0, 400), 2 * gdpMuUniform(0.1, 2.0, 100)) < 1e-14);
    // Uniform sampling (replace-one) costs more than Poisson for the same (q, σ, T).
    QVERIFY(gdpMuUniform(0.05, 1.5, 100) > gdpMuPoisson(0.05, 1.5, 100));
  }
  // [FairLearn] reference §4: q = 0.1, T = 1000, δ = 0.1/30000. ε after 1/100/200/500/1000 steps at the
  // reference multiplier 7.070803 is 0.047/0.570/0.830/1.366/2.000 (3 decimals printed: 5e-4).
  void fairLearningTrajectory() {
    const double delta = 0.1 / 30000;
    const long steps[] = {1, 100, 200, 500, 1000};
    const double eps[] = {0.047, 0.570, 0.830, 1.366, 2.000};
    for (int i = 0; i < 5; ++i)
      QVERIFY2(std::abs(gdpEpsilon(gdpMuUniform(0.1, 7.070803, steps[i]), delta) - eps[i]) < 5e-4,
               qPrintable(QString::number(steps[i])));
  }
  // log Φ matches log(Φ) where Φ is representable and the asymptotic branch joins it at −35.
  void logNormalCdfTail() {
    for (double x : {-30.0, -10.0, -1.0, 0.0, 2.0}) QVERIFY(std::abs(logNormalCdf(x) - std::log(normalCdf(x))) < 1e-12 * (1 + x * x));
    // Both sides of the branch point against scipy.special.log_ndtr (Debian scipy 1.10), 1e-13 relative.
    QVERIFY(dpwtest::relativeError(logNormalCdf(-34.9999999), -616.9750977590702) < 1e-13);
    QVERIFY(dpwtest::relativeError(logNormalCdf(-35.0000001), -616.9751047647752) < 1e-13);
    QVERIFY(dpwtest::relativeError(logNormalCdf(-37.0), -689.0305855768908) < 1e-13);
    QVERIFY(std::isfinite(logNormalCdf(-1e4)));
  }
  void badInputThrows() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gdpMuPoisson(1.5, 1, 10));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gdpMuPoisson(0.5, 0, 10));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gdpMuUniform(0.5, 1, -1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gdpDelta(-1, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gdpDelta(1, -1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gdpEpsilon(1, 0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gdpEpsilon(1, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, normalQuantile(0));
  }
};

QTEST_APPLESS_MAIN(TestGdpAnalysis)
#include "tst_gdp_analysis.moc"
