// Tests of engine/privacy/accountants/discrete_subsampled_rdp.h: the proven RDP bound of secure mode's Poisson-subsampled
// grid discrete Gaussian (CKS20 curve through Zhu & Wang 2019 Thm 6) against the continuous Gaussian's exact
// Poisson RDP (Mironov et al. 2019, rdp_analysis.h): never below it, and close to it.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/accountant_calibration.h"
#include "privacy/accountants/discrete_subsampled_rdp.h"
#include "privacy/accountants/rdp_analysis.h"
#include "support/golden.h"

using namespace dpw;

class TestDiscreteSubsampledRdp : public QObject {
  Q_OBJECT
 private slots:
  // Order 2 has no third-order terms: the bound is 1 + q²(e^{1/z²} − 1), the Gaussian's closed form.
  void orderTwoIsTheGaussianClosedForm() {
    for (double q : {0.01, 0.05, 0.5})
      for (double z : {0.8, 1.0, 3.0})
        QVERIFY(dpwtest::relativeError(rdpPoissonDiscreteGaussian(q, z, 2), std::log1p(q * q * std::expm1(1 / (z * z)))) <
                1e-9);
  }
  // The bound holds both directions for any mechanism with the curve; the Gaussian's exact value is one such
  // mechanism's, so the bound can never be below it, up to rounding: both are logs of sums near 1 formed
  // before the log, so each carries an absolute error of a few ulps of 1 (1e-14 allows ~45 ulps; at q = 0.001,
  // α = 2 the values are 1.7e-7, so that is 6e-8 relative there), plus 1e-9 relative for larger values.
  void neverBelowTheContinuousGaussian() {
    for (double q : {0.001, 0.025, 0.1, 0.5})
      for (double z : {0.6, 0.9, 1.3, 2.5, 8.0})
        for (int a : {2, 3, 5, 8, 16, 32, 64, 128}) {
          const double proven = rdpPoissonDiscreteGaussian(q, z, a), gaussian = rdpPoissonGaussian(q, z, a);
          QVERIFY2(proven >= gaussian * (1 - 1e-9) - 1e-14,
                   qPrintable(QString("q %1 z %2 a %3: %4 < %5").arg(q).arg(z).arg(a).arg(proven).arg(gaussian)));
          QVERIFY(proven <= a / (2 * z * z) * (1 + 1e-12));  // capped by the unsubsampled curve
        }
    QCOMPARE(rdpPoissonDiscreteGaussian(1.0, 2.0, 7), 7.0 / 8);
    QCOMPARE(rdpPoissonDiscreteGaussian(0.0, 2.0, 7), 0.0);
  }
  // Values of an independent Python implementation of the same formula (lgamma, log-sum-exp; same integer
  // orders and Balle et al. 2020 conversion), 1e-9 relative.
  void matchesAnIndependentImplementation() {
    QVERIFY(dpwtest::relativeError(rdpPoissonDiscreteGaussian(0.01, 2.0, 10), 0.00020019225818043842) < 1e-9);
    QVERIFY(dpwtest::relativeError(rdpPoissonDiscreteGaussian(0.2, 0.9, 32), 18.127170261391047) < 1e-9);
    QVERIFY(dpwtest::relativeError(discreteGaussianPoissonEpsilon(1.27, 0.025, 500, 1e-5), 3.08763080018261) < 1e-9);
  }
  // ε of the flows' setting (q = 0.025, T = 500, δ = 1e-5) at the multiplier the continuous accountant
  // calibrates: the proven ε is above the claim and close to it (measured 12.5 for 10, 6.06 for 5, 1.52 for 1:
  // the general bound's third-order terms do not vanish with the noise, so it is looser at small ε).
  void closeToTheContinuousBoundAtTheFlowSetting() {
    const struct { double eps, maxRatio; } cases[] = {{10, 1.3}, {5, 1.3}, {1, 1.6}};
    for (const auto& c : cases) {
      const double z = calibrateNoiseMultiplier("rdp", c.eps, 1e-5, 0.025, 500);
      const double continuous = epsilonAfterGaussianSteps("rdp", z, 0.025, 500, 1e-5);
      const double proven = discreteGaussianPoissonEpsilon(z, 0.025, 500, 1e-5);
      qInfo("eps %.0f: multiplier %.4f, continuous %.4f, proven %.4f", c.eps, z, continuous, proven);
      QVERIFY(proven >= continuous);
      QVERIFY2(proven <= c.maxRatio * continuous, qPrintable(QString::number(proven / continuous)));
    }
    // Calibrating by the proven bound: the multiplier that makes it hold, and its cost in noise.
    const double zProven = discreteGaussianPoissonMultiplier(5, 1e-5, 0.025, 500);
    QVERIFY(discreteGaussianPoissonEpsilon(zProven, 0.025, 500, 1e-5) <= 5);
    const double ratio = zProven / calibrateNoiseMultiplier("rdp", 5, 1e-5, 0.025, 500);
    qInfo("proven calibration at eps 5: %.3fx the continuous multiplier", ratio);
    QVERIFY(ratio > 1 && ratio < 1.15);
  }
  void badInputThrows() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, rdpPoissonDiscreteGaussian(1.5, 1.0, 4));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, rdpPoissonDiscreteGaussian(0.1, 0.0, 4));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, rdpPoissonDiscreteGaussian(0.1, 1.0, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, discreteGaussianPoissonEpsilon(1.0, 0.1, 10, 0.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, discreteGaussianPoissonMultiplier(-1, 1e-5, 0.1, 10));
  }
};

QTEST_APPLESS_MAIN(TestDiscreteSubsampledRdp)
#include "tst_discrete_subsampled_rdp.moc"
