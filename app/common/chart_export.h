#pragma once
/// Exporting one chart: PNG at 1x/2x/3x (pixel density recorded in the file), SVG, or CSV of its
/// data. Every export writes `<file>.scenario.json` beside it: the scenario that reproduces the chart
/// with its one-line privacy statement. Files are written atomically.
#include <QByteArray>
#include <QString>

#include "core/frame.h"

namespace dpwapp {

enum class ChartFormat { Png, Svg, Csv };

/// Format from a file name's suffix (.png, .svg, .csv); throws dpw::InvalidArgument otherwise.
ChartFormat chartFormatFor(const QString& path);

/// Writes `frame` to `path` in the format of its suffix (PNG at `scale` x 800x500 logical pixels) and
/// `scenarioJson` beside it as `<path>.scenario.json` (skipped when empty).
/// Throws dpw::InvalidArgument with the reason when a file cannot be written.
void exportChart(const dpw::Frame& frame, const QString& path, const QByteArray& scenarioJson, qreal scale = 1.0);

}  // namespace dpwapp
