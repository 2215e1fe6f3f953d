#pragma once
/// Frames: immutable snapshots a run publishes for charts.
///
/// A run never shares live state with a viewer. It builds a Frame, wraps it in a
/// `std::shared_ptr<const Frame>` and hands it to its observer; the GUI keeps the newest frame per
/// chart and draws from it at screen pace. One chart = one `chart` id; a newer frame with the same id
/// replaces the older one.
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/types.h"

namespace dpw {

/// One named curve y(x). A non-finite point (NaN) breaks the line: the parts are drawn unjoined.
struct Series {
  std::string name;
  std::vector<double> x;
  std::vector<double> y;
  bool dashed = false;  ///< drawn dashed (e.g. a lower envelope over the curves it bounds)
  int colour = -1;      ///< palette index; -1: by position
  bool markers = false; ///< drawn as separate markers (measured points), no line joining them
  /// Non-empty: the curve belongs to another run shown for comparison (e.g. "pinned: ε = 5"), drawn
  /// faded under the live curves with one legend entry per label. Methods never set it (the GUI does).
  std::string overlay = {};
};

/// A range an axis covers besides the data (used when lo < hi): the union of every frame of a recording,
/// so that an animation's axes stay put from its first picture to its last. Unset: the data's range alone.
struct AxisSpan {
  double lo = 0;
  double hi = 0;
  bool set() const { return lo < hi; }
};

/// Curves on numeric axes: loss curves, privacy curves (epsilon vs step), trade-off curves.
struct LinesFrame {
  std::string xLabel;
  std::string yLabel;
  std::vector<Series> series;
  bool logX = false;
  bool logY = false;
  AxisSpan xSpan = {};  ///< see AxisSpan
  AxisSpan ySpan = {};
};

/// Per-group histograms on shared bin edges (edges.size() == bins + 1), drawn as step lines.
struct HistogramFrame {
  std::string xLabel;
  std::vector<double> edges;
  struct Group {
    std::string name;
    std::vector<double> mass;  ///< one value per bin (a density or a probability mass)
    int colour = -1;           ///< palette index; -1: by position
    bool dashed = false;       ///< drawn dashed (e.g. the private estimate next to the true histogram)
    std::string overlay = {};  ///< as Series::overlay: another run's group, drawn faded
  };
  std::vector<Group> groups;
  AxisSpan xSpan = {};  ///< see AxisSpan
  AxisSpan ySpan = {};
};

/// 2-D points with an integer group label each (particles vs target, group 0 vs group 1, ...).
struct PointsFrame {
  std::string xLabel;
  std::string yLabel;
  Points xy;                            ///< n x 2
  std::vector<int> label;               ///< n labels, index into labelNames
  std::vector<std::string> labelNames;  ///< one name per label value
  AxisSpan xSpan = {};  ///< see AxisSpan
  AxisSpan ySpan = {};
};

/// A matrix shown as a heat map (e.g. a transport plan), row-major, rows x cols.
struct HeatmapFrame {
  std::string xLabel;
  std::string yLabel;
  int rows = 0;
  int cols = 0;
  std::vector<double> values;
  /// The values the columns (x) and rows (y, row 0 at the top) span, for the axes' tick numbers;
  /// x1 <= x0 (the default): the axes count columns and rows (1 .. cols, 1 .. rows).
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
};

/// Grey-scale images of equal size (e.g. decoded Fashion-MNIST samples), values in [0, 1].
struct ImagesFrame {
  int width = 0;
  int height = 0;
  std::vector<std::vector<float>> images;
};

struct Frame {
  std::string chart;  ///< stable chart id, also the file stem of exports ("sw_vs_shift")
  std::string title;  ///< human-readable title
  long step = 0;      ///< step of the run that produced it
  std::variant<LinesFrame, HistogramFrame, PointsFrame, HeatmapFrame, ImagesFrame> data;
};

using FramePtr = std::shared_ptr<const Frame>;

template <typename Payload>
FramePtr makeFrame(std::string chart, std::string title, long step, Payload payload) {
  return std::make_shared<const Frame>(Frame{std::move(chart), std::move(title), step, std::move(payload)});
}

}  // namespace dpw
