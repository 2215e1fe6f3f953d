#include "charts/point_cloud_painter.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QLocale>
#include <QPolygonF>
#include <algorithm>
#include <cmath>

#include "charts/chart_style.h"
#include "charts/density_image.h"
#include "charts/plot_painter.h"

namespace dpwapp {
namespace {

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

/// Number of points per group (rows without a label belong to group 0, labels clamped to the groups).
std::vector<long> groupSizes(const dpw::PointsFrame& f, int groups) {
  std::vector<long> sizes(std::size_t(groups), 0);
  const Eigen::Index labelled = std::min<Eigen::Index>(f.xy.rows(), Eigen::Index(f.label.size()));
  for (Eigen::Index r = 0; r < labelled; ++r) ++sizes[std::size_t(std::clamp(f.label[std::size_t(r)], 0, groups - 1))];
  sizes[0] += long(f.xy.rows() - labelled);
  return sizes;
}

/// [lo, hi] rounded outward to half the tick step of its span: a cloud's box grows by at most a step
/// (niceRange rounds to whole steps and keeps data that starts at 0 at 0, which can double a cloud's box).
std::pair<double, double> cloudAxis(double lo, double hi) {
  if (!(hi - lo > 1e-9 * std::max({1.0, std::abs(lo), std::abs(hi)}))) return niceRange(lo, hi);
  const double step = 0.5 * niceStep(hi - lo);
  return {std::floor(lo / step) * step, std::ceil(hi / step) * step};
}

}  // namespace

std::vector<int> densityGroups(const dpw::PointsFrame& f) {
  const int groups = std::max<int>(1, int(f.labelNames.size()));
  const std::vector<long> sizes = groupSizes(f, groups);
  std::vector<int> out;
  for (int g = 0; g < groups; ++g)
    if (sizes[std::size_t(g)] > kDensityThreshold) out.push_back(g);
  return out;
}

void updateRange(const dpw::PointsFrame& f, PlotRange& range) {
  if (f.xy.rows() == 0) return;
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  for (Eigen::Index r = 0; r < f.xy.rows(); ++r) {
    const double x = f.xy(r, 0), y = f.xy(r, 1);
    if (!std::isfinite(x) || !std::isfinite(y)) continue;
    x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
  }
  if (f.xSpan.set()) x0 = std::min(x0, f.xSpan.lo), x1 = std::max(x1, f.xSpan.hi);
  if (f.ySpan.set()) y0 = std::min(y0, f.ySpan.lo), y1 = std::max(y1, f.ySpan.hi);
  if (!std::isfinite(x0)) return;
  // A fresh fit: the data's box padded by 5% and rounded out to nice numbers.
  const double padX = 0.05 * (x1 - x0), padY = 0.05 * (y1 - y0);
  const auto [fx0, fx1] = cloudAxis(x0 - padX, x1 + padX);
  const auto [fy0, fy1] = cloudAxis(y0 - padY, y1 + padY);
  // Kept while the data fits and no edge lies more than 15% of the fresh fit's span beyond the fresh
  // fit's edge: the axes move rarely, but a cloud that gathers (particles flowing onto a ring) is not left
  // small or off-centre in the range of its start.
  const bool fits = range.valid() && x0 >= range.x0 && x1 <= range.x1 && y0 >= range.y0 && y1 <= range.y1;
  auto snugAround = [](double lo, double hi, double freshLo, double freshHi) {
    const double slack = 0.15 * (freshHi - freshLo);
    return lo >= freshLo - slack && hi <= freshHi + slack;
  };
  const bool snug = snugAround(range.x0, range.x1, fx0, fx1) && snugAround(range.y0, range.y1, fy0, fy1);
  if (fits && snug) return;
  range = {fx0, fx1, fy0, fy1};
}

PlotRange equalAspect(const PlotRange& r, QSizeF plot) {
  if (!r.valid() || plot.width() <= 0 || plot.height() <= 0) return r;
  const double perPixelX = (r.x1 - r.x0) / plot.width(), perPixelY = (r.y1 - r.y0) / plot.height();
  PlotRange out = r;
  if (perPixelX > perPixelY) {  // y gets the same units per pixel as x: widen y about its centre
    const double half = perPixelX * plot.height() / 2, mid = (r.y0 + r.y1) / 2;
    out.y0 = mid - half, out.y1 = mid + half;
  } else {
    const double half = perPixelY * plot.width() / 2, mid = (r.x0 + r.x1) / 2;
    out.x0 = mid - half, out.x1 = mid + half;
  }
  return out;
}

void paintPoints(const dpw::PointsFrame& f, const QString& title, QPainter& p, const QRectF& target,
                 const PlotRange& fittedRange, DensityCache* cache) {
  p.save();
  p.fillRect(target, Qt::white);
  const QFont font = chartFont(kTickPointSize, p.font());
  p.setFont(font);
  const QFontMetricsF fm(font);
  const QFont legendFont = chartFont(kLegendPointSize, p.font()), axisFont = chartFont(kAxisTitlePointSize, p.font(), true);
  const QFontMetricsF lm(legendFont), am(axisFont);
  const double u = chartTextScale(), marker = 2.0 * chartLineScale();  // marker half-size (4 px markers at scale 1)
  const int groups = std::max<int>(1, int(f.labelNames.size()));
  const std::vector<long> sizes = groupSizes(f, groups);
  std::vector<char> dense(std::size_t(groups), 0);
  for (int g = 0; g < groups; ++g) dense[std::size_t(g)] = sizes[std::size_t(g)] > kDensityThreshold;
  // Legend names: a density group says it is one, of how many points.
  std::vector<QString> names;
  for (int g = 0; g < int(f.labelNames.size()); ++g) {
    QString name = legendName(title, QString::fromStdString(f.labelNames[g]));
    if (dense[std::size_t(g)])
      name += QString(": density of all %1 (log scale)")
                  .arg(QLocale(QLocale::English).toString(qlonglong(sizes[std::size_t(g)])));
    names.push_back(name);
  }
  // Legend entries packed into rows that fit the width.
  std::vector<std::pair<int, QPointF>> entries;
  double lx = 0, rows = f.labelNames.empty() ? 0 : 1;
  const double rowH = lm.height() + 6, legendRoom = target.width() - 40;
  for (int g = 0; g < int(f.labelNames.size()); ++g) {
    const double w = 16 * u + lm.horizontalAdvance(names[std::size_t(g)]) + 16 * u;
    if (lx > 0 && lx + w > legendRoom) ++rows, lx = 0;
    entries.push_back({g, QPointF(lx, (rows - 1) * rowH)});
    lx += w;
  }
  const QFont titleFont = chartFont(kTitlePointSize, p.font(), true);
  const double titleH = drawChartTitle(p, target, title, titleFont);  // a long title: smaller, then two lines
  const QRectF plot = target.adjusted(fm.horizontalAdvance("-0.000") + am.height() + 18, titleH + 6,
                                      -16 * u, -(fm.height() + am.height() + 14 + rows * rowH));
  p.setFont(font);
  // Both coordinates are positions in one space (particles, outputs g(x), codes z): one unit is as long on
  // x as on y, so a circle looks like a circle (issue #40: the ring was drawn as an ellipse).
  const PlotRange range = equalAspect(fittedRange, plot.size());
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
    p.drawText(QRectF(X(t) - 60, plot.bottom() + 4, 120, fm.height()), Qt::AlignHCenter | Qt::AlignTop, QString::number(t, 'g', 4));
  for (double t : ticks(range.y0, range.y1))
    p.drawText(QRectF(plot.left() - 160 - 6, Y(t) - fm.height() / 2, 160, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
               QString::number(t, 'g', 4));
  p.drawRect(plot);
  p.setFont(axisFont);
  p.setPen(kTitleColour);
  p.drawText(QRectF(plot.left(), plot.bottom() + fm.height() + 6, plot.width(), am.height() + 2), Qt::AlignCenter,
             QString::fromStdString(f.xLabel));
  p.save();
  p.translate(target.left() + am.height() * 0.5 + 2, plot.center().y());
  p.rotate(-90);
  p.drawText(QRectF(-plot.height() / 2, -am.height() / 2, plot.height(), am.height() + 2), Qt::AlignCenter,
             QString::fromStdString(f.yLabel));
  p.restore();
  p.setFont(font);
  // Points: one polygon per group, drawn as markers. Dense groups: an image of the counts per device pixel.
  std::vector<QPolygonF> polys(groups);
  for (int g = 0; g < groups; ++g)
    if (!dense[std::size_t(g)]) polys[std::size_t(g)].reserve(int(sizes[std::size_t(g)]));
  for (Eigen::Index r = 0; r < f.xy.rows(); ++r) {
    const int g = r < Eigen::Index(f.label.size()) ? std::clamp(f.label[r], 0, groups - 1) : 0;
    if (!dense[std::size_t(g)]) polys[g].append(QPointF(X(f.xy(r, 0)), Y(f.xy(r, 1))));
  }
  p.setClipRect(plot);
  const QRectF device = p.worldTransform().mapRect(plot);
  const qreal dpr = p.device() ? p.device()->devicePixelRatioF() : 1.0;
  const QSize pixels(std::clamp(int(std::ceil(device.width() * dpr)), 1, 8192), std::clamp(int(std::ceil(device.height() * dpr)), 1, 8192));
  DensityCache local;
  DensityCache& dc = cache ? *cache : local;
  if (dc.pixels != pixels || dc.range.x0 != range.x0 || dc.range.x1 != range.x1 || dc.range.y0 != range.y0 ||
      dc.range.y1 != range.y1)
    dc.clear();
  // Groups from the last to the first, dense or not, so group 0 (the particles) lies on top of the
  // targets it moves to in both forms (a density image is transparent where it counted nothing).
  for (int g = groups - 1; g >= 0; --g) {
    if (!dense[std::size_t(g)]) {  // colour and marker shape per group (chart_style.h)
      QColor c = paletteColour(g);
      c.setAlphaF(0.7);
      p.setPen(markerShape(g) == MarkerShape::Cross ? QPen(c, chartPenWidth(1)) : QPen(Qt::NoPen));
      p.setBrush(c);
      drawMarkers(p, polys[g], markerShape(g), marker);
      continue;
    }
    auto it = std::find_if(dc.images.begin(), dc.images.end(), [g](const DensityCache::Image& i) { return i.group == g; });
    if (it == dc.images.end()) {
      const DensityCounts counts = binDensity(f, g, range.x0, range.x1, range.y0, range.y1, pixels);
      dc.images.push_back({g, densityImage(counts, paletteColour(g)), counts.inside, counts.total});
      it = std::prev(dc.images.end());
    }
    dc.pixels = pixels;
    dc.range = range;
    p.drawImage(plot, it->image);
  }
  p.setBrush(Qt::NoBrush);
  p.setClipping(false);
  // Legend: marker and name per group.
  p.setFont(legendFont);
  const double ly = target.bottom() - rows * rowH - 2;
  for (const auto& [g, at] : entries) {
    const QPointF o(target.left() + 20 + at.x(), ly + at.y());
    if (dense[std::size_t(g)]) {  // the ramp, one point (left) to the fullest pixel (right)
      QLinearGradient ramp(o.x(), 0, o.x() + 12 * u, 0);
      for (double t : {0.0, 0.5, 1.0}) ramp.setColorAt(t, densityColour(t == 0 ? 1 : t == 0.5 ? 10 : 100, 100, paletteColour(g)));
      p.fillRect(QRectF(o.x(), o.y() + rowH / 2 - 4 * u, 12 * u, 8 * u), ramp);
    } else {
      p.setPen(markerShape(g) == MarkerShape::Cross ? QPen(paletteColour(g), chartPenWidth(1.5)) : QPen(Qt::NoPen));
      p.setBrush(paletteColour(g));
      drawMarker(p, QPointF(o.x() + 5 * u, o.y() + rowH / 2), markerShape(g), 4 * u);
      p.setBrush(Qt::NoBrush);
    }
    p.setPen(Qt::black);
    p.drawText(QPointF(o.x() + 16 * u, o.y() + (rowH - lm.height()) / 2 + lm.ascent()), names[std::size_t(g)]);
  }
  p.restore();
}

}  // namespace dpwapp
