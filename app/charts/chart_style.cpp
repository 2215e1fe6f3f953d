#include "charts/chart_style.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPolygonF>
#include <algorithm>
#include <atomic>
#include <cmath>

#include "core/output_classes.h"

namespace dpwapp {
namespace {

std::atomic<double> textScale{1.0};
std::atomic<double> lineScale{1.0};

// Okabe & Ito (2008), ordered so that the first six stay furthest apart for dichromats (vermillion
// and orange look alike to a deuteranope: orange comes seventh); #F0E442 (yellow) is replaced by a
// darker #B59A00, which reads on white.
const QColor kOkabeIto[kPaletteSize] = {QColor(0x0072B2), QColor(0xD55E00), QColor(0x009E73), QColor(0xCC79A7),
                                        QColor(0x56B4E9), QColor(0, 0, 0), QColor(0xE69F00), QColor(0xB59A00)};

}  // namespace

double chartTextScale() { return textScale.load(); }
void setChartTextScale(double scale) { textScale.store(std::clamp(std::isfinite(scale) ? scale : 1.0, 0.5, 4.0)); }
double chartLineScale() { return lineScale.load(); }
void setChartLineScale(double scale) { lineScale.store(std::clamp(std::isfinite(scale) ? scale : 1.0, 0.5, 4.0)); }

QFont chartFont(double base, const QFont& like, bool bold) {
  QFont f = like;
  f.setPointSizeF(base * chartTextScale());
  f.setBold(bold);
  return f;
}

double chartPenWidth(double base) { return base * chartLineScale(); }

QStringList wrapWords(const QString& text, const std::function<bool(const QString&)>& fits) {
  QStringList lines;
  for (const QString& word : text.split(' ')) {
    if (!lines.isEmpty() && fits(lines.back() + ' ' + word)) lines.back() += ' ' + word;
    else lines << word;
  }
  return lines;
}

QStringList titleLines(const QString& title, double width, QFont& font, double basePointSize) {
  font.setPointSizeF(basePointSize);
  auto fits = [&](const QString& line) { return QFontMetricsF(font).horizontalAdvance(line) <= width; };
  if (title.isEmpty() || width <= 0 || fits(title)) return {title};
  auto allFit = [&](const QStringList& lines) { return std::all_of(lines.begin(), lines.end(), fits); };
  for (const auto& [most, smallest] : {std::pair{2, 0.85}, std::pair{3, 0.65}}) {
    for (double f = 1.0; f >= smallest - 1e-9; f -= 0.05) {
      font.setPointSizeF(basePointSize * f);
      const QStringList lines = wrapWords(title, fits);
      if (lines.size() > most || !allFit(lines)) continue;
      if (lines.size() == 2) {  // two lines of about equal length read better than a full and a short one
        int middle = -1;
        for (int i = 0; i < title.size(); ++i)
          if (title[i] == ' ' && (middle < 0 || std::abs(i - int(title.size()) / 2) < std::abs(middle - int(title.size()) / 2)))
            middle = i;
        if (const QStringList balanced{title.left(middle), title.mid(middle + 1)}; allFit(balanced)) return balanced;
      }
      return lines;
    }
  }
  font.setPointSizeF(basePointSize * 0.65);
  return wrapWords(title, fits);
}

QStringList fitTitle(const QString& title, double width, QFont& font) {
  QStringList lines = titleLines(title, width, font, font.pointSizeF());
  const QFontMetricsF fm(font);
  if (lines.size() > 3) lines = QStringList{lines[0], lines[1], lines.mid(2).join(' ')};
  for (QString& line : lines) line = fm.elidedText(line, Qt::ElideRight, width);  // only past three lines at 65%
  return lines;
}

double chartTitleHeight(const QRectF& target, const QString& title, QFont font) {
  if (title.isEmpty()) return 6;
  const QStringList lines = fitTitle(title, target.width() - 12, font);
  return 8 + lines.size() * QFontMetricsF(font).height();
}

double drawChartTitle(QPainter& p, const QRectF& target, const QString& title, QFont font) {
  if (title.isEmpty()) return 6;
  const QStringList lines = fitTitle(title, target.width() - 12, font);
  const QFontMetricsF fm(font);
  p.save();
  p.setFont(font);
  p.setPen(kTitleColour);
  for (int i = 0; i < lines.size(); ++i)
    p.drawText(QRectF(target.left(), target.top() + 4 + i * fm.height(), target.width(), fm.height()), Qt::AlignCenter, lines[i]);
  p.restore();
  return 8 + lines.size() * fm.height();
}

QColor paletteColour(int index) { return kOkabeIto[((index % kPaletteSize) + kPaletteSize) % kPaletteSize]; }

QString legendName(const QString& title, const QString& name) {
  if (!dpw::isEvaluationName(title.toStdString()) || !dpw::isEvaluationName(name.toStdString())) return name;
  return name.chopped(int(QString::fromStdString(dpw::evaluationSuffix()).size()));
}

Qt::PenStyle positionLineStyle(int position) {
  static const Qt::PenStyle order[] = {Qt::SolidLine, Qt::SolidLine,  Qt::DashDotLine, Qt::DotLine,
                                       Qt::DashDotDotLine, Qt::SolidLine, Qt::DashDotLine, Qt::DotLine};
  return order[((position % 8) + 8) % 8];
}

std::vector<SeriesLook> seriesLooks(const std::vector<SeriesWish>& series) {
  static const int kDistinctOrder[kPaletteSize] = {0, 1, 5, 2, 3, 6, 4, 7};
  static const Qt::PenStyle kDashedFamily[] = {Qt::DashLine, Qt::DashDotLine, Qt::DashDotDotLine, Qt::DotLine};
  bool taken[kPaletteSize] = {};
  for (const SeriesWish& w : series)
    if (w.colour >= 0 && !w.overlay) taken[w.colour % kPaletteSize] = true;
  std::vector<SeriesLook> looks(series.size());
  int next = 0, solidRank = 0, dashedRank = 0;
  for (std::size_t i = 0; i < series.size(); ++i) {
    const SeriesWish& w = series[i];
    SeriesLook& look = looks[i];
    if (w.overlay) {
      look.palette = w.colour >= 0 ? w.colour : int(i);
      continue;
    }
    if (w.colour >= 0) {
      look.palette = w.colour;
      look.style = w.dashed ? Qt::DashLine : Qt::SolidLine;
      continue;
    }
    // The next free colour; when all eight are taken, cycle (the style still tells them apart).
    int tries = 0;
    while (tries < kPaletteSize && taken[kDistinctOrder[next % kPaletteSize]]) ++next, ++tries;
    look.palette = kDistinctOrder[next % kPaletteSize];
    taken[look.palette] = true;
    ++next;
    look.style = w.dashed ? kDashedFamily[dashedRank++ % 4] : positionLineStyle(solidRank++);
  }
  return looks;
}

bool histogramGroupDashed(bool dashed, int colour, std::size_t index, std::size_t groupCount) {
  return dashed || (colour < 0 && index >= 2 && groupCount == 4);
}

std::vector<SeriesLook> frameLooks(const dpw::LinesFrame& f) {
  std::vector<SeriesWish> wishes;
  for (const auto& s : f.series) wishes.push_back({s.colour, s.dashed, !s.overlay.empty()});
  return seriesLooks(wishes);
}

std::vector<SeriesLook> frameLooks(const dpw::HistogramFrame& f) {
  std::vector<SeriesWish> wishes;
  for (std::size_t i = 0; i < f.groups.size(); ++i) {
    const auto& g = f.groups[i];
    wishes.push_back({g.colour, histogramGroupDashed(g.dashed, g.colour, i, f.groups.size()), !g.overlay.empty()});
  }
  return seriesLooks(wishes);
}

MarkerShape markerShape(int group) {
  static const MarkerShape order[] = {MarkerShape::Square, MarkerShape::Circle, MarkerShape::Triangle,
                                      MarkerShape::Diamond, MarkerShape::Cross};
  return order[((group % 5) + 5) % 5];
}

void drawMarker(QPainter& p, QPointF c, MarkerShape shape, double r) {
  switch (shape) {
    case MarkerShape::Square: p.drawRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r)); break;
    case MarkerShape::Circle: p.drawEllipse(c, r, r); break;
    case MarkerShape::Triangle:
      p.drawPolygon(QPolygonF({QPointF(c.x(), c.y() - 1.2 * r), QPointF(c.x() + 1.1 * r, c.y() + 0.8 * r),
                               QPointF(c.x() - 1.1 * r, c.y() + 0.8 * r)}));
      break;
    case MarkerShape::Diamond:
      p.drawPolygon(QPolygonF({QPointF(c.x(), c.y() - 1.3 * r), QPointF(c.x() + 1.3 * r, c.y()), QPointF(c.x(), c.y() + 1.3 * r),
                               QPointF(c.x() - 1.3 * r, c.y())}));
      break;
    case MarkerShape::Cross:
      p.drawLine(QPointF(c.x() - r, c.y() - r), QPointF(c.x() + r, c.y() + r));
      p.drawLine(QPointF(c.x() - r, c.y() + r), QPointF(c.x() + r, c.y() - r));
      break;
  }
}

void drawMarkers(QPainter& p, const QPolygonF& points, MarkerShape shape, double r) {
  if (shape == MarkerShape::Square) {  // squares: one drawPoints call with a square pen (fast path)
    const QPen pen(p.brush().color(), 2 * r, Qt::SolidLine, Qt::SquareCap);  // (the caller's pen may be NoPen)
    p.save();
    p.setPen(pen);
    p.drawPoints(points);
    p.restore();
    return;
  }
  // Other shapes on a raster device (screen, PNG): drawn once into a small image and stamped at every
  // point (10^4 points: 5.6 ms a frame against 17.6 ms marker by marker; bench/bench_gui_frame).
  // Vector output (SVG, PDF) keeps real shapes.
  if (!p.paintEngine() || p.paintEngine()->type() != QPaintEngine::Raster) {
    for (const QPointF& c : points) drawMarker(p, c, shape, r);
    return;
  }
  const qreal dpr = p.device() ? std::max<qreal>(1, p.device()->devicePixelRatioF()) : 1;
  const int side = int(std::ceil(2 * 1.4 * r + 2 * p.pen().widthF() + 2));
  QImage stamp(QSize(side, side) * dpr, QImage::Format_ARGB32_Premultiplied);
  stamp.setDevicePixelRatio(dpr);
  stamp.fill(Qt::transparent);
  {
    QPainter s(&stamp);
    s.setRenderHint(QPainter::Antialiasing);
    s.setPen(p.pen());
    s.setBrush(p.brush());
    drawMarker(s, QPointF(side / 2.0, side / 2.0), shape, r);
  }
  for (const QPointF& c : points) p.drawImage(QPointF(c.x() - side / 2.0, c.y() - side / 2.0), stamp);
}

}  // namespace dpwapp
