#pragma once
/// The chart layer: turns engine frames into Qt Charts (or, for heat maps and image grids, into a
/// painted picture). The GUI and the headless runner both draw through it, so a PNG written by
/// `dpwlab-cli` looks like the chart on screen.
#include <QImage>
#include <QString>
#include <QtCharts/QChart>

#include "core/frame.h"

namespace dpwapp {

/// A new chart showing `frame` (lines, step-line histograms, scatter points). Returns nullptr for
/// payloads that are painted rather than charted (heat maps, image grids).
QChart* buildChart(const dpw::Frame& frame);

/// Renders `frame` at `size` (logical pixels) times `scale` (1x, 2x, 3x device pixels).
QImage renderFrame(const dpw::Frame& frame, QSize size = {800, 500}, qreal scale = 1.0);

/// Writes `frame` as an SVG file; returns false (and sets `error`) if the file cannot be written.
bool writeFrameSvg(const dpw::Frame& frame, const QString& path, QString* error, QSize size = {800, 500});

/// Paints heat maps and image grids (used by renderFrame and the GUI's picture widget).
void paintPicture(const dpw::Frame& frame, QPainter& painter, const QRectF& target);

/// Rounds an axis range outward to "nice" numbers (1, 2, 2.5, 5 x 10^k) so axes rescale rarely.
std::pair<double, double> niceRange(double lo, double hi);

}  // namespace dpwapp
