#pragma once
/// Other runs drawn on a live chart for comparison: pinned runs ("pinned: ε = 5"), earlier seeds of a
/// pile of draws ("seed 3"), or the previous result while a slow rerun computes.
///
/// An overlay is a frame of the same chart from another run. `withOverlays` appends its curves (lines
/// and histograms; point clouds, heat maps and image grids are not overlaid) to the live frame, named
/// "<label> · <curve>" and marked with Series::overlay / Group::overlay, so that the renderers draw
/// them faded in the colour of the live curve and a CSV export lists them under their labels.
#include <QColor>
#include <QPen>
#include <string>
#include <vector>

#include "core/frame.h"

namespace dpwapp {

struct FrameOverlay {
  std::string label;     ///< e.g. "pinned: ε = 5"
  dpw::FramePtr frame;   ///< the other run's frame of this chart
  bool dashed = true;    ///< pins are dashed (one pattern per pin); seed piles and previous results solid
};

/// The separator between an overlay's label and its curve's name ("pinned: ε = 5 · loss").
inline constexpr const char* kOverlaySeparator = " · ";

/// `live` with the curves of every overlay frame appended (in overlay order). `live` may be null: the
/// overlays alone (the title of the first). Returns `live` unchanged when nothing applies (no overlays,
/// pictures, or overlay frames of another kind).
dpw::FramePtr withOverlays(const dpw::FramePtr& live, const std::vector<FrameOverlay>& overlays);

/// True if `frame` is a kind that overlays can be drawn on (lines, histograms).
bool overlayable(const dpw::Frame& frame);

/// The pen of an overlay curve: the live curve's colour faded, thinner, with the dash pattern of the
/// overlay's position among the chart's overlays (`index`) when `dashed`.
QPen overlayPen(const QColor& colour, int index, bool dashed);

}  // namespace dpwapp
