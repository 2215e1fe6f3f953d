#pragma once
/// The chart area: one view per chart id, laid out in a grid, each showing the newest frame.
/// Line charts and histograms are Qt Charts updated in place (rubber-band zoom with the mouse;
/// zooming pauses auto-scaling until "Reset zoom"); point clouds, heat maps and image grids are
/// painted by the chart layer. Every view has a context menu: export PNG (1x/2x/3x), SVG, CSV, copy.
/// A Qt Charts view is redrawn at most every kQtChartIntervalMs (its series rebuild costs milliseconds
/// per thousand points and grew to tens of ms per frame in long runs): later frames in that interval
/// are kept and the newest is drawn when it ends (or at flush()). Point clouds follow every frame.
#include <QElapsedTimer>
#include <QWidget>
#include <functional>
#include <map>
#include <set>

#include "charts/frame_overlay.h"
#include "core/frame.h"

class QGridLayout;
class QTimer;

namespace dpwapp {

/// Another run shown on the charts for comparison (a pin, an earlier seed, the previous result).
struct ChartOverlay {
  std::string label;                  ///< legend and CSV label, e.g. "pinned: ε = 5"
  bool dashed = true;                 ///< dashed (pins) or faded solid (seed piles, previous result)
  bool standsIn = false;              ///< a picture chart (point cloud, image) shows it faded until the live frame comes
  std::vector<dpw::FramePtr> frames;  ///< its newest frame of every chart, in creation order
};

class ChartGrid : public QWidget {
  Q_OBJECT
 public:
  explicit ChartGrid(QWidget* parent = nullptr);
  /// Shows `frame` in the view of its chart id (created on first use).
  void show(const dpw::FramePtr& frame);
  /// Draws every frame still waiting for its chart's interval.
  void flush();
  /// At the end of a run: draws every chart's newest frame at once with its axes fitted to that frame
  /// alone (charts/chart_builder.h, updateChart's settle), so the picture a run ends with depends on its
  /// data, not on which of its frames were drawn; a zoomed chart keeps its zoom.
  void settle();
  void clear();
  static constexpr int kQtChartIntervalMs = 100;
  /// Newest frame of every chart, in creation order (the live run only).
  std::vector<dpw::FramePtr> frames() const;
  /// Other runs drawn on the charts (lines and histograms; see frame_overlay.h), in this order. A chart
  /// that only an overlay has gets a view at once. Redraws every chart.
  void setOverlays(std::vector<ChartOverlay> overlays);
  const std::vector<ChartOverlay>& overlays() const { return overlays_; }
  /// What a chart shows: its live frame with the overlays' curves (null if neither has the chart).
  dpw::FramePtr shownFrame(const std::string& chart) const;
  /// shownFrame of every chart with a view, in creation order (what exports write).
  std::vector<dpw::FramePtr> shownFrames() const;
  int chartCount() const { return int(order_.size()); }
  /// Chart ids in the order the grid shows them.
  const std::vector<std::string>& chartOrder() const { return order_; }
  /// These charts come first, in this order (a lesson's "charts", scenario/lesson.h); the others follow in
  /// the order they were first drawn. Empty: creation order alone.
  void setPreferredOrder(std::vector<std::string> ids);
  QWidget* view(const std::string& chart) const;
  /// Supplies the scenario JSON (with privacy statement) written beside every export.
  void setScenarioProvider(std::function<QByteArray()> provider) { scenarioProvider_ = std::move(provider); }
  /// Exports one chart to `path` (format from the suffix); returns an error message or empty.
  QString exportChartTo(const std::string& chart, const QString& path, qreal scale = 1.0) const;
  /// Draws every chart again (after the text or line scale changed, charts/chart_style.h).
  void restyle();
  /// The smallest size a chart is drawn at; the grid puts as many charts side by side (at most
  /// two) as fit the width at this size, so charts never scroll sideways.
  void setMinimumChartSize(QSize size);
  QSize minimumChartSize() const { return minChart_; }
  /// Charts per row now (1 or 2).
  int columns() const { return columns_; }
  /// 1: every chart is at least as tall as the viewport (presentation mode: one row of charts per
  /// screen, room for large text); 0: the minimum size decides.
  void setRowsPerScreen(int rows);
  /// The width the grid lays its columns out for (the scroll area's viewport; 0: own width).
  void setAvailableWidth(int width);
  /// Lays the columns out for the width of `viewport` (the scroll area the grid sits in), following it.
  void followWidthOf(QWidget* viewport);

 protected:
  void resizeEvent(QResizeEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void showContextMenu(const std::string& chart, const QPoint& globalPos);
  void draw(const std::string& chart, bool settle = false);
  QWidget* ensureView(const dpw::Frame& frame);
  void redrawAll();
  void relayout();
  /// Puts order_ in the preferred order and the views into the grid cells again.
  void reorder();
  int wantedColumns() const;
  QSize minChart_{300, 230};
  int columns_ = 2;
  int availableWidth_ = 0;
  int rowsPerScreen_ = 0;
  QWidget* viewport_ = nullptr;
  QGridLayout* grid_;
  QTimer* flushTimer_;
  std::map<std::string, QElapsedTimer> lastDrawn_;
  std::set<std::string> pending_;
  std::vector<std::string> order_;
  std::vector<std::string> preferred_;  ///< setPreferredOrder
  std::map<std::string, QWidget*> views_;
  std::map<std::string, dpw::FramePtr> frames_;
  std::vector<ChartOverlay> overlays_;
  std::function<QByteArray()> scenarioProvider_;
};

}  // namespace dpwapp
