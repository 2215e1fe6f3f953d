// Tests of engine/flow/fixed_target_sw.h: the value equals slicedW2Squared's (engine/ot/sliced_wasserstein.h,
// no noise) on the same samples and directions, for equal and unequal sizes, several dimensions and
// more directions than one block; and it reuses the target across samples. Compared for equality: the
// same GEMM kernels, exact sorts, 1-D costs and mean, so the same bits (the live curve did not change).
#include <QtTest>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/rng.h"
#include "flow/fixed_target_sw.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"

using namespace dpw;

class TestFixedTargetSw : public QObject {
  Q_OBJECT
 private slots:
  void equalsSlicedW2_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("d");
    QTest::addColumn<int>("k");
    QTest::newRow("live curve shape") << 10000 << 10000 << 2 << 200;
    QTest::newRow("unequal sizes") << 3000 << 1700 << 3 << 37;
    QTest::newRow("one direction, tiny") << 5 << 3 << 2 << 1;
    QTest::newRow("d = 8, 17 directions") << 900 << 900 << 8 << 17;
  }
  void equalsSlicedW2() {
    QFETCH(int, n);
    QFETCH(int, m);
    QFETCH(int, d);
    QFETCH(int, k);
    Rng rng = makeRng(std::uint64_t(n + 13 * m + 101 * d + k));
    const Points Y = standardNormal(m, d, rng), theta = randomDirections(k, d, rng);
    const FixedTargetSlicedW2 sw(Y, theta);
    for (int trial = 0; trial < 3; ++trial) {
      const Points X = standardNormal(n, d, rng).array() * (0.5 + trial) + 0.3 * trial;
      const double expected = slicedW2Squared(X, Y, theta).value, got = sw(X);
      QVERIFY2(got == expected,
               qPrintable(QString("%1 vs %2").arg(got, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    }
  }
  void badInputThrows() {
    Rng rng = makeRng(3);
    const Points Y = standardNormal(10, 2, rng), theta = randomDirections(4, 2, rng);
    const FixedTargetSlicedW2 sw(Y, theta);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, sw(Points(0, 2)));
    QVERIFY_THROWS_EXCEPTION(InternalError, sw(standardNormal(5, 3, rng)));  // the run's own dimension: a bug
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, FixedTargetSlicedW2(Points(0, 2), theta));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, FixedTargetSlicedW2(Y, Points(0, 2)));
  }
};

QTEST_APPLESS_MAIN(TestFixedTargetSw)
#include "tst_fixed_target_sw.moc"
