#pragma once
// What the chart-layer benchmarks (bench_gui_frame.cpp, bench_gui_density.cpp) share: the particle frame they
// draw, a new frame's paint through the point-cloud painter, and main() on an offscreen QApplication.
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <cstddef>

#include "charts/point_cloud_painter.h"
#include "core/rng.h"

namespace dpwbench {

/// `n` standard-normal 2-D points (seed 1) in the flow's groups {"particles" = 0, "target" = 1}, point i
/// labelled `group(i)`.
template <typename Group>
dpw::PointsFrame gaussianCloud(long n, Group group) {
  dpw::Rng rng = dpw::makeRng(1);
  dpw::PointsFrame f{"x", "y", dpw::standardNormal(n, 2, rng), std::vector<int>(std::size_t(n)), {"particles", "target"}};
  for (long i = 0; i < n; ++i) f.label[std::size_t(i)] = group(i);
  return f;
}

/// Times a new frame's paint into a `cell`-sized image: title, axes, the points (the density image binned
/// anew for a large cloud), legend; the range is found once, outside the loop.
inline void paintFrames(benchmark::State& state, const dpw::PointsFrame& frame, QSize cell) {
  dpwapp::PlotRange range;
  dpwapp::updateRange(frame, range);
  QImage image(cell, QImage::Format_ARGB32_Premultiplied);
  for (auto _ : state) {
    QPainter p(&image);
    dpwapp::paintPoints(frame, "particles", p, QRectF(QPointF(0, 0), cell), range);
  }
}

/// main() of a chart benchmark: offscreen unless QT_QPA_PLATFORM says otherwise.
inline int runOffscreen(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}

}  // namespace dpwbench
