#pragma once
/// Fast drawing of point clouds (particles, targets, latent codes) with numeric axes.
///
/// Qt Charts' scatter series costs about 180 ms per frame at 10^4 points; this painter draws the
/// same cloud with one QPainter::drawPoints call per group (a few ms), so particle plots refresh at
/// screen pace. The axis range is kept in `PlotRange` between frames and only changes when the data
/// leaves it or shrinks to a small part of it (axes rescale rarely, to round numbers).
#include <QPainter>
#include <QRectF>

#include "core/frame.h"

namespace dpwapp {

struct PlotRange {
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  bool valid() const { return x1 > x0 && y1 > y0; }
};

/// Updates `range` for the points of `frame`: unchanged while the data fits and fills more than a
/// quarter of it, otherwise recomputed and rounded outward to nice numbers.
void updateRange(const dpw::PointsFrame& frame, PlotRange& range);

/// Paints title, axes with ticks, the points of each group in its colour, and a legend into `target`.
void paintPoints(const dpw::PointsFrame& frame, const QString& title, QPainter& painter, const QRectF& target,
                 const PlotRange& range);

}  // namespace dpwapp
