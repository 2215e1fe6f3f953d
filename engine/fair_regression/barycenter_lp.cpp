#include "fair_regression/barycenter_lp.h"

#include <coin/ClpEventHandler.hpp>
#include <coin/ClpSimplex.hpp>

#include <cmath>
#include <stdexcept>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {
namespace {

/// Asks `cancelled` after every simplex iteration and stops CLP (its status 5) once it answers true,
/// noting so in `stopped`. CLP keeps a clone, which shares both.
class CancelHandler : public ClpEventHandler {
 public:
  CancelHandler(const std::function<bool()>* cancelled, bool* stopped) : cancelled_(cancelled), stopped_(stopped) {}
  int event(Event whichEvent) override {
    if (whichEvent != endOfIteration || !*cancelled_ || !(*cancelled_)()) return -1;
    *stopped_ = true;
    return 0;
  }
  ClpEventHandler* clone() const override { return new CancelHandler(*this); }

 private:
  const std::function<bool()>* cancelled_;
  bool* stopped_;
};

}  // namespace

BarycenterLp::BarycenterLp(GroupDistributions distributions) : d_(std::move(distributions)) {
  const int m = d_.groups(), k = d_.bins();
  require(m >= 1 && k >= 1, "the barycenter LP needs at least one group and one bin, got ", m, " and ", k);
  ensure(int(d_.pmf.size()) == m, "the barycenter LP got ", d_.pmf.size(), " distributions for ", m, " weights");
  for (int a = 0; a < m; ++a) {
    ensure(int(d_.pmf[a].size()) == k, "group ", a, " has ", d_.pmf[a].size(), " bins, expected ", k);
    require(std::isfinite(d_.weights[a]) && d_.weights[a] >= 0, "group weight ", d_.weights[a], " is invalid");
    for (double v : d_.pmf[a]) require(std::isfinite(v) && v >= 0, "group ", a, " has an invalid mass ", v);
  }
  const int kk = k * k;
  const int gammaCols = m * kk, bCol0 = gammaCols, dCol0 = gammaCols + k, cols = dCol0 + m * k, rows = 2 * m * k;
  // Column-wise sparse matrix. Rows: [a*k + i] row sums of γ_a; [m*k + a*k + t] prefix balance.
  std::vector<CoinBigIndex> start;
  std::vector<int> index;
  std::vector<double> value, colLo(cols, 0.0), colUp(cols, COIN_DBL_MAX), obj(cols, 0.0), rowLo(rows), rowUp(rows);
  start.reserve(cols + 1);
  index.reserve(2 * gammaCols + 3 * m * k);
  value.reserve(index.capacity());
  for (int a = 0; a < m; ++a)
    for (int i = 0; i < k; ++i)
      for (int j = 0; j < k; ++j) {
        start.push_back(CoinBigIndex(index.size()));
        obj[a * kk + i * k + j] = d_.weights[a] * double(i - j) * double(i - j);
        index.push_back(a * k + i), value.push_back(1.0);
        index.push_back(m * k + a * k + j), value.push_back(-1.0);
      }
  for (int t = 0; t < k; ++t) {
    start.push_back(CoinBigIndex(index.size()));
    for (int a = 0; a < m; ++a) index.push_back(m * k + a * k + t), value.push_back(1.0);
  }
  for (int a = 0; a < m; ++a)
    for (int t = 0; t < k; ++t) {
      start.push_back(CoinBigIndex(index.size()));
      index.push_back(m * k + a * k + t), value.push_back(1.0);
      if (t + 1 < k) index.push_back(m * k + a * k + t + 1), value.push_back(-1.0);
      colLo[dCol0 + a * k + t] = 0, colUp[dCol0 + a * k + t] = 0;
    }
  start.push_back(CoinBigIndex(index.size()));
  for (int a = 0; a < m; ++a)
    for (int i = 0; i < k; ++i) rowLo[a * k + i] = rowUp[a * k + i] = d_.pmf[a][i];
  for (int r = m * k; r < rows; ++r) rowLo[r] = rowUp[r] = 0.0;

  model_ = std::make_unique<ClpSimplex>();
  model_->setLogLevel(0);
  model_->loadProblem(cols, rows, start.data(), index.data(), value.data(), colLo.data(), colUp.data(), obj.data(),
                      rowLo.data(), rowUp.data());
  model_->setPrimalTolerance(1e-11);
  model_->setDualTolerance(1e-11);
  (void)bCol0;
}

BarycenterLp::~BarycenterLp() = default;

BarycenterSolution BarycenterLp::solve(double alpha, const std::function<bool()>& cancelled) {
  require(alpha >= 0 && !std::isnan(alpha), "the KS tolerance alpha must be >= 0, got ", alpha);
  const int m = d_.groups(), k = d_.bins(), kk = k * k, dCol0 = m * kk + k;
  const double r = std::isinf(alpha) ? COIN_DBL_MAX : alpha / 2;
  for (int c = dCol0; c < dCol0 + m * k; ++c) model_->setColumnBounds(c, -r, r);
  bool stopped = false;
  const CancelHandler handler(&cancelled, &stopped);
  model_->passInEventHandler(&handler);  // CLP keeps a clone pointing at these two, used in this call only
  model_->dual();
  if (model_->status() != 0 && !stopped) {
    model_->primal(1);  // retry from the current basis before giving up
  }
  const ClpEventHandler none;
  model_->passInEventHandler(&none);
  if (stopped) throw Cancelled();
  if (model_->status() != 0)
    throw std::runtime_error("CLP did not solve the barycenter LP (status " + std::to_string(model_->status()) + ")");

  BarycenterSolution s;
  s.alpha = alpha;
  s.objective = model_->objectiveValue();
  s.iterations = model_->numberIterations();
  const double* x = model_->primalColumnSolution();
  for (int a = 0; a < m; ++a) {
    Points g(k, k);
    for (int i = 0; i < k; ++i)
      for (int j = 0; j < k; ++j) g(i, j) = std::max(0.0, x[a * kk + i * k + j]);
    std::vector<double> q(k);
    for (int j = 0; j < k; ++j) q[j] = g.col(j).sum();
    s.couplings.push_back(std::move(g));
    s.targets.push_back(std::move(q));
  }
  s.barycenter.assign(x + m * kk, x + m * kk + k);
  for (double& v : s.barycenter) v = std::max(0.0, v);
  return s;
}

BarycenterSolution solveBarycenterLp(const GroupDistributions& d, double alpha) {
  BarycenterLp lp(d);
  return lp.solve(alpha);
}

}  // namespace dpw
