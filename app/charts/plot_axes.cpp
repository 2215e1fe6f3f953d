#include "charts/plot_axes.h"

#include <algorithm>
#include <cmath>

namespace dpwapp {

double niceStep(double span) {
  const double raw = span / 5.0;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (double f : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (raw <= f * mag) return f * mag;
  return 10 * mag;
}

namespace {

/// Whether [axisLo, axisHi] is whole decades (else it is decadeRange's narrow band).
bool wholeDecades(double axisLo, double axisHi) {
  auto whole = [](double v) { return std::abs(std::log10(v) - std::round(std::log10(v))) < 1e-9; };
  return whole(axisLo) && whole(axisHi);
}

/// The data range being gathered: finite points, the flat-top rule, the frame's spans.
class Gather {
 public:
  Gather(bool logX, bool logY) : logX_(logX), logY_(logY) {}
  /// A curve's next point; a non-finite one is a break (the points either side are not consecutive).
  void add(double x, double y) {
    if (!std::isfinite(x) || !std::isfinite(y)) {
      lastY_ = NAN;
      return;
    }
    if ((logX_ && x <= 0) || (logY_ && y <= 0)) return;  // not on a log axis (the renderers leave it out)
    if (y > r_.y1) r_.flatTop = false;
    if (y >= r_.y1 && y == lastY_) r_.flatTop = true;  // two consecutive points at the top: a line there
    lastY_ = y;
    r_.x0 = std::min(r_.x0, x), r_.x1 = std::max(r_.x1, x), r_.y0 = std::min(r_.y0, y), r_.y1 = std::max(r_.y1, y);
  }
  void newCurve() { lastY_ = NAN; }
  /// The frame's fixed spans (dpw::AxisSpan); a span above the data leaves no line at the top.
  void cover(const dpw::AxisSpan& x, const dpw::AxisSpan& y) {
    if (x.set()) r_.x0 = std::min(r_.x0, x.lo), r_.x1 = std::max(r_.x1, x.hi);
    if (y.set()) {
      if (y.hi > r_.y1) r_.flatTop = false;
      r_.y0 = std::min(r_.y0, y.lo), r_.y1 = std::max(r_.y1, y.hi);
    }
  }
  /// The range, y from 0 on a linear axis when `fromZero`; an axis without data gets [0, 1] ([1, 10] on log).
  DataRange finish(bool fromZero) {
    r_.any = std::isfinite(r_.x0) && std::isfinite(r_.y0);
    if (!std::isfinite(r_.x0)) r_.x0 = logX_ ? 1 : 0, r_.x1 = logX_ ? 10 : 1;
    if (!std::isfinite(r_.y0)) r_.y0 = logY_ ? 1 : 0, r_.y1 = logY_ ? 10 : 1, r_.flatTop = false;
    if (fromZero && !logY_) r_.y0 = std::min(r_.y0, 0.0);
    return r_;
  }

 private:
  bool logX_, logY_;
  DataRange r_{INFINITY, -INFINITY, INFINITY, -INFINITY, false, false};
  double lastY_ = NAN;
};

}  // namespace

std::pair<double, double> decadeRange(double lo, double hi) {
  lo = std::max(lo, 1e-300);
  hi = std::max(hi, lo);
  const double dlo = std::pow(10.0, std::floor(std::log10(lo)));
  double dhi = std::pow(10.0, std::ceil(std::log10(hi)));
  if (dhi <= dlo) dhi = dlo * 10;
  if (!(hi > lo) || hi >= 3 * lo) return {dlo, dhi};
  // A band within a factor 3 (a loss between 9.6 and 10.5): whole decades would squash it into a line,
  // labelled by every multiple (19 labels across 1 .. 100, which Qt elides to "…"); the axis spans the
  // band instead, rounded to a nice step (its lower end stays above 0).
  const double step = niceStep(hi - lo), nlo = std::floor(lo / step) * step;
  return {nlo > 0 ? nlo : lo, std::ceil(hi / step) * step};
}

std::vector<double> logTicks(double axisLo, double axisHi, double dataLo, double dataHi) {
  if (!wholeDecades(axisLo, axisHi)) {  // decadeRange's narrow band: evenly stepped labels across it
    std::vector<double> stepped;
    const double step = niceStep(axisHi - axisLo);
    for (double t = std::ceil(axisLo / step - 1e-9) * step; t <= axisHi * (1 + 1e-12); t += step) stepped.push_back(t);
    return stepped;
  }
  const int d0 = int(std::lround(std::log10(axisLo))), d1 = int(std::lround(std::log10(axisHi)));
  const double tol = 1e-9;
  auto inside = [&](const std::vector<double>& ticks) {
    return std::count_if(ticks.begin(), ticks.end(),
                         [&](double t) { return t >= dataLo * (1 - tol) && t <= dataHi * (1 + tol); });
  };
  std::vector<double> ticks;
  const int every = std::max(1, (d1 - d0 + 7) / 8);  // at most about eight labelled decades
  for (int k = d0; k <= d1; k += every) ticks.push_back(std::pow(10.0, k));
  if ((inside(ticks) >= 2 && d1 - d0 > 2) || !(dataHi > dataLo)) return ticks;
  // An axis of one or two decades (ε from 1 to 10: the decades alone labelled only its ends), or data
  // within about a decade: 1-2-5 labels, then every multiple, until two lie inside the data.
  for (const std::vector<int>& multiples : {std::vector<int>{1, 2, 5}, std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9}}) {
    ticks.clear();
    for (int k = d0; k < d1; ++k)
      for (int m : multiples) ticks.push_back(m * std::pow(10.0, k));
    ticks.push_back(std::pow(10.0, d1));
    if (inside(ticks) >= 2) break;
  }
  return ticks;
}

std::pair<double, double> niceRange(double lo, double hi, bool headroom) {
  const bool nonNegative = lo >= 0;
  if (!(hi > lo)) {
    const double pad = std::abs(lo) > 0 ? std::abs(lo) * 0.5 : 1.0;
    lo -= pad, hi += pad;
  }
  if (nonNegative) lo = std::max(lo, 0.0);  // data that starts at 0 (steps, counts) keeps its axis at 0
  const double step = niceStep(hi - lo), top = std::ceil(hi / step) * step, bottom = std::floor(lo / step) * step;
  const bool onTheFrame = headroom && hi != 0 && top - hi <= kTopGap * (top - bottom);
  return {bottom, onTheFrame ? top + step : top};
}

DataRange dataRange(const dpw::LinesFrame& f) {
  Gather g(f.logX, f.logY);
  for (const auto& s : f.series) {
    g.newCurve();
    for (std::size_t j = 0; j < s.x.size() && j < s.y.size(); ++j) g.add(s.x[j], s.y[j]);
  }
  g.cover(f.xSpan, f.ySpan);
  return g.finish(true);
}

DataRange dataRange(const dpw::HistogramFrame& h) {
  Gather g(false, false);
  for (const auto& group : h.groups) {
    g.newCurve();
    for (std::size_t k = 0; k < group.mass.size() && k + 1 < h.edges.size(); ++k) {
      g.add(h.edges[k], group.mass[k]);  // a bar is a step: both its corners
      g.add(h.edges[k + 1], group.mass[k]);
    }
  }
  g.cover(h.xSpan, h.ySpan);
  return g.finish(true);
}

AxisScale linearAxis(double dataLo, double dataHi, bool headroom) {
  AxisScale a;
  std::tie(a.lo, a.hi) = niceRange(dataLo, dataHi, headroom);
  // Ticks at whole multiples of the step (Qt Charts' dynamic ticks anchored at 0 are the same values).
  const double step = niceStep(a.hi - a.lo);
  for (auto k = std::llround(std::ceil(a.lo / step - 1e-9)); k * step <= a.hi + 1e-9 * step; ++k)
    a.ticks.push_back(k == 0 ? 0.0 : double(k) * step);
  return a;
}

AxisScale logAxis(double dataLo, double dataHi) {
  dataLo = std::max(dataLo, 1e-300);
  dataHi = std::max(dataHi, dataLo);
  AxisScale a;
  a.log = true;
  std::tie(a.lo, a.hi) = decadeRange(dataLo, dataHi);
  a.ticks = logTicks(a.lo, a.hi, dataLo, dataHi);
  return a;
}

PlotAxes plotAxes(const DataRange& r, bool logX, bool logY) {
  return {logX ? logAxis(r.x0, r.x1) : linearAxis(r.x0, r.x1, false),
          logY ? logAxis(r.y0, r.y1) : linearAxis(r.y0, r.y1, r.flatTop)};
}
PlotAxes plotAxes(const dpw::LinesFrame& f) { return plotAxes(dataRange(f), f.logX, f.logY); }
PlotAxes plotAxes(const dpw::HistogramFrame& h) { return plotAxes(dataRange(h), false, false); }

bool histogramGroupInLegend(const dpw::HistogramFrame& f, std::size_t index) {
  const auto& g = f.groups.at(index);
  if (!g.dashed || g.colour < 0 || !g.overlay.empty()) return true;
  return std::none_of(f.groups.begin(), f.groups.end(), [&](const auto& o) { return !o.dashed && o.colour == g.colour; });
}

}  // namespace dpwapp
