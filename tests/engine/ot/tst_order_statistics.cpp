// Tests of engine/ot/order_statistics.h: every selected value is, bit for bit, the element a stable
// sort (std::stable_sort, independent of the bucket code) puts at that rank, and the uniform
// quantiles are quantileOfSorted's on the stably sorted sample, on samples chosen to reach every
// path: small (stable sort), bucketed, one huge bucket (skew: std::stable_sort inside), heavy ties,
// constant, ±0.0 mixed (the sign shows which tied zero was taken), a range that overflows.
#include <QtTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/rng.h"
#include "ot/order_statistics.h"
#include "ot/quantile.h"

using namespace dpw;

namespace {

std::vector<double> sample(const QString& kind, std::size_t n, Rng& rng) {
  std::normal_distribution<double> normal;
  std::vector<double> v(n);
  for (double& x : v) x = normal(rng);
  if (kind == "ties")
    for (double& x : v) x = std::round(x * 3) / 3;
  if (kind == "constant") std::fill(v.begin(), v.end(), 2.5);
  if (kind == "signed zeros")  // zeros of both signs, a few ±1 so the range is not degenerate
    for (std::size_t i = 0; i < n; ++i) v[i] = i % 7 == 3 ? (i % 2 ? 1.0 : -1.0) : (v[i] < 0 ? -0.0 : 0.0);
  if (kind == "zeros only")
    for (double& x : v) x = x < 0 ? -0.0 : 0.0;
  if (kind == "skewed" && n > 0) v[n / 2] = 1e12;  // every other value lands in bucket 0
  if (kind == "overflowing range" && n > 1) v[0] = -1.7e308, v[1] = 1.7e308;
  return v;
}

bool sameBits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

}  // namespace

class TestOrderStatistics : public QObject {
  Q_OBJECT
 private slots:
  void matchesStableSort_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("n");
    for (const char* kind : {"normal", "ties", "constant", "signed zeros", "zeros only", "skewed", "overflowing range"})
      for (int n : {1, 2, 5, 64, 65, 300, 4097, 100000})
        QTest::newRow(qPrintable(QString("%1, n = %2").arg(kind).arg(n))) << QString(kind) << n;
  }
  void matchesStableSort() {
    QFETCH(QString, kind);
    QFETCH(int, n);
    Rng rng = makeRng(std::uint64_t(n) * 31 + std::uint64_t(kind.size()));
    const std::vector<double> v = sample(kind, std::size_t(n), rng);
    std::vector<double> sorted = v;
    std::stable_sort(sorted.begin(), sorted.end());
    OrderStatisticsWorkspace w;
    // All ranks (small n), else every 7th rank plus both ends and a run of neighbours.
    std::vector<std::size_t> ranks;
    for (std::size_t r = 0; r < std::size_t(n); ++r)
      if (n <= 5000 || r % 7 == 0 || r + 1 == std::size_t(n) || (r >= std::size_t(n) / 2 && r < std::size_t(n) / 2 + 20))
        ranks.push_back(r);
    std::vector<double> out(ranks.size());
    selectOrderStatistics(v, ranks, out, w);
    for (std::size_t j = 0; j < ranks.size(); ++j)
      QVERIFY2(sameBits(out[j], sorted[ranks[j]]),
               qPrintable(QString("rank %1: %2 vs %3").arg(ranks[j]).arg(out[j], 0, 'g', 17).arg(sorted[ranks[j]], 0, 'g', 17)));
    // A few sparse ranks, repeated ones included, with the same (warm) workspace.
    const std::vector<std::size_t> sparse{0, std::size_t(n) / 3, std::size_t(n) / 3, std::size_t(n) - 1};
    std::vector<double> few(sparse.size());
    selectOrderStatistics(v, sparse, few, w);
    for (std::size_t j = 0; j < sparse.size(); ++j) QVERIFY(sameBits(few[j], sorted[sparse[j]]));
    // Uniform quantiles: P below, near and above n.
    for (int P : {2, 3, 7, 1000, 2 * n + 1}) {
      std::vector<double> q(P);
      uniformQuantilesUnsorted(v, q, w);
      for (int i = 0; i < P; ++i) {
        const double expected = quantileOfSorted(sorted, i == P - 1 ? 1.0 : double(i) / double(P - 1));
        QVERIFY2(sameBits(q[i], expected), qPrintable(QString("P = %1, i = %2: %3 vs %4")
                                                          .arg(P).arg(i).arg(q[i], 0, 'g', 17).arg(expected, 0, 'g', 17)));
      }
    }
  }

  void badInputThrows() {
    OrderStatisticsWorkspace w;
    const std::vector<double> v{3, 1, 2};
    std::vector<double> out(2), q(1), empty;
    const std::vector<std::size_t> descending{2, 1}, tooBig{0, 3}, one{0};
    // Ranks and outputs are made by the engine's callers: wrong ones are programmer errors.
    QVERIFY_THROWS_EXCEPTION(InternalError, selectOrderStatistics(v, descending, out, w));
    QVERIFY_THROWS_EXCEPTION(InternalError, selectOrderStatistics(v, tooBig, out, w));
    QVERIFY_THROWS_EXCEPTION(InternalError, selectOrderStatistics(v, one, out, w));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, uniformQuantilesUnsorted(v, q, w));  // P = 1
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, uniformQuantilesUnsorted(empty, out, w));
  }
};

QTEST_APPLESS_MAIN(TestOrderStatistics)
#include "tst_order_statistics.moc"
