#pragma once
/// The chart layer: turns engine frames into Qt Charts (or, for heat maps and image grids, into a
/// painted picture). The GUI and the headless runner both draw through it, so a PNG written by
/// `dpwlab-cli` looks like the chart on screen.
#include <QImage>
#include <QString>
#include <QtCharts/QChart>

#include "core/frame.h"

namespace dpwapp {

/// A new chart showing `frame` (lines, step-line histograms). Returns nullptr for payloads that are
/// painted rather than charted (point clouds, heat maps, image grids): see paintPicture.
QChart* buildChart(const dpw::Frame& frame);

/// Updates `chart` (built by buildChart for an earlier frame of the same chart) in place: replaces
/// the points of every series and, when `autoScale`, widens the axes if the data left them (ranges
/// are rounded to nice numbers and never shrink while a run goes on). Returns false when the frame's
/// structure differs (series added or renamed): then build a new chart.
bool updateChart(QChart* chart, const dpw::Frame& frame, bool autoScale);

/// Renders `frame` at `size` (logical pixels) times `scale` (1x, 2x, 3x device pixels).
QImage renderFrame(const dpw::Frame& frame, QSize size = {800, 500}, qreal scale = 1.0);

/// Writes `frame` as an SVG file; returns false (and sets `error`) if the file cannot be written.
bool writeFrameSvg(const dpw::Frame& frame, const QString& path, QString* error, QSize size = {800, 500});

/// Paints point clouds, heat maps and image grids (used by renderFrame and the GUI's picture view).
void paintPicture(const dpw::Frame& frame, QPainter& painter, const QRectF& target);

/// Rounds an axis range outward to "nice" numbers (1, 2, 2.5, 5 x 10^k) so axes rescale rarely.
std::pair<double, double> niceRange(double lo, double hi);

}  // namespace dpwapp
