// Charts read whole at the sizes the main window gives them (#13): at 360 x 300 pixels (a chart of
// the default 1400 x 860 window) every legend name is shown in full, a long title keeps every word,
// and horizontal tick labels are never closer than their own width. And from the back of a lecture
// hall (#19): one text scale reaches every chart text in both renderers, log axes label two ticks
// inside the data, heat maps have tick numbers, the f-DP audit boxes are separate boxes under their
// points, and the palette stays apart for colour-blind viewers.
#include <QBuffer>
#include <QGraphicsScene>
#include <QPainter>
#include <QSvgGenerator>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QScatterSeries>
#include <QGraphicsTextItem>
#include <QRegularExpression>
#include <QTextDocument>
#include <QtCharts/QChart>
#include <QtCharts/QValueAxis>
#include <QtTest>

#include "charts/chart_builder.h"
#include "charts/chart_style.h"
#include "charts/plot_painter.h"
#include "core/method.h"
#include "core/output_classes.h"

namespace {

dpw::FramePtr crowdedFrame() {
  dpw::LinesFrame f{"order (μ for WDP, α for RDP)", "privacy budget", {}};
  const char* names[] = {"RDP (Balle et al.)", "RDP (Mironov)", "RDP w/o replacement", "GDP (CLT)", "GDP uniform (CLT)",
                         "PLD", "particles → held-out", "private data → held-out (floor)"};
  int i = 0;
  for (const char* n : names) {
    dpw::Series s{n, {}, {}};
    for (int x = 0; x <= 1000; x += 50) s.x.push_back(x), s.y.push_back(0.001 * x * (1 + i));
    f.series.push_back(s);
    ++i;
  }
  return dpw::makeFrame("crowded", "Basic mechanisms: WDP vs RDP budget by order ([WDP] Fig. 1) with a long tail", 1, f);
}

QString plain(const QString& html) {
  QTextDocument d;
  d.setHtml(html);
  return d.toPlainText().replace(QChar(0x00A0), ' ').replace('\n', ' ');
}

/// A chart laid out at `size` in its own scene (the scene owns the chart).
struct LaidOutChart {
  QGraphicsScene scene;
  QChart* chart = nullptr;
  explicit LaidOutChart(const dpw::Frame& frame, QSizeF size = {480, 360}) : chart(dpwapp::buildChart(frame)) {
    if (!chart) return;
    scene.addItem(chart);
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
  }
};

/// The labelled values of a log axis drawn by Qt Charts (log10 coordinates, category labels).
std::vector<double> qtLogLabels(QChart* chart, Qt::Orientation o) {
  std::vector<double> out;
  for (QAbstractAxis* axis : chart->axes(o))
    if (auto* c = qobject_cast<QCategoryAxis*>(axis); c && c->property("dpwLog").toBool())
      for (const QString& l : c->categoriesLabels()) out.push_back(std::pow(10.0, c->endValue(l)));
  return out;
}

int countInside(const std::vector<double>& ticks, double lo, double hi) {
  return int(std::count_if(ticks.begin(), ticks.end(), [&](double t) { return t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9); }));
}

/// The SVG the painted renderer (dpwlab-cli's) draws for `frame`.
QByteArray paintedSvg(const dpw::Frame& frame, QSize size = {600, 400}) {
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  {
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    QPainter p(&svg);
    dpwapp::paintFrame(frame, p, QRectF(QPointF(0, 0), size));
  }
  return buffer.data();
}

/// The texts of an SVG's <text> elements.
QStringList svgTexts(const QByteArray& svg) {
  QStringList out;
  static const QRegularExpression re("<text[^>]*>([^<]*)</text>");
  for (auto it = re.globalMatch(QString::fromUtf8(svg)); it.hasNext();) out << it.next().captured(1).trimmed();
  return out;
}

/// Brettel/Viénot dichromat simulation in linear RGB (Viénot, Brettel & Mollon 1999, Table 1 as used
/// by DaltonLens), then CIE L*a*b*: how far apart two colours stay for a protanope or deuteranope.
double labDistance(const QColor& a, const QColor& b, int kind) {
  auto lin = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
  auto lab = [&](const QColor& q) {
    double r = lin(q.redF()), g = lin(q.greenF()), bl = lin(q.blueF());
    if (kind == 1) {  // protanopia
      const double r2 = 0.11238 * r + 0.88762 * g, g2 = 0.11238 * r + 0.88762 * g, b2 = 0.00401 * r - 0.00401 * g + bl;
      r = r2, g = g2, bl = b2;
    } else if (kind == 2) {  // deuteranopia
      const double r2 = 0.29275 * r + 0.70725 * g, g2 = 0.29275 * r + 0.70725 * g, b2 = -0.02234 * r + 0.02234 * g + bl;
      r = r2, g = g2, bl = b2;
    }
    const double X = 0.4124 * r + 0.3576 * g + 0.1805 * bl, Y = 0.2126 * r + 0.7152 * g + 0.0722 * bl,
                 Z = 0.0193 * r + 0.1192 * g + 0.9505 * bl;
    auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
    const double fx = f(X / 0.95047), fy = f(Y), fz = f(Z / 1.08883);
    return std::array<double, 3>{116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
  };
  const auto p = lab(a), q = lab(b);
  return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

}  // namespace

class TestChartReadability : public QObject {
  Q_OBJECT
 private slots:
  void everyTextWholeAtWindowSize() {
    const auto frame = crowdedFrame();
    QChart* chart = dpwapp::buildChart(*frame);
    QVERIFY(chart);
    QGraphicsScene scene;  // owns the chart
    scene.addItem(chart);
    chart->setGeometry(QRectF(0, 0, 360, 300));
    QCoreApplication::sendPostedEvents();  // lay out (plot area, ticks, axis titles)
    QCoreApplication::processEvents();

    // Legend: one text item holding every series name in full.
    QString legend;
    for (QGraphicsItem* item : chart->childItems())
      if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible()) legend += text->toPlainText();
    legend.replace(QChar(0x00A0), ' ');
    for (const auto& s : std::get<dpw::LinesFrame>(frame->data).series)
      QVERIFY2(legend.contains(QString::fromStdString(s.name)), qPrintable(QString::fromStdString(s.name) + " | " + legend));
    QVERIFY(!chart->legend()->isVisible());  // QLegend (which elides) is not used

    // Title: every word, no ellipsis; broken into lines instead.
    const QString title = plain(chart->title());
    QCOMPARE(title.simplified(), QString::fromStdString(frame->title));
    QVERIFY(!title.contains(QStringLiteral("...")) && !title.contains(QChar(0x2026)));
    // ... and each of its lines fits the chart's width in the title's font (Qt Charts elides otherwise).
    for (const QString& line : chart->title().split("<br>")) {
      const double w = QFontMetricsF(chart->titleFont()).horizontalAdvance(plain(line));
      QVERIFY2(w <= 360 - 20, qPrintable(QString("title line '%1' is %2 px wide").arg(plain(line)).arg(w)));
    }

    // Ticks: label width plus a gap fits between two horizontal ticks.
    auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).first());
    QVERIFY(x);
    const double pixelsPerTick = chart->plotArea().width() * x->tickInterval() / (x->max() - x->min());
    const double label = QFontMetricsF(x->labelsFont()).horizontalAdvance(QString::number(x->max()));
    QVERIFY2(pixelsPerTick >= label + 8, qPrintable(QString("%1 px per tick, label %2 px").arg(pixelsPerTick).arg(label)));
    // The axis title keeps every word too.
    QCOMPARE(plain(x->titleText()).simplified(), QStringLiteral("order (μ for WDP, α for RDP)"));
  }

  // Log axes label at least two ticks inside the data's range, in both renderers: the accountant
  // explorer's default run (curves from about 0.4 to 100) and the flows-vs-generator ranges of #19
  // (the winning curve between 0.03 and 0.4, where decades alone labelled only 0.1).
  void logAxesLabelTwoTicksInsideTheData() {
    std::vector<dpw::FramePtr> frames;
    {
      const auto& m = dpw::findMethod("accountant-explorer");
      dpw::LatestFramesObserver obs;
      m.run(dpw::ParamValues(m.params), 1, obs);
      frames = obs.latestPerChart();
    }
    dpw::LinesFrame flows{"ε", "Fréchet distance", {}, true, true};
    flows.series.push_back({"DPSWflow-r", {1, 5, 10}, {0.4, 0.12, 0.03}});
    flows.series.push_back({"DPSWgen", {1, 5, 10}, {0.38, 0.36, 0.35}});
    frames.push_back(dpw::makeFrame("flows_vs_generator", "Flow vs generator", 1, flows));
    int logAxes = 0;
    for (const auto& f : frames) {
      const auto* lines = std::get_if<dpw::LinesFrame>(&f->data);
      if (!lines || !(lines->logX || lines->logY)) continue;
      for (const bool vertical : {false, true}) {
        if (!(vertical ? lines->logY : lines->logX)) continue;
        ++logAxes;
        double lo = INFINITY, hi = -INFINITY;
        for (const auto& s : lines->series)
          for (double v : vertical ? s.y : s.x)
            if (std::isfinite(v) && v > 0) lo = std::min(lo, v), hi = std::max(hi, v);
        const auto [dlo, dhi] = dpwapp::decadeRange(lo, hi);
        const QString what = QString("%1 (%2 axis, data %3 .. %4)").arg(QString::fromStdString(f->chart), vertical ? "y" : "x").arg(lo).arg(hi);
        QVERIFY2(countInside(dpwapp::logTicks(dlo, dhi, lo, hi), lo, hi) >= 2, qPrintable("painted: " + what));
        LaidOutChart c(*f);
        const auto labels = qtLogLabels(c.chart, vertical ? Qt::Vertical : Qt::Horizontal);
        QVERIFY2(countInside(labels, lo, hi) >= 2, qPrintable("Qt Charts: " + what));
      }
    }
    QVERIFY(logAxes >= 3);  // the explorer's log chart(s) and both axes of the flows chart
    // The painted renderer writes those labels: 0.05 and 0.2 (1-2-5) on the flows chart.
    const QStringList texts = svgTexts(paintedSvg(*frames.back()));
    QVERIFY2(texts.contains("0.05") && texts.contains("0.2") && texts.contains("0.1"), qPrintable(texts.join('|')));
    // Whole decades stay when the data spans more than two of them (no clutter).
    QCOMPARE(dpwapp::logTicks(1e-3, 10, 2e-3, 8).size(), std::size_t(5));
    // One decade gets 1-2-5 labels even when both its ends are data (the flows-vs-generator ε axis,
    // ε = 1, 2, 5, 10, was labelled 1 and 10 only).
    QCOMPARE(dpwapp::logTicks(1, 10, 1, 10), (std::vector<double>{1, 2, 5, 10}));
    // A band across a decade boundary narrower than one multiple to the next (DPSWgen's loss, 9.6 ..
    // 10.5): whole decades [1, 100] drew it as a line under 19 labels, which Qt elided to "…". Now the
    // axis spans the band with a few stepped labels, in both renderers.
    const auto [blo, bhi] = dpwapp::decadeRange(9.6, 10.5);
    QVERIFY2(blo >= 9 && bhi <= 11, qPrintable(QString("%1 .. %2").arg(blo).arg(bhi)));
    const std::vector<double> band = dpwapp::logTicks(blo, bhi, 9.6, 10.5);
    QVERIFY2(band.size() <= 8 && countInside(band, 9.6, 10.5) >= 2, qPrintable(QString::number(band.size())));
    dpw::LinesFrame loss{"step", "DP-SWD", {{"loss", {0, 1, 2, 3}, {9.6, 10.5, 9.9, 10.2}}}, false, true};
    const auto lossFrame = dpw::makeFrame("loss", "Training loss", 1, loss);
    LaidOutChart lossChart(*lossFrame);
    const auto lossLabels = qtLogLabels(lossChart.chart, Qt::Vertical);
    QVERIFY2(lossLabels.size() <= 8 && countInside(lossLabels, 9.6, 10.5) >= 2, qPrintable(QString::number(lossLabels.size())));
  }

  // One scale (Ctrl++/Ctrl+-, presentation mode) reaches the title, ticks, axis titles and legend of
  // both renderers.
  void textScaleReachesEveryChartText() {
    const auto frame = crowdedFrame();
    auto sizes = [&] {
      LaidOutChart c(*frame, {900, 700});
      QString legendFont;
      double legend = 0;
      for (QGraphicsItem* item : c.chart->childItems())
        if (auto* t = dynamic_cast<QGraphicsTextItem*>(item); t && t->isVisible()) legend = t->font().pointSizeF();
      const QAbstractAxis* x = c.chart->axes(Qt::Horizontal).first();
      return std::array<double, 4>{c.chart->titleFont().pointSizeF(), x->labelsFont().pointSizeF(),
                                   x->titleFont().pointSizeF(), legend};
    };
    dpwapp::setChartTextScale(1);
    const auto normal = sizes();
    dpwapp::setChartTextScale(2);
    const auto twice = sizes();
    dpwapp::setChartTextScale(1);
    const char* names[] = {"title", "ticks", "axis title", "legend"};
    for (int i = 0; i < 4; ++i)
      QVERIFY2(twice[i] >= 1.6 * normal[i] && normal[i] >= 8, qPrintable(QString("%1: %2 pt -> %3 pt").arg(names[i]).arg(normal[i]).arg(twice[i])));
    // The painted renderer: the title's ink is about twice as tall.
    auto titleInk = [&](double scale) {
      dpwapp::setChartTextScale(scale);
      QImage img(900, 700, QImage::Format_RGB32);
      img.fill(Qt::white);
      QPainter p(&img);
      dpwapp::paintFrame(*dpw::makeFrame("t", "Title", 1, dpw::LinesFrame{"x", "y", {{"a", {0, 1}, {0, 1}}}}), p, img.rect());
      p.end();
      dpwapp::setChartTextScale(1);
      int top = -1, bottom = -1;  // the first run of rows with ink: the title's letters
      for (int y = 0; y < 150 && (top < 0 || bottom == y - 1); ++y)
        for (int x = 300; x < 600; ++x)
          if (qGray(img.pixel(x, y)) < 128) {
            if (top < 0) top = y;
            bottom = y;
            break;
          }
      return bottom - top;
    };
    const int one = titleInk(1), two = titleInk(2);
    QVERIFY2(one > 5 && two >= 1.7 * one, qPrintable(QString("title ink %1 px -> %2 px").arg(one).arg(two)));
  }

  // The f-DP view: a NaN breaks a line into parts (no line joins two Clopper-Pearson boxes), one legend
  // entry per series, and the measured points are markers drawn last (on top).
  void auditBoxesAreSeparateUnderTheirPoints() {
    const auto& m = dpw::findMethod("privacy-tradeoff");
    dpw::LatestFramesObserver obs;
    m.run(dpw::ParamValues(m.params), 42, obs);
    dpw::FramePtr tradeoff;
    for (const auto& f : obs.latestPerChart())
      if (f->chart == "tradeoff") tradeoff = f;
    QVERIFY(tradeoff);
    const auto& lines = std::get<dpw::LinesFrame>(tradeoff->data);
    const auto boxes = std::find_if(lines.series.begin(), lines.series.end(), [](const auto& s) { return s.name.find("Clopper") != std::string::npos; });
    QVERIFY(boxes != lines.series.end());
    const long breaks = std::count_if(boxes->x.begin(), boxes->x.end(), [](double v) { return std::isnan(v); });
    QVERIFY(breaks >= 8);
    LaidOutChart c(*tradeoff);
    int boxParts = 0, legendBoxes = 0;
    for (QAbstractSeries* s : c.chart->series())
      if (s->name() == QString::fromStdString(boxes->name)) {
        ++boxParts;
        legendBoxes += !s->property("dpwHidden").toBool();
        for (const QPointF& pt : static_cast<QXYSeries*>(s)->points()) QVERIFY(std::isfinite(pt.x()) && std::isfinite(pt.y()));
        QCOMPARE(static_cast<QXYSeries*>(s)->count(), 5);  // one closed box
      }
    QCOMPARE(boxParts, int(breaks));
    QCOMPARE(legendBoxes, 1);
    auto* last = qobject_cast<QScatterSeries*>(c.chart->series().last());
    QVERIFY2(last, "the empirical points are not the last (top) series, or not markers");
    QVERIFY(last->name().contains("empirical"));
  }

  // Heat maps (transport plans) carry tick numbers on both axes, in the units the frame gives.
  void heatMapsHaveTickNumbers() {
    dpw::HeatmapFrame h{"fair score", "score", 4, 4, std::vector<double>(16, 1.0)};
    h.x0 = 0, h.x1 = 1, h.y0 = 0, h.y1 = 2;
    const QStringList texts = svgTexts(paintedSvg(*dpw::makeFrame("transport_0", "Transport plan: group 0", 0, h)));
    for (const char* t : {"0.2", "0.8", "0.5", "1.5", "2"}) QVERIFY2(texts.contains(t), qPrintable(QString(t) + " | " + texts.join('|')));
    dpw::HeatmapFrame counts{"j", "i", 3, 5, std::vector<double>(15, 1.0)};  // no ranges: indices 1 .. n
    const QStringList c = svgTexts(paintedSvg(*dpw::makeFrame("m", "Matrix", 0, counts)));
    QVERIFY2(c.contains("1") && c.contains("5") && c.contains("3"), qPrintable(c.join('|')));
  }

  // Colours that carry meaning stay apart for colour-blind viewers: every pair of the first six
  // palette colours (the ones charts use for up to six curves or groups) is at least ΔE 15 apart
  // (CIE76; about three times a just-noticeable difference for thick lines) in normal vision and
  // simulated protanopia and deuteranopia. The old palette's red #d62728 and green #2ca02c are
  // ΔE 8.2 apart for a deuteranope, its blue and purple 7.8 for a protanope: both fail. Measured:
  // the closest pair now is bluish green and reddish purple for a deuteranope, ΔE 19.0. Point
  // groups differ in marker shape too.
  void paletteStaysApartForColourBlindViewers() {
    QVERIFY(labDistance(QColor(0xd62728), QColor(0x2ca02c), 2) < 15);  // the check can fail
    QVERIFY(labDistance(QColor(0x1f77b4), QColor(0x9467bd), 1) < 15);
    for (int kind : {0, 1, 2})
      for (int i = 0; i < 6; ++i)
        for (int j = i + 1; j < 6; ++j) {
          const double d = labDistance(dpwapp::paletteColour(i), dpwapp::paletteColour(j), kind);
          QVERIFY2(d >= 15, qPrintable(QString("colours %1 and %2: ΔE %3 (vision %4)").arg(i).arg(j).arg(d).arg(kind)));
        }
    for (int g = 0; g < 4; ++g)
      for (int h = g + 1; h < 4; ++h) QVERIFY(dpwapp::markerShape(g) != dpwapp::markerShape(h));
    // Curves coloured by position get a line style too (dash-dot, dot, dash-dot-dot from the third
    // on; plain dashes keep their meaning), in the Qt Charts renderer and in the legend's glyph.
    LaidOutChart c(*crowdedFrame(), {900, 700});
    const auto series = c.chart->series();
    QSet<int> styles;
    for (int i = 0; i < 5; ++i) {
      const Qt::PenStyle st = qobject_cast<QXYSeries*>(series[i])->pen().style();
      QVERIFY(st != Qt::DashLine);
      if (i >= 2) QVERIFY2(st != Qt::SolidLine, qPrintable(QString("curve %1 is solid").arg(i)));
      styles.insert(int(st));
    }
    QCOMPARE(styles.size(), 4);  // solid, dash-dot, dot, dash-dot-dot
    QString legend;
    for (QGraphicsItem* item : c.chart->childItems())
      if (auto* t = dynamic_cast<QGraphicsTextItem*>(item); t && t->isVisible()) legend += t->toPlainText();
    QVERIFY2(legend.contains(QStringLiteral("━·━")) && legend.contains(QStringLiteral("┈┈")), qPrintable(legend));
  }

  // A line at the top of the data is not drawn on the chart's frame: the audit's claimed ε (1, flat)
  // lay on the top edge of an axis ending at 1. A value axis whose top is a line gets a step of headroom
  // when that line lands exactly on the top tick; step axes do not (steps 0 .. 500 end at 500).
  void topOfTheDataIsNotOnTheFrame() {
    QCOMPARE(dpwapp::niceRange(0, 1, true), (std::pair<double, double>{0, 1.2}));
    QCOMPARE(dpwapp::niceRange(0, 0.97, true), (std::pair<double, double>{0, 1}));
    QCOMPARE(dpwapp::niceRange(0, 0.0795, true), (std::pair<double, double>{0, 0.1}));  // 0.6% below the frame
    QCOMPARE(dpwapp::niceRange(0, 0.0795, false), (std::pair<double, double>{0, 0.08}));
    QCOMPARE(dpwapp::niceRange(0, 500, false), (std::pair<double, double>{0, 500}));
    dpw::LinesFrame f{"trials per data set", "ε", {}};
    f.series.push_back({"claimed ε", {0, 100000, 200000}, {1, 1, 1}});
    f.series.push_back({"measured lower bound", {0, 100000, 200000}, {0.4, 0.6, 0.59}});
    LaidOutChart c(*dpw::makeFrame("audit", "Claimed ε vs measured lower bound", 1, f));
    auto* y = qobject_cast<QValueAxis*>(c.chart->axes(Qt::Vertical).first());
    auto* x = qobject_cast<QValueAxis*>(c.chart->axes(Qt::Horizontal).first());
    QVERIFY(y && x);
    QVERIFY2(y->max() > 1.05, qPrintable(QString::number(y->max())));
    QCOMPARE(x->max(), 200000.0);
    // A curve that only touches the top keeps its unit square (the f-DP trade-off: β(0) = 1).
    dpw::LinesFrame t{"type I error α", "type II error β", {}};
    t.series.push_back({"PLD", {0, 0.1, 0.5, 1}, {1, 0.6, 0.15, 0}});
    t.series.push_back({"random guessing", {0, 1}, {1, 0}});
    LaidOutChart tradeoff(*dpw::makeFrame("tradeoff", "f-DP trade-off", 1, t));
    QCOMPARE(qobject_cast<QValueAxis*>(tradeoff.chart->axes(Qt::Vertical).first())->max(), 1.0);
  }

  // A histogram's bars are replaced by every frame: when its peak stays at 0.08 for three frames the axis
  // that held a peak of 0.14 refits ([0, 0.15] → at most [0, 0.1]) instead of leaving the bars in its
  // lower part till the end of the run (the fair classifier's test scores: 0.08 on [0, 0.125] or
  // [0, 0.15]); it stays for a peak that falls less or dips for a frame or two. A line chart keeps the old rule: its axis refits only when the data use under
  // 40% of it.
  void histogramAxisFollowsAFallingPeak() {
    auto histogram = [](double peak) {
      dpw::HistogramFrame h{"g(x)", {0, 0.25, 0.5, 0.75, 1}, {}};
      h.groups.push_back({"A = 0", {0.2 * peak, peak, 0.5 * peak, 0.1 * peak}});
      return dpw::makeFrame("scores", "Test scores g(x) per group", 1, h);
    };
    auto top = [](QChart* chart) { return qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).first())->max(); };
    LaidOutChart c(*histogram(0.14));
    QVERIFY(c.chart);
    const double first = top(c.chart);
    QVERIFY2(first >= 0.14 && first <= 0.2, qPrintable(QString::number(first)));
    QVERIFY(dpwapp::updateChart(c.chart, *histogram(0.12), true));
    QCOMPARE(top(c.chart), first);  // 0.12 of 0.15 or 0.16: kept
    // A noisy peak that dips for a frame or two does not move the axis; three low frames in a row do.
    for (double peak : {0.08, 0.08, 0.12, 0.08, 0.08}) {
      QVERIFY(dpwapp::updateChart(c.chart, *histogram(peak), true));
      QCOMPARE(top(c.chart), first);
    }
    QVERIFY(dpwapp::updateChart(c.chart, *histogram(0.08), true));
    QVERIFY2(top(c.chart) >= 0.08 && top(c.chart) <= 0.1 + 1e-12, qPrintable(QString::number(top(c.chart))));

    auto line = [](double peak) {
      dpw::LinesFrame f{"step", "loss", {}};
      f.series.push_back({"loss", {0, 1, 2}, {0.2 * peak, peak, 0.5 * peak}});
      return dpw::makeFrame("loss", "Training loss", 1, f);
    };
    LaidOutChart l(*line(0.14));
    const double lineTop = top(l.chart);
    QVERIFY(dpwapp::updateChart(l.chart, *line(0.08), true));
    QCOMPARE(top(l.chart), lineTop);
  }

  // The picture a run ends with depends on its data alone: after frames that left the axes where the
  // rules above keep them (a histogram's peak fallen from 0.19 to 0.12 for one frame and its edges from 1 to 0.6, a
  // line's peak from 0.14 to 0.08), settling (the end of a run, ChartGrid::settle) fits both axes as a
  // fresh chart of the last frame does.
  void settledAxesAreThoseOfAFreshChart() {
    auto histogram = [](double peak, double right) {
      dpw::HistogramFrame h{"g(x)", {0, 0.25 * right, 0.5 * right, 0.75 * right, right}, {}};
      h.groups.push_back({"A = 0", {0.2 * peak, peak, 0.5 * peak, 0.1 * peak}});
      return dpw::makeFrame("scores", "Test scores g(x) per group", 1, h);
    };
    auto line = [](double peak) {
      dpw::LinesFrame f{"step", "loss", {}};
      f.series.push_back({"loss", {0, 1, 2}, {0.2 * peak, peak, 0.5 * peak}});
      return dpw::makeFrame("loss", "Training loss", 1, f);
    };
    auto range = [](QChart* chart, Qt::Orientation o) {
      const auto* a = qobject_cast<QValueAxis*>(chart->axes(o).first());
      return std::pair{a->min(), a->max()};
    };
    // Equal up to the last bits (Qt Charts' copy of a range may differ from niceRange's in the last bit).
    auto same = [&](QChart* a, QChart* b, Qt::Orientation o) {
      const auto [a0, a1] = range(a, o);
      const auto [b0, b1] = range(b, o);
      return std::abs(a0 - b0) <= 1e-12 * (b1 - b0) && std::abs(a1 - b1) <= 1e-12 * (b1 - b0);
    };
    const std::vector<std::pair<dpw::FramePtr, dpw::FramePtr>> runs{{histogram(0.19, 1), histogram(0.12, 0.6)},
                                                                     {line(0.14), line(0.08)}};
    for (const auto& [first, last] : runs) {
      LaidOutChart live(*first), fresh(*last);
      QVERIFY(dpwapp::updateChart(live.chart, *last, true));
      // Kept by the live rules (else this test could not fail): the value axis, and the histogram's x axis.
      QVERIFY2(!same(live.chart, fresh.chart, Qt::Vertical), qPrintable(QString::fromStdString(last->title)));
      if (last->chart == "scores") QVERIFY(!same(live.chart, fresh.chart, Qt::Horizontal));
      QVERIFY(dpwapp::updateChart(live.chart, *last, true, 0, true));
      QVERIFY2(same(live.chart, fresh.chart, Qt::Vertical), qPrintable(QString::fromStdString(last->title)));
      QVERIFY2(same(live.chart, fresh.chart, Qt::Horizontal), qPrintable(QString::fromStdString(last->title)));
    }
  }

  // A chart drawn wholly from private data says so in its title; its legend does not repeat the words
  // for every series (the fair-regression charts' three legend rows shrank to fit). A chart mixing
  // the release with an evaluation series keeps them on that series. The data's names keep them.
  void evaluationWordsOnceInTheTitle() {
    const std::string suffix = dpw::evaluationSuffix();
    auto frame = [&](const std::string& title) {
      dpw::LinesFrame f{"score", "mass", {}};
      f.series.push_back({"group 0" + suffix, {0, 1}, {0.5, 0.5}});
      f.series.push_back({"released", {0, 1}, {0.4, 0.6}});
      return dpw::makeFrame("hist", title, 1, f);
    };
    auto legendOf = [](const dpw::Frame& f) {
      LaidOutChart c(f, {900, 500});
      QString legend;
      for (QGraphicsItem* item : c.chart->childItems())
        if (auto* t = dynamic_cast<QGraphicsTextItem*>(item); t && t->isVisible() && t->toPlainText().contains("━━"))
          legend += t->toPlainText();  // the legend item (its entries start with a line glyph), not the title
      return legend.replace(QChar(0x00A0), ' ');
    };
    const QString words = QString::fromStdString(suffix).trimmed();
    const QString evaluationLegend = legendOf(*frame("Test scores" + suffix));
    QVERIFY2(evaluationLegend.contains("group 0") && !evaluationLegend.contains(words), qPrintable(evaluationLegend));
    const QString mixedLegend = legendOf(*frame("Released and true"));
    QVERIFY2(mixedLegend.contains("group 0 " + words), qPrintable(mixedLegend));
    // The QPainter renderers read the same rule.
    QCOMPARE(dpwapp::legendName(QString::fromStdString("T" + suffix), QString::fromStdString("g" + suffix)), QString("g"));
    QCOMPARE(dpwapp::legendName("T", QString::fromStdString("g" + suffix)), QString::fromStdString("g" + suffix));
    QCOMPARE(dpwapp::legendName(QString::fromStdString("T" + suffix), "released"), QString("released"));
  }

  // A legend entry wider than its chart by itself is broken at spaces onto rows of its own, in both
  // renderers, instead of running off the chart's edge (the count lesson's "Gaussian above exp(ε): …"
  // entry lost its first characters off the left edge of a 360 px chart).
  void longLegendEntryIsBrokenIntoRows() {
    const std::string longName = "a curve with a name far too long for one row of the legend of this narrow chart, "
                                 "read to the last word";
    dpw::LinesFrame f{"x", "y", {}};
    f.series.push_back({"short", {0, 1}, {0, 1}});
    f.series.push_back({longName, {0, 1}, {1, 0}});
    const auto frame = dpw::makeFrame("long", "Long legend", 1, f);
    LaidOutChart c(*frame, {360, 320});
    QGraphicsTextItem* legend = nullptr;
    for (QGraphicsItem* item : c.chart->childItems())
      if (auto* t = dynamic_cast<QGraphicsTextItem*>(item); t && t->isVisible() && t->toPlainText().contains("━━")) legend = t;
    QVERIFY(legend);
    QString words = legend->toPlainText();
    words.replace(QChar(0x00A0), ' ').replace('\n', ' ').replace(QChar(0x2029), ' ').replace(QChar(0x2028), ' ');
    QVERIFY2(words.simplified().contains(QString::fromStdString(longName)), qPrintable(words));
    const QRectF box = legend->mapRectToScene(legend->boundingRect());
    QVERIFY2(box.left() >= 0 && box.right() <= 360, qPrintable(QString("legend spans %1 .. %2 of 360 px").arg(box.left()).arg(box.right())));
    QVERIFY(legend->toPlainText().count('\n') + legend->toPlainText().count(QChar(0x2028)) >= 2);  // three rows or more
    // The QPainter renderer: nothing drawn in the last 6 px columns of the legend's rows (the entry ran
    // past the right edge there).
    QImage image(360, 320, QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
      QPainter painter(&image);
      dpwapp::paintFrame(*frame, painter, QRectF(0, 0, 360, 320));
    }
    for (int y = 240; y < 320; ++y)
      for (int x = 354; x < 360; ++x)
        QVERIFY2(qGray(image.pixel(x, y)) > 200, qPrintable(QString("ink at (%1, %2)").arg(x).arg(y)));
  }

  // The QPainter renderers' titles (point clouds, heat maps, files) follow the Qt Charts rule: two lines
  // down to 85% of the size, then three down to 65%, elided only past that. The particle chart's title
  // in presentation mode at 1024 x 768 (a 490 px chart) lost "shown)" to an ellipsis on two lines.
  void painterTitlesTakeThreeLinesBeforeEliding() {
    const QString title = "Particles and target (first two coordinates; target: 2000 of 10000 shown)";
    const double width = 490 - 12;
    QFont font = dpwapp::chartFont(2 * dpwapp::kTitlePointSize, QFont(), true);  // presentation mode's size
    const double base = font.pointSizeF();
    const QStringList lines = dpwapp::fitTitle(title, width, font);
    QCOMPARE(lines.join(' '), title);
    QVERIFY2(lines.size() == 3, qPrintable(lines.join(" | ")));
    QVERIFY(font.pointSizeF() >= 0.65 * base - 1e-9);
    for (const QString& line : lines) QVERIFY2(QFontMetricsF(font).horizontalAdvance(line) <= width, qPrintable(line));
    QFont normal = dpwapp::chartFont(dpwapp::kTitlePointSize, QFont(), true);  // normal size: one or two lines
    QVERIFY(dpwapp::fitTitle(title, width, normal).size() <= 2);
    QVERIFY(normal.pointSizeF() >= 0.85 * dpwapp::kTitlePointSize - 1e-9);
    QFont small = font;
    small.setPointSizeF(base);
    const QStringList elided = dpwapp::fitTitle(title + " " + title + " " + title, width, small);
    QCOMPARE(elided.size(), 3);
    QVERIFY(elided.back().endsWith(QChar(0x2026)));
    QCOMPARE(small.pointSizeF(), 0.65 * base);
  }

  // Both renderers lay titles out by titleLines: the Qt Charts titles kept their size on two lines
  // while the QPainter ones first shrank one line to 85%, so the fair-regression window showed its
  // histograms' titles smaller than the trade-off's beside them.
  void titlesLookTheSameInBothRenderers() {
    const QString title = "Test scores per group before post-processing (evaluation, not private)";
    QFont font = dpwapp::chartFont(dpwapp::kTitlePointSize, QFont(), true);
    const double base = font.pointSizeF(), full = QFontMetricsF(font).horizontalAdvance(title);
    for (const double share : {0.9, 0.7, 0.5, 0.35}) {
      QFont painter = font, charts = font;
      const QStringList drawn = dpwapp::fitTitle(title, share * full, painter);
      const QStringList built = dpwapp::titleLines(title, share * full, charts, base);
      QCOMPARE(drawn, built);
      QCOMPARE(painter.pointSizeF(), charts.pointSizeF());
      if (share == 0.9) {  // one line does not fit: two at the full size, not one shrunk
        QCOMPARE(drawn.size(), 2);
        QCOMPARE(painter.pointSizeF(), base);
      }
    }
  }

  // A chart made narrower whose title keeps the same two lines but needs a smaller size gets the
  // smaller font: the fitter updated the font only when the lines changed, and Qt Charts then elided
  // the second line ("… (evaluation, not ...").
  void titleShrinksWhenTheSameLinesNeedIt() {
    dpw::LinesFrame f{"score", "mass", {dpw::Series{"group 0", {0, 1}, {0, 1}}}};
    const auto frame =
        dpw::makeFrame("scores", "Test scores per group before post-processing (evaluation, not private)", 1, f);
    QChart* chart = dpwapp::buildChart(*frame);
    QGraphicsScene scene;
    scene.addItem(chart);
    for (const double width : {560.0, 500.0, 440.0, 400.0, 360.0, 330.0}) {
      chart->setGeometry(QRectF(0, 0, width, 300));
      QCoreApplication::sendPostedEvents();
      QCoreApplication::processEvents();
      for (const QString& line : chart->title().split("<br>")) {
        const double w = QFontMetricsF(chart->titleFont()).horizontalAdvance(plain(line));
        QVERIFY2(w <= 0.9 * width - 40, qPrintable(QString("width %1: '%2' is %3 px").arg(width).arg(plain(line)).arg(w)));
      }
    }
  }

  // Point clouds: every group is drawn (at normal and presentation size), the first group (the
  // particles) on top of the others where they overlap, in its palette colour.
  void particlesAreDrawnOverTheirTarget() {
    dpw::PointsFrame f{"x₁", "x₂", dpw::Points(4, 2), {1, 1, 0, 0}, {"particles", "target"}};
    f.xy << 0, 0, 1, 1, 0, 0, -1, -1;  // a target and a particle at (0, 0); one of each alone
    const auto frame = dpw::makeFrame("cloud", "Particles and target", 1, f);
    for (const double scale : {1.0, 2.0}) {
      dpwapp::setChartLineScale(scale);
      QImage img(400, 400, QImage::Format_RGB32);
      img.fill(Qt::white);
      QPainter p(&img);
      dpwapp::paintPicture(*frame, p, img.rect());
      p.end();
      dpwapp::setChartLineScale(1);
      auto near = [](QColor a, QColor b) { return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) < 120; };
      int particle = 0, target = 0;
      for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
          const QColor c = img.pixelColor(x, y);
          particle += near(c, dpwapp::paletteColour(0));
          target += near(c, dpwapp::paletteColour(1));
        }
      // Two particle markers (one over the target) and one lone target marker: the particles cover more.
      QVERIFY2(particle > target && target > 0, qPrintable(QString("scale %1: particle px %2, target px %3").arg(scale).arg(particle).arg(target)));
    }
  }

  // The same frame rendered by the CLI's path (renderFrame) at the export size: not blank.
  void renderedImageHasContent() {
    const QImage img = dpwapp::renderFrame(*crowdedFrame(), {400, 300});
    QCOMPARE(img.width(), 400);
    int dark = 0;
    for (int y = 0; y < img.height(); y += 2)
      for (int x = 0; x < img.width(); x += 2) dark += qGray(img.pixel(x, y)) < 128;
    QVERIFY(dark > 100);
  }
};

QTEST_MAIN(TestChartReadability)
#include "tst_chart_readability.moc"
