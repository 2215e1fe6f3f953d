// Tests of engine/core/decimated_series.h: exact while small, bounded however long, extremes and the
// newest point kept, x in order.
#include <QtTest>

#include <cmath>

#include "core/decimated_series.h"

using namespace dpw;

class TestDecimatedSeries : public QObject {
  Q_OBJECT
 private slots:
  void exactWhileWithinCapacity() {
    DecimatedSeries s("loss", 100);
    for (int i = 0; i < 100; ++i) s.append(i, std::sin(i));
    const Series out = s.series();
    QCOMPARE(out.name, std::string("loss"));
    QCOMPARE(out.x.size(), std::size_t(100));
    for (int i = 0; i < 100; ++i) QCOMPARE(out.y[std::size_t(i)], std::sin(i));
    QCOMPARE(s.bucketSize(), std::size_t(1));
  }

  void boundedKeepsExtremesAndNewest() {
    const std::size_t capacity = 1000;
    DecimatedSeries s("noisy", capacity);
    const long n = 1000000;
    for (long i = 1; i <= n; ++i) {
      double y = std::sin(0.001 * double(i));
      if (i == 123457) y = 50;   // a spike must stay visible
      if (i == 654321) y = -40;  // and a dip
      s.append(double(i), y);
      if (i % 99991 == 0) QVERIFY(s.series().x.size() <= capacity + 1);
    }
    const Series out = s.series();
    QVERIFY(out.x.size() <= capacity + 1);
    QVERIFY(out.x.size() >= capacity / 2);  // not decimated further than needed
    QCOMPARE(s.rawCount(), std::size_t(n));
    QCOMPARE(*std::max_element(out.y.begin(), out.y.end()), 50.0);
    QCOMPARE(*std::min_element(out.y.begin(), out.y.end()), -40.0);
    QCOMPARE(out.x.back(), double(n));
    QCOMPARE(out.y.back(), std::sin(0.001 * double(n)));
    QCOMPARE(out.x.front(), 1.0);
    for (std::size_t i = 1; i < out.x.size(); ++i) QVERIFY(out.x[i] > out.x[i - 1]);
  }
};

QTEST_MAIN(TestDecimatedSeries)
#include "tst_decimated_series.moc"
