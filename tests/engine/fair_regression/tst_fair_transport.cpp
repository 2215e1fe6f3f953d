// Tests of engine/fair_regression/fair_transport.h, regression_metrics.h, chzhen_baseline.h, lower_envelope.h.
#include <QtTest>

#include "core/error.h"
#include "data/grouped_scores.h"
#include "fair_regression/chzhen_baseline.h"
#include "fair_regression/fair_transport.h"
#include "fair_regression/regression_metrics.h"
#include "fair_regression/lower_envelope.h"
#include "support/throws_with.h"

using namespace dpw;

class TestFairTransport : public QObject {
  Q_OBJECT
 private slots:
  // Rows are normalised couplings; an empty row maps the bin to itself; draws follow the row:
  // 40 000 draws of a (0.25, 0.75) row, binomial std of the frequency 0.0022 -> tolerance 0.01.
  void transportRowsAndDraws() {
    BarycenterSolution s;
    Points g = Points::Zero(3, 3);
    g(0, 1) = 0.1, g(0, 2) = 0.3, g(2, 2) = 0.2;  // row 1 empty
    s.couplings = {g};
    const Binning b(0, 3, 3);
    const FairTransport t(s, b);
    QCOMPARE(t.transport(0)(1, 1), 1.0);
    QVERIFY(std::abs(t.transport(0)(0, 2) - 0.75) < 1e-15);
    Rng rng = makeRng(1);
    int high = 0;
    for (int i = 0; i < 40000; ++i) {
      const double y = t.predict(0.2, 0, rng);
      QVERIFY(y == 1.5 || y == 2.5);
      high += y == 2.5;
    }
    QVERIFY(std::abs(high / 40000.0 - 0.75) < 0.01);
    QCOMPARE(t.predict(1.5, 0, rng), 1.5);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, t.predict(3.5, 0, rng));
    QVERIFY(dpwtest::throwsInternalWith([&] { t.predict(1.0, 1, rng); }, "group 1 is not in 0..0"));
    QVERIFY(dpwtest::throwsInternalWith([&] { FairTransport(s, Binning(0, 3, 4)); }, "but there are 4 bins"));
  }
  // KS closed forms (ties included) and the max over pairs.
  void ksStatistic() {
    QCOMPARE(ksTwoSample({1, 2, 3}, {1, 2, 3}), 0.0);
    QCOMPARE(ksTwoSample({1, 2}, {3, 4}), 1.0);
    QCOMPARE(ksTwoSample({1, 1, 2, 2}, {1, 2}), 0.0);      // same distribution with ties
    QCOMPARE(ksTwoSample({1, 2, 3, 4}, {2.5}), 0.5);
    QCOMPARE(maxPairwiseKs({1, 2, 3, 4, 10, 11}, {0, 0, 1, 1, 2, 2}, 3), 1.0);
    // An empty group is skipped, never refused (whether it has rows is private, issue #35).
    QCOMPARE(maxPairwiseKs({1, 2}, {0, 0}, 2), 0.0);
    QCOMPARE(maxPairwiseKs({1, 2, 10, 11}, {0, 0, 2, 2}, 3), 1.0);
    QVERIFY(dpwtest::throwsInternalWith([&] { maxPairwiseKs({1, 2}, {0, 3}, 2); }, "KS: group label 3 out of range"));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, ksTwoSample({}, {1}));
    QCOMPARE(meanSquaredError({1, 2}, {2, 4}), 2.5);
    QVERIFY(dpwtest::throwsInternalWith([&] { meanSquaredError({1}, {1, 2}); }, "MSE: 1 predictions but 2 targets"));
  }
  // Chzhen et al.: the output distributions of the groups become (nearly) equal. On synthetic data
  // with raw KS > 0.3, the post-processed KS must be < 0.06 (the rank-quantile map is exact up to
  // the two half-sample discretisations, ~1/sqrt(500)).
  void chzhenBaselineEqualisesGroups() {
    const GroupedScores d = syntheticGroupedScores(4000, 3, 9);
    Rng rng = makeRng(2);
    const ChzhenBaseline base(d.scores, d.groups, 3, rng);
    std::vector<double> out(d.size());
    for (std::size_t i = 0; i < d.size(); ++i) out[i] = base.predict(d.scores[i], d.groups[i], rng);
    QVERIFY(maxPairwiseKs(d.scores, d.groups, 3) > 0.3);
    QVERIFY2(maxPairwiseKs(out, d.groups, 3) < 0.06, qPrintable(QString::number(maxPairwiseKs(out, d.groups, 3))));
    // A group with one row or none is not refused (issue #35): an empty group adds nothing to the mean, so
    // with groups {0: 0.1, 0.3; 1: none; 2: 0.7} a score maps into [0.1, 0.7] (weights 2/3 and 1/3).
    const ChzhenBaseline thin({0.1, 0.3, 0.7}, {0, 0, 2}, 3, rng);
    for (int g : {0, 1, 2}) {
      const double y = thin.predict(0.5, g, rng);
      QVERIFY2(y >= 0.1 && y <= 0.7, qPrintable(QString::number(y)));
    }
    QVERIFY(dpwtest::throwsInternalWith([&] { ChzhenBaseline({0.1, 0.2}, {0, 2}, 2, rng); },
                                         "baseline: group label 2 out of range"));
  }
  void lowerEnvelopeKeepsParetoFront() {
    const auto e = lowerEnvelope({{0.3, 0.01}, {0.1, 0.05}, {0.2, 0.06}, {0.05, 0.08}, {0.4, 0.011}});
    QCOMPARE(e.size(), std::size_t(3));
    QCOMPARE(e[0].ks, 0.05);
    QCOMPARE(e[1].ks, 0.1);
    QCOMPARE(e[2].ks, 0.3);
  }
};

QTEST_APPLESS_MAIN(TestFairTransport)
#include "tst_fair_transport.moc"
