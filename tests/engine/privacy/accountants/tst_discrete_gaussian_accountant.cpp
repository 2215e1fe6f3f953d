// Tests of engine/privacy/accountants/discrete_gaussian_accountant.h: the proven Rényi accountant of secure mode's
// grid discrete Gaussian, which secure runs read and calibrate on where the chosen accountant is not proven for it.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/accountants/discrete_gaussian_accountant.h"
#include "privacy/accountants/discrete_subsampled_rdp.h"

using namespace dpw;

class TestDiscreteGaussianAccountant : public QObject {
  Q_OBJECT
 private slots:
  // At q = 1 it is the Gaussian's Rényi curve with the Balle et al. conversion, i.e. the rdp accountant's
  // (the same curve α/(2z²) and conversion; 1e-12 relative: the curve is min(bound(⌈α⌉), α/(2z²)), equal to
  // α/(2z²) at q = 1 up to the rounding of the bound's logarithms).
  void unsubsampledIsTheGaussianCurve() {
    for (double z : {0.7, 1.3, 4.0})
      for (long T : {1L, 50L}) {
        DiscreteGaussianRdpAccountant a;
        a.addGaussianSteps(z, 1.0, T);
        const double rdp = epsilonAfterGaussianSteps(AccountantKind::Rdp, z, 1.0, T, 1e-5);
        QVERIFY2(std::abs(a.epsilon(1e-5) / rdp - 1) < 1e-12, qPrintable(QString("%1 vs %2").arg(a.epsilon(1e-5)).arg(rdp)));
      }
  }

  // Poisson steps: never above the integer-order bound it extends (the same bound at the same orders, and more
  // orders), never below the continuous Gaussian's exact Poisson RDP (Mironov et al. 2019, the rdp accountant),
  // which the bound contains (discrete_subsampled_rdp.h).
  void poissonBetweenTheGaussianAndTheIntegerOrderBound() {
    for (double z : {0.8, 1.1, 3.0})
      for (double q : {0.01, 0.025, 0.2}) {
        DiscreteGaussianRdpAccountant a;
        a.addGaussianSteps(z, q, 300);
        const double eps = a.epsilon(1e-5);
        QVERIFY(eps <= discreteGaussianPoissonEpsilon(z, q, 300, 1e-5) * (1 + 1e-12));
        QVERIFY(eps >= epsilonAfterGaussianSteps(AccountantKind::Rdp, z, q, 300, 1e-5) * (1 - 1e-12));
      }
  }

  // RDP adds over steps, also across (z, q) pairs; a clone keeps what was recorded; δ(ε) inverts ε(δ).
  void composesAndClones() {
    DiscreteGaussianRdpAccountant once, twice;
    once.addGaussianSteps(1.2, 0.05, 200);
    twice.addGaussianSteps(1.2, 0.05, 120);
    twice.addGaussianSteps(1.2, 0.05, 80);
    QVERIFY(std::abs(once.epsilon(1e-5) / twice.epsilon(1e-5) - 1) < 1e-12);
    auto copy = once.clone();
    copy->addGaussianSteps(2.0, 1.0, 3);
    QVERIFY(copy->epsilon(1e-5) > once.epsilon(1e-5));
    const double eps = once.epsilon(1e-5);
    QVERIFY(std::abs(once.delta(eps) / 1e-5 - 1) < 1e-6);
    QVERIFY(once.name().find("Zhu & Wang 2019 Thm 6") != std::string::npos);  // subsampled: the bound is named
    DiscreteGaussianRdpAccountant whole;
    whole.addGaussianSteps(1.2, 1.0, 1);
    QVERIFY(whole.name().find("Zhu & Wang") == std::string::npos);  // q = 1: the curve alone
  }

  void badValuesAreRefused() {
    DiscreteGaussianRdpAccountant a;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, a.addGaussianSteps(0.0, 0.1, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, a.addGaussianSteps(1.0, 0.0, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, a.addGaussianSteps(1.0, 1.5, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, a.addGaussianSteps(1.0, 0.1, -1));
  }
};

QTEST_APPLESS_MAIN(TestDiscreteGaussianAccountant)
#include "tst_discrete_gaussian_accountant.moc"
