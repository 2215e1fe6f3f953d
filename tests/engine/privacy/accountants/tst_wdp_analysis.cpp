// Tests of engine/privacy/accountants/wdp_analysis.h and the "wdp" accountant: the reference check value, closed
// forms, numerical integration by scipy (tests/reference/wdp_reference.py), Fig. 1 shapes, throws.
#include <QJsonArray>
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/accountant_calibration.h"
#include "privacy/accountants/wdp_accountant.h"
#include "privacy/accountants/wdp_analysis.h"
#include "support/golden.h"
#include "support/reference_python.h"

using namespace dpw;

class TestWdpAnalysis : public QObject {
  Q_OBJECT
 private slots:
  // Reference §5: d = 1, σ = 1, q = 0.01, μ = 16 -> step loss 3.4877406772 (printed to 10 decimals).
  void referenceCheckValue() {
    QVERIFY(std::abs(wdpStepLoss({1.0}, 1.0, 0.01, 16) - 3.4877406772) < 1e-10);
    WdpAccountant acc(16, 32, {1.0});
    acc.addGaussianSteps(1.0, 0.01, 10);
    // ε = T · loss − ln(δ)/β (losses add over steps).
    QVERIFY(std::abs(acc.epsilon(1e-5) - (10 * 3.4877406772 + std::log(1e5) / 32)) < 1e-8);
    QVERIFY(dpwtest::relativeError(acc.delta(acc.epsilon(1e-5)), 1e-5) < 1e-9);
  }
  // Closed forms of E|Z|^μ: μ = 2 gives v + m², μ = 4 gives m⁴ + 6m²v + 3v² (1F1 with a
  // non-positive integer first argument is a polynomial; 1e-12 relative).
  void absoluteMomentClosedForms() {
    for (double m : {0.0, 0.3, 2.0})
      for (double v : {0.1, 1.0, 4.0}) {
        QVERIFY(dpwtest::relativeError(gaussianAbsoluteMoment(m, v, 2), v + m * m) < 1e-12);
        QVERIFY(dpwtest::relativeError(gaussianAbsoluteMoment(m, v, 4), m * m * m * m + 6 * m * m * v + 3 * v * v) < 1e-12);
      }
  }
  // Independent reference: scipy.integrate.quad of |z|^μ against the normal density, and of the Rényi
  // divergence of two Laplace densities (relative 1e-9: quad runs at epsrel 1e-12, the closed forms are
  // exact up to 1F1/lgamma rounding).
  void matchesNumericalIntegration() {
    const QJsonObject ref = dpwtest::runReferenceScript("wdp_reference.py", {});
    const QJsonArray moments = ref["moments"].toArray();
    QVERIFY(moments.size() >= 5);
    for (const auto& row : moments) {
      const QJsonArray r = row.toArray();
      const double mine = gaussianAbsoluteMoment(r[0].toDouble(), r[1].toDouble(), r[2].toDouble());
      QVERIFY2(dpwtest::relativeError(mine, r[3].toDouble()) < 1e-9,
               qPrintable(QString("%1 vs %2").arg(mine, 0, 'g', 15).arg(r[3].toDouble(), 0, 'g', 15)));
    }
    for (const auto& row : ref["laplace_rdp"].toArray()) {
      const QJsonArray r = row.toArray();
      const double mine = rdpLaplaceMechanism(r[0].toDouble(), r[1].toDouble());
      QVERIFY2(dpwtest::relativeError(mine, r[2].toDouble()) < 1e-9,
               qPrintable(QString("%1 vs %2").arg(mine, 0, 'g', 15).arg(r[2].toDouble(), 0, 'g', 15)));
    }
  }
  // [WDP] Fig. 1: the WDP budgets of the basic mechanisms barely move with the order and stay below ½,
  // while RDP grows linearly (Gaussian) or towards 1/λ (Laplace). Laplace RDP at α → 1 joins its KL form.
  void basicMechanismCurves() {
    for (double mu : {1.0, 2.0, 16.0, 100.0}) {
      QCOMPARE(wdpGaussianMechanism(1.0, mu), 0.5);
      QVERIFY(wdpGaussianMechanism(2.0, mu) < 0.5);
      QVERIFY(wdpLaplaceMechanism(1.0, mu) <= 0.5 * std::pow(std::sqrt(2 * std::exp(-1.0)), 1 / mu) + 1e-15);
    }
    QVERIFY(wdpGaussianMechanism(2.0, 2) < wdpGaussianMechanism(2.0, 16));  // (1/σ)^{1/μ} → 1 as μ grows
    QCOMPARE(rdpGaussianMechanism(2.0, 8), 1.0);
    QVERIFY(std::abs(rdpLaplaceMechanism(1.0, 1 + 1e-7) - rdpLaplaceMechanism(1.0, 1)) < 1e-6);
    QVERIFY(rdpLaplaceMechanism(1.0, 1e4) < 1.0 && rdpLaplaceMechanism(1.0, 1e4) > 0.99);  // → 1/λ = ε of pure DP
  }
  // The loss grows with σ (reference §5 note); calibration refuses the accountant.
  void lossGrowsWithNoiseAndCalibrationRefuses() {
    QVERIFY(wdpStepLoss({1.0}, 2.0, 0.01, 16) > wdpStepLoss({1.0}, 1.0, 0.01, 16));
    QVERIFY(!makeAccountant("wdp")->decreasesWithNoise());
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, calibrateNoiseMultiplier("wdp", 1.0, 1e-5, 0.01, 100));
    // More pairs, larger loss (Σ then the 1/μ power).
    QVERIFY(wdpStepLoss({1.0, 0.5}, 1.0, 0.01, 16) > wdpStepLoss({1.0}, 1.0, 0.01, 16));
  }
  // δ(ε) is the inverse of ε(δ) = L − ln(δ)/β ([WDP] Cor. 1) for β ≠ 1: δ = exp(β (L − ε)). The
  // authors' code's β·exp(L − ε) would return β·δ here (wrong by 32x at β = 32, 1e-12 relative is
  // float rounding of exp/log). At β = 1 both forms agree.
  void wdpDeltaInvertsEpsilon() {
    for (double beta : {0.5, 1.0, 32.0}) {
      WdpAccountant acc(16, beta);
      acc.addGaussianSteps(1.0, 0.01, 10);
      for (double delta : {1e-3, 1e-5, 1e-10}) {
        const double eps = acc.epsilon(delta);
        QVERIFY(std::abs(acc.delta(eps) / delta - 1) < 1e-12);
        QCOMPARE(eps, acc.totalLoss() - std::log(delta) / beta);
      }
      const double eps = acc.totalLoss() + 1;
      QVERIFY(std::abs(acc.delta(eps) / std::exp(-beta) - 1) < 1e-12);
    }
  }
  void badInputThrows() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gaussianAbsoluteMoment(0, 0, 2));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gaussianAbsoluteMoment(0, 1, 0.5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wdpStepLoss({}, 1, 0.1, 16));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wdpStepLoss({-1.0}, 1, 0.1, 16));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wdpStepLoss({1.0}, 0, 0.1, 16));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wdpStepLoss({1.0}, 1, 0.0, 16));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wdpEpsilon(1, 0, 1e-5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wdpEpsilon(1, 1, 1.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wdpGaussianMechanism(0, 2));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wdpLaplaceMechanism(1, 0.5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, rdpLaplaceMechanism(-1, 2));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, rdpGaussianMechanism(1, 0.5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, WdpAccountant(0.5, 32));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, WdpAccountant(16, 0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, WdpAccountant(16, 32, {}));
    WdpAccountant acc;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, acc.addGaussianSteps(-1.0, -1.0, 1));  // not a cache hit
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, acc.addGaussianSteps(1.0, 0.1, -1));
  }
};

QTEST_APPLESS_MAIN(TestWdpAnalysis)
#include "tst_wdp_analysis.moc"
