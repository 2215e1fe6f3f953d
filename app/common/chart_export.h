#pragma once
/// Exporting one chart: PNG at 1x/2x/3x (pixel density recorded in the file), SVG, or CSV of its
/// data. Every export writes `<file>.scenario.json` beside it: the scenario that reproduces the chart
/// with its one-line privacy statement. Files are written atomically.
#include <QByteArray>
#include <QString>

#include <vector>

#include "common/scenario_files.h"
#include "core/frame.h"
#include "core/method.h"

namespace dpwapp {

enum class ChartFormat { Png, Svg, Csv };

/// Format from a file name's suffix (.png, .svg, .csv); throws dpw::InvalidArgument otherwise.
ChartFormat chartFormatFor(const QString& path);

/// Writes `frame` to `path` in the format of its suffix (PNG at `scale` x 800x500 logical pixels) and
/// `scenarioJson` beside it as `<path>.scenario.json` (skipped when empty).
/// Throws dpw::InvalidArgument with the reason when a file cannot be written.
void exportChart(const dpw::Frame& frame, const QString& path, const QByteArray& scenarioJson, qreal scale = 1.0);

/// `<dir>/<chart>.png` for each frame (800x500), written atomically; creates `dir` if needed.
/// Throws dpw::InvalidArgument with the reason.
void writeChartPngs(const std::vector<dpw::FramePtr>& charts, const QString& dir);

/// exportRunData (common/run_export.h: summary.json, scenario.json, <chart>.csv) and, with `png`, the
/// charts as PNG: what the GUI's "Export all" writes. Throws dpw::InvalidArgument on failure.
void exportRun(const Scenario& scenario, const dpw::RunResult& result, const std::vector<dpw::FramePtr>& charts,
               const QString& dir, bool png = true);

}  // namespace dpwapp
