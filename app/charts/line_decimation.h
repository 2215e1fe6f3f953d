#pragma once
/// Line series cut to the chart's pixel width before Qt Charts gets them (issue #22 item 6).
///
/// A curve of 10⁴-10⁶ points on a chart 600 pixels wide draws at most a few points per pixel column
/// that anyone can tell apart; Qt Charts' cost grows with every point. Per pixel column the first,
/// lowest, highest and last point are kept, in their order: the line drawn through them covers the
/// same pixels as the whole curve (a one-point spike stays), at no more than 4 points per column.
#include <QList>
#include <QPointF>

namespace dpwapp {

/// `points` (x non-decreasing) with at most four points per column of [x0, x1] split into `columns`
/// equal columns. Returned unchanged when it has no more than 4 points per column already, when
/// `columns` < 1, or when x decreases anywhere (a curve that turns back, e.g. a trade-off curve, is
/// not a function of the column).
QList<QPointF> decimateToColumns(const QList<QPointF>& points, double x0, double x1, int columns);

}  // namespace dpwapp
