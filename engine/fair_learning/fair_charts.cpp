#include "fair_learning/fair_charts.h"

#include <algorithm>
#include <sstream>

namespace dpw {

// A per-group histogram of scores in [0, 1], as probability masses.
HistogramFrame scoreHistogram(const Vector& scores, const FairDataset& D, bool byLabel) {
  const int bins = 40;
  HistogramFrame h{"g(x)", {}, {}};
  for (int b = 0; b <= bins; ++b) h.edges.push_back(double(b) / bins);
  const int labels = byLabel ? 2 : 1;
  for (int y = 0; y < labels; ++y)
    for (int a = 0; a < 2; ++a) {
      std::ostringstream name;
      name << "A = " << a;
      if (byLabel) name << ", Y = " << y;
      HistogramFrame::Group g{name.str(), std::vector<double>(bins, 0.0)};
      double count = 0;
      for (Eigen::Index i = 0; i < scores.size(); ++i) {
        if (D.a[std::size_t(i)] != a || (byLabel && D.y[std::size_t(i)] != y)) continue;
        g.mass[std::size_t(std::clamp(int(scores[i] * bins), 0, bins - 1))] += 1, count += 1;
      }
      if (count > 0)
        for (double& m : g.mass) m /= count;
      h.groups.push_back(std::move(g));
    }
  return h;
}

PointsFrame groupPoints(const Eigen::MatrixXd& P, const std::vector<int>& label, std::vector<std::string> names,
                        const char* xl, const char* yl, long maxPoints) {
  const Eigen::Index n = std::min<Eigen::Index>(P.rows(), maxPoints);
  PointsFrame f{xl, yl, Points(n, 2), {}, std::move(names)};
  for (Eigen::Index i = 0; i < n; ++i) {
    f.xy.row(i) = P.row(i);
    f.label.push_back(label[std::size_t(i)]);
  }
  return f;
}

}  // namespace dpw
