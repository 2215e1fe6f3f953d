// Tests of engine/fair_regression/isotonic_cdf.h (reference §3 step 3).
#include <QtTest>

#include "core/error.h"
#include "core/rng.h"
#include "fair_regression/isotonic_cdf.h"
#include "support/throws_with.h"

using namespace dpw;

class TestIsotonicCdf : public QObject {
  Q_OBJECT
 private slots:
  // The test vector of reference §3.
  void referenceVector() {
    const auto y = isotonicLinf({0.1, 0.3, 0.2, 0.25, 0.6, 0.5, 1.0});
    const std::vector<double> expected{0.1, 0.25, 0.25, 0.275, 0.55, 0.55, 1.0};
    QCOMPARE(y.size(), expected.size());
    for (std::size_t i = 0; i < y.size(); ++i) QVERIFY(std::abs(y[i] - expected[i]) < 1e-15);
  }
  // Invariants: nondecreasing output, L∞ error = half the largest violation (Stout 2017), identity
  // on nondecreasing input.
  void invariants() {
    Rng rng = makeRng(3);
    std::normal_distribution<double> n(0, 1);
    for (int rep = 0; rep < 50; ++rep) {
      std::vector<double> x(20);
      for (double& v : x) v = n(rng);
      const auto y = isotonicLinf(x);
      double maxViolation = 0, err = 0;
      for (std::size_t i = 0; i < x.size(); ++i) {
        if (i) QVERIFY(y[i] >= y[i - 1]);
        for (std::size_t j = i; j < x.size(); ++j) maxViolation = std::max(maxViolation, x[i] - x[j]);
        err = std::max(err, std::abs(y[i] - x[i]));
      }
      QVERIFY(std::abs(err - maxViolation / 2) < 1e-12);
    }
    const std::vector<double> sorted{0.0, 0.2, 0.2, 0.9};
    QCOMPARE(isotonicLinf(sorted), sorted);
    QVERIFY(isotonicLinf({}).empty());
  }
  void repairClipsAndEndsAtOne() {
    const auto c = repairCdf({-0.2, 0.5, 1.3, 0.9});
    QCOMPARE(c.front(), 0.0);
    QCOMPARE(c.back(), 1.0);
    for (double v : c) QVERIFY(v >= 0 && v <= 1);
    QVERIFY(dpwtest::throwsInternalWith([&] { repairCdf({}); }, "cannot repair an empty CDF"));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, repairCdf({0.1, std::nan("")}));
  }
  // Without noise the repair is exact: w_a = row sums, p_a = row / w_a; an all-zero row gets the
  // floor weight 1e-6 and all its mass in the last bin (CDF 0, ..., 0, 1).
  void noiselessHistogram() {
    Points h(3, 4);
    h << 0.1, 0.2, 0.0, 0.1, 0.0, 0.0, 0.3, 0.3, 0, 0, 0, 0;
    const GroupDistributions d = repairedGroupDistributions(h);
    QVERIFY(std::abs(d.weights[0] - 0.4) < 1e-15);
    QVERIFY(std::abs(d.pmf[0][1] - 0.5) < 1e-15);
    QVERIFY(std::abs(d.pmf[1][2] - 0.5) < 1e-15);
    QCOMPARE(d.weights[2], 1e-6);
    QCOMPARE(d.pmf[2], (std::vector<double>{0, 0, 0, 1}));
    QVERIFY(dpwtest::throwsInternalWith([&] { repairedGroupDistributions(Points(0, 3)); }, "the histogram is empty"));
  }
};

QTEST_APPLESS_MAIN(TestIsotonicCdf)
#include "tst_isotonic_cdf.moc"
