#include "charts/chart_builder.h"

#include "charts/point_cloud_painter.h"

#include <QBuffer>
#include <QFile>
#include <QGraphicsScene>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>

namespace dpwapp {
namespace {

const QList<QColor>& palette() {
  static const QList<QColor> colors = {QColor(0x1f77b4), QColor(0xd62728), QColor(0x2ca02c), QColor(0xff7f0e),
                                       QColor(0x9467bd), QColor(0x8c564b), QColor(0xe377c2), QColor(0x7f7f7f)};
  return colors;
}

QString qs(const std::string& s) { return QString::fromStdString(s); }

void attachAxes(QChart* chart, const QString& xLabel, const QString& yLabel, double x0, double x1, double y0,
                double y1, bool logX = false, bool logY = false) {
  auto makeAxis = [](bool log, const QString& title, double lo, double hi) -> QAbstractAxis* {
    if (log) {
      auto* a = new QLogValueAxis;
      a->setTitleText(title);
      const auto [dlo, dhi] = decadeRange(lo, hi);
      a->setRange(dlo, dhi);
      a->setLabelFormat("%g");
      return a;
    }
    auto* a = new QValueAxis;
    a->setTitleText(title);
    const auto [nlo, nhi] = niceRange(lo, hi);
    a->setRange(nlo, nhi);
    a->setTickType(QValueAxis::TicksDynamic);
    a->setTickAnchor(0);
    a->setTickInterval(niceStep(nhi - nlo));
    a->setLabelFormat("%g");
    return a;
  };
  auto* ax = makeAxis(logX, xLabel, x0, x1);
  auto* ay = makeAxis(logY, yLabel, y0, y1);
  chart->addAxis(ax, Qt::AlignBottom);
  chart->addAxis(ay, Qt::AlignLeft);
  for (auto* s : chart->series()) {
    s->attachAxis(ax);
    s->attachAxis(ay);
  }
}

struct Bounds {
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  void add(double x, double y) {
    if (!std::isfinite(x) || !std::isfinite(y)) return;
    x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
  }
  void finish() {
    if (!std::isfinite(x0)) x0 = 0, x1 = 1, y0 = 0, y1 = 1;
  }
};

QChart* linesChart(const dpw::LinesFrame& f) {
  auto* chart = new QChart;
  Bounds b;
  int i = 0;
  for (const auto& s : f.series) {
    auto* line = new QLineSeries;
    line->setName(qs(s.name));
    QList<QPointF> pts;
    pts.reserve(int(s.x.size()));
    for (std::size_t j = 0; j < s.x.size() && j < s.y.size(); ++j) {
      if (f.logY && s.y[j] <= 0) continue;
      pts.append({s.x[j], s.y[j]});
      b.add(s.x[j], s.y[j]);
    }
    line->replace(pts);
    QPen pen(palette()[i++ % palette().size()], 2);
    if (s.dashed) pen.setStyle(Qt::DashLine);
    line->setPen(pen);
    line->setPointsVisible(pts.size() < 3);  // a lone point (a reference value) would draw nothing
    chart->addSeries(line);
  }
  b.finish();
  attachAxes(chart, qs(f.xLabel), qs(f.yLabel), b.x0, b.x1, f.logY ? b.y0 : std::min(0.0, b.y0), b.y1, f.logX, f.logY);
  return chart;
}

QChart* histogramChart(const dpw::HistogramFrame& f) {
  auto* chart = new QChart;
  Bounds b;
  int i = 0;
  for (const auto& g : f.groups) {
    auto* line = new QLineSeries;
    line->setName(qs(g.name));
    QList<QPointF> pts;
    for (std::size_t k = 0; k < g.mass.size() && k + 1 < f.edges.size(); ++k) {
      pts.append({f.edges[k], g.mass[k]});
      pts.append({f.edges[k + 1], g.mass[k]});
      b.add(f.edges[k], g.mass[k]);
      b.add(f.edges[k + 1], g.mass[k]);
    }
    line->replace(pts);
    QPen pen(palette()[(g.colour >= 0 ? g.colour : i) % palette().size()], 2);
    // Explicit style, else the four-group case (A x Y) draws the second label dashed.
    if (g.dashed || (g.colour < 0 && i >= 2 && f.groups.size() == 4)) pen.setStyle(Qt::DashLine);
    line->setPen(pen);
    ++i;
    chart->addSeries(line);
  }
  b.finish();
  attachAxes(chart, qs(f.xLabel), "mass", b.x0, b.x1, 0.0, b.y1);
  // A dashed group drawn in the colour of a solid one (an estimate next to the truth) needs no legend
  // entry of its own: the title says what dashed means, and the legend stays short enough to read.
  const auto series = chart->series();
  for (std::size_t k = 0; k < f.groups.size(); ++k) {
    const auto& g = f.groups[k];
    if (!g.dashed || g.colour < 0) continue;
    const bool hasSolidTwin = std::any_of(f.groups.begin(), f.groups.end(),
                                          [&](const auto& o) { return !o.dashed && o.colour == g.colour; });
    if (hasSolidTwin)
      for (QLegendMarker* marker : chart->legend()->markers(series[int(k)])) {
        marker->setVisible(false);
        marker->setProperty("dpwHidden", true);
      }
  }
  return chart;
}

/// The points a series of `frame` shows (histograms as step lines), by series index.
std::vector<QList<QPointF>> seriesPoints(const dpw::Frame& frame, std::vector<std::string>* names) {
  std::vector<QList<QPointF>> out;
  if (const auto* f = std::get_if<dpw::LinesFrame>(&frame.data)) {
    for (const auto& s : f->series) {
      QList<QPointF> pts;
      for (std::size_t j = 0; j < s.x.size() && j < s.y.size(); ++j)
        if (!(f->logY && s.y[j] <= 0)) pts.append({s.x[j], s.y[j]});
      out.push_back(std::move(pts));
      names->push_back(s.name);
    }
  } else if (const auto* h = std::get_if<dpw::HistogramFrame>(&frame.data)) {
    for (const auto& g : h->groups) {
      QList<QPointF> pts;
      for (std::size_t k = 0; k < g.mass.size() && k + 1 < h->edges.size(); ++k) {
        pts.append({h->edges[k], g.mass[k]});
        pts.append({h->edges[k + 1], g.mass[k]});
      }
      out.push_back(std::move(pts));
      names->push_back(g.name);
    }
  }
  return out;
}

/// The Qt Charts renderer of files (see plot_painter.h): installed whenever this file is linked, so
/// that the GUI's exports look like its screen. dpwlab-cli does not link it and paints without Qt Charts.
void paintWithCharts(const dpw::Frame& frame, QPainter& painter, QSizeF size) {
  if (QChart* chart = buildChart(frame)) {
    QGraphicsScene scene;
    scene.addItem(chart);  // the scene owns the chart
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    scene.render(&painter, QRectF(QPointF(0, 0), size), QRectF(QPointF(0, 0), size));
  } else {
    paintPicture(frame, painter, QRectF(QPointF(0, 0), size));
  }
}
[[maybe_unused]] const bool kChartsPainterInstalled = (setFramePainter(&paintWithCharts), true);

}  // namespace

bool updateChart(QChart* chart, const dpw::Frame& frame, bool autoScale) {
  std::vector<std::string> names;
  const auto points = seriesPoints(frame, &names);
  const auto series = chart->series();
  if (series.size() != int(points.size()) || points.empty()) return false;
  for (int i = 0; i < series.size(); ++i)
    if (series[i]->name() != qs(names[i])) return false;
  chart->setTitle(qs(frame.title));
  Bounds b;
  for (int i = 0; i < series.size(); ++i) {
    static_cast<QXYSeries*>(series[i])->replace(points[i]);
    if (std::holds_alternative<dpw::LinesFrame>(frame.data))
      static_cast<QXYSeries*>(series[i])->setPointsVisible(points[i].size() < 3);
    for (const auto& pt : points[i]) b.add(pt.x(), pt.y());
  }
  if (!autoScale || !std::isfinite(b.x0)) return true;
  const bool histogram = std::holds_alternative<dpw::HistogramFrame>(frame.data);
  const auto* lines = std::get_if<dpw::LinesFrame>(&frame.data);
  const bool logY = lines && lines->logY;
  if (!logY && !histogram) b.y0 = std::min(b.y0, 0.0);
  if (histogram) b.y0 = 0;
  auto widen = [](QAbstractAxis* axis, double lo, double hi) {
    if (auto* la = qobject_cast<QLogValueAxis*>(axis)) {  // whole decades; refit when the data spans few
      if (!(lo > 0)) return;
      const auto [dlo, dhi] = decadeRange(lo, hi);
      const bool fits = dlo >= la->min() && dhi <= la->max();
      const bool fills = std::log10(dhi / dlo) >= 0.5 * std::log10(la->max() / la->min());
      if (!(fits && fills)) la->setRange(dlo, dhi);
      return;
    }
    auto* a = qobject_cast<QValueAxis*>(axis);
    if (!a) return;
    const bool fits = lo >= a->min() && hi <= a->max();
    const bool fills = (hi - lo) >= 0.4 * (a->max() - a->min());
    if (fits && fills) return;  // leave the axis alone: axes rescale rarely
    // Grow to cover the data; refit (shrink) only when the data uses a small part of the axis.
    const auto [nlo, nhi] = fills ? niceRange(std::min(lo, a->min()), std::max(hi, a->max())) : niceRange(lo, hi);
    // Interval first: Qt Charts (6.4) does not redo the labels of dynamic ticks when only the interval
    // changes, so after a large shrink the old interval left a single label ("0") on the axis.
    a->setTickInterval(niceStep(nhi - nlo));
    a->setRange(nlo, nhi);
  };
  const auto h = chart->axes(Qt::Horizontal), v = chart->axes(Qt::Vertical);
  if (!h.isEmpty()) widen(h.first(), b.x0, b.x1);
  if (!v.isEmpty()) widen(v.first(), b.y0, b.y1);
  return true;
}

QChart* buildChart(const dpw::Frame& frame) {
  QChart* chart = std::visit(
      [](const auto& payload) -> QChart* {
        using T = std::decay_t<decltype(payload)>;
        if constexpr (std::is_same_v<T, dpw::LinesFrame>) return linesChart(payload);
        if constexpr (std::is_same_v<T, dpw::HistogramFrame>) return histogramChart(payload);
        return nullptr;
      },
      frame.data);
  if (chart) {
    chart->setTitle(qs(frame.title));
    chart->legend()->setAlignment(Qt::AlignBottom);
    int shown = 0, letters = 0;  // legend entries (histograms hide those of dashed twins, see histogramChart)
    for (QAbstractSeries* series : chart->series()) {
      const auto markers = chart->legend()->markers(series);
      if (markers.isEmpty() || markers.first()->property("dpwHidden").toBool()) continue;
      ++shown;
      letters += int(series->name().size());
    }
    // A row at the bottom of a chart on screen (~350 px) cuts long or many names short: list them at
    // the side, smaller.
    if (shown > 5 || letters > 34) {
      chart->legend()->setAlignment(Qt::AlignRight);
      QFont small = chart->legend()->font();
      small.setPointSizeF(std::max(6.5, small.pointSizeF() - 1.5));
      chart->legend()->setFont(small);
    }
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
  }
  return chart;
}

QImage renderFrame(const dpw::Frame& frame, QSize size, qreal scale) {
  QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(scale);
  image.fill(Qt::white);
  // Record the pixel density so that 2x and 3x exports open at the right physical size.
  image.setDotsPerMeterX(int(std::lround(96.0 * scale / 0.0254)));
  image.setDotsPerMeterY(int(std::lround(96.0 * scale / 0.0254)));
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  if (QChart* chart = buildChart(frame)) {
    QGraphicsScene scene;
    scene.addItem(chart);  // the scene owns the chart
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    scene.render(&painter, QRectF(QPointF(0, 0), size), QRectF(QPointF(0, 0), size));
  } else {
    paintPicture(frame, painter, QRectF(QPointF(0, 0), size));
  }
  return image;
}

bool writeFrameSvg(const dpw::Frame& frame, const QString& path, QString* error, QSize size) {
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
    if (QChart* chart = buildChart(frame)) {
      QGraphicsScene scene;
      scene.addItem(chart);
      chart->setGeometry(QRectF(QPointF(0, 0), size));
      scene.render(&painter, QRectF(QPointF(0, 0), size), QRectF(QPointF(0, 0), size));
    } else {
      paintPicture(frame, painter, QRectF(QPointF(0, 0), size));
    }
  }
  QSaveFile out(path);
  if (!out.open(QIODevice::WriteOnly) || out.write(buffer.data()) != buffer.data().size() || !out.commit()) {
    if (error) *error = QStringLiteral("cannot write %1: %2").arg(path, out.errorString());
    return false;
  }
  return true;
}

}  // namespace dpwapp
