// Large point clouds are drawn as density images (charts/density_image.h, issue #22 item 6): every point
// inside the view is counted in exactly one pixel, points outside or non-finite in none, and the
// painter switches from markers to the image above kDensityThreshold points of a group, the other
// groups (the target) still drawn as markers.
#include <QtTest>
#include <random>

#include "charts/chart_style.h"
#include "charts/density_image.h"
#include "charts/point_cloud_painter.h"

namespace {

/// `n` particles (group 0) from a normal law around (1, 2) and `targets` points (group 1).
dpw::PointsFrame cloud(long n, long targets, unsigned seed = 7) {
  dpw::PointsFrame f{"x", "y", {}, {}, {"particles", "held-out target"}};
  f.xy.resize(n + targets, 2);
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> z(0.0, 1.0);
  for (long r = 0; r < n + targets; ++r) f.xy(r, 0) = 1.0 + z(rng), f.xy(r, 1) = 2.0 + 0.5 * z(rng);
  f.label.assign(std::size_t(n), 0);
  f.label.insert(f.label.end(), std::size_t(targets), 1);
  return f;
}

long sum(const dpwapp::DensityCounts& d) {
  long s = 0;
  for (auto c : d.counts) s += c;
  return s;
}

}  // namespace

class TestDensityImage : public QObject {
  Q_OBJECT
 private slots:
  void everyParticleIsCounted() {
    const long n = 1000000;
    const dpw::PointsFrame f = cloud(n, 2000);
    const auto d = dpwapp::binDensity(f, 0, -10, 12, -8, 12, QSize(640, 410));
    QCOMPARE(d.total, n);
    QCOMPARE(d.inside, n);  // the range holds the whole cloud
    QCOMPARE(sum(d), n);    // each one in exactly one pixel; the 2000 targets in none
    QVERIFY(d.max > 1);
    QCOMPARE(d.counts.size(), std::size_t(640 * 410));
  }

  void onlyPointsInsideTheViewAreCounted() {
    const dpw::PointsFrame f = cloud(200000, 0);
    const double x0 = 0.5, x1 = 1.5, y0 = 1.0, y1 = 2.25;
    long expected = 0;
    for (Eigen::Index r = 0; r < f.xy.rows(); ++r)
      expected += f.xy(r, 0) >= x0 && f.xy(r, 0) <= x1 && f.xy(r, 1) >= y0 && f.xy(r, 1) <= y1;
    const auto d = dpwapp::binDensity(f, 0, x0, x1, y0, y1, QSize(300, 200));
    QCOMPARE(d.total, 200000L);
    QCOMPARE(d.inside, expected);
    QCOMPARE(sum(d), expected);
    QVERIFY(expected > 10000 && expected < 200000);
  }

  void cornersAndNonFinitePoints() {
    dpw::PointsFrame f{"x", "y", {}, {}, {"particles"}};
    f.xy.resize(5, 2);
    f.xy << 0, 0,  // bottom-left corner: last row, first column
        1, 1,      // top-right corner (the upper edges count in the last cell): first row, last column
        0.5, NAN,  // not counted
        2, 0.5,    // outside
        0.26, 0.74;
    f.label.assign(5, 0);
    const auto d = dpwapp::binDensity(f, 0, 0, 1, 0, 1, QSize(4, 4));
    QCOMPARE(d.total, 5L);
    QCOMPARE(d.inside, 3L);
    QCOMPARE(d.counts[3 * 4 + 0], 1u);
    QCOMPARE(d.counts[0 * 4 + 3], 1u);
    QCOMPARE(d.counts[1 * 4 + 1], 1u);  // x 0.26 → column 1; y 0.74 → row 1 from the top
  }

  void rampDarkensWithCount() {
    const QColor blue(0, 114, 178);
    QCOMPARE(dpwapp::densityColour(0, 100, blue).alpha(), 0);  // empty pixels stay transparent
    double last = 2;
    for (std::uint32_t c : {1u, 3u, 10u, 30u, 100u}) {
      const QColor k = dpwapp::densityColour(c, 100, blue);
      QCOMPARE(k.alpha(), 255);
      QVERIFY2(k.lightnessF() < last, qPrintable(QString("count %1").arg(c)));
      last = k.lightnessF();
    }
    QVERIFY(dpwapp::densityColour(1, 100, blue).lightnessF() < 0.9);  // one particle is still seen on white
  }

  void painterSwitchesToDensityAboveTheThreshold() {
    const dpwapp::PlotRange range{-10, 12, -8, 12};
    for (long n : {dpwapp::kDensityThreshold, dpwapp::kDensityThreshold + 1, 1000000L}) {
      const dpw::PointsFrame f = cloud(n, 2000);
      QImage img(800, 600, QImage::Format_ARGB32_Premultiplied);
      QPainter p(&img);
      dpwapp::DensityCache cache;
      dpwapp::paintPoints(f, "particles", p, QRectF(0, 0, 800, 600), range, &cache);
      p.end();
      const bool dense = n > dpwapp::kDensityThreshold;
      QCOMPARE(dpwapp::densityGroups(f), dense ? std::vector<int>{0} : std::vector<int>{});
      QCOMPARE(int(cache.images.size()), dense ? 1 : 0);  // the target (2000 points) stays markers
      if (!dense) continue;
      QCOMPARE(cache.images[0].group, 0);
      QCOMPARE(cache.images[0].total, n);
      QCOMPARE(cache.images[0].inside, n);
      QVERIFY(cache.images[0].image.width() > 600 && cache.images[0].image.height() > 400);  // the plot area's pixels
    }
  }

  // The particles' density image lies on top of the target's markers, as particle markers do: drawn
  // under them, a million particles gathered on the ring's modes looked like a few threads between
  // orange blobs.
  void densityIsDrawnOverTheTarget() {
    auto orangePixels = [](const dpw::PointsFrame& f) {
      QImage img(600, 500, QImage::Format_ARGB32_Premultiplied);
      img.fill(Qt::white);
      QPainter p(&img);
      dpwapp::paintPoints(f, "particles", p, QRectF(0, 0, 600, 500), dpwapp::PlotRange{-4, 6, -2, 6}, nullptr);
      p.end();
      const QColor target = dpwapp::paletteColour(1);
      int count = 0;
      for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
          const QColor c = img.pixelColor(x, y);
          count += std::abs(c.red() - target.red()) + std::abs(c.green() - target.green()) +
                       std::abs(c.blue() - target.blue()) < 150;
        }
      return count;
    };
    const dpw::PointsFrame particles = cloud(100000, 0);  // the legend's target entry is drawn either way
    dpw::PointsFrame both = particles;
    both.xy.conservativeResize(both.xy.rows() + 1, 2);
    both.xy.row(both.xy.rows() - 1) << 1.0, 2.0;  // one target point where the particles are densest
    both.label.push_back(1);
    QCOMPARE(orangePixels(both), orangePixels(particles));  // its marker is covered
  }

  void aRepaintOfTheSameFrameReusesTheImage() {
    const dpw::PointsFrame f = cloud(100000, 0);
    const dpwapp::PlotRange range{-10, 12, -8, 12};
    QImage img(800, 600, QImage::Format_ARGB32_Premultiplied);
    dpwapp::DensityCache cache;
    QPainter p(&img);
    dpwapp::paintPoints(f, "particles", p, QRectF(0, 0, 800, 600), range, &cache);
    const qint64 key = cache.images.at(0).image.cacheKey();
    dpwapp::paintPoints(f, "particles", p, QRectF(0, 0, 800, 600), range, &cache);
    QCOMPARE(cache.images.at(0).image.cacheKey(), key);
    dpwapp::paintPoints(f, "particles", p, QRectF(0, 0, 700, 600), range, &cache);  // resized: binned again
    QVERIFY(cache.images.at(0).image.cacheKey() != key);
    QCOMPARE(int(cache.images.size()), 1);
  }
};

QTEST_MAIN(TestDensityImage)
#include "tst_density_image.moc"
