#pragma once
/// Density images of large point clouds (issue #22 item 6): every point of a group is counted into the
/// pixel it falls in, and the counts are drawn as one image instead of one marker per point.
///
/// With 10⁵-10⁶ particles on a plot of a few 10⁵ pixels, markers cover each other and the picture
/// shows where the cloud is, not how dense it is; the image shows both and costs one pass over the
/// points (a few ms at 10⁶) plus one pass over the pixels.
#include <QColor>
#include <QImage>
#include <QSize>
#include <cstdint>
#include <vector>

#include "core/frame.h"

namespace dpwapp {

/// A group with more points than this is drawn as a density image.
inline constexpr long kDensityThreshold = 20000;

/// Per-pixel counts of one group's points over an axis range.
struct DensityCounts {
  int width = 0, height = 0;
  std::vector<std::uint32_t> counts;  ///< width x height, row 0 at the top (largest y)
  long total = 0;                     ///< points of the group
  long inside = 0;                    ///< of them inside the range: the sum of `counts`
  std::uint32_t max = 0;              ///< largest count of one pixel
};

/// Counts the points of `group` (all points when the frame has no labels and group is 0) into
/// `pixels` cells spanning [x0, x1] x [y0, y1]. Points on the range's upper edges count in the last
/// cell; non-finite points and points outside are left out (`inside` < `total`).
DensityCounts binDensity(const dpw::PointsFrame& frame, int group, double x0, double x1, double y0, double y1,
                         QSize pixels);

/// Colour of a pixel holding `count` points when the fullest holds `max`: a log-scaled ramp from a pale
/// tint of `colour` (one point, still visible on white) through `colour` to a dark shade (the fullest).
/// Transparent for 0.
QColor densityColour(std::uint32_t count, std::uint32_t max, QColor colour);

/// The counts as an image (ARGB32 premultiplied, transparent where empty), coloured by densityColour.
QImage densityImage(const DensityCounts& counts, QColor colour);

}  // namespace dpwapp
