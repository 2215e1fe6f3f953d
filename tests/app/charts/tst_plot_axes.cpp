// A live chart and its export show the same axes, ticks and series (charts/plot_axes.h, issue #39). Lines and
// histograms: the Qt Charts chart of the screen (chart_builder.h: buildChart, and updateChart settling a later
// frame) against what dpwlab-cli's QPainter renderer draws (plot_painter.h: paintedPlot, which paintFrame
// draws): axis ends, tick values, axis and chart titles, each series' name, colour, line style and legend
// entry. Point clouds and heat maps have one painter for both: the live view's picture, the GUI's export
// and the CLI's export are the same pixels.
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <QtTest>
#include <cmath>
#include <memory>

#include "charts/chart_builder.h"
#include "charts/chart_style.h"
#include "charts/plot_painter.h"
#include "charts/point_cloud_painter.h"

using namespace dpwapp;

namespace {

dpw::Frame linesFrame() {
  dpw::LinesFrame f{"step", "ε", {}};
  f.series.push_back({"claimed ε", {0, 10, 20, 30}, {2, 2, 2, 2}});          // a flat top: headroom above 2
  f.series.push_back({"measured", {0, 10, 20, 30}, {0.1, 0.8, NAN, 1.7}});  // a break in the line
  f.series.push_back({"bound", {0, 30}, {1.9, 1.9}, true});                 // dashed by the frame
  f.series.push_back({"points", {5, 25}, {0.5, 1.2}, false, 3, true});     // measured points, palette 3
  f.xSpan = {0, 40};  // a recording's axis: wider than the data
  return {"eps", "Privacy spent ε vs step", 3, f};
}

dpw::Frame logLinesFrame(double top) {
  dpw::LinesFrame f{"ε", "δ", {}, false, true};
  f.series.push_back({"Gaussian", {0.5, 1, 2, 4}, {0.3, 0.05, 1e-3, top}});
  f.series.push_back({"Laplace", {0.5, 1, 2, 4}, {0.2, 0.04, -1, 2e-6}});  // −1: not on a log axis
  return {"delta", "δ(ε)", 1, f};
}

dpw::Frame histogramFrame(double peak) {
  dpw::HistogramFrame h{"score", {0, 0.25, 0.5, 0.75, 1}, {}};
  h.groups.push_back({"group a (true)", {0.1, 0.3, peak, 0.2}, 0});
  h.groups.push_back({"group a (private)", {0.12, 0.28, peak - 0.05, 0.25}, 0, true});  // no legend entry
  h.groups.push_back({"group b", {0.4, 0.3, 0.2, 0.1}});
  h.groups.push_back({"group c", {0.25, 0.25, 0.25, 0.25}});
  return {"groups_after", "Group histograms after the transport", 2, h};
}

std::vector<double> valueAxisTicks(const QValueAxis* a) {
  std::vector<double> ticks;  // TicksDynamic: tickAnchor + k · tickInterval inside [min, max]
  const double step = a->tickInterval();
  for (double k = std::ceil((a->min() - a->tickAnchor()) / step - 1e-9); a->tickAnchor() + k * step <= a->max() + 1e-9 * step; ++k)
    ticks.push_back(a->tickAnchor() + k * step);
  return ticks;
}

void compareAxis(QAbstractAxis* axis, const AxisScale& painted, const QString& title) {
  QCOMPARE(axis->property("dpwTitle").toString(), title);
  if (painted.log) {
    auto* a = qobject_cast<QCategoryAxis*>(axis);
    QVERIFY(a);
    QCOMPARE(a->min(), std::log10(painted.lo));  // the axis holds log10 of the data
    QCOMPARE(a->max(), std::log10(painted.hi));
    QStringList labels;
    for (double t : painted.ticks) labels << QString::number(t, 'g', 4);
    QCOMPARE(a->categoriesLabels(), labels);
    return;
  }
  auto* a = qobject_cast<QValueAxis*>(axis);
  QVERIFY(a);
  QCOMPARE(a->min(), painted.lo);
  QCOMPARE(a->max(), painted.hi);
  const std::vector<double> ticks = valueAxisTicks(a);
  QCOMPARE(ticks.size(), painted.ticks.size());
  for (std::size_t i = 0; i < ticks.size(); ++i)
    QVERIFY2(std::abs(ticks[i] - painted.ticks[i]) <= 1e-9 * a->tickInterval(),  // k · step, rounding only
             qPrintable(QStringLiteral("tick %1: %2 vs %3").arg(i).arg(ticks[i]).arg(painted.ticks[i])));
}

/// The chart's axes and series against the painted renderer's plot of `frame`.
void compareChart(QChart* chart, const dpw::Frame& frame) {
  const std::optional<PlotSummary> painted = paintedPlot(frame);
  QVERIFY(painted);
  QCOMPARE(chart->property("dpwTitle").toString(), painted->title);
  compareAxis(chart->axes(Qt::Horizontal).value(0), painted->axes.x, painted->xLabel);
  compareAxis(chart->axes(Qt::Vertical).value(0), painted->axes.y, painted->yLabel);
  std::vector<QXYSeries*> series;  // one per frame series: a series cut at a break continues in "dpwPart"s
  for (QAbstractSeries* s : chart->series())
    if (!s->property("dpwPart").toBool()) series.push_back(static_cast<QXYSeries*>(s));
  QCOMPARE(series.size(), painted->curves.size());
  for (std::size_t i = 0; i < series.size(); ++i) {
    const PlotSummary::Curve& c = painted->curves[i];
    QCOMPARE(series[i]->name(), c.name);
    const bool scatter = qobject_cast<QScatterSeries*>(series[i]) != nullptr;
    QCOMPARE(scatter, c.markers);
    QCOMPARE(scatter ? series[i]->color() : series[i]->pen().color(), c.colour);
    if (!scatter) QCOMPARE(series[i]->pen().style(), c.style);
    QCOMPARE(!series[i]->property("dpwHidden").toBool(), c.inLegend);
  }
}

QImage painted(const std::function<void(QPainter&, const QRectF&)>& paint, QSize size) {
  QImage image(size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  QPainter p(&image);
  p.setRenderHint(QPainter::Antialiasing);
  paint(p, QRectF(QPointF(0, 0), QSizeF(size)));
  return image;
}

}  // namespace

class TstPlotAxes : public QObject {
  Q_OBJECT
 private slots:
  void linesAgree() {
    const dpw::Frame frame = linesFrame();
    std::unique_ptr<QChart> chart(buildChart(frame));
    QVERIFY(chart);
    compareChart(chart.get(), frame);
    // The rules themselves: y from 0, a flat top at 2 gets one more step (niceRange's headroom), x covers
    // the recording's span 0 .. 40; the frame's dashed series is dashed, the points keep palette 3.
    const PlotSummary p = *paintedPlot(frame);
    QCOMPARE(p.axes.y.lo, 0.0);
    QCOMPARE(p.axes.y.hi, 2.5);
    QCOMPARE(p.axes.x.hi, 40.0);
    QCOMPARE(p.axes.x.ticks, (std::vector<double>{0, 10, 20, 30, 40}));
    QCOMPARE(p.curves[2].style, Qt::DashLine);
    QCOMPARE(p.curves[3].colour, paletteColour(3));
    QVERIFY(p.curves[0].colour != p.curves[1].colour);
  }

  void logLinesAgree() {
    const dpw::Frame frame = logLinesFrame(2e-5);
    std::unique_ptr<QChart> chart(buildChart(frame));
    compareChart(chart.get(), frame);
    const PlotSummary p = *paintedPlot(frame);
    QVERIFY(p.axes.y.log);
    QCOMPARE(p.axes.y.lo, 1e-6);  // whole decades around 2e-6 .. 0.3
    QCOMPARE(p.axes.y.hi, 1.0);
  }

  void histogramAgrees() {
    const dpw::Frame frame = histogramFrame(0.6);
    std::unique_ptr<QChart> chart(buildChart(frame));
    compareChart(chart.get(), frame);
    const PlotSummary p = *paintedPlot(frame);
    QCOMPARE(p.yLabel, QStringLiteral("mass"));
    QCOMPARE(p.axes.x.lo, 0.0);
    QCOMPARE(p.axes.x.hi, 1.0);
    QVERIFY(!p.curves[1].inLegend);  // the private estimate drawn dashed in its truth's colour
    QCOMPARE(p.curves[1].colour, p.curves[0].colour);
    QVERIFY(p.curves[1].style != p.curves[0].style);
    QCOMPARE(p.curves[3].style, Qt::DashDotLine);  // four groups without colours: the second label dashed
  }

  /// A live chart updated frame by frame and settled on its last frame shows that frame's axes.
  void settledLiveChartAgrees() {
    std::unique_ptr<QChart> hist(buildChart(histogramFrame(0.9)));
    const dpw::Frame last = histogramFrame(0.35);
    QVERIFY(updateChart(hist.get(), last, true, 0, true));
    compareChart(hist.get(), last);
    std::unique_ptr<QChart> log(buildChart(logLinesFrame(2e-5)));
    const dpw::Frame lastLog = logLinesFrame(3e-9);
    QVERIFY(updateChart(log.get(), lastLog, true, 0, true));
    compareChart(log.get(), lastLog);
  }

  /// Points and heat maps have no Qt Charts chart: the live view, the GUI's export (through the installed
  /// Qt Charts renderer) and dpwlab-cli's export (paintFrame) paint the same pixels.
  void picturesAreOnePainter_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("points") << 0;
    QTest::newRow("heat map") << 1;
  }
  void picturesAreOnePainter() {
    QFETCH(int, kind);
    dpw::Frame frame;
    if (kind == 0) {
      dpw::PointsFrame pts{"x", "y", dpw::Points(4, 2), {0, 0, 1, 1}, {"particles", "target"}};
      pts.xy << 0, 0, 1, 2, -1, 0.5, 2, 1;
      frame = {"particles", "Particles and target", 5, pts};
    } else {
      frame = {"plan", "Transport plan", 5, dpw::HeatmapFrame{"target", "source", 2, 3, {0.1, 0.2, 0, 0.3, 0, 0.4}}};
    }
    QVERIFY(!buildChart(frame));
    const QSize size(480, 320);
    const QImage exportedByGui = renderFrame(frame, size).convertToFormat(QImage::Format_ARGB32_Premultiplied);
    const QImage exportedByCli = painted([&](QPainter& p, const QRectF& r) { paintFrame(frame, p, r); }, size);
    const QImage live = painted(
        [&](QPainter& p, const QRectF& r) {
          if (const auto* pts = std::get_if<dpw::PointsFrame>(&frame.data)) {  // the chart grid's first frame
            PlotRange range;
            updateRange(*pts, range);
            paintPoints(*pts, QString::fromStdString(frame.title), p, r, range);
          } else {
            paintPicture(frame, p, r);
          }
        },
        size);
    QVERIFY(exportedByGui == exportedByCli);
    QVERIFY(live == exportedByCli);
    QVERIFY(exportedByCli != painted([](QPainter&, const QRectF&) {}, size));  // something was drawn
  }
};

QTEST_MAIN(TstPlotAxes)
#include "tst_plot_axes.moc"
