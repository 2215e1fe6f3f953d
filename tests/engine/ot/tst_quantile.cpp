// Tests of engine/ot/quantile.h against numpy's linear quantile and interp conventions.
#include <QtTest>

#include "core/error.h"
#include "ot/quantile.h"

using namespace dpw;

class TestQuantile : public QObject {
  Q_OBJECT
 private slots:
  // The worked flow step of reference section 2 (P = 5): particle quantiles of [0,1,2,3] are
  // [0, .75, 1.5, 2.25, 3]; the CDF at 1 is 1/3; the target quantile of [10,20,30] at 1/3 is 16.667.
  void workedFlowStep() {
    const std::vector<double> particles{0, 1, 2, 3}, data{10, 20, 30};
    const auto u = uniformLevels(5);
    const auto qp = quantilesAtUniformLevels(particles, 5);
    const std::vector<double> expectedQp{0, 0.75, 1.5, 2.25, 3};
    for (int i = 0; i < 5; ++i) QVERIFY(std::abs(qp[i] - expectedQp[i]) < 1e-15);
    const auto qt = quantilesAtUniformLevels(data, 5);
    const double expectedNew[] = {10, 50.0 / 3, 70.0 / 3, 30};
    for (int i = 0; i < 4; ++i) {
      const double F = interpolate(particles[i], qp, u);
      const double T = interpolate(F, u, qt);
      QVERIFY2(std::abs(T - expectedNew[i]) < 1e-12, qPrintable(QString::number(T)));
    }
  }
  void interpolateClampsLikeNumpy() {
    const std::vector<double> xp{0, 1, 2}, fp{5, 6, 8};
    QCOMPARE(interpolate(-1, xp, fp), 5.0);
    QCOMPARE(interpolate(3, xp, fp), 8.0);
    QCOMPARE(interpolate(1.5, xp, fp), 7.0);
    QCOMPARE(interpolate(1.0, xp, fp), 6.0);
  }
  void badInputThrows() {
    const std::vector<double> empty;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, quantileOfSorted(empty, 0.5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, uniformLevels(1));
  }
};

QTEST_APPLESS_MAIN(TestQuantile)
#include "tst_quantile.moc"
