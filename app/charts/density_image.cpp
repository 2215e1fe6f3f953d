#include "charts/density_image.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace dpwapp {

DensityCounts binDensity(const dpw::PointsFrame& f, int group, double x0, double x1, double y0, double y1, QSize pixels) {
  DensityCounts d;
  d.width = std::max(0, pixels.width());
  d.height = std::max(0, pixels.height());
  d.counts.assign(std::size_t(d.width) * std::size_t(d.height), 0);
  const Eigen::Index n = f.xy.rows();
  const bool labelled = !f.label.empty();
  if (n == 0 || f.xy.cols() < 2 || !(x1 > x0) || !(y1 > y0)) {
    for (Eigen::Index r = 0; r < n; ++r) d.total += (labelled ? (r < Eigen::Index(f.label.size()) && f.label[r] == group) : group == 0);
    return d;
  }
  const double sx = d.width / (x1 - x0), sy = d.height / (y1 - y0);
  const int w = d.width, h = d.height;
  const double* xy = f.xy.data();  // row-major n x 2 (core/types.h)
  const Eigen::Index stride = f.xy.cols();
  std::uint32_t* counts = d.counts.data();
  long total = 0, inside = 0;
  for (Eigen::Index r = 0; r < n; ++r) {
    if (labelled ? (r >= Eigen::Index(f.label.size()) || f.label[std::size_t(r)] != group) : group != 0) continue;
    ++total;
    const double x = xy[r * stride], y = xy[r * stride + 1];
    if (!(x >= x0 && x <= x1 && y >= y0 && y <= y1) || w == 0 || h == 0) continue;  // also NaN
    const int c = std::min(w - 1, int((x - x0) * sx)), row = std::min(h - 1, int((y1 - y) * sy));
    ++counts[std::size_t(row) * std::size_t(w) + std::size_t(c)];
    ++inside;
  }
  d.total = total;
  d.inside = inside;
  d.max = d.counts.empty() ? 0 : *std::max_element(d.counts.begin(), d.counts.end());
  return d;
}

namespace {

/// The ramp at t in [0, 1]: pale tint (t = 0) → colour (t = 0.5) → dark shade (t = 1), opaque.
QColor ramp(double t, QColor c) {
  auto mix = [](QColor a, QColor b, double s) {
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * s), float(a.greenF() + (b.greenF() - a.greenF()) * s),
                            float(a.blueF() + (b.blueF() - a.blueF()) * s));
  };
  const QColor pale = mix(c, Qt::white, 0.6), dark = mix(c, Qt::black, 0.55);
  return t < 0.5 ? mix(pale, c, t / 0.5) : mix(c, dark, (t - 0.5) / 0.5);
}

/// Step of the 256-step ramp for `count` of `max`: log(count) / log(max), so one point is the pale end and the
/// fullest pixel the dark end; when every point is alone (max = 1), the middle (the group's own colour).
int rampStep(std::uint32_t count, std::uint32_t max) {
  if (max <= 1) return 128;
  return std::clamp(int(std::lround(255.0 * std::log(double(count)) / std::log(double(max)))), 0, 255);
}

}  // namespace

QColor densityColour(std::uint32_t count, std::uint32_t max, QColor colour) {
  if (count == 0 || max == 0) return QColor(0, 0, 0, 0);
  return ramp(rampStep(count, max) / 255.0, colour);
}

QImage densityImage(const DensityCounts& d, QColor colour) {
  QImage img(std::max(1, d.width), std::max(1, d.height), QImage::Format_ARGB32_Premultiplied);
  img.fill(Qt::transparent);
  if (d.width == 0 || d.height == 0 || d.max == 0) return img;
  std::array<QRgb, 256> lut{};  // a table, not a colour per pixel
  for (int i = 0; i < 256; ++i) lut[std::size_t(i)] = ramp(i / 255.0, colour).rgba();
  for (int row = 0; row < d.height; ++row) {
    auto* line = reinterpret_cast<QRgb*>(img.scanLine(row));
    const std::uint32_t* c = d.counts.data() + std::size_t(row) * std::size_t(d.width);
    for (int col = 0; col < d.width; ++col)
      if (c[col]) line[col] = lut[std::size_t(rampStep(c[col], d.max))];
  }
  return img;
}

}  // namespace dpwapp
