// Line charts are cut to their pixel width (charts/line_decimation.h, issue #22 item 6): at most four
// points per pixel column, and per column the same lowest and highest value as the whole curve, so a
// one-point spike stays visible; curves that turn back are left whole; the chart grid's line views get
// the cut series, a zoomed view and files every point.
#include <QtCharts/QChartView>
#include <QtCharts/QXYSeries>
#include <QtTest>
#include <cmath>
#include <map>
#include <random>

#include "charts/chart_builder.h"
#include "charts/line_decimation.h"
#include "gui/chart_grid.h"

namespace {

QList<QPointF> noisyCurve(int n, unsigned seed = 3) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> z(0.0, 1.0);
  QList<QPointF> pts;
  for (int i = 0; i < n; ++i) pts.append({double(i), std::sin(i * 1e-3) + 0.1 * z(rng)});
  return pts;
}

/// Lowest and highest y per column of [x0, x1].
std::map<int, std::pair<double, double>> extremes(const QList<QPointF>& pts, double x0, double x1, int columns) {
  std::map<int, std::pair<double, double>> out;
  for (const auto& p : pts) {
    const int c = std::clamp(int(std::floor((p.x() - x0) * columns / (x1 - x0))), 0, columns - 1);
    auto [it, fresh] = out.try_emplace(c, p.y(), p.y());
    if (!fresh) it->second = {std::min(it->second.first, p.y()), std::max(it->second.second, p.y())};
  }
  return out;
}

}  // namespace

class TestLineDecimation : public QObject {
  Q_OBJECT
 private slots:
  void keepsMinimumAndMaximumPerColumn() {
    QList<QPointF> pts = noisyCurve(200000);
    pts[123457].setY(50.0);   // a spike up
    pts[7].setY(-40.0);       // and down, in the first column
    const int columns = 640;
    const QList<QPointF> cut = dpwapp::decimateToColumns(pts, 0, 199999, columns);
    QVERIFY(cut.size() <= 4 * columns);
    QVERIFY(cut.size() >= 2 * columns);
    QCOMPARE(cut.front(), pts.front());
    QCOMPARE(cut.back(), pts.back());
    for (int i = 1; i < cut.size(); ++i) QVERIFY(cut[i].x() > cut[i - 1].x());  // order kept, no point twice
    QCOMPARE(extremes(cut, 0, 199999, columns), extremes(pts, 0, 199999, columns));
    QVERIFY(cut.contains(QPointF(123457, 50.0)));
    QVERIFY(cut.contains(QPointF(7, -40.0)));
  }

  void shortOrTurningCurvesStayWhole() {
    const QList<QPointF> few = noisyCurve(1000);
    QCOMPARE(dpwapp::decimateToColumns(few, 0, 999, 300), few);  // ≤ 4 per column already
    QList<QPointF> loop = noisyCurve(5000);
    loop[2500].setX(10.0);  // x goes back: not a function of the column
    QCOMPARE(dpwapp::decimateToColumns(loop, 0, 4999, 100), loop);
    QCOMPARE(dpwapp::decimateToColumns(noisyCurve(5000), 0, 4999, 0), noisyCurve(5000));
  }

  void chartGridDrawsAtMostFourPointsPerPixelColumn() {
    dpw::Series s{"loss", {}, {}};
    const QList<QPointF> pts = noisyCurve(100000);
    for (const auto& p : pts) s.x.push_back(p.x()), s.y.push_back(p.y());
    s.y[60000] = 20.0;  // the spike sets the axis' top
    const auto frame = dpw::makeFrame("loss", "Loss", 1, dpw::LinesFrame{"step", "loss", {s}});
    dpwapp::ChartGrid grid;
    grid.resize(900, 600);
    grid.show(frame);
    auto* view = qobject_cast<QChartView*>(grid.view("loss"));
    QVERIFY(view && view->chart());
    const auto* drawn = static_cast<QXYSeries*>(view->chart()->series().first());
    const int columns = int(std::ceil(view->width() * view->devicePixelRatioF()));
    QVERIFY2(drawn->count() <= 4 * columns, qPrintable(QString("%1 points, %2 columns").arg(drawn->count()).arg(columns)));
    QVERIFY(drawn->count() > 100);
    QVERIFY(drawn->points().contains(QPointF(60000, 20.0)));
    // Zoomed in: every point again (the columns of the whole range would be too coarse there).
    grid.QWidget::show();
    QVERIFY(QTest::qWaitForWindowExposed(&grid));
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, QPoint(200, 150));
    QTest::mouseMove(view->viewport(), QPoint(260, 220));
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, QPoint(260, 220));
    QCOMPARE(static_cast<QXYSeries*>(view->chart()->series().first())->count(), 100000);
    // A file keeps every point.
    QChart* full = dpwapp::buildChart(*frame);
    QCOMPARE(static_cast<QXYSeries*>(full->series().first())->count(), 100000);
    delete full;
  }
};

QTEST_MAIN(TestLineDecimation)
#include "tst_line_decimation.moc"
