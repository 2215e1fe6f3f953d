#pragma once
/// The GUI's chart layer: turns engine frames into Qt Charts (or, for heat maps and image grids, into a
/// painted picture). Linking it makes the GUI's file exports draw with Qt Charts too (plot_painter.h);
/// dpwlab-cli does not link it (no Qt Widgets) and paints its charts with plot_painter.h.
#include <QImage>
#include <QString>
#include <QtCharts/QChart>

#include "charts/plot_painter.h"  // paintPicture; plot_axes.h: the axis rules of both renderers
#include "core/frame.h"

namespace dpwapp {

/// A new chart showing `frame` (lines, step-line histograms). Returns nullptr for payloads that are
/// painted rather than charted (point clouds, heat maps, image grids): see paintPicture.
/// `columns` > 0: line series are cut to that many pixel columns (charts/line_decimation.h: first,
/// lowest, highest and last point per column); 0 keeps every point (files, zoomed views).
QChart* buildChart(const dpw::Frame& frame, int columns = 0);

/// Updates `chart` (built by buildChart for an earlier frame of the same chart) in place: replaces
/// the points of every series and, when `autoScale`, widens the axes if the data left them (ranges
/// are rounded to nice numbers; while a run goes on they shrink only when the data use a small part
/// of them, a histogram's after three such frames in a row, so they do not jump every frame). Returns
/// false when the frame's structure differs (series added or renamed): then build a new chart.
/// `columns` as for buildChart. `settle` (with autoScale): the axes are fitted to this frame's data
/// alone, as buildChart fits them, whatever the frames before left them at; for the picture a run ends
/// with, which then depends on its data, not on which of its frames were drawn.
bool updateChart(QChart* chart, const dpw::Frame& frame, bool autoScale, int columns = 0, bool settle = false);

/// Renders `frame` at `size` (logical pixels) times `scale` (1x, 2x, 3x device pixels).
QImage renderFrame(const dpw::Frame& frame, QSize size = {800, 500}, qreal scale = 1.0);

/// Writes `frame` as an SVG file; returns false (and sets `error`) if the file cannot be written.
bool writeFrameSvg(const dpw::Frame& frame, const QString& path, QString* error, QSize size = {800, 500});


}  // namespace dpwapp
