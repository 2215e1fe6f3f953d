#include "charts/chart_builder.h"

#include "charts/chart_style.h"
#include "charts/line_decimation.h"
#include "charts/frame_overlay.h"
#include "charts/point_cloud_painter.h"
#include "core/overloaded.h"

#include <QFile>
#include <QGraphicsScene>
#include <QPainter>
#include <QGraphicsTextItem>
#include <QTextDocument>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>
#include <variant>

namespace dpwapp {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// A log axis is a value axis over log10 of the data (the series hold log10 values), labelled at the
/// ticks of `scale` (plot_axes.h: logAxis): QLogValueAxis labels whole decades only, so data within a decade
/// had at most one label.
void setLogAxis(QCategoryAxis* a, const AxisScale& scale) {
  QStringList labels;
  for (double t : scale.ticks) labels << QString::number(t, 'g', 4);
  if (a->categoriesLabels() != labels) {
    for (const QString& l : a->categoriesLabels()) a->remove(l);
    for (std::size_t i = 0; i < scale.ticks.size(); ++i) a->append(labels[int(i)], std::log10(scale.ticks[i]));
  }
  a->setStartValue(std::log10(scale.lo));
  a->setRange(std::log10(scale.lo), std::log10(scale.hi));
}

/// A linear axis set to `scale` (plot_axes.h: linearAxis): its ends, and dynamic ticks anchored at 0 every
/// niceStep of its span, which are the values of scale.ticks.
void setLinearAxis(QValueAxis* a, const AxisScale& scale) {
  // Interval first: Qt Charts (6.4) does not redo the labels of dynamic ticks when only the interval
  // changes, so after a large shrink the old interval left a single label ("0") on the axis.
  a->setTickInterval(niceStep(scale.hi - scale.lo));
  a->setRange(scale.lo, scale.hi);
}

bool isLogAxis(const QAbstractAxis* a) { return a && a->property("dpwLog").toBool(); }

/// Adds the frame's axes (plot_axes.h: plotAxes, the rule of both renderers) and attaches every series.
void attachAxes(QChart* chart, const QString& xLabel, const QString& yLabel, const PlotAxes& axes) {
  auto makeAxis = [](const AxisScale& scale, const QString& title) -> QAbstractAxis* {
    if (scale.log) {
      auto* a = new QCategoryAxis;
      a->setProperty("dpwLog", true);
      a->setTitleText(title);
      a->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
      setLogAxis(a, scale);
      return a;
    }
    auto* a = new QValueAxis;
    a->setTitleText(title);
    a->setTickType(QValueAxis::TicksDynamic);
    a->setTickAnchor(0);
    setLinearAxis(a, scale);
    a->setLabelFormat("%g");
    return a;
  };
  auto* ax = makeAxis(axes.x, xLabel);
  auto* ay = makeAxis(axes.y, yLabel);
  chart->addAxis(ax, Qt::AlignBottom);
  chart->addAxis(ay, Qt::AlignLeft);
  for (auto* s : chart->series()) {
    s->attachAxis(ax);
    s->attachAxis(ay);
  }
}

/// Position of `label` among the overlay labels seen so far (its dash pattern), adding it if new.
int overlayIndex(std::vector<std::string>& labels, const std::string& label) {
  auto it = std::find(labels.begin(), labels.end(), label);
  if (it != labels.end()) return int(it - labels.begin());
  labels.push_back(label);
  return int(labels.size()) - 1;
}

/// Marks a series that belongs to another run (frame_overlay.h): the legend lists its label once.
void markOverlay(QAbstractSeries* series, const std::string& overlay) {
  if (!overlay.empty()) series->setProperty("dpwOverlay", qs(overlay));
}

/// One drawn Qt series of a frame: a frame's series is cut at its non-finite points into parts (Qt
/// Charts would join them), and log axes hold log10 of the data.
struct Part {
  std::string name;
  QList<QPointF> points;
  std::size_t source = 0;  ///< index of the frame's series or group
  bool first = true;       ///< the first part of its series (the one in the legend)
};

std::vector<Part> linesParts(const dpw::LinesFrame& f, int columns) {
  std::vector<Part> out;
  for (std::size_t i = 0; i < f.series.size(); ++i) {
    const auto& s = f.series[i];
    Part part{s.name, {}, i, true};
    bool any = false;
    auto close = [&] {
      if (part.points.isEmpty()) return;
      out.push_back(part);
      part.points.clear();
      part.first = false;
      any = true;
    };
    for (std::size_t j = 0; j < s.x.size() && j < s.y.size(); ++j) {
      double x = s.x[j], y = s.y[j];
      if (!std::isfinite(x) || !std::isfinite(y)) {
        if (!s.markers) close();  // a break in the line
        continue;
      }
      if ((f.logY && y <= 0) || (f.logX && x <= 0)) continue;
      if (f.logX) x = std::log10(x);
      if (f.logY) y = std::log10(y);
      part.points.append({x, y});
    }
    close();
    if (!any) out.push_back(part);  // an empty series keeps its place (and legend entry)
  }
  if (columns > 0) {  // lines cut to the chart's pixel columns over the x range of all of them
    double x0 = INFINITY, x1 = -INFINITY;
    for (const Part& part : out)
      for (const auto& pt : part.points) x0 = std::min(x0, pt.x()), x1 = std::max(x1, pt.x());
    for (Part& part : out)
      if (!f.series[part.source].markers) part.points = decimateToColumns(part.points, x0, x1, columns);
  }
  return out;
}

std::vector<Part> histogramParts(const dpw::HistogramFrame& h) {
  std::vector<Part> out;
  for (std::size_t i = 0; i < h.groups.size(); ++i) {
    const auto& g = h.groups[i];
    Part part{g.name, {}, i, true};
    for (std::size_t k = 0; k < g.mass.size() && k + 1 < h.edges.size(); ++k) {
      part.points.append({h.edges[k], g.mass[k]});
      part.points.append({h.edges[k + 1], g.mass[k]});
    }
    out.push_back(std::move(part));
  }
  return out;
}

QChart* linesChart(const dpw::LinesFrame& f, int columns) {
  auto* chart = new QChart;
  std::vector<std::string> overlays;
  const std::vector<SeriesLook> looks = frameLooks(f);  // one colour and style rule with plot_painter
  for (const Part& part : linesParts(f, columns)) {
    const auto& s = f.series[part.source];
    const SeriesLook& look = looks[part.source];
    const QColor colour = paletteColour(look.palette);
    QXYSeries* line = nullptr;
    if (s.markers) {  // measured points: filled circles with a white rim, drawn on top, no line
      auto* scatter = new QScatterSeries;
      scatter->setMarkerShape(QScatterSeries::MarkerShapeCircle);
      scatter->setMarkerSize(9 * std::sqrt(chartLineScale()));  // small enough to show the box around it
      scatter->setColor(colour);
      scatter->setBorderColor(Qt::white);
      if (!s.overlay.empty()) {  // another run's points: faded, with the overlay's dashed rim
        const QPen pen = overlayPen(colour, overlayIndex(overlays, s.overlay), s.dashed);
        scatter->setColor(pen.color());
        scatter->setPen(pen);
      }
      line = scatter;
    } else {
      line = new QLineSeries;
      QPen pen(colour, chartPenWidth(2));
      pen.setStyle(look.style);
      if (!s.overlay.empty()) pen = overlayPen(colour, overlayIndex(overlays, s.overlay), s.dashed);
      line->setPen(pen);
      line->setPointsVisible(part.points.size() < 3);  // a lone point (a reference value) would draw nothing
    }
    line->setName(qs(s.name));
    line->replace(part.points);
    markOverlay(line, s.overlay);
    if (!part.first) {  // one legend entry per series
      line->setProperty("dpwHidden", true);
      line->setProperty("dpwPart", true);
    }
    chart->addSeries(line);
  }
  attachAxes(chart, qs(f.xLabel), qs(f.yLabel), plotAxes(f));
  return chart;
}

QChart* histogramChart(const dpw::HistogramFrame& f) {
  auto* chart = new QChart;
  int i = 0;
  std::vector<std::string> overlays;
  const std::vector<SeriesLook> looks = frameLooks(f);  // as linesChart and plot_painter
  for (const auto& g : f.groups) {
    auto* line = new QLineSeries;
    line->setName(qs(g.name));
    QList<QPointF> pts;
    for (std::size_t k = 0; k < g.mass.size() && k + 1 < f.edges.size(); ++k) {
      pts.append({f.edges[k], g.mass[k]});
      pts.append({f.edges[k + 1], g.mass[k]});
    }
    line->replace(pts);
    QPen pen(paletteColour(looks[std::size_t(i)].palette), chartPenWidth(2));
    pen.setStyle(looks[std::size_t(i)].style);
    if (!g.overlay.empty()) pen = overlayPen(pen.color(), overlayIndex(overlays, g.overlay), g.dashed);
    line->setPen(pen);
    markOverlay(line, g.overlay);
    ++i;
    chart->addSeries(line);
  }
  attachAxes(chart, qs(f.xLabel), qs(kHistogramYLabel), plotAxes(f));
  // A group without a legend entry (plot_axes.h: histogramGroupInLegend) is hidden from the fitter's legend.
  const auto series = chart->series();
  for (std::size_t k = 0; k < f.groups.size(); ++k) {
    if (!histogramGroupInLegend(f, k)) {
      series[int(k)]->setProperty("dpwHidden", true);
      for (QLegendMarker* marker : chart->legend()->markers(series[int(k)])) {
        marker->setVisible(false);
        marker->setProperty("dpwHidden", true);
      }
    }
  }
  return chart;
}

/// Smallest nice step (1, 2, 2.5, 5 x 10^k) that puts at most `maxTicks` intervals on `span`.
double niceStepAtMost(double span, int maxTicks) {
  maxTicks = std::max(1, maxTicks);
  const double raw = span / maxTicks;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (double f : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (f * mag >= raw * (1 - 1e-12)) return f * mag;
  return 10 * mag;
}

/// Tick intervals wide enough for their labels at the chart's current plot size, so labels are never
/// elided ("2... 4..."): at least the widest label plus a gap between horizontal ticks, and about two
/// label heights between vertical ones; never more than the five intervals of niceStep.
void fitTicks(QChart* chart) {
  const QRectF plot = chart->plotArea();
  if (plot.width() < 20 || plot.height() < 20) return;
  for (QAbstractAxis* axis : chart->axes()) {
    auto* a = qobject_cast<QValueAxis*>(axis);
    if (!a || isLogAxis(a) || a->tickType() != QValueAxis::TicksDynamic) continue;
    const double span = a->max() - a->min();
    if (!(span > 0)) continue;
    const QFontMetricsF fm(a->labelsFont());
    double room = 0;
    if (a->orientation() == Qt::Horizontal) {
      double widest = 0;
      const double probe = niceStep(span);
      for (double v = std::ceil(a->min() / probe) * probe; v <= a->max() + probe * 1e-9; v += probe)
        widest = std::max(widest, fm.horizontalAdvance(QString::asprintf("%g", std::abs(v) < probe * 1e-9 ? 0.0 : v)));
      room = plot.width() / (widest + 14);
    } else {
      room = plot.height() / (2.2 * fm.height());
    }
    const int maxTicks = std::clamp(int(std::floor(room)), 1, 5);
    const double step = std::max(niceStep(span), niceStepAtMost(span, maxTicks));
    if (std::abs(a->tickInterval() - step) > 1e-12 * step) a->setTickInterval(step);
  }
}

/// `text` fitted into `width` with `font` as titleLines (chart_style.h) lays it out, the lines joined
/// as HTML, which chart and axis titles render. Returns the text and sets `font`.
QString fitText(const QString& text, double width, QFont& font, double basePointSize) {
  QStringList lines = titleLines(text, width, font, basePointSize);
  for (QString& l : lines) l = l.toHtmlEscaped();
  return lines.join("<br>");
}

/// Keeps every text of a chart whole at its current size: the title and horizontal axis titles are
/// broken into two lines when too long; tick intervals leave room for their labels; and the legend
/// (drawn by this class instead of QLegend, which elides names and never wraps) lists every series
/// in full, wrapped into as many rows under the plot as it needs.
class ChartTextFitter : public QObject {
 public:
  explicit ChartTextFitter(QChart* chart) : QObject(chart), chart_(chart), legend_(new QGraphicsTextItem(chart)) {
    titleSize_ = chart->titleFont().pointSizeF();
    const QFont f = chartFont(kLegendPointSize, legend_->font());
    legendSize_ = f.pointSizeF();
    legend_->setFont(f);
    legend_->setZValue(10);
    connect(chart, &QGraphicsWidget::geometryChanged, this, &ChartTextFitter::fit);
    connect(chart, &QChart::plotAreaChanged, this, [this] { fitTicks(chart_); fitAxisTitles(); });
  }

  void fit() {
    const QSizeF size = chart_->size();
    if (size.width() < 40) return;
    // Title (the frame's title is kept as the chart's tooltip-free plain text in a property).
    const QString title = chart_->property("dpwTitle").toString();
    QFont tf = chart_->titleFont();
    // Qt Charts elides a title wider than the chart less its margins and padding: keep well inside.
    QString fitted = fitText(title, 0.9 * size.width() - 40, tf, titleSize_);
    // A log axis (a category axis with its labels on the values) centres its top label on the plot's top
    // edge, half a label above the plot, in the room Qt Charts gives the title: it reserves space for a
    // value axis's labels, not for these, and at 115% zoom the title touched the label ("10" under
    // "exp(ε)"). An empty line half a label high under the title keeps that room.
    for (QAbstractAxis* axis : chart_->axes(Qt::Vertical))
      if (auto* c = qobject_cast<QCategoryAxis*>(axis); c && c->isVisible() && c->labelsVisible()) {
        const int px = int(std::ceil(QFontMetricsF(c->labelsFont()).height() / 2));
        fitted += QStringLiteral("<div style='font-size:%1px'>&nbsp;</div>").arg(px);
        break;
      }
    if (chart_->title() != fitted || chart_->titleFont() != tf) {  // the same lines can come at another size
      chart_->setTitleFont(tf);
      chart_->setTitle(fitted);
    }
    // Legend: entries packed greedily into rows that fit the chart's width (measured, not left to the
    // text layout, which would break inside a name at '/' or '-'); more than three rows at the normal
    // size would squeeze the plot, so they are packed again at a smaller size.
    struct Entry {
      QString html, text;   // the glyph and name, as drawn and as plain text
      QString glyphHtml, glyph;
    };
    std::vector<Entry> entries;
    QStringList overlaysListed;  // another run's curves: one entry per run, under its label
    if (chart_->property("dpwLegend").toBool())
      for (QAbstractSeries* series : chart_->series()) {
        auto* xy = qobject_cast<QXYSeries*>(series);
        if (!xy || xy->property("dpwHidden").toBool() || xy->name().isEmpty()) continue;
        const QString overlay = xy->property("dpwOverlay").toString();
        if (!overlay.isEmpty() && overlaysListed.contains(overlay)) continue;
        if (!overlay.isEmpty()) overlaysListed << overlay;
        const Qt::PenStyle style = xy->pen().style();
        const bool points = qobject_cast<QScatterSeries*>(xy) != nullptr;
        const QString glyph = points                       ? QStringLiteral("●")
                              : style == Qt::SolidLine       ? QStringLiteral("━━")
                              : style == Qt::DotLine         ? QStringLiteral("┈┈")
                              : style == Qt::DashDotLine     ? QStringLiteral("━·━")
                              : style == Qt::DashDotDotLine  ? QStringLiteral("━··")
                                                             : QStringLiteral("╍╍");
        const QString shown = overlay.isEmpty() ? legendName(title, xy->name()) : overlay;
        QString name = shown.toHtmlEscaped();
        name.replace(' ', "&nbsp;");
        const QColor glyphColour = !overlay.isEmpty() ? QColor(0x888888) : points ? xy->color() : xy->pen().color();
        const QString glyphHtml = QStringLiteral("<span style='color:%1'>%2</span>").arg(glyphColour.name(), glyph);
        entries.push_back({glyphHtml + "&nbsp;" + name, glyph + QChar(0x00A0) + shown, glyphHtml, glyph});
      }
    legend_->setVisible(!entries.empty());
    QMargins margins = chart_->margins();
    if (entries.empty()) {
      margins.setBottom(baseBottom_);
    } else {
      QStringList rows;
      double widest = 0;
      auto pack = [&](const QFont& font) {
        const QFontMetricsF fm(font);
        const double room = size.width() - 24, gap = fm.horizontalAdvance(QStringLiteral("    "));
        rows.clear();
        widest = 0;
        QString row;
        double used = 0;
        auto endRow = [&] {
          if (row.isEmpty()) return;
          rows << row;
          widest = std::max(widest, used);
          row.clear();
          used = 0;
        };
        for (const auto& e : entries) {
          const double w = fm.horizontalAdvance(e.text);
          if (w > room) {  // wider than the chart by itself: rows of its own, the name broken at spaces
            endRow();
            const QStringList lines =
                wrapWords(e.text, [&](const QString& line) { return fm.horizontalAdvance(line) <= room; });
            for (qsizetype i = 0; i < lines.size(); ++i) {  // the first starts with the glyph (joined by a no-break space)
              QString html = (i == 0 ? lines[i].mid(e.glyph.size() + 1) : lines[i]).toHtmlEscaped();
              html.replace(' ', "&nbsp;");
              rows << (i == 0 ? e.glyphHtml + "&nbsp;" : QString()) + html;
              widest = std::max(widest, fm.horizontalAdvance(lines[i]));
            }
            continue;
          }
          if (!row.isEmpty() && used + gap + w > room) endRow();
          row += (row.isEmpty() ? QString() : QStringLiteral("&nbsp;&nbsp;&nbsp;&nbsp;")) + e.html;
          used += (used > 0 ? gap : 0) + w;
        }
        endRow();
      };
      QFont font = legend_->font();
      font.setPointSizeF(legendSize_);
      pack(font);
      if (rows.size() > 3) {
        font.setPointSizeF(legendSize_ * 0.85);
        pack(font);
      }
      legend_->setFont(font);
      legend_->setTextWidth(std::min(size.width() - 8, widest + 16));  // rows centred on the widest
      legend_->setHtml(QStringLiteral("<p style='white-space:pre' align=center>%1</p>").arg(rows.join("<br>")));
      const QRectF box = legend_->boundingRect();
      // 6 px above the chart's edge: the view's frame hides the last pixels of the scene.
      legend_->setPos(std::max(4.0, (size.width() - box.width()) / 2), size.height() - box.height() - 6);
      margins.setBottom(baseBottom_ + int(std::ceil(box.height())) + 4);
    }
    if (margins != chart_->margins()) chart_->setMargins(margins);
  }

  void fitAxisTitles() {
    const QRectF plot = chart_->plotArea();
    for (QAbstractAxis* axis : chart_->axes()) {
      QString title = axis->property("dpwTitle").toString();
      if (title.isEmpty()) continue;
      QFont f = axis->titleFont();
      const double base = axis->property("dpwTitleSize").toDouble();
      const QString fitted =
          fitText(title, (axis->orientation() == Qt::Horizontal ? plot.width() : plot.height()) - 8, f, base);
      if (axis->titleText() != fitted || axis->titleFont() != f) {
        axis->setTitleFont(f);
        axis->setTitleText(fitted);
      }
    }
  }

 private:
  QChart* chart_;
  QGraphicsTextItem* legend_;
  double titleSize_ = 10;
  double legendSize_ = 8;
  int baseBottom_ = 4;
};

/// The Qt series of `frame` (see Part), in the order linesChart and histogramChart add them.
/// Pictures (points, heatmaps, images) have no Qt series: they are painted (plot_painter.h). One lambda
/// per frame kind and no catch-all, so a new kind must say which it is to compile (core/overloaded.h).
std::vector<Part> frameParts(const dpw::Frame& frame, int columns) {
  return std::visit(dpw::Overloaded{
                        [&](const dpw::LinesFrame& f) { return linesParts(f, columns); },
                        [](const dpw::HistogramFrame& h) { return histogramParts(h); },
                        [](const dpw::PointsFrame&) { return std::vector<Part>{}; },
                        [](const dpw::HeatmapFrame&) { return std::vector<Part>{}; },
                        [](const dpw::ImagesFrame&) { return std::vector<Part>{}; },
                    },
                    frame.data);
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

bool updateChart(QChart* chart, const dpw::Frame& frame, bool autoScale, int columns, bool settle) {
  const std::vector<Part> parts = frameParts(frame, columns);
  const auto series = chart->series();
  if (series.size() != int(parts.size()) || parts.empty()) return false;
  for (int i = 0; i < series.size(); ++i)
    if (series[i]->name() != qs(parts[i].name) || series[i]->property("dpwPart").toBool() == parts[i].first) return false;
  if (chart->property("dpwTitle").toString() != qs(frame.title)) {
    chart->setProperty("dpwTitle", qs(frame.title));
    chart->setTitle(qs(frame.title).toHtmlEscaped());
    // ChartTextFitter has no Q_OBJECT, so findChild<ChartTextFitter*> would match any child QObject;
    // dynamic_cast finds the fitter itself.
    for (QObject* child : chart->children())
      if (auto* fitter = dynamic_cast<ChartTextFitter*>(child)) fitter->fit();
  }
  const bool histogram = std::holds_alternative<dpw::HistogramFrame>(frame.data);
  for (int i = 0; i < series.size(); ++i) {
    auto* xy = static_cast<QXYSeries*>(series[i]);
    xy->replace(parts[i].points);
    if (!histogram && !qobject_cast<QScatterSeries*>(xy)) xy->setPointsVisible(parts[i].points.size() < 3);
  }
  // The frame's data range by the rule of both renderers (plot_axes.h), in data units (log axes too).
  // frameParts above returned no series for the other kinds, so they never reach this visit.
  const DataRange b = std::visit(dpw::Overloaded{
                                     [](const dpw::LinesFrame& f) { return dataRange(f); },
                                     [](const dpw::HistogramFrame& h) { return dataRange(h); },
                                     [](const dpw::PointsFrame&) { return DataRange{}; },
                                     [](const dpw::HeatmapFrame&) { return DataRange{}; },
                                     [](const dpw::ImagesFrame&) { return DataRange{}; },
                                 },
                                 frame.data);
  if (!autoScale || !b.any) return true;
  // A histogram frame replaces all its bars (a line's points only grow), so a peak that falls leaves its
  // axis loose: its value axis refits when the bars have used under 70% of it for three frames in a row
  // (a fresh fit leaves them 75% or more; the three frames keep a noisy peak from making the axis jump
  // every frame), a line chart's at once when its data use under 40%.
  auto widen = [settle](QAbstractAxis* axis, double lo, double hi, bool headroom, double refitBelow = 0.4,
                        int shrinkAfter = 1) {
    if (isLogAxis(axis)) {  // whole decades (the axis holds their log10), refit when the data spans few
      auto* la = static_cast<QCategoryAxis*>(axis);
      const auto [dlo, dhi] = decadeRange(lo, hi);
      const bool fits = std::log10(dlo) >= la->min() - 1e-9 && std::log10(dhi) <= la->max() + 1e-9;
      const bool fills = std::log10(dhi / dlo) >= 0.5 * (la->max() - la->min());
      // The labels follow the data (two of them inside it) even while the range stays.
      if (fits && fills && !settle) {
        const double keepLo = std::pow(10.0, la->min()), keepHi = std::pow(10.0, la->max());
        QStringList labels;
        for (double t : logTicks(keepLo, keepHi, lo, hi)) labels << QString::number(t, 'g', 4);
        if (labels == la->categoriesLabels()) return;
      }
      setLogAxis(la, logAxis(lo, hi));
      return;
    }
    auto* a = qobject_cast<QValueAxis*>(axis);
    if (!a) return;
    const double span = a->max() - a->min();
    const bool fits = lo >= a->min() && (headroom ? a->max() - hi > kTopGap * span : hi <= a->max());
    const bool fills = (hi - lo) >= refitBelow * span;
    const int lowFrames = fits && !fills ? a->property("dpwLowFrames").toInt() + 1 : 0;  // in a row
    const bool keep = fits && (fills || lowFrames < shrinkAfter) && !settle;
    a->setProperty("dpwLowFrames", keep ? lowFrames : 0);
    if (keep) return;  // leave the axis alone: axes rescale rarely
    // Grow to cover the data; refit (shrink) only when the data uses a small part of the axis, or to
    // settle it on the data alone.
    setLinearAxis(a, fills && !settle ? linearAxis(std::min(lo, a->min()), std::max(hi, a->max()), headroom)
                                      : linearAxis(lo, hi, headroom));
  };
  const auto h = chart->axes(Qt::Horizontal), v = chart->axes(Qt::Vertical);
  if (!h.isEmpty()) widen(h.first(), b.x0, b.x1, false);
  if (!v.isEmpty()) widen(v.first(), b.y0, b.y1, b.flatTop, histogram ? 0.7 : 0.4, histogram ? 3 : 1);
  fitTicks(chart);
  return true;
}

QChart* buildChart(const dpw::Frame& frame, int columns) {
  // One lambda per frame kind and no catch-all (core/overloaded.h): pictures are painted (plot_painter.h).
  QChart* chart = std::visit(dpw::Overloaded{
                                 [columns](const dpw::LinesFrame& f) { return linesChart(f, columns); },
                                 [](const dpw::HistogramFrame& h) { return histogramChart(h); },
                                 [](const dpw::PointsFrame&) -> QChart* { return nullptr; },
                                 [](const dpw::HeatmapFrame&) -> QChart* { return nullptr; },
                                 [](const dpw::ImagesFrame&) -> QChart* { return nullptr; },
                             },
                             frame.data);
  if (chart) {
    chart->setProperty("dpwTitle", qs(frame.title));
    chart->setTitle(qs(frame.title).toHtmlEscaped());
    // Every text at its base size times the zoom (chart_style.h), read when the chart is built.
    chart->setTitleFont(chartFont(kTitlePointSize, chart->titleFont(), true));
    chart->setTitleBrush(kTitleColour);  // as the QPainter charts draw theirs
    for (QAbstractAxis* axis : chart->axes()) {
      axis->setLabelsFont(chartFont(kTickPointSize, axis->labelsFont()));
      axis->setTitleFont(chartFont(kAxisTitlePointSize, axis->titleFont()));
      axis->setTitleBrush(kTitleColour);
      axis->setProperty("dpwTitle", axis->titleText());
      axis->setProperty("dpwTitleSize", axis->titleFont().pointSizeF());
      axis->setTitleText(axis->titleText().toHtmlEscaped());
    }
    // QLegend elides long names and never wraps; the fitter draws the whole legend instead (every
    // series, wrapped under the plot), and keeps titles and tick labels whole at any size.
    chart->legend()->setVisible(false);
    chart->setProperty("dpwLegend", true);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    new ChartTextFitter(chart);
  }
  return chart;
}

// The file renderers of plot_painter.h draw through the Qt Charts painter installed above.
QImage renderFrame(const dpw::Frame& frame, QSize size, qreal scale) { return renderFrameImage(frame, size, scale); }

bool writeFrameSvg(const dpw::Frame& frame, const QString& path, QString* error, QSize size) {
  return writeFrameSvgFile(frame, path, error, size);
}

}  // namespace dpwapp
