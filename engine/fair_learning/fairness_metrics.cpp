#include "fair_learning/fairness_metrics.h"

#include <limits>

#include "core/error.h"
#include "core/internal_error.h"
#include "ot/wasserstein_1d.h"

namespace dpw {

namespace {
void requireSizes(std::size_t a, std::size_t b) {
  ensure(a == b, "sizes differ: ", a, " vs ", b);
  require(a > 0, "empty sample");
}
double ratio(double num, double den) {
  if (den == 0) return num == 0 ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  return num / den;
}
}  // namespace

double accuracy(const std::vector<int>& decision, const std::vector<int>& label) {
  requireSizes(decision.size(), label.size());
  std::size_t ok = 0;
  for (std::size_t i = 0; i < decision.size(); ++i) ok += decision[i] == label[i];
  return double(ok) / double(decision.size());
}

double disparateImpact(const std::vector<int>& g, const std::vector<int>& a) {
  requireSizes(g.size(), a.size());
  double pos[2] = {0, 0}, cnt[2] = {0, 0};
  for (std::size_t i = 0; i < g.size(); ++i) pos[a[i] != 0] += g[i], cnt[a[i] != 0] += 1;
  return ratio(cnt[0] ? pos[0] / cnt[0] : 0, cnt[1] ? pos[1] / cnt[1] : 0);
}

double equalOddsRatio(const std::vector<int>& g, const std::vector<int>& a, const std::vector<int>& y, int k) {
  requireSizes(g.size(), a.size());
  requireSizes(g.size(), y.size());
  double pos[2] = {0, 0}, cnt[2] = {0, 0};
  for (std::size_t i = 0; i < g.size(); ++i)
    if (y[i] == k) pos[a[i] != 0] += g[i], cnt[a[i] != 0] += 1;
  return ratio(cnt[0] ? pos[0] / cnt[0] : 0, cnt[1] ? pos[1] / cnt[1] : 0);
}

double overDiagonalShare(const PointsRef& out, const std::vector<int>& a, int group) {
  ensure(out.cols() == 2, "over-diagonal share needs 2-D outputs, got ", out.cols(), " columns");
  requireSizes(std::size_t(out.rows()), a.size());
  double above = 0, cnt = 0;
  for (Eigen::Index i = 0; i < out.rows(); ++i)
    if (a[std::size_t(i)] == group) cnt += 1, above += out(i, 1) > -out(i, 0);
  require(cnt > 0, "group ", group, " is empty");
  return above / cnt;
}

double groupW2Squared(const VectorRef& scores, const std::vector<int>& a, const std::vector<int>& y, int k) {
  requireSizes(std::size_t(scores.size()), a.size());
  if (k >= 0) requireSizes(a.size(), y.size());
  std::vector<double> u, v;
  for (Eigen::Index i = 0; i < scores.size(); ++i) {
    if (k >= 0 && y[std::size_t(i)] != k) continue;
    (a[std::size_t(i)] == 0 ? u : v).push_back(scores[i]);
  }
  require(!u.empty() && !v.empty(), "both groups need members to compare their scores");
  return w2Squared(Eigen::Map<const Vector>(u.data(), Eigen::Index(u.size())),
                   Eigen::Map<const Vector>(v.data(), Eigen::Index(v.size())));
}

double reconstructionLoss(const PointsRef& rec, const PointsRef& orig, int columns) {
  ensure(rec.rows() == orig.rows() && rec.cols() == orig.cols(), "reconstruction is ", rec.rows(), " x ", rec.cols(),
          ", data ", orig.rows(), " x ", orig.cols());
  ensure(columns >= 1 && columns <= orig.cols(), "columns must be in [1, ", orig.cols(), "], got ", columns);
  require(rec.rows() > 0, "empty sample");
  return (rec.leftCols(columns) - orig.leftCols(columns)).rowwise().squaredNorm().mean();
}

}  // namespace dpw
