// What a new frame of a large particle cloud costs the GUI thread (issue #22 item 6), at the size of a
// chart's plot area in the default window (about 560 x 560 device pixels): binning every particle into
// the density image (charts/density_image.h), colouring the counts, the whole paint of a new frame
// through the point-cloud painter (no cached image), the axis-range pass, and cutting a long line series
// to a chart's pixel columns (charts/line_decimation.h). Run with QT_QPA_PLATFORM=offscreen.
// Budget: a new 10⁶-particle frame well under 50 ms (the event loop's longest allowed stall), and
// under 33 ms (30 Hz) on one core.
#include <QImage>
#include <cmath>

#include "charts/density_image.h"
#include "charts/line_decimation.h"
#include "gui_frame_bench.h"

namespace {

const QSize kPlot(560, 560);
const QSize kCell(600, 700);

/// n particles (group 0) and 2000 targets (group 1), as the flow's particle frame.
dpw::PointsFrame cloud(long n) {
  return dpwbench::gaussianCloud(n + 2000, [n](long i) { return i < n ? 0 : 1; });
}

void BM_BinDensity(benchmark::State& state) {
  const auto f = cloud(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(dpwapp::binDensity(f, 0, -5, 5, -5, 5, kPlot).inside);
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_BinDensity)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

void BM_DensityColours(benchmark::State& state) {
  const auto counts = dpwapp::binDensity(cloud(1000000), 0, -5, 5, -5, 5, kPlot);
  for (auto _ : state) benchmark::DoNotOptimize(dpwapp::densityImage(counts, QColor(0, 114, 178)).cacheKey());
}
BENCHMARK(BM_DensityColours)->Unit(benchmark::kMillisecond);

void BM_UpdateRange(benchmark::State& state) {
  const auto f = cloud(state.range(0));
  for (auto _ : state) {
    dpwapp::PlotRange range;
    dpwapp::updateRange(f, range);
    benchmark::DoNotOptimize(range.x1);
  }
}
BENCHMARK(BM_UpdateRange)->Arg(1000000)->Unit(benchmark::kMillisecond);

/// A new frame's paint: title, axes, density image binned anew, targets, legend.
void BM_PaintNewFrame(benchmark::State& state) { dpwbench::paintFrames(state, cloud(state.range(0)), kCell); }
BENCHMARK(BM_PaintNewFrame)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

void BM_DecimateLine(benchmark::State& state) {
  QList<QPointF> pts;
  for (long i = 0; i < state.range(0); ++i) pts.append({double(i), std::sin(1e-3 * double(i))});
  for (auto _ : state) benchmark::DoNotOptimize(dpwapp::decimateToColumns(pts, 0, double(state.range(0) - 1), 600).size());
}
BENCHMARK(BM_DecimateLine)->Arg(100000)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) { return dpwbench::runOffscreen(argc, argv); }
