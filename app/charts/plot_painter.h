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
#include <QImage>
#include <QPainter>
#include <QRectF>
#include <QSize>
#include <QString>
#include <utility>
#include <vector>

#include "core/frame.h"

namespace dpwapp {

/// Rounds an axis range outward to "nice" numbers (1, 2, 2.5, 5 x 10^k) so axes rescale rarely. With
/// `headroom` (a value axis whose top is a line: two consecutive points of a curve at the maximum), data
/// whose top lands on the top tick or within 2% of the axis below it gets one more step, so the line
/// (the audit's claimed ε, a histogram's highest bar) is not drawn on or against the chart's frame; a
/// curve that only touches the top (β(0) = 1 of a trade-off) keeps it.
std::pair<double, double> niceRange(double lo, double hi, bool headroom = false);
/// The share of a value axis kept between a line at its top and the frame (niceRange's headroom).
constexpr double kTopGap = 0.02;
/// The tick interval for a span: about five ticks at 1, 2, 2.5, 5 x 10^k.
double niceStep(double span);
/// Whole decades around [lo, hi] (at least one), so a log axis always has labelled ends; for data within
/// a factor 3 (9.6 .. 10.5), the band itself rounded to a nice step.
std::pair<double, double> decadeRange(double lo, double hi);
/// The labelled ticks of a log axis over the decades [axisLo, axisHi]: the decades (at most about
/// eight), and when fewer than two of them lie inside the data's range [dataLo, dataHi], the 1-2-5
/// values of each decade, then every 1 .. 9 multiple, so that two labels fall inside the data. Over a
/// narrow band from decadeRange (not whole decades): evenly stepped ticks across it.
std::vector<double> logTicks(double axisLo, double axisHi, double dataLo, double dataHi);

/// Paints point clouds, heat maps and image grids (used by the renderers and the GUI's picture view).
void paintPicture(const dpw::Frame& frame, QPainter& painter, const QRectF& target);

/// Paints any frame into `target` with QPainter only: lines and histograms as a plot with title,
/// axes, ticks and legend; everything else as paintPicture.
void paintFrame(const dpw::Frame& frame, QPainter& painter, const QRectF& target);

/// A function that paints `frame` into the rectangle (0, 0, size) of `painter`.
using FramePainter = void (*)(const dpw::Frame& frame, QPainter& painter, QSizeF size);
/// Installs the renderer used by renderFrameImage/writeFrameSvgFile (nullptr: the painted one).
void setFramePainter(FramePainter painter);

/// `frame` at `size` logical pixels times `scale` device pixels (pixel density recorded in the image).
QImage renderFrameImage(const dpw::Frame& frame, QSize size = {800, 500}, qreal scale = 1.0);
/// Writes `frame` as an SVG file atomically; returns false (and sets `error`) if it cannot be written.
bool writeFrameSvgFile(const dpw::Frame& frame, const QString& path, QString* error, QSize size = {800, 500});

}  // namespace dpwapp
