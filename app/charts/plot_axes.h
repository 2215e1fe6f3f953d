#pragma once
/// The drawing rules of lines and histograms, defined once for both renderers (issue #39): the Qt Charts
/// renderer of the screen and the GUI's files (chart_builder.h) and the QPainter renderer of dpwlab-cli's
/// files (plot_painter.h) both take from here
///   - which range the data covers (finite points only; on a log axis positive ones only; the frame's
///     AxisSpan; a linear y axis from 0; a histogram's y from 0), and whether its top is a flat line;
///   - the axes that range gets: nice numbers and their ticks (linear), or decades and their labelled
///     values (log);
///   - the y title of a histogram, and which histogram groups the legend lists.
/// Colour and line style per series are chart_style.h's (seriesLooks, frameLooks). Qt Gui-free: plain numbers.
#include <string>
#include <utility>
#include <vector>

#include "core/frame.h"

namespace dpwapp {

/// Rounds an axis range outward to "nice" numbers (1, 2, 2.5, 5 x 10^k) so axes rescale rarely. With
/// `headroom` (a value axis whose top is a line: two consecutive points of a curve at the maximum), data
/// whose top lands on the top tick or within 2% of the axis below it gets one more step, so the line
/// (the audit's claimed ε, a histogram's highest bar) is not drawn on or against the chart's frame; a
/// curve that only touches the top (β(0) = 1 of a trade-off) keeps it.
std::pair<double, double> niceRange(double lo, double hi, bool headroom = false);
/// The share of a value axis kept between a line at its top and the frame (niceRange's headroom).
constexpr double kTopGap = 0.02;
/// The tick interval for a span: about five ticks at 1, 2, 2.5, 5 x 10^k.
double niceStep(double span);
/// Whole decades around [lo, hi] (at least one), so a log axis always has labelled ends; for data within
/// a factor 3 (9.6 .. 10.5), the band itself rounded to a nice step.
std::pair<double, double> decadeRange(double lo, double hi);
/// The labelled ticks of a log axis over the decades [axisLo, axisHi]: the decades (at most about
/// eight), and when fewer than two of them lie inside the data's range [dataLo, dataHi], the 1-2-5
/// values of each decade, then every 1 .. 9 multiple, so that two labels fall inside the data. Over a
/// narrow band from decadeRange (not whole decades): evenly stepped ticks across it.
std::vector<double> logTicks(double axisLo, double axisHi, double dataLo, double dataHi);

/// The range a chart's data covers, in data units (not log10), and whether its top is a line.
struct DataRange {
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  bool any = false;      ///< at least one finite point (else x0..y1 are a default box)
  bool flatTop = false;  ///< two consecutive points of one curve lie at y1 (niceRange's headroom)
};

/// The data range of a lines frame: its finite points (positive ones on a log axis), its AxisSpans, and
/// on a linear y axis 0 (counts, losses, ε are drawn from 0). Empty: [0, 1] (log: [1, 10]) on both axes.
DataRange dataRange(const dpw::LinesFrame& frame);
/// The data range of a histogram: its step lines' corners, its AxisSpans, and y from 0.
DataRange dataRange(const dpw::HistogramFrame& frame);

/// One axis as drawn: its ends and its labelled tick values (in data units on a log axis too).
struct AxisScale {
  double lo = 0, hi = 1;
  bool log = false;
  std::vector<double> ticks;
};
/// A linear axis over [dataLo, dataHi] (niceRange, `headroom` for a flat top), ticked at the multiples of
/// niceStep(hi − lo) inside it.
AxisScale linearAxis(double dataLo, double dataHi, bool headroom);
/// A log axis over [dataLo, dataHi] (> 0): decadeRange, labelled at logTicks.
AxisScale logAxis(double dataLo, double dataHi);

/// The two axes of a chart.
struct PlotAxes {
  AxisScale x, y;
};
/// The axes of `range` (the y axis with headroom when its top is flat).
PlotAxes plotAxes(const DataRange& range, bool logX, bool logY);
PlotAxes plotAxes(const dpw::LinesFrame& frame);
PlotAxes plotAxes(const dpw::HistogramFrame& frame);

/// A histogram's value axis title (a probability mass per bin, or a density).
inline const std::string kHistogramYLabel = "mass";
/// Whether histogram group `index` has a legend entry: a dashed group drawn in the colour of a solid one
/// (an estimate next to the truth) has none (the title says what dashed means; the legend stays short).
bool histogramGroupInLegend(const dpw::HistogramFrame& frame, std::size_t index);

}  // namespace dpwapp
