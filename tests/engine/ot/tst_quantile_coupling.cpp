// The 1-D quantile coupling's costs (engine/ot/quantile_coupling.h) against three peers: brute force over every
// permutation plan for n = m = 6 (Birkhoff: an optimal plan of equal uniform weights is a permutation), POT's exact
// LP (ot.emd2, values computed with POT 0.9 and written here) for sizes 3 and 4, and w2SquaredSorted; the sum over
// the plan equals the quantile-function integral; the plan's rows and columns carry 1/n and 1/m.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.h"
#include "ot/quantile_coupling.h"

using namespace dpw;

class TestQuantileCoupling : public QObject {
  Q_OBJECT
 private slots:
  void permutationsCostNoLess() {
    std::vector<double> u{0.3, -1.2, 2.5, 0.9, -0.1, 1.7}, v{1.1, 0.2, 3.9, -0.7, 2.2, 0.8};
    std::vector<double> us = u, vs = v;
    std::sort(us.begin(), us.end());
    std::sort(vs.begin(), vs.end());
    for (double p : {1.0, 2.0, 3.0}) {
      std::vector<int> perm(6);
      std::iota(perm.begin(), perm.end(), 0);
      double best = INFINITY;
      do {
        double c = 0;
        for (int i = 0; i < 6; ++i) c += std::pow(std::abs(u[std::size_t(i)] - v[std::size_t(perm[std::size_t(i)])]), p) / 6;
        best = std::min(best, c);
      } while (std::next_permutation(perm.begin(), perm.end()));
      QVERIFY(std::abs(couplingCostSorted(us, vs, p) - best) < 1e-12);
      QVERIFY(std::abs(quantileIntegralSorted(us, vs, p) - best) < 1e-12);
      QVERIFY(independentCouplingCost(u, v, p) > best);
    }
  }

  void unequalSizesMatchPotAndW2() {
    const std::vector<double> u{0, 1, 3}, v{0.5, 2, 2.5, 4};
    QVERIFY(std::abs(couplingCostSorted(u, v, 1) - 1.0) < 1e-12);      // ot.emd2, p = 1
    QVERIFY(std::abs(couplingCostSorted(u, v, 3) - 1.6875) < 1e-12);   // ot.emd2, p = 3
    QVERIFY(std::abs(quantileIntegralSorted(u, v, 1) - 1.0) < 1e-12);
    QVERIFY(std::abs(quantileIntegralSorted(u, v, 3) - 1.6875) < 1e-12);
    const std::vector<double> a{-2, -0.5, 0.1, 0.4, 3}, b{-1, 0, 0.2, 1.5, 1.6, 2, 7};
    QVERIFY(std::abs(couplingCostSorted(a, b, 2) - w2SquaredSorted(a, b)) < 1e-12);
    QVERIFY(std::abs(quantileIntegralSorted(a, b, 2) - w2SquaredSorted(a, b)) < 1e-12);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, couplingCostSorted(a, b, 0.5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, quantileIntegralSorted(std::vector<double>{}, b, 2));
  }

  void planMarginals() {
    for (auto [n, m] : {std::pair<std::int64_t, std::int64_t>{7, 10}, {4, 4}, {1, 5}}) {
      const std::vector<double> plan = quantileCouplingMatrix(n, m);
      for (std::int64_t i = 0; i < n; ++i) {
        double row = 0;
        for (std::int64_t j = 0; j < m; ++j) row += plan[std::size_t(i * m + j)];
        QVERIFY(std::abs(row - 1.0 / double(n)) < 1e-15);
      }
      for (std::int64_t j = 0; j < m; ++j) {
        double col = 0;
        for (std::int64_t i = 0; i < n; ++i) col += plan[std::size_t(i * m + j)];
        QVERIFY(std::abs(col - 1.0 / double(m)) < 1e-15);
      }
      QVERIFY(std::count_if(plan.begin(), plan.end(), [](double x) { return x > 0; }) <= n + m - 1);
    }
  }
};

QTEST_APPLESS_MAIN(TestQuantileCoupling)
#include "tst_quantile_coupling.moc"
