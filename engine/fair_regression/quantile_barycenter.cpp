#include "fair_regression/quantile_barycenter.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {

QuantileBarycenter quantileAveragingBarycenter(const GroupDistributions& d) {
  const int m = d.groups(), k = d.bins();
  require(m >= 1 && k >= 1, "quantile barycenter needs groups and bins");
  double wSum = 0;
  for (double w : d.weights) {
    require(std::isfinite(w) && w >= 0, "invalid group weight ", w);
    wSum += w;
  }
  require(wSum > 0, "the group weights sum to 0");
  // Breakpoints of all CDFs in u.
  std::vector<std::vector<double>> cdf(m, std::vector<double>(k));
  std::vector<double> breaks{0.0, 1.0};
  for (int a = 0; a < m; ++a) {
    ensure(int(d.pmf[a].size()) == k, "group ", a, " has the wrong number of bins");
    double run = 0;
    for (int b = 0; b < k; ++b) {
      require(std::isfinite(d.pmf[a][b]) && d.pmf[a][b] >= 0, "invalid mass ", d.pmf[a][b]);
      cdf[a][b] = (run += d.pmf[a][b]);
      if (run > 0 && run < 1) breaks.push_back(run);
    }
  }
  std::sort(breaks.begin(), breaks.end());
  breaks.erase(std::unique(breaks.begin(), breaks.end()), breaks.end());
  QuantileBarycenter out;
  std::vector<int> pos(m, 0);
  for (std::size_t s = 0; s + 1 < breaks.size(); ++s) {
    const double u0 = breaks[s], u1 = breaks[s + 1], len = u1 - u0;
    if (len <= 0) continue;
    const double mid = 0.5 * (u0 + u1);
    double qbar = 0;
    std::vector<double> q(m);
    for (int a = 0; a < m; ++a) {
      int& b = pos[a];  // quantile Q_a(u) = min{b : F_a(b) >= u}; u increases, so b only moves right
      while (b + 1 < k && cdf[a][b] < mid) ++b;
      q[a] = b;
      qbar += d.weights[a] * b;
    }
    qbar /= wSum;
    for (int a = 0; a < m; ++a) out.cost += d.weights[a] * len * (q[a] - qbar) * (q[a] - qbar);
    if (!out.locations.empty() && std::abs(out.locations.back() - qbar) < 1e-12) out.masses.back() += len;
    else out.locations.push_back(qbar), out.masses.push_back(len);
  }
  return out;
}

}  // namespace dpw
