// Large point clouds are drawn in a helper thread (gui/cloud_renderer.h): the chart view ends up showing
// the picture of the NEWEST frame (frames that came while a picture was being drawn are skipped, never
// shown late), and a picture still being drawn for an older large frame never replaces a newer small
// frame drawn at once.
#include <QtTest>
#include <random>

#include "charts/density_image.h"
#include "gui/chart_grid.h"
#include "gui/cloud_renderer.h"

namespace {

/// `n` particles around (shift, 0), with the corners (±3, ±3) so every frame gets the same axis range.
dpw::FramePtr cloud(long n, double shift, long step) {
  dpw::PointsFrame f{"x", "y", {}, {}, {"particles", "target"}};
  f.xy.resize(n + 4, 2);
  std::mt19937_64 rng{std::uint64_t(step)};
  std::normal_distribution<double> z(0.0, 0.5);
  for (long r = 0; r < n; ++r) f.xy(r, 0) = shift + z(rng), f.xy(r, 1) = z(rng);
  f.xy.bottomRows(4) << -3, -3, 3, 3, -3, 3, 3, -3;
  f.label.assign(std::size_t(n), 0);
  f.label.insert(f.label.end(), 4, 1);
  return dpw::makeFrame("particles", "Particles at step " + std::to_string(step), step, std::move(f));
}

/// Pixels in which the view's picture differs from `expected`.
int differences(QWidget* view, const QImage& expected) {
  const QImage shown = view->grab().toImage().convertToFormat(QImage::Format_RGB32);
  const QImage want = expected.convertToFormat(QImage::Format_RGB32);
  if (shown.size() != want.size()) return -1;
  int n = 0;
  for (int y = 0; y < shown.height(); ++y)
    for (int x = 0; x < shown.width(); ++x) n += shown.pixel(x, y) != want.pixel(x, y);
  return n;
}

QImage expected(QWidget* view, const dpw::FramePtr& f) {
  return dpwapp::CloudRenderer::render({f, {}, view->size(), view->devicePixelRatioF(), 0}).picture;
}

}  // namespace

class TestCloudRenderer : public QObject {
  Q_OBJECT
 private slots:
  void onlyDensityCloudsGoToTheHelperThread() {
    // By the row count alone (O(1) in the GUI thread): cloud(n) has n particles and 4 target markers.
    QVERIFY(!dpwapp::CloudRenderer::wants(*cloud(dpwapp::kDensityThreshold - 4, 0, 1)));
    QVERIFY(dpwapp::CloudRenderer::wants(*cloud(dpwapp::kDensityThreshold + 1, 0, 1)));
    const auto lines = dpw::makeFrame("sw2", "SW", 1, dpw::LinesFrame{"step", "SW", {}});
    QVERIFY(!dpwapp::CloudRenderer::wants(*lines));
  }

  void oneJobAtATime() {
    int done = 0;
    long sequence = -1;
    dpwapp::CloudRenderer r([&](dpwapp::CloudRenderer::Result res) { ++done, sequence = res.sequence; });
    QVERIFY(r.start({cloud(300000, 0, 1), {}, QSize(600, 500), 1.0, 7}));
    QVERIFY(r.busy());
    QVERIFY(!r.start({cloud(100, 0, 2), {}, QSize(600, 500), 1.0, 8}));  // refused while busy
    QTRY_COMPARE_WITH_TIMEOUT(done, 1, 10000);
    QCOMPARE(sequence, 7L);
    QVERIFY(!r.busy());
  }

  void theViewShowsTheNewestFramesPicture() {
    dpwapp::ChartGrid grid;
    grid.resize(900, 700);
    grid.QWidget::show();
    grid.show(cloud(100, 0, 0));  // the view is created (and laid out) with a small frame, drawn at once
    QWidget* view = grid.view("particles");
    QVERIFY(QTest::qWaitForWindowExposed(&grid));
    QTRY_VERIFY(!view->size().isEmpty());
    std::vector<dpw::FramePtr> frames;
    for (long step = 1; step <= 4; ++step) frames.push_back(cloud(400000, 0.3 * double(step), step));
    for (const auto& f : frames) grid.show(f);  // faster than the helper draws them
    const QImage newest = expected(view, frames.back());
    QTRY_COMPARE_WITH_TIMEOUT(differences(view, newest), 0, 20000);
    QVERIFY(differences(view, expected(view, frames[1])) > 0);  // (the pictures do differ)
  }

  void aLargeFrameStillDrawingNeverReplacesANewerSmallOne() {
    dpwapp::ChartGrid grid;
    grid.resize(900, 700);
    grid.QWidget::show();
    grid.show(cloud(100, 0, 0));
    QWidget* view = grid.view("particles");
    QVERIFY(QTest::qWaitForWindowExposed(&grid));
    QTRY_VERIFY(!view->size().isEmpty());
    grid.show(cloud(600000, 1.0, 1));  // to the helper thread
    const auto small = cloud(500, -1.0, 2);
    grid.show(small);  // drawn at once
    QTest::qWait(1500);  // the large frame's picture is done by now, and dropped
    QCOMPARE(differences(view, expected(view, small)), 0);
  }
};

QTEST_MAIN(TestCloudRenderer)
#include "tst_cloud_renderer.moc"
