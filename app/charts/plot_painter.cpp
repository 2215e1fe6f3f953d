#include "charts/plot_painter.h"

#include <QBuffer>
#include <QFontMetricsF>
#include <QPainterPath>
#include <QSaveFile>
#include <QSvgGenerator>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <variant>

#include "charts/chart_style.h"
#include "charts/frame_overlay.h"
#include "charts/point_cloud_painter.h"
#include "common/offscreen_gui.h"
#include "core/overloaded.h"

namespace dpwapp {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// One drawn curve of a plot.
struct Curve {
  QString name;
  std::vector<QPointF> points;
  QColor colour;
  bool dashed = false;
  bool inLegend = true;
  bool markers = false;  ///< measured points: markers, no line
  Qt::PenStyle style = Qt::SolidLine;  ///< seriesLooks' style (chart_style.h)
  QString overlay = {};  ///< another run's curve (frame_overlay.h): faded, listed once under this label
  int overlayIndex = 0;  ///< its dash pattern

  QPen pen() const {
    if (!overlay.isEmpty()) return overlayPen(colour, overlayIndex, dashed);
    QPen p(colour, chartPenWidth(2));
    p.setStyle(style);
    return p;
  }
};

/// Sets the overlay fields of `c` and keeps one legend entry per overlay label.
void markOverlay(Curve& c, const std::string& overlay, QStringList& labels) {
  if (overlay.empty()) return;
  c.overlay = qs(overlay);
  c.overlayIndex = int(labels.indexOf(c.overlay));
  c.inLegend = c.overlayIndex < 0;
  if (c.overlayIndex < 0) {
    c.overlayIndex = int(labels.size());
    labels << c.overlay;
  }
}

/// A curve's legend entry: another run's label, or its name (without the evaluation words its chart's
/// title already carries).
QString legendText(const Curve& c, const QString& title) {
  return c.overlay.isEmpty() ? legendName(title, c.name) : c.overlay;
}

struct Plot {
  QString xLabel, yLabel;
  std::vector<Curve> curves;
  PlotAxes axes;  ///< the frame's axes (plot_axes.h: the range, flat-top and tick rules of both renderers)
  bool markLonePoints = false;
};

Plot linesPlot(const dpw::LinesFrame& f) {
  Plot plot{qs(f.xLabel), qs(f.yLabel), {}, plotAxes(f), true};
  int i = 0;
  QStringList overlays;
  const std::vector<SeriesLook> looks = frameLooks(f);
  for (const auto& s : f.series) {
    const SeriesLook look = looks[std::size_t(i)];
    Curve c{qs(s.name), {}, paletteColour(look.palette), s.dashed, true};
    c.markers = s.markers;
    c.style = look.style;  // one colour and style rule with chart_builder (chart_style.h: seriesLooks)
    ++i;
    markOverlay(c, s.overlay, overlays);
    for (std::size_t j = 0; j < s.x.size() && j < s.y.size(); ++j)
      if (!std::isfinite(s.x[j]) || !std::isfinite(s.y[j]))
        c.points.push_back({NAN, NAN});  // a break in the line
      else if (!(f.logY && s.y[j] <= 0) && !(f.logX && s.x[j] <= 0))
        c.points.push_back({s.x[j], s.y[j]});
    plot.curves.push_back(std::move(c));
  }
  return plot;
}

Plot histogramPlot(const dpw::HistogramFrame& f) {
  Plot plot{qs(f.xLabel), qs(kHistogramYLabel), {}, plotAxes(f), false};
  int i = 0;
  QStringList overlays;
  const std::vector<SeriesLook> looks = frameLooks(f);
  for (const auto& g : f.groups) {
    const SeriesLook look = looks[std::size_t(i)];
    Curve c{qs(g.name), {}, paletteColour(look.palette), false, true};
    c.style = look.style;  // as chart_builder (chart_style.h: seriesLooks)
    c.dashed = histogramGroupDashed(g.dashed, g.colour, std::size_t(i), f.groups.size());
    c.inLegend = histogramGroupInLegend(f, std::size_t(i));
    markOverlay(c, g.overlay, overlays);
    for (std::size_t k = 0; k < g.mass.size() && k + 1 < f.edges.size(); ++k) {
      c.points.push_back({f.edges[k], g.mass[k]});
      c.points.push_back({f.edges[k + 1], g.mass[k]});
    }
    plot.curves.push_back(std::move(c));
    ++i;
  }
  return plot;
}

/// Where value `v` lies along axis `a`, as a fraction of its length (log axes: of its decades).
double fraction(const AxisScale& a, double v) {
  return a.log ? (std::log10(v) - std::log10(a.lo)) / (std::log10(a.hi) - std::log10(a.lo)) : (v - a.lo) / (a.hi - a.lo);
}

void paintPlot(const Plot& plot, const QString& title, QPainter& p, const QRectF& target) {
  p.save();
  p.fillRect(target, Qt::white);
  p.setRenderHint(QPainter::Antialiasing);
  const QFont font = chartFont(kTickPointSize, p.font());
  p.setFont(font);
  const QFontMetricsF fm(font);
  const double u = chartTextScale();  // gaps grow with the text
  const AxisScale& ax = plot.axes.x;
  const AxisScale& ay = plot.axes.y;
  auto label = [](double t) { return QString::number(t, 'g', 4); };
  // Legend rows at the bottom, wrapped to the width; an entry wider than the width by itself takes
  // rows of its own, its name broken at spaces (the glyph on its first row only).
  struct Entry { const Curve* curve; QRectF at; QString text; bool glyph; };
  std::vector<Entry> legend;
  double lx = 0, rows = 0;
  const QFont legendFont = chartFont(kLegendPointSize, p.font());
  const QFontMetricsF lm(legendFont);
  const double rowH = lm.height() + 4, maxW = target.width() - 40, glyphW = 26 * u;
  for (const auto& c : plot.curves) {
    if (!c.inLegend) continue;
    const QString text = legendText(c, title);
    const double w = glyphW + lm.horizontalAdvance(text) + 14 * u;
    if (w > maxW) {
      const QStringList lines =
          wrapWords(text, [&](const QString& line) { return glyphW + lm.horizontalAdvance(line) <= maxW; });
      for (qsizetype i = 0; i < lines.size(); ++i)
        legend.push_back({&c, QRectF(0, rows++ * rowH, maxW, rowH), lines[i], i == 0});
      lx = maxW;  // the next entry starts a row
      continue;
    }
    if (rows == 0 || (lx + w > maxW && lx > 0)) ++rows, lx = 0;
    legend.push_back({&c, QRectF(lx, (rows - 1) * rowH, w, rowH), text, true});
    lx += w;
  }
  double tickW = 0;
  for (double t : ay.ticks) tickW = std::max(tickW, fm.horizontalAdvance(label(t)));
  QFont bold = chartFont(kTitlePointSize, p.font(), true);
  const QFont axisFont = chartFont(kAxisTitlePointSize, p.font());
  const QFontMetricsF am(axisFont);
  const double titleH = drawChartTitle(p, target, title, bold);
  const QRectF area = target.adjusted(tickW + am.height() + 16, titleH + 6, -20 * u,
                                      -(fm.height() + am.height() + 16 + rows * rowH));
  p.setFont(font);
  if (area.width() < 10 || area.height() < 10) {
    p.restore();
    return;
  }
  auto X = [&](double x) { return area.left() + fraction(ax, x) * area.width(); };
  auto Y = [&](double y) { return area.bottom() - fraction(ay, y) * area.height(); };
  p.setPen(QPen(QColor(0xe6e6e6), 1));
  for (double t : ax.ticks) p.drawLine(QPointF(X(t), area.top()), QPointF(X(t), area.bottom()));
  for (double t : ay.ticks) p.drawLine(QPointF(area.left(), Y(t)), QPointF(area.right(), Y(t)));
  p.setPen(QColor(0x404040));
  for (double t : ax.ticks)
    p.drawText(QRectF(X(t) - 50, area.bottom() + 3, 100, fm.height()), Qt::AlignHCenter | Qt::AlignTop, label(t));
  for (double t : ay.ticks)
    p.drawText(QRectF(area.left() - tickW - 6, Y(t) - fm.height() / 2, tickW, fm.height()),
               Qt::AlignRight | Qt::AlignVCenter, label(t));
  p.drawRect(area);
  p.setFont(axisFont);
  p.setPen(kTitleColour);
  p.drawText(QRectF(area.left(), area.bottom() + fm.height() + 6, area.width(), am.height() + 2), Qt::AlignCenter,
             plot.xLabel);
  p.save();
  p.translate(target.left() + am.height() * 0.5 + 4, area.center().y());
  p.rotate(-90);
  p.drawText(QRectF(-area.height() / 2, -am.height() / 2, area.height(), am.height() + 2), Qt::AlignCenter, plot.yLabel);
  p.restore();
  p.setFont(font);
  // Curves, clipped to the plot area; a curve of one or two points also shows them as dots.
  p.setClipRect(area);
  for (const auto& c : plot.curves) {
    p.setPen(c.pen());
    if (c.markers) {  // measured points: filled circles with a white rim, no line
      p.setPen(QPen(Qt::white, chartPenWidth(1)));
      p.setBrush(c.colour);
      for (const auto& pt : c.points)
        if (std::isfinite(pt.x()) && std::isfinite(pt.y())) p.drawEllipse(QPointF(X(pt.x()), Y(pt.y())), 4.5 * std::sqrt(chartLineScale()), 4.5 * std::sqrt(chartLineScale()));
      p.setBrush(Qt::NoBrush);
      continue;
    }
    QPainterPath path;
    bool open = false;
    for (const auto& pt : c.points) {
      if (!std::isfinite(pt.x()) || !std::isfinite(pt.y())) {
        open = false;  // a gap in the data is a gap in the line
        continue;
      }
      const QPointF q(X(pt.x()), Y(pt.y()));
      open ? path.lineTo(q) : path.moveTo(q);
      open = true;
    }
    p.drawPath(path);
    if (plot.markLonePoints && c.points.size() < 3) {
      p.setBrush(c.colour);
      for (const auto& pt : c.points)
        if (std::isfinite(pt.x()) && std::isfinite(pt.y()))
          p.drawEllipse(QPointF(X(pt.x()), Y(pt.y())), 3.5 * chartLineScale(), 3.5 * chartLineScale());
      p.setBrush(Qt::NoBrush);
    }
  }
  p.setClipping(false);
  const double legendTop = target.bottom() - rows * rowH - 4;
  p.setFont(legendFont);
  for (const auto& e : legend) {
    const QPointF o(target.left() + 20 + e.at.left(), legendTop + e.at.top());
    if (e.glyph && e.curve->markers) {
      p.setPen(QPen(Qt::white, chartPenWidth(1)));
      p.setBrush(e.curve->colour);
      p.drawEllipse(QPointF(o.x() + 10 * u, o.y() + rowH / 2), 4.5 * std::sqrt(chartLineScale()), 4.5 * std::sqrt(chartLineScale()));
      p.setBrush(Qt::NoBrush);
    } else if (e.glyph) {
      p.setPen(e.curve->pen());
      p.drawLine(QPointF(o.x(), o.y() + rowH / 2), QPointF(o.x() + 20 * u, o.y() + rowH / 2));
    }
    p.setPen(Qt::black);
    p.drawText(QPointF(o.x() + glyphW, o.y() + (rowH - lm.height()) / 2 + lm.ascent()), e.text);
  }
  p.restore();
}

void paintWithoutCharts(const dpw::Frame& frame, QPainter& painter, QSizeF size) {
  paintFrame(frame, painter, QRectF(QPointF(0, 0), size));
}

std::atomic<FramePainter> installedPainter{nullptr};

FramePainter currentPainter() {
  const FramePainter p = installedPainter.load();
  return p ? p : &paintWithoutCharts;
}

}  // namespace

namespace {

/// A heat map cell's colour: white (0) to dark blue (the largest value `mx`) on a square-root ramp, so that
/// a small mass stays visible (the colour bar gives the values).
QColor heatmapColour(double value, double mx) {
  const double t = mx > 0 ? std::sqrt(std::clamp(value / mx, 0.0, 1.0)) : 0;
  return QColor::fromRgbF(1 - 0.9 * t, 1 - 0.75 * t, 1 - 0.35 * t);
}

/// The colour bar's labelled values: 0, the largest value, and between them the round fractions 1%, 10%,
/// 25% (on the square-root ramp: 0.1, 0.32, 0.5 of the bar's height), each rounded to two digits.
std::vector<double> heatmapBarValues(double mx) {
  if (!(mx > 0) || !std::isfinite(mx)) return {0};
  std::vector<double> out{0};
  for (double f : {0.01, 0.1, 0.25}) out.push_back(QString::number(mx * f, 'g', 2).toDouble());
  out.push_back(mx);
  return out;
}

}  // namespace

void paintPicture(const dpw::Frame& frame, QPainter& p, const QRectF& target) {
  if (const auto* pts = std::get_if<dpw::PointsFrame>(&frame.data)) {
    PlotRange range;
    updateRange(*pts, range);
    paintPoints(*pts, qs(frame.title), p, target, range);
    return;
  }
  p.fillRect(target, Qt::white);
  p.setPen(Qt::black);
  const QFont titleFont = chartFont(kTitlePointSize, p.font(), true), tickFont = chartFont(kTickPointSize, p.font()),
              axisFont = chartFont(kAxisTitlePointSize, p.font());
  const QFontMetricsF fm(tickFont), am(axisFont);
  const double titleH = drawChartTitle(p, target, qs(frame.title), titleFont);
  // One lambda per frame kind and no catch-all: a new picture kind must say how it is drawn to compile
  // (core/overloaded.h). Points were drawn above; lines and histograms are plots (paintFrame): title only.
  std::visit(dpw::Overloaded{
  [](const dpw::PointsFrame&) {},
  [](const dpw::LinesFrame&) {},
  [](const dpw::HistogramFrame&) {},
  [&](const dpw::HeatmapFrame& hm) {
    const auto* h = &hm;
    if (h->rows <= 0 || h->cols <= 0) return;
    // Tick numbers on both axes: the values the columns and rows span, or their indices 1 .. n.
    const bool valued = h->x1 > h->x0 && h->y1 > h->y0;
    const double x0 = valued ? h->x0 : 0.5, x1 = valued ? h->x1 : h->cols + 0.5;
    const double y0 = valued ? h->y0 : 0.5, y1 = valued ? h->y1 : h->rows + 0.5;
    auto axisTicks = [](double lo, double hi, bool counts) {
      double step = niceStep(hi - lo);
      if (counts) step = std::max(1.0, std::round(step));
      std::vector<double> t;
      for (double v = std::ceil(lo / step) * step; v <= hi + 1e-9 * step; v += step) t.push_back(std::abs(v) < 1e-12 * step ? 0 : v);
      return t;
    };
    const auto xt = axisTicks(x0, x1, !valued), yt = axisTicks(y0, y1, !valued);
    double tickW = 0;
    for (double t : yt) tickW = std::max(tickW, fm.horizontalAdvance(QString::number(t, 'g', 4)));
    double mx = 0;
    for (double v : h->values) mx = std::max(mx, v);
    // The colour bar on the right (issue #40): which value a shade stands for, on the same square-root
    // ramp as the cells (small masses stay visible; the bar says how small they are).
    const std::vector<double> barValues = heatmapBarValues(mx);
    double barLabelW = fm.horizontalAdvance(QStringLiteral("mass"));
    for (double v : barValues) barLabelW = std::max(barLabelW, fm.horizontalAdvance(QString::number(v, 'g', 2)));
    const double barW = 12 * chartLineScale(), barRoom = 10 + barW + 4 + barLabelW + 6;
    const QRectF area = target.adjusted(am.height() + tickW + 16, titleH + 6, -barRoom - 8 * chartTextScale(),
                                        -(fm.height() + am.height() + 16));
    if (area.width() < 10 || area.height() < 10) return;
    QImage img(h->cols, h->rows, QImage::Format_RGB32);
    for (int r = 0; r < h->rows; ++r)
      for (int c = 0; c < h->cols; ++c)
        img.setPixelColor(c, r, heatmapColour(h->values[std::size_t(r) * h->cols + c], mx));
    p.drawImage(area, img);
    p.setPen(QColor(0x404040));
    p.drawRect(area);
    {  // the bar: top = the largest value, bottom = 0, a label at each of barValues
      const QRectF bar(area.right() + 10, area.top() + 1.5 * fm.height(), barW, area.height() - 1.5 * fm.height());
      QImage ramp(1, 256, QImage::Format_RGB32);
      for (int i = 0; i < 256; ++i) {
        const double t = 1 - i / 255.0;  // position on the square-root ramp
        ramp.setPixelColor(0, i, heatmapColour(mx * t * t, mx));
      }
      p.drawImage(bar, ramp);
      p.drawRect(bar);
      p.setFont(tickFont);
      p.drawText(QRectF(bar.left(), area.top() - 2, barLabelW + barW + 6, fm.height()), Qt::AlignLeft | Qt::AlignTop,
                 QStringLiteral("mass"));
      for (double v : barValues) {
        const double y = bar.bottom() - (mx > 0 ? std::sqrt(v / mx) : 0) * bar.height();
        p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 3, y));
        p.drawText(QRectF(bar.right() + 4, y - fm.height() / 2, barLabelW + 2, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   QString::number(v, 'g', 2));
      }
    }
    p.setFont(tickFont);
    const double tickLen = 4 * chartLineScale();
    for (double t : xt) {  // x: left to right
      const double x = area.left() + (t - x0) / (x1 - x0) * area.width();
      p.drawLine(QPointF(x, area.bottom()), QPointF(x, area.bottom() + tickLen));
      p.drawText(QRectF(x - 50, area.bottom() + tickLen, 100, fm.height()), Qt::AlignHCenter | Qt::AlignTop, QString::number(t, 'g', 4));
    }
    for (double t : yt) {  // y: row 0 (y0) at the top, as the matrix is written
      const double y = area.top() + (t - y0) / (y1 - y0) * area.height();
      p.drawLine(QPointF(area.left() - tickLen, y), QPointF(area.left(), y));
      p.drawText(QRectF(area.left() - tickLen - tickW - 4, y - fm.height() / 2, tickW + 2, fm.height()),
                 Qt::AlignRight | Qt::AlignVCenter, QString::number(t, 'g', 4));
    }
    p.setFont(axisFont);
    p.setPen(kTitleColour);
    p.drawText(QRectF(area.left(), area.bottom() + tickLen + fm.height() + 2, area.width(), am.height() + 2),
               Qt::AlignCenter, qs(h->xLabel));
    p.save();
    p.translate(target.left() + am.height() * 0.5 + 4, area.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-area.height() / 2, -am.height() / 2, area.height(), am.height() + 2), Qt::AlignCenter, qs(h->yLabel));
    p.restore();
  },
  [&](const dpw::ImagesFrame& images) {
    const auto* im = &images;
    const QRectF area = target.adjusted(20, titleH + 6, -20, -20);
    const int n = int(im->images.size());
    if (n == 0 || im->width <= 0 || im->height <= 0) return;
    const int cols = int(std::ceil(std::sqrt(double(n) * area.width() / area.height())));
    const int rows = (n + cols - 1) / cols;
    const double cell = std::min(area.width() / cols, area.height() / rows);
    for (int i = 0; i < n; ++i) {
      QImage img(im->width, im->height, QImage::Format_Grayscale8);
      for (int y = 0; y < im->height; ++y)
        for (int x = 0; x < im->width; ++x)
          img.scanLine(y)[x] = uchar(std::clamp(im->images[i][std::size_t(y) * im->width + x], 0.0f, 1.0f) * 255);
      p.drawImage(QRectF(area.left() + (i % cols) * cell, area.top() + (i / cols) * cell, cell - 2, cell - 2), img);
    }
  }}, frame.data);
}

void paintFrame(const dpw::Frame& frame, QPainter& painter, const QRectF& target) {
  // One lambda per frame kind and no catch-all: a new kind must say how it is drawn to compile (core/overloaded.h).
  const auto picture = [&] { paintPicture(frame, painter, target); };
  std::visit(dpw::Overloaded{
                 [&](const dpw::LinesFrame& f) { paintPlot(linesPlot(f), qs(frame.title), painter, target); },
                 [&](const dpw::HistogramFrame& h) { paintPlot(histogramPlot(h), qs(frame.title), painter, target); },
                 [&](const dpw::PointsFrame&) { picture(); },
                 [&](const dpw::HeatmapFrame&) { picture(); },
                 [&](const dpw::ImagesFrame&) { picture(); },
             },
             frame.data);
}

std::optional<PlotSummary> paintedPlot(const dpw::Frame& frame) {
  auto summary = [&](const Plot& plot) {
    PlotSummary out{qs(frame.title), plot.xLabel, plot.yLabel, plot.axes, {}};
    for (const Curve& c : plot.curves) out.curves.push_back({c.name, c.colour, c.pen().style(), c.inLegend, c.markers});
    return std::optional<PlotSummary>(std::move(out));
  };
  return std::visit(dpw::Overloaded{
                        [&](const dpw::LinesFrame& f) { return summary(linesPlot(f)); },
                        [&](const dpw::HistogramFrame& h) { return summary(histogramPlot(h)); },
                        [](const dpw::PointsFrame&) { return std::optional<PlotSummary>(); },
                        [](const dpw::HeatmapFrame&) { return std::optional<PlotSummary>(); },
                        [](const dpw::ImagesFrame&) { return std::optional<PlotSummary>(); },
                    },
                    frame.data);
}

void setFramePainter(FramePainter painter) { installedPainter.store(painter); }

QImage renderFrameImage(const dpw::Frame& frame, QSize size, qreal scale) {
  ensureGuiApplication();
  QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(scale);
  image.fill(Qt::white);
  // Record the pixel density so that 2x and 3x exports open at the right physical size.
  image.setDotsPerMeterX(int(std::lround(96.0 * scale / 0.0254)));
  image.setDotsPerMeterY(int(std::lround(96.0 * scale / 0.0254)));
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  currentPainter()(frame, painter, QSizeF(size));
  return image;
}

bool writeFrameSvgFile(const dpw::Frame& frame, const QString& path, QString* error, QSize size) {
  ensureGuiApplication();
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  {
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(qs(frame.title));
    svg.setDescription("DPW Lab chart " + qs(frame.chart));
    QPainter painter(&svg);
    currentPainter()(frame, painter, QSizeF(size));
  }
  QSaveFile out(path);
  if (!out.open(QIODevice::WriteOnly) || out.write(buffer.data()) != buffer.data().size() || !out.commit()) {
    if (error) *error = QStringLiteral("cannot write %1: %2").arg(path, out.errorString());
    return false;
  }
  return true;
}

}  // namespace dpwapp
