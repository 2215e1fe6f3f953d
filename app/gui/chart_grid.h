#pragma once
/// The chart area: one view per chart id, laid out in a grid, each showing the newest frame.
#include <QWidget>
#include <map>

#include "core/frame.h"

class QGridLayout;

namespace dpwapp {

class ChartGrid : public QWidget {
  Q_OBJECT
 public:
  explicit ChartGrid(QWidget* parent = nullptr);
  /// Shows `frame` in the view of its chart id (created on first use).
  void show(const dpw::FramePtr& frame);
  void clear();
  /// Newest frame of every chart, in creation order.
  std::vector<dpw::FramePtr> frames() const;
  int chartCount() const { return int(order_.size()); }

 private:
  QGridLayout* grid_;
  std::vector<std::string> order_;
  std::map<std::string, QWidget*> views_;
  std::map<std::string, dpw::FramePtr> frames_;
};

}  // namespace dpwapp
