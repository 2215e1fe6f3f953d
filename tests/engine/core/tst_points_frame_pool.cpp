// engine/core/points_frame_pool.h: a released frame's storage is handed to the next frame (no fresh
// pages for a live run's 16 MB frames), a frame still held is never written, frames outliving the
// pool are freed normally, and at most `spare` buffers wait.
#include <QtTest>

#include "core/points_frame_pool.h"

using namespace dpw;

namespace {

FramePtr publishFilled(PointsFramePool& pool, Eigen::Index rows, double value) {
  PointsFrame f = pool.take(rows, 2);
  f.xy.setConstant(value);
  std::fill(f.label.begin(), f.label.end(), 1);
  f.labelNames = {"particles"};
  return pool.publish("particles", "Particles", long(value), std::move(f));
}

const PointsFrame& points(const FramePtr& f) { return std::get<PointsFrame>(f->data); }

}  // namespace

class TestPointsFramePool : public QObject {
  Q_OBJECT
 private slots:
  void releasedStorageIsReused() {
    PointsFramePool pool;
    FramePtr a = publishFilled(pool, 1000, 1.0);
    const double* storage = points(a).xy.data();
    QCOMPARE(points(a).xy.rows(), Eigen::Index(1000));
    QCOMPARE(points(a).label.size(), std::size_t(1000));
    QCOMPARE(a->chart, std::string("particles"));
    a.reset();  // the viewer lets go
    // Had the storage been freed, this allocation of its size would most likely take it (malloc reuses an
    // exact fit), and b would get other memory.
    const std::vector<double> blocker(2000, 0.0);
    FramePtr b = publishFilled(pool, 1000, 2.0);
    QVERIFY(blocker.data() != storage);
    QCOMPARE(points(b).xy.data(), storage);
    QCOMPARE(points(b).xy(999, 1), 2.0);
    QCOMPARE(points(b).labelNames.size(), std::size_t(1));
  }

  void heldFrameIsNeverWritten() {
    PointsFramePool pool;
    const FramePtr held = publishFilled(pool, 500, 3.0);
    FramePtr next = publishFilled(pool, 500, 4.0);
    QVERIFY(points(next).xy.data() != points(held).xy.data());
    next.reset();
    const FramePtr third = publishFilled(pool, 500, 5.0);  // reuses next's storage, not held's
    QVERIFY((points(held).xy.array() == 3.0).all());
    QCOMPARE(third->step, 5L);
  }

  void framesOutliveThePool() {
    FramePtr survivor;
    {
      PointsFramePool pool;
      survivor = publishFilled(pool, 100, 6.0);
    }
    QCOMPARE(points(survivor).xy(0, 0), 6.0);
    survivor.reset();  // returns to the (now unowned) spare list, freed with it: no crash, no leak under ASan
  }

  void keepsAtMostSpareBuffers() {
    PointsFramePool pool(1);
    FramePtr a = publishFilled(pool, 10, 1.0), b = publishFilled(pool, 10, 2.0);
    const double* first = points(a).xy.data();
    a.reset();
    b.reset();  // the spare list is full: b's storage is freed
    FramePtr c = publishFilled(pool, 10, 3.0), d = publishFilled(pool, 10, 4.0);
    QCOMPARE(points(c).xy.data(), first);
    QVERIFY(points(d).xy.data() != first);
  }
};

QTEST_APPLESS_MAIN(TestPointsFramePool)
#include "tst_points_frame_pool.moc"
