#include "common/frame_csv.h"

#include <QString>
#include <variant>

#include "core/overloaded.h"

namespace dpwapp {
namespace {

QByteArray num(double v) { return QByteArray::number(v, 'g', 17); }

QByteArray quoted(const std::string& s) {
  QByteArray q = QByteArray::fromStdString(s);
  q.replace('"', "\"\"");
  return '"' + q + '"';
}

}  // namespace

QByteArray frameToCsv(const dpw::Frame& frame) {
  QByteArray out;
  // One lambda per frame kind and no catch-all: a new kind must get its rows here to compile (core/overloaded.h).
  std::visit(dpw::Overloaded{[&](const dpw::LinesFrame& f) {
    out += "series,x,y\n";
    for (const auto& s : f.series)
      for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
        out += quoted(s.name) + ',' + num(s.x[i]) + ',' + num(s.y[i]) + '\n';
  }, [&](const dpw::HistogramFrame& h) {
    out += "group,bin_left,bin_right,mass\n";
    for (const auto& g : h.groups)
      for (std::size_t b = 0; b < g.mass.size() && b + 1 < h.edges.size(); ++b)
        out += quoted(g.name) + ',' + num(h.edges[b]) + ',' + num(h.edges[b + 1]) + ',' + num(g.mass[b]) + '\n';
  }, [&](const dpw::PointsFrame& p) {
    out += "x,y,label\n";
    for (Eigen::Index r = 0; r < p.xy.rows(); ++r) {
      const int l = r < Eigen::Index(p.label.size()) ? p.label[r] : 0;
      const std::string name = l >= 0 && l < int(p.labelNames.size()) ? p.labelNames[l] : std::to_string(l);
      out += num(p.xy(r, 0)) + ',' + num(p.xy(r, 1)) + ',' + quoted(name) + '\n';
    }
  }, [&](const dpw::HeatmapFrame& m) {
    out += "row,col,value\n";
    for (int r = 0; r < m.rows; ++r)
      for (int c = 0; c < m.cols; ++c)
        out += QByteArray::number(r) + ',' + QByteArray::number(c) + ',' + num(m.values[std::size_t(r) * m.cols + c]) + '\n';
  }, [&](const dpw::ImagesFrame& im) {
    out += "image,y,x,value\n";
    for (std::size_t i = 0; i < im.images.size(); ++i)
      for (int y = 0; y < im.height; ++y)
        for (int x = 0; x < im.width; ++x)
          out += QByteArray::number(qulonglong(i)) + ',' + QByteArray::number(y) + ',' + QByteArray::number(x) + ',' +
                 num(im.images[i][std::size_t(y) * im.width + x]) + '\n';
  }}, frame.data);
  return out;
}

}  // namespace dpwapp
