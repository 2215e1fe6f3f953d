#include "charts/frame_overlay.h"

#include "charts/chart_style.h"
#include "core/overloaded.h"

#include <map>

namespace dpwapp {
namespace {

std::string overlayName(const std::string& label, const std::string& name) { return label + kOverlaySeparator + name; }

}  // namespace

bool overlayable(const dpw::Frame& frame) {
  // One lambda per frame kind and no catch-all (core/overloaded.h): a new kind must say whether it can
  // show another run's curves to compile.
  return std::visit(dpw::Overloaded{
                        [](const dpw::LinesFrame&) { return true; },
                        [](const dpw::HistogramFrame&) { return true; },
                        [](const dpw::PointsFrame&) { return false; },
                        [](const dpw::HeatmapFrame&) { return false; },
                        [](const dpw::ImagesFrame&) { return false; },
                    },
                    frame.data);
}

dpw::FramePtr withOverlays(const dpw::FramePtr& live, const std::vector<FrameOverlay>& overlays) {
  const dpw::Frame* base = live.get();
  for (const auto& o : overlays)
    if (!base && o.frame) base = o.frame.get();
  if (!base || !overlayable(*base) || overlays.empty()) return live;
  dpw::Frame out{base->chart, base->title, live ? live->step : 0, base->data};
  auto addLines = [&](dpw::LinesFrame* lines) {
    if (!live) lines->series.clear();
    // The live curves keep the colour (and style) the renderers give them (chart_style.h: frameLooks); an
    // overlay curve takes the colour of the live curve of the same name (else its own position's).
    const std::vector<SeriesLook> looks = frameLooks(*lines);
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
  };
  auto addHistogram = [&](dpw::HistogramFrame* hist) {
    if (!live) hist->groups.clear();
    const std::vector<SeriesLook> looks = frameLooks(*hist);
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
  };
  // Only the kinds overlayable() accepts get here (the others returned `live` above).
  std::visit(dpw::Overloaded{
                 [&](dpw::LinesFrame& f) { addLines(&f); },
                 [&](dpw::HistogramFrame& h) { addHistogram(&h); },
                 [](dpw::PointsFrame&) {},
                 [](dpw::HeatmapFrame&) {},
                 [](dpw::ImagesFrame&) {},
             },
             out.data);
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
