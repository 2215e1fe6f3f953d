#pragma once
/// What both chart renderers (Qt Charts in chart_builder.h, QPainter in plot_painter.h and
/// point_cloud_painter.h) read to draw text, lines and colours: one place, so that zoom (Ctrl++ / Ctrl+−),
/// presentation mode and the colour palette change every chart alike.
///
/// - Text scale: every chart font is its base size times chartTextScale() (1 = normal; the GUI sets
///   zoom × 2 in presentation mode). Line scale: pen widths and point sizes times chartLineScale().
/// - Colours: the Okabe-Ito palette (Okabe & Ito 2008, "Color Universal Design"), whose colours stay
///   apart under protanopia, deuteranopia and tritanopia; no red/green pair. Point-cloud groups also
///   get a marker shape each, and legends show the line style, as a second cue beside colour.
#include <QColor>
#include <QFont>
#include <QPainter>
#include <QPointF>
#include <QStringList>
#include <functional>
#include <vector>

#include "core/frame.h"

namespace dpwapp {

/// Text scale of every chart (> 0; 1 = normal size). Thread-safe (atomic).
double chartTextScale();
/// Sets the text scale, clamped to [0.5, 4].
void setChartTextScale(double scale);
/// Line and marker scale of every chart (> 0; 1 = normal).
double chartLineScale();
void setChartLineScale(double scale);

/// Base point sizes (at scale 1) of the chart texts.
inline constexpr double kTitlePointSize = 11;
inline constexpr double kTickPointSize = 9;
inline constexpr double kAxisTitlePointSize = 9.5;
inline constexpr double kLegendPointSize = 9;
/// A font of `base` points times the text scale (the family of `like`).
QFont chartFont(double base, const QFont& like = QFont(), bool bold = false);
/// A pen width of `base` pixels times the line scale.
double chartPenWidth(double base = 2);

/// `text`'s words (split at spaces) on lines, as many a line as `fits` allows, in order; a word that
/// does not fit by itself has a line of its own. The one greedy wrap of titles, legends and the status bar.
QStringList wrapWords(const QString& text, const std::function<bool(const QString&)>& fits);

/// Chart and axis titles' colour in both renderers.
inline const QColor kTitleColour{0x20, 0x20, 0x20};

/// The lines of a title laid out for `width`, the same in both renderers: one line at
/// `basePointSize` if it fits; else two lines (as many words a line as fit, or broken at the space
/// nearest the middle when both halves fit), shrinking to 85%; else three lines, shrinking to 65%; else
/// as many lines as it takes at 65%. Sets `font` to the size used.
QStringList titleLines(const QString& title, double width, QFont& font, double basePointSize);
/// titleLines for a QPainter chart at `font`'s size, at most three lines: a title that three lines at
/// 65% cannot hold is elided at the end of its third line. Sets `font` to the size used; returns the lines.
QStringList fitTitle(const QString& title, double width, QFont& font);
/// Draws `title` (fitTitle) centred at the top of `target`; returns the height it took (with a gap below).
double drawChartTitle(QPainter& painter, const QRectF& target, const QString& title, QFont font);
/// The height drawChartTitle takes, without drawing.
double chartTitleHeight(const QRectF& target, const QString& title, QFont font);

/// Number of distinct palette colours.
inline constexpr int kPaletteSize = 8;
/// Palette colour `index` (modulo kPaletteSize): Okabe-Ito blue, vermillion, bluish green, reddish
/// purple, sky blue, black, orange, yellow-brown.
QColor paletteColour(int index);

/// The line style of a curve coloured by its position (the second cue beside colour): the first two
/// (blue, vermillion: apart for every viewer) solid, then dash-dot, dot, dash-dot-dot. Plain dashes
/// stay reserved for their meaning (an estimate, a bound, a pinned run).
Qt::PenStyle positionLineStyle(int position);

/// The name a legend shows for series `name` of a chart titled `title`: a chart drawn wholly from
/// private data has " (evaluation, not private)" in its title (core/output_classes.h), so its legend
/// entries do not repeat it (three of them made the fair-regression legends shrink to stay inside the
/// chart). A series of a mixed chart keeps the words; data and CSV names are not touched.
QString legendName(const QString& title, const QString& name);

/// What a renderer knows of one live series of a chart before choosing its look.
struct SeriesWish {
  int colour = -1;      ///< the frame's palette index; -1: by position
  bool dashed = false;  ///< the frame asks for a dashed line (an estimate, a bound, a reference)
  bool overlay = false; ///< another run's series (frame_overlay.h): wears colour (else its position's), takes none
};
/// How one series is drawn: its palette index and its line style.
struct SeriesLook {
  int palette = 0;
  Qt::PenStyle style = Qt::SolidLine;
};
/// The looks of a chart's live series (overlays of other runs excluded), the one rule of both renderers
/// (issue #40: Laplace, discrete Laplace and the (ε, 0) bound were all blue-ish in one chart):
/// - colour: an explicit palette index is kept (an estimate drawn in its truth's colour); a series
///   coloured by position takes the next colour of kDistinctOrder (blue, vermillion, black, bluish green,
///   reddish purple, orange, sky blue, yellow: neighbours far apart in hue and lightness) that no series of
///   the chart has taken, so up to eight series never share a colour unless the frame says so;
/// - style: a series coloured by position has positionLineStyle() of its rank among the solid ones (the
///   first two solid, then dash-dot, dot, dash-dot-dot); a dashed one the dashed family of its rank among
///   the dashed (dash, dash-dot, dash-dot-dot, dot); an explicit colour keeps solid or dash. Two series of one
///   colour therefore always differ in style.
std::vector<SeriesLook> seriesLooks(const std::vector<SeriesWish>& series);
/// Histogram group `index` of `groupCount` drawn dashed: asked for, or the four-group case (A × Y) whose
/// second label is dashed when the frame gives no colours.
bool histogramGroupDashed(bool dashed, int colour, std::size_t index, std::size_t groupCount);
/// seriesLooks of a frame's series or groups, in their order (overlays wear the palette of `colour` or their
/// position): what both renderers and frame_overlay.h colour a chart's curves by.
std::vector<SeriesLook> frameLooks(const dpw::LinesFrame& frame);
std::vector<SeriesLook> frameLooks(const dpw::HistogramFrame& frame);

/// Marker shapes for point-cloud groups (the second cue beside colour).
enum class MarkerShape { Square, Circle, Triangle, Diamond, Cross };
MarkerShape markerShape(int group);
/// Draws `shape` centred at each point with half-size `radius`, in the painter's pen and brush.
void drawMarkers(QPainter& painter, const QPolygonF& points, MarkerShape shape, double radius);
/// One marker at `at` (legend entries).
void drawMarker(QPainter& painter, QPointF at, MarkerShape shape, double radius);

}  // namespace dpwapp
