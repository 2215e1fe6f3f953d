#include "ot/wasserstein_1d.h"

#include <algorithm>
#include <numeric>

#include "core/error.h"

namespace dpw {

void requireFiniteSample(const VectorRef& x, const char* name) {
  require(x.size() > 0, "sample ", name, " is empty");
  require(x.allFinite(), "sample ", name, " contains NaN or infinite values");
}

std::vector<CouplingEntry> rankWeightCoupling(std::int64_t n, std::int64_t m) {
  require(n >= 1 && m >= 1, "coupling sizes must be at least 1, got n = ", n, ", m = ", m);
  std::vector<CouplingEntry> out;
  out.reserve(static_cast<std::size_t>(n + m - 1));
  const double unit = 1.0 / (double(n) * double(m));
  std::int64_t i = 0, j = 0, pos = 0;  // pos in units of 1/(n m)
  while (i < n && j < m) {
    const std::int64_t endI = (i + 1) * m, endJ = (j + 1) * n;
    const std::int64_t end = std::min(endI, endJ);
    out.push_back({i, j, double(end - pos) * unit});
    pos = end;
    if (endI == end) ++i;
    if (endJ == end) ++j;
  }
  return out;
}

double w2SquaredSortedAccumulate(std::span<const double> u, std::span<const double> v,
                                 std::span<double> gradU, std::span<double> gradV) {
  const std::int64_t n = std::int64_t(u.size()), m = std::int64_t(v.size());
  if (n == m) {  // R = I / n: the common case, without the integer walk
    const double w = 1.0 / double(n);
    double cost = 0;
    for (std::int64_t i = 0; i < n; ++i) {
      const double diff = u[i] - v[i];
      cost += diff * diff;
      if (!gradU.empty()) gradU[i] += 2 * w * diff;
      if (!gradV.empty()) gradV[i] -= 2 * w * diff;
    }
    return cost * w;
  }
  const double unit = 1.0 / (double(n) * double(m));
  double cost = 0;
  std::int64_t i = 0, j = 0, pos = 0;
  while (i < n && j < m) {
    const std::int64_t endI = (i + 1) * m, endJ = (j + 1) * n;
    const std::int64_t end = std::min(endI, endJ);
    const double mass = double(end - pos) * unit;
    const double diff = u[i] - v[j];
    cost += mass * diff * diff;
    if (!gradU.empty()) gradU[i] += 2 * mass * diff;
    if (!gradV.empty()) gradV[j] -= 2 * mass * diff;
    pos = end;
    if (endI == end) ++i;
    if (endJ == end) ++j;
  }
  return cost;
}

double w2SquaredSorted(std::span<const double> uSorted, std::span<const double> vSorted) {
  return w2SquaredSortedAccumulate(uSorted, vSorted, {}, {});
}

double w2Squared(const VectorRef& u, const VectorRef& v) {
  requireFiniteSample(u, "u");
  requireFiniteSample(v, "v");
  std::vector<double> us(u.data(), u.data() + u.size()), vs(v.data(), v.data() + v.size());
  std::sort(us.begin(), us.end());
  std::sort(vs.begin(), vs.end());
  return w2SquaredSorted(us, vs);
}

W2Gradient w2SquaredWithGradient(const VectorRef& u, const VectorRef& v) {
  requireFiniteSample(u, "u");
  requireFiniteSample(v, "v");
  auto argsort = [](const VectorRef& x) {
    std::vector<std::int64_t> order(x.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return x[a] < x[b]; });
    return order;
  };
  const auto ou = argsort(u), ov = argsort(v);
  std::vector<double> us(u.size()), vs(v.size()), gu(u.size(), 0.0), gv(v.size(), 0.0);
  for (std::size_t i = 0; i < ou.size(); ++i) us[i] = u[ou[i]];
  for (std::size_t j = 0; j < ov.size(); ++j) vs[j] = v[ov[j]];
  W2Gradient out;
  out.value = w2SquaredSortedAccumulate(us, vs, gu, gv);
  out.gradU.resize(u.size());
  out.gradV.resize(v.size());
  for (std::size_t i = 0; i < ou.size(); ++i) out.gradU[ou[i]] = gu[i];
  for (std::size_t j = 0; j < ov.size(); ++j) out.gradV[ov[j]] = gv[j];
  return out;
}

}  // namespace dpw
