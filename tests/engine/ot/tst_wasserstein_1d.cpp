// Tests of engine/ot/wasserstein_1d.h: closed forms, the reference coupling vector, POT, gradients.
#include <QTemporaryDir>
#include <QtTest>
#include <random>

#include "core/error.h"
#include "core/rng.h"
#include "ot/wasserstein_1d.h"
#include "support/matrix_io.h"
#include "support/reference_python.h"

using namespace dpw;

class TestWasserstein1d : public QObject {
  Q_OBJECT
 private slots:
  // Reference section 1: R(2, 3) has non-zeros (0,0)=1/3, (0,1)=1/6, (1,1)=1/6, (1,2)=1/3.
  void couplingMatchesReferenceVector() {
    const auto R = rankWeightCoupling(2, 3);
    QCOMPARE(R.size(), std::size_t(4));
    const std::int64_t is[] = {0, 0, 1, 1}, js[] = {0, 1, 1, 2};
    const double ws[] = {1.0 / 3, 1.0 / 6, 1.0 / 6, 1.0 / 3};
    for (int t = 0; t < 4; ++t) {
      QCOMPARE(R[t].i, is[t]);
      QCOMPARE(R[t].j, js[t]);
      QVERIFY(std::abs(R[t].weight - ws[t]) < 1e-15);
    }
  }

  // Marginals of R are uniform (1/n per row, 1/m per column) and it has n + m - 1 non-zeros at most.
  void couplingHasUniformMarginals() {
    for (auto [n, m] : {std::pair{7L, 3L}, {10L, 10L}, {1L, 5L}, {13L, 17L}}) {
      const auto R = rankWeightCoupling(n, m);
      QVERIFY(std::int64_t(R.size()) <= n + m - 1);
      std::vector<double> rows(n, 0), cols(m, 0);
      for (const auto& e : R) rows[e.i] += e.weight, cols[e.j] += e.weight;
      for (double r : rows) QVERIFY(std::abs(r - 1.0 / n) < 1e-15);
      for (double c : cols) QVERIFY(std::abs(c - 1.0 / m) < 1e-15);
    }
  }

  // Closed forms (as POT's test_wasserstein_1d): a translation by t gives W2² = t², and scaling
  // both samples by 10 multiplies W2² by 100.
  void translationAndScaling() {
    Rng rng = makeRng(1);
    std::normal_distribution<double> g;
    Vector u(50);
    for (auto& x : u) x = g(rng);
    const Vector v = u.array() + 1.5;
    QVERIFY(std::abs(w2Squared(u, v) - 2.25) < 1e-12);
    Vector w(31);
    for (auto& x : w) x = g(rng);
    const double base = w2Squared(u, w);
    QVERIFY(std::abs(w2Squared(10 * u, 10 * w) - 100 * base) < 1e-10 * 100 * base);
  }

  // POT's ot.wasserstein_1d on unequal sizes with ties, to 1e-10 relative.
  void agreesWithPot_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("m");
    QTest::addColumn<bool>("ties");
    QTest::newRow("7 vs 3") << 7 << 3 << false;
    QTest::newRow("100 vs 37 with ties") << 100 << 37 << true;
    QTest::newRow("1000 vs 999 with ties") << 1000 << 999 << true;
    QTest::newRow("1 vs 5") << 1 << 5 << false;
  }
  void agreesWithPot() {
    QFETCH(int, n);
    QFETCH(int, m);
    QFETCH(bool, ties);
    Rng rng = makeRng(n * 1000 + m);
    std::normal_distribution<double> g;
    Vector u(n), v(m);
    for (auto& x : u) x = ties ? std::round(4 * g(rng)) / 4 : g(rng);
    for (auto& x : v) x = ties ? std::round(4 * (g(rng) + 0.3)) / 4 : 2 * g(rng) + 0.3;
    QTemporaryDir dir;
    dpwtest::writeVector(dir.filePath("u.txt"), u);
    dpwtest::writeVector(dir.filePath("v.txt"), v);
    Points X = Points::Zero(2, 1), Y = Points::Ones(2, 1), theta = Points::Ones(1, 1);
    dpwtest::writeMatrix(dir.filePath("X.txt"), X);
    dpwtest::writeMatrix(dir.filePath("Y.txt"), Y);
    dpwtest::writeMatrix(dir.filePath("theta.txt"), theta);
    const double expected = dpwtest::runReferenceScript("pot_reference.py", {dir.path()})["w1d"].toDouble();
    const double ours = w2Squared(u, v);
    QVERIFY2(std::abs(ours - expected) <= 1e-10 * std::abs(expected),
             qPrintable(QString("ours %1, POT %2").arg(ours, 0, 'g', 17).arg(expected, 0, 'g', 17)));
  }

  // Prop. 3.2 gradients against central finite differences (distinct values: W2² is smooth there).
  void gradientsMatchFiniteDifferences() {
    Rng rng = makeRng(7);
    std::normal_distribution<double> g;
    Vector u(9), v(5);
    for (auto& x : u) x = g(rng);
    for (auto& x : v) x = 1.5 * g(rng) + 0.5;
    const W2Gradient grad = w2SquaredWithGradient(u, v);
    const double h = 1e-6;
    for (int i = 0; i < u.size(); ++i) {
      Vector up = u, um = u;
      up[i] += h, um[i] -= h;
      const double fd = (w2Squared(up, v) - w2Squared(um, v)) / (2 * h);
      QVERIFY2(std::abs(fd - grad.gradU[i]) < 1e-7, qPrintable(QString("u[%1]: fd %2 vs %3").arg(i).arg(fd).arg(grad.gradU[i])));
    }
    for (int j = 0; j < v.size(); ++j) {
      Vector vp = v, vm = v;
      vp[j] += h, vm[j] -= h;
      const double fd = (w2Squared(u, vp) - w2Squared(u, vm)) / (2 * h);
      QVERIFY(std::abs(fd - grad.gradV[j]) < 1e-7);
    }
    QVERIFY(std::abs(grad.value - w2Squared(u, v)) < 1e-15);
  }

  void badInputThrows() {
    Vector empty(0), one(1), nan(2);
    one << 1.0;
    nan << 1.0, std::nan("");
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, w2Squared(empty, one));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, w2Squared(one, nan));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, rankWeightCoupling(0, 3));
  }
};

QTEST_APPLESS_MAIN(TestWasserstein1d)
#include "tst_wasserstein_1d.moc"
