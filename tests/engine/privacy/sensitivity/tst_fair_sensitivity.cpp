// Tests of engine/privacy/sensitivity/fair_sensitivity.h: the theorems' formulas at hand-computed values,
// their limits and relations, throws.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "privacy/sensitivity/fair_sensitivity.h"

using namespace dpw;

class TestFairSensitivity : public QObject {
  Q_OBJECT
 private slots:
  // [FairLearn] Thm 4.1 (a): 4M(3L₁ + L₂)/n; (b) the max over the two samples. Hand values.
  void wassersteinGradient() {
    QCOMPARE(wassersteinGradientSensitivityOneSided(1.0, 1.0, 1.0, 100), 0.16);  // 4·4/100
    QCOMPARE(wassersteinGradientSensitivityTwoSided(1.0, 1.0, 0.0, 100, 10), 0.4);  // 4·max(3/100, 1/10)
    // (b) with m = n and L₁ = L₂ reduces to (a).
    QCOMPARE(wassersteinGradientSensitivityTwoSided(2.0, 0.5, 0.5, 64, 64), wassersteinGradientSensitivityOneSided(2.0, 0.5, 0.5, 64));
    // Vanishes as 1/n.
    QCOMPARE(wassersteinGradientSensitivityOneSided(1.0, 2.0, 1.0, 2000) * 2, wassersteinGradientSensitivityOneSided(1.0, 2.0, 1.0, 1000));
  }
  // Thm 6.1 (7)/(8), reference §4 classification settings: C = 5, M = L = 1, batches of 1200 split
  // into groups 500 / 700: (1−α)·10/1200 + α·16/500.
  void fairLosses() {
    const double a = 0.3;
    QVERIFY(std::abs(fairLossSensitivitySp(a, 5, 1, 1, 1200, {500, 700}) - ((1 - a) * 10.0 / 1200 + a * 16.0 / 500)) < 1e-15);
    // α = 0: the plain finite-sum bound 2C/n; α = 1: the penalty term only.
    QCOMPARE(fairLossSensitivitySp(0, 5, 1, 1, 1200, {500, 700}), 10.0 / 1200);
    QCOMPARE(fairLossSensitivitySp(1, 5, 1, 1, 1200, {500, 700}), 16.0 / 500);
    // EO with R labels divides the penalty by R and uses the smallest (label, group) cell.
    QVERIFY(std::abs(fairLossSensitivityEo(a, 5, 1, 1, 1200, 2, {300, 250, 400, 250}) -
                     ((1 - a) * 10.0 / 1200 + a / 2 * 16.0 / 250)) < 1e-15);
    QCOMPARE(fairLossSensitivityEo(a, 5, 1, 1, 1200, 1, {500, 700}), fairLossSensitivitySp(a, 5, 1, 1, 1200, {500, 700}));
  }
  // [FairReg] Remark B.1: 2/n, Laplace scale 2/(nε).
  void histogram() {
    QCOMPARE(histogramL1Sensitivity(1000), 0.002);
    QCOMPARE(histogramLaplaceScale(1000, 0.5), 0.004);
    QCOMPARE(histogramLaplaceScale(1000, INFINITY), 0.0);
  }
  void badInputThrows() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wassersteinGradientSensitivityOneSided(-1, 1, 1, 10));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wassersteinGradientSensitivityOneSided(1, 1, 1, 0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wassersteinGradientSensitivityTwoSided(1, 1, 1, 10, 0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fairLossSensitivitySp(1.5, 1, 1, 1, 10, {5, 5}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fairLossSensitivitySp(0.5, -1, 1, 1, 10, {5, 5}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fairLossSensitivitySp(0.5, 1, 1, 1, 10, {}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fairLossSensitivitySp(0.5, 1, 1, 1, 10, {5, 0}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fairLossSensitivityEo(0.5, 1, 1, 1, 10, 0, {5, 5}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, histogramL1Sensitivity(0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, histogramLaplaceScale(10, 0.0));
  }
};

QTEST_APPLESS_MAIN(TestFairSensitivity)
#include "tst_fair_sensitivity.moc"
