#include "charts/point_cloud_painter.h"

#include <QFontMetricsF>
#include <QPolygonF>
#include <cmath>

#include "charts/plot_painter.h"

namespace dpwapp {
namespace {

const QColor kColors[] = {QColor(0x1f77b4), QColor(0xd62728), QColor(0x2ca02c), QColor(0xff7f0e),
                          QColor(0x9467bd), QColor(0x8c564b), QColor(0xe377c2), QColor(0x7f7f7f)};

std::vector<double> ticks(double lo, double hi) {
  const double raw = (hi - lo) / 5.0;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10 * mag;
  for (double f : {1.0, 2.0, 2.5, 5.0})
    if (raw <= f * mag) {
      step = f * mag;
      break;
    }
  std::vector<double> out;
  for (double t = std::ceil(lo / step) * step; t <= hi + 1e-9 * step; t += step) out.push_back(std::abs(t) < 1e-12 * step ? 0.0 : t);
  return out;
}

}  // namespace

void updateRange(const dpw::PointsFrame& f, PlotRange& range) {
  if (f.xy.rows() == 0) return;
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  for (Eigen::Index r = 0; r < f.xy.rows(); ++r) {
    const double x = f.xy(r, 0), y = f.xy(r, 1);
    if (!std::isfinite(x) || !std::isfinite(y)) continue;
    x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
  }
  if (!std::isfinite(x0)) return;
  const bool fits = range.valid() && x0 >= range.x0 && x1 <= range.x1 && y0 >= range.y0 && y1 <= range.y1;
  const bool fills = (x1 - x0) * (y1 - y0) > 0.25 * (range.x1 - range.x0) * (range.y1 - range.y0);
  if (fits && fills) return;
  const double padX = 0.05 * std::max(x1 - x0, 1e-9), padY = 0.05 * std::max(y1 - y0, 1e-9);
  std::tie(range.x0, range.x1) = niceRange(x0 - padX, x1 + padX);
  std::tie(range.y0, range.y1) = niceRange(y0 - padY, y1 + padY);
}

void paintPoints(const dpw::PointsFrame& f, const QString& title, QPainter& p, const QRectF& target,
                 const PlotRange& range) {
  p.save();
  p.fillRect(target, Qt::white);
  QFont font = p.font();
  font.setPointSizeF(9);
  p.setFont(font);
  const QFontMetricsF fm(font);
  const int groups = std::max<int>(1, int(f.labelNames.size()));
  const double legendH = fm.height() + 10;
  const QRectF plot = target.adjusted(fm.horizontalAdvance("-0.000") + 28, fm.height() + 14, -16,
                                      -(2 * fm.height() + 18 + legendH));
  p.setPen(Qt::black);
  // A long title is drawn smaller (down to 7 pt) rather than cut at both ends; elided only beyond that.
  QFont titleFont = font;
  const double room = target.width() - 8;
  while (QFontMetricsF(titleFont).horizontalAdvance(title) > room && titleFont.pointSizeF() > 7)
    titleFont.setPointSizeF(titleFont.pointSizeF() - 0.5);
  p.setFont(titleFont);
  p.drawText(QRectF(target.left(), target.top() + 4, target.width(), fm.height() + 4), Qt::AlignCenter,
             QFontMetricsF(titleFont).elidedText(title, Qt::ElideRight, room));
  p.setFont(font);
  if (!range.valid() || plot.width() < 10 || plot.height() < 10) {
    p.restore();
    return;
  }
  auto X = [&](double x) { return plot.left() + (x - range.x0) / (range.x1 - range.x0) * plot.width(); };
  auto Y = [&](double y) { return plot.bottom() - (y - range.y0) / (range.y1 - range.y0) * plot.height(); };
  // Grid, ticks and labels.
  p.setPen(QPen(QColor(0xe6e6e6), 1));
  for (double t : ticks(range.x0, range.x1)) p.drawLine(QPointF(X(t), plot.top()), QPointF(X(t), plot.bottom()));
  for (double t : ticks(range.y0, range.y1)) p.drawLine(QPointF(plot.left(), Y(t)), QPointF(plot.right(), Y(t)));
  p.setPen(QColor(0x404040));
  for (double t : ticks(range.x0, range.x1))
    p.drawText(QRectF(X(t) - 40, plot.bottom() + 4, 80, fm.height()), Qt::AlignHCenter | Qt::AlignTop, QString::number(t, 'g', 4));
  for (double t : ticks(range.y0, range.y1))
    p.drawText(QRectF(plot.left() - 80 - 6, Y(t) - fm.height() / 2, 80, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
               QString::number(t, 'g', 4));
  p.drawRect(plot);
  QFont bold = font;
  bold.setBold(true);
  p.setFont(bold);
  p.drawText(QRectF(plot.left(), plot.bottom() + fm.height() + 6, plot.width(), fm.height() + 2), Qt::AlignCenter,
             QString::fromStdString(f.xLabel));
  p.save();
  p.translate(target.left() + fm.height() * 0.5 + 2, plot.center().y());
  p.rotate(-90);
  p.drawText(QRectF(-plot.height() / 2, -fm.height() / 2, plot.height(), fm.height() + 2), Qt::AlignCenter,
             QString::fromStdString(f.yLabel));
  p.restore();
  p.setFont(font);
  // Points: one polygon per group, drawn as 3-pixel squares; later groups on top.
  std::vector<QPolygonF> polys(groups);
  for (auto& poly : polys) poly.reserve(int(f.xy.rows()) / groups + 1);
  for (Eigen::Index r = 0; r < f.xy.rows(); ++r) {
    const int g = r < Eigen::Index(f.label.size()) ? std::clamp(f.label[r], 0, groups - 1) : 0;
    polys[g].append(QPointF(X(f.xy(r, 0)), Y(f.xy(r, 1))));
  }
  p.setClipRect(plot);
  for (int g = 0; g < groups; ++g) {
    QColor c = kColors[g % 8];
    c.setAlphaF(0.7);
    p.setPen(QPen(c, 3, Qt::SolidLine, Qt::SquareCap));
    p.drawPoints(polys[g]);
  }
  p.setClipping(false);
  // Legend.
  double x = plot.left();
  const double ly = target.bottom() - legendH + 2;
  for (int g = 0; g < int(f.labelNames.size()); ++g) {
    p.fillRect(QRectF(x, ly + fm.height() / 2 - 4, 8, 8), kColors[g % 8]);
    const QString name = QString::fromStdString(f.labelNames[g]);
    p.setPen(Qt::black);
    p.drawText(QPointF(x + 12, ly + fm.ascent()), name);
    x += 12 + fm.horizontalAdvance(name) + 16;
  }
  p.restore();
}

}  // namespace dpwapp
