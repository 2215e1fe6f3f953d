#include "fair_regression/isotonic_cdf.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {

std::vector<double> isotonicLinf(const std::vector<double>& x) {
  const std::size_t k = x.size();
  std::vector<double> prefixMax(k), suffixMin(k), out(k);
  for (std::size_t j = 0; j < k; ++j) prefixMax[j] = j ? std::max(prefixMax[j - 1], x[j]) : x[j];
  for (std::size_t j = k; j-- > 0;) suffixMin[j] = j + 1 < k ? std::min(suffixMin[j + 1], x[j]) : x[j];
  for (std::size_t j = 0; j < k; ++j) out[j] = 0.5 * (prefixMax[j] + suffixMin[j]);
  return out;
}

std::vector<double> repairCdf(const std::vector<double>& cumulative) {
  ensure(!cumulative.empty(), "cannot repair an empty CDF");
  for (double v : cumulative) require(std::isfinite(v), "CDF repair: non-finite value ", v);
  std::vector<double> c = isotonicLinf(cumulative);
  for (double& v : c) v = std::clamp(v, 0.0, 1.0);
  c.back() = 1.0;
  return c;
}

GroupDistributions repairedGroupDistributions(const Points& histogram) {
  ensure(histogram.rows() >= 1 && histogram.cols() >= 1, "the histogram is empty (", histogram.rows(), " x ",
          histogram.cols(), ")");
  require(histogram.allFinite(), "the histogram has non-finite cells");
  GroupDistributions d;
  const int m = int(histogram.rows()), k = int(histogram.cols());
  for (int a = 0; a < m; ++a) {
    const double w = std::max(histogram.row(a).sum(), 1e-6);
    std::vector<double> cumulative(k);
    double run = 0;
    for (int b = 0; b < k; ++b) cumulative[b] = (run += histogram(a, b) / w);
    const std::vector<double> c = repairCdf(cumulative);
    std::vector<double> p(k);
    for (int b = 0; b < k; ++b) p[b] = c[b] - (b ? c[b - 1] : 0.0);
    d.weights.push_back(w);
    d.pmf.push_back(std::move(p));
  }
  return d;
}

}  // namespace dpw
