#pragma once
/// A comparison-grid cell's picture (gui/comparison_grid.h): the chart layer's chart made compact (no
/// title, small fonts, no legend of its own), or the painted picture of a point cloud, heat map or image grid.
#include <QString>

#include "core/frame.h"

class QWidget;

namespace dpwapp {

/// A compact version of the chart layer's chart for `frame`: no title (the row and column headers say
/// which values), small fonts, one legend for the whole grid (returned in `legend`, HTML).
QWidget* smallChart(const dpw::Frame& frame, QString* legend);

}  // namespace dpwapp
