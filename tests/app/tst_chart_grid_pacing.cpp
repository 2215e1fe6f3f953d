// The chart grid paces Qt Charts redraws (gui/chart_grid.h): a line chart shown again within
// kQtChartIntervalMs keeps its drawn series until the interval ends (then it shows the NEWEST frame),
// flush() draws at once, and point clouds follow every frame. This keeps the event loop free with
// 10⁵ particles and a frame every step (bench/bench_gui_flow_live: longest stall 55-124 ms before,
// ≤ 13 ms after).
#include <QtCharts/QChartView>
#include <QtCharts/QValueAxis>
#include <QtCharts/QXYSeries>
#include <QtTest>

#include "gui/chart_grid.h"

namespace {

dpw::FramePtr lines(int points, long step) {
  dpw::Series s{"particles → held-out", {}, {}};
  for (int i = 0; i < points; ++i) s.x.push_back(i), s.y.push_back(1.0 + i);
  return dpw::makeFrame("sw2", "SW₂² to held-out data", step, dpw::LinesFrame{"step", "SW₂²", {s}});
}

int drawnPoints(const dpwapp::ChartGrid& grid) {
  auto* view = qobject_cast<QChartView*>(grid.view("sw2"));
  return view && view->chart() && !view->chart()->series().isEmpty()
             ? static_cast<QXYSeries*>(view->chart()->series().first())->count()
             : -1;
}

}  // namespace

class TestChartGridPacing : public QObject {
  Q_OBJECT
 private slots:
  void lineChartsAreRedrawnAtMostEveryInterval() {
    dpwapp::ChartGrid grid;
    grid.show(lines(2, 1));
    QCOMPARE(drawnPoints(grid), 2);  // the first frame of a chart is drawn at once
    grid.show(lines(3, 2));
    grid.show(lines(4, 3));
    QCOMPARE(drawnPoints(grid), 2);  // within the interval: kept, not drawn
    QCOMPARE(grid.frames().front()->step, 3L);  // exports read the newest frame
    QTRY_COMPARE_WITH_TIMEOUT(drawnPoints(grid), 4, 2000);  // the newest, once the interval ends
    grid.show(lines(5, 4));
    grid.flush();
    QCOMPARE(drawnPoints(grid), 5);
  }

  // The end of a run: settle() draws a frame still waiting for its interval at once, on axes fitted to
  // it alone: a y axis made for 1 .. 40 comes back to the last frame's 1 .. 20, which uses half of it
  // (a live frame keeps such an axis: it refits under 40%).
  void settleDrawsTheNewestOnItsOwnAxes() {
    dpwapp::ChartGrid grid;
    grid.show(lines(40, 1));
    grid.show(lines(20, 2));  // within the interval: waits
    QCOMPARE(drawnPoints(grid), 40);
    grid.settle();
    QCOMPARE(drawnPoints(grid), 20);
    auto* view = qobject_cast<QChartView*>(grid.view("sw2"));
    const auto* y = qobject_cast<QValueAxis*>(view->chart()->axes(Qt::Vertical).first());
    QVERIFY2(y->max() >= 20 && y->max() <= 25, qPrintable(QString::number(y->max())));
  }
};

QTEST_MAIN(TestChartGridPacing)
#include "tst_chart_grid_pacing.moc"
