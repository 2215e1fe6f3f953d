// Frame time of the chart layer at the default window size (a chart cell is about 540 x 400):
// a 10^4-point particle frame through the point-cloud painter, the same frame through Qt Charts'
// scatter series (the reference the painter replaces), and an in-place update of a 10^4-point line
// chart. Run with QT_QPA_PLATFORM=offscreen. Budget: a frame under 33 ms (30 Hz).
#include <QGraphicsScene>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include "charts/chart_builder.h"
#include "gui_frame_bench.h"

namespace {

const QSize kCell(540, 400);

/// n points, particles and targets alternating.
dpw::PointsFrame particles(int n) {
  return dpwbench::gaussianCloud(n, [](long i) { return int(i % 2); });
}

void BM_PointPainter10k(benchmark::State& state) { dpwbench::paintFrames(state, particles(10000), kCell); }
BENCHMARK(BM_PointPainter10k)->Unit(benchmark::kMillisecond);

void BM_QtScatterSeries10k(benchmark::State& state) {  // the reference: what the painter replaces
  const auto frame = particles(10000);
  QList<QPointF> pts;
  for (Eigen::Index r = 0; r < frame.xy.rows(); ++r) pts.append({frame.xy(r, 0), frame.xy(r, 1)});
  QImage image(kCell, QImage::Format_ARGB32_Premultiplied);
  QChartView view;
  view.resize(kCell);
  auto* series = new QScatterSeries;
  series->setMarkerSize(5);
  view.chart()->addSeries(series);
  view.chart()->createDefaultAxes();
  for (auto _ : state) {
    series->replace(pts);
    QPainter p(&image);
    view.render(&p);
  }
}
BENCHMARK(BM_QtScatterSeries10k)->Unit(benchmark::kMillisecond);

void BM_LineChartUpdate10k(benchmark::State& state) {
  dpw::LinesFrame lines{"step", "ε", {{"RDP", {}, {}}}};
  for (int i = 0; i < 10000; ++i) lines.series[0].x.push_back(i), lines.series[0].y.push_back(std::sqrt(i) / 10);
  const auto frame = dpw::makeFrame("privacy", "privacy", 0, lines);
  QImage image(kCell, QImage::Format_ARGB32_Premultiplied);
  QChartView view(dpwapp::buildChart(*frame));
  view.resize(kCell);
  for (auto _ : state) {
    dpwapp::updateChart(view.chart(), *frame, true);
    QPainter p(&image);
    view.render(&p);
  }
}
BENCHMARK(BM_LineChartUpdate10k)->Unit(benchmark::kMillisecond);

// What a live chart pays per frame pull without painting: updateChart on a view (Qt Charts redoes
// the series' geometry, including a stroked outline of the whole line), for the flow's SW₂² chart:
// a growing curve and a constant floor, state.range(0) points each (DecimatedSeries keeps <= 2000),
// on a linear or (state.range(1) = 1, as the flow's chart) logarithmic y axis.
void BM_LineChartUpdateNoPaint(benchmark::State& state) {
  const int n = int(state.range(0));
  dpw::LinesFrame lines{"step", "SW₂²", {{"particles → held-out", {}, {}}, {"floor", {}, {}}}};
  for (int i = 0; i < n; ++i) {
    lines.series[0].x.push_back(i), lines.series[0].y.push_back(1.0 / (1 + i) + 0.01 * std::sin(i));
    lines.series[1].x.push_back(i), lines.series[1].y.push_back(0.006);
  }
  lines.logY = state.range(1) != 0;
  const auto frame = dpw::makeFrame("sw2", "SW₂² to held-out data", 0, lines);
  QChartView view(dpwapp::buildChart(*frame));
  view.resize(kCell);
  view.show();  // as in the GUI: a shown chart lays its series out at every update
  QApplication::processEvents();
  for (auto _ : state) {
    dpwapp::updateChart(view.chart(), *frame, true);
    QApplication::sendPostedEvents();
  }
}
BENCHMARK(BM_LineChartUpdateNoPaint)->ArgsProduct({{200, 2000}, {0, 1}})->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) { return dpwbench::runOffscreen(argc, argv); }
