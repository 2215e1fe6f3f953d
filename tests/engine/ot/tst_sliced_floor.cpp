// Tests of engine/ot/sliced_floor.h: the counts of the floor (flops, the sort's bytes) and that the
// measured rates make a positive, finite floor. The rates themselves are machine figures, not tested.
#include <QtTest>
#include <cmath>

#include "ot/sliced_floor.h"

using namespace dpw;

class TestSlicedFloor : public QObject {
  Q_OBJECT
 private slots:
  // 2 d flops a projected value; 40 bytes a value through memory for a sample the MSD sort takes
  // (more than 2^17 values), none for one that stays in cache.
  void countsFlopsAndTheSortsPasses() {
    const SlicedFloor f = measureSlicedFloor(200000, 1000, 8, 50);
    QCOMPARE(f.flops, 2.0 * 8 * 50 * 201000);
    QCOMPARE(f.bytes, 40.0 * 50 * 200000);
    QCOMPARE(f.bytesPerValue, f.bytes / (50.0 * 201000));
    QCOMPARE(measureSlicedFloor(1000, 1000, 8, 5).bytes, 0.0);
  }

  void floorIsPositiveAndFinite() {
    const SlicedFloor f = measureSlicedFloor(1 << 20, 1 << 20, 8, 10);
    for (double rate : {f.flopRateWall, f.flopRateCpu, f.copyRateWall, f.copyRateCpu})
      QVERIFY(std::isfinite(rate) && rate > 0);
    QVERIFY(std::isfinite(f.secondsWall()) && f.secondsWall() > 0);
    QVERIFY(std::isfinite(f.secondsCpu()) && f.secondsCpu() > 0);
    QCOMPARE(f.secondsWall(), f.flops / f.flopRateWall + f.bytes / f.copyRateWall);
  }
};

QTEST_APPLESS_MAIN(TestSlicedFloor)
#include "tst_sliced_floor.moc"
