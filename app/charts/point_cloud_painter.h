#pragma once
/// Fast drawing of point clouds (particles, targets, latent codes) with numeric axes.
///
/// Qt Charts' scatter series costs about 180 ms per frame at 10^4 points; this painter draws the
/// same cloud with one QPainter::drawPoints call per group (a few ms), so particle plots refresh at
/// screen pace. The axis range is kept in `PlotRange` between frames and only changes when the data
/// leaves it or gathers into a small part of it (axes rescale rarely, to round numbers).
/// A group of more than kDensityThreshold points is drawn as a density image instead (every point
/// counted into its pixel, charts/density_image.h), the other groups' markers on top of it.
#include <QImage>
#include <QPainter>
#include <QRectF>
#include <vector>

#include "core/frame.h"

namespace dpwapp {

struct PlotRange {
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  bool valid() const { return x1 > x0 && y1 > y0; }
};

/// Updates `range` for the points of `frame`: unchanged while the data fits it and none of its edges
/// lies more than 15% of a fresh fit's span beyond that fit's edge (the fresh fit: the data's box
/// padded by 5%, rounded outward to half a tick step), otherwise that fresh fit.
void updateRange(const dpw::PointsFrame& frame, PlotRange& range);

/// Density images of one frame kept between paints: a repaint of the same frame at the same size and
/// range bins nothing. The owner clears it when its frame changes.
struct DensityCache {
  PlotRange range;
  QSize pixels;
  struct Image {
    int group = 0;
    QImage image;
    long inside = 0, total = 0;
  };
  std::vector<Image> images;
  void clear() { images.clear(), pixels = QSize(); }
};

/// `range` widened on one axis about its centre so that a data unit spans as many pixels on x as on y in a
/// plot of `plot` pixels (equal aspect: 2-D point clouds are positions in one space).
PlotRange equalAspect(const PlotRange& range, QSizeF plot);

/// Paints title, axes with ticks, the points of each group in its colour (a group above
/// kDensityThreshold points as a density image, its legend entry saying so), and a legend into `target`.
/// `cache` (optional) keeps the density images for the next paint of the same frame. The axes are drawn at
/// equal aspect: `range` widened on one axis (equalAspect).
void paintPoints(const dpw::PointsFrame& frame, const QString& title, QPainter& painter, const QRectF& target,
                 const PlotRange& range, DensityCache* cache = nullptr);

/// The groups of `frame` drawn as density images (more than kDensityThreshold points each).
std::vector<int> densityGroups(const dpw::PointsFrame& frame);

}  // namespace dpwapp
