#include "charts/frame_overlay.h"

#include "charts/chart_style.h"

#include <map>

namespace dpwapp {
namespace {

std::string overlayName(const std::string& label, const std::string& name) { return label + kOverlaySeparator + name; }

}  // namespace

bool overlayable(const dpw::Frame& frame) {
  return std::holds_alternative<dpw::LinesFrame>(frame.data) || std::holds_alternative<dpw::HistogramFrame>(frame.data);
}

dpw::FramePtr withOverlays(const dpw::FramePtr& live, const std::vector<FrameOverlay>& overlays) {
  const dpw::Frame* base = live.get();
  for (const auto& o : overlays)
    if (!base && o.frame) base = o.frame.get();
  if (!base || !overlayable(*base) || overlays.empty()) return live;
  dpw::Frame out{base->chart, base->title, live ? live->step : 0, base->data};
  if (auto* lines = std::get_if<dpw::LinesFrame>(&out.data)) {
    if (!live) lines->series.clear();
    // The live curves keep their colours by position; an overlay curve takes the colour of the live
    // curve of the same name (else its own position's).
    // The live curves keep the colour (and style) the renderers give them (chart_style.h: seriesLooks).
    std::vector<SeriesWish> wishes;
    for (const auto& s : lines->series) wishes.push_back({s.colour, s.dashed, !s.overlay.empty()});
    const std::vector<SeriesLook> looks = seriesLooks(wishes);
    std::map<std::string, int> colourOf;
    for (std::size_t i = 0; i < lines->series.size(); ++i) colourOf[lines->series[i].name] = looks[i].palette;
    for (const auto& o : overlays) {
      const auto* other = o.frame ? std::get_if<dpw::LinesFrame>(&o.frame->data) : nullptr;
      if (!other || o.frame->chart != base->chart) continue;
      for (std::size_t i = 0; i < other->series.size(); ++i) {
        dpw::Series s = other->series[i];
        if (!s.overlay.empty()) continue;  // never an overlay of an overlay
        auto it = colourOf.find(s.name);
        s.colour = it != colourOf.end() ? it->second : (s.colour >= 0 ? s.colour : int(i));
        s.name = overlayName(o.label, s.name);
        s.overlay = o.label;
        s.dashed = o.dashed;
        lines->series.push_back(std::move(s));
      }
    }
  } else if (auto* hist = std::get_if<dpw::HistogramFrame>(&out.data)) {
    if (!live) hist->groups.clear();
    std::vector<SeriesWish> wishes;
    for (std::size_t i = 0; i < hist->groups.size(); ++i) {
      const auto& g = hist->groups[i];
      wishes.push_back({g.colour, histogramGroupDashed(g.dashed, g.colour, i, hist->groups.size()), !g.overlay.empty()});
    }
    const std::vector<SeriesLook> looks = seriesLooks(wishes);
    std::map<std::string, int> colourOf;
    for (std::size_t i = 0; i < hist->groups.size(); ++i) colourOf[hist->groups[i].name] = looks[i].palette;
    for (const auto& o : overlays) {
      const auto* other = o.frame ? std::get_if<dpw::HistogramFrame>(&o.frame->data) : nullptr;
      if (!other || o.frame->chart != base->chart) continue;
      // A run on other bin edges (another bin count or range) is skipped: its steps would not line up.
      if (other->edges != hist->edges) continue;
      for (std::size_t i = 0; i < other->groups.size(); ++i) {
        dpw::HistogramFrame::Group g = other->groups[i];
        if (!g.overlay.empty()) continue;
        auto it = colourOf.find(g.name);
        g.colour = it != colourOf.end() ? it->second : (g.colour >= 0 ? g.colour : int(i));
        g.name = overlayName(o.label, g.name);
        g.overlay = o.label;
        g.dashed = o.dashed;
        hist->groups.push_back(std::move(g));
      }
    }
  }
  return std::make_shared<const dpw::Frame>(std::move(out));
}

QPen overlayPen(const QColor& colour, int index, bool dashed) {
  QColor c = colour;
  c.setAlphaF(0.45);
  QPen pen(c, 1.6);
  static const Qt::PenStyle patterns[] = {Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine};
  pen.setStyle(dashed ? patterns[index % 4] : Qt::SolidLine);
  return pen;
}

}  // namespace dpwapp
