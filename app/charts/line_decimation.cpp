#include "charts/line_decimation.h"

#include <algorithm>
#include <cmath>

namespace dpwapp {

QList<QPointF> decimateToColumns(const QList<QPointF>& pts, double x0, double x1, int columns) {
  if (columns < 1 || pts.size() <= 4 * qsizetype(columns) || !(x1 > x0)) return pts;
  for (qsizetype i = 1; i < pts.size(); ++i)
    if (pts[i].x() < pts[i - 1].x()) return pts;
  const double scale = columns / (x1 - x0);
  auto column = [&](double x) { return std::clamp(int(std::floor((x - x0) * scale)), 0, columns - 1); };
  QList<QPointF> out;
  out.reserve(4 * columns + 4);
  qsizetype i = 0;
  while (i < pts.size()) {
    const int c = column(pts[i].x());
    qsizetype first = i, lo = i, hi = i, last = i;
    for (++i; i < pts.size() && column(pts[i].x()) == c; ++i) {
      if (pts[i].y() < pts[lo].y()) lo = i;
      if (pts[i].y() > pts[hi].y()) hi = i;
      last = i;
    }
    qsizetype keep[4] = {first, lo, hi, last};
    std::sort(keep, keep + 4);
    for (int k = 0; k < 4; ++k)
      if (k == 0 || keep[k] != keep[k - 1]) out.append(pts[keep[k]]);
  }
  return out;
}

}  // namespace dpwapp
