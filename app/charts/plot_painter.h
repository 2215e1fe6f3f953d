#pragma once
/// Charts painted with QPainter alone (Qt Gui, no Qt Charts, no Qt Widgets), and the choice of
/// renderer for charts written to files.
///
/// Two renderers draw the same frames:
///   - the painted renderer of this file: lines and histograms on numeric or log axes with a legend,
///     point clouds, heat maps, image grids. dpwlab-cli renders its PNG/SVG files with it, so the
///     headless runner needs neither a display nor Qt Widgets;
///   - the Qt Charts renderer (chart_builder.h), which the GUI draws on screen with. Linking it
///     installs it (setFramePainter) so that the GUI's exports look like its screen.
/// renderFrameImage and writeFrameSvgFile draw through whichever is installed (painted by default).
/// Neither writes a drawing rule of its own: axes, ticks, flat tops, spans and the histogram's legend come
/// from plot_axes.h, colours, line styles, fonts and titles from chart_style.h.
#include <QImage>
#include <QPainter>
#include <QRectF>
#include <QSize>
#include <QString>
#include <optional>
#include <utility>
#include <vector>

#include "charts/plot_axes.h"  // niceRange, logTicks, ...: the axis rules both renderers share
#include "core/frame.h"

namespace dpwapp {

/// Paints point clouds, heat maps and image grids (used by the renderers and the GUI's picture view).
void paintPicture(const dpw::Frame& frame, QPainter& painter, const QRectF& target);

/// Paints any frame into `target` with QPainter only: lines and histograms as a plot with title,
/// axes, ticks and legend; everything else as paintPicture.
void paintFrame(const dpw::Frame& frame, QPainter& painter, const QRectF& target);

/// What paintFrame draws for a lines or histogram frame, as numbers: its axes (plot_axes.h), titles and
/// curves, each with its name, colour and line style (chart_style.h). paintFrame draws exactly this; the
/// Qt Charts renderer must show the same (tests/app/charts/tst_plot_axes.cpp).
struct PlotSummary {
  QString title, xLabel, yLabel;
  PlotAxes axes;
  struct Curve {
    QString name;
    QColor colour;
    Qt::PenStyle style = Qt::SolidLine;
    bool inLegend = true;
    bool markers = false;
  };
  std::vector<Curve> curves;
};
/// The summary of `frame`'s plot; empty for frames painted as pictures (points, heat maps, images).
std::optional<PlotSummary> paintedPlot(const dpw::Frame& frame);

/// A function that paints `frame` into the rectangle (0, 0, size) of `painter`.
using FramePainter = void (*)(const dpw::Frame& frame, QPainter& painter, QSizeF size);
/// Installs the renderer used by renderFrameImage/writeFrameSvgFile (nullptr: the painted one).
void setFramePainter(FramePainter painter);

/// `frame` at `size` logical pixels times `scale` device pixels (pixel density recorded in the image).
QImage renderFrameImage(const dpw::Frame& frame, QSize size = {800, 500}, qreal scale = 1.0);
/// Writes `frame` as an SVG file atomically; returns false (and sets `error`) if it cannot be written.
bool writeFrameSvgFile(const dpw::Frame& frame, const QString& path, QString* error, QSize size = {800, 500});

}  // namespace dpwapp
