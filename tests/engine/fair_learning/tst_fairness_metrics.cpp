// Tests of engine/fair_learning/fairness_metrics.h on hand-computed examples.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "fair_learning/fairness_metrics.h"
#include "support/throws_with.h"

using namespace dpw;

class TestFairnessMetrics : public QObject {
  Q_OBJECT
 private slots:
  void handExamples() {
    const std::vector<int> g{1, 0, 1, 1, 0, 1}, y{1, 0, 0, 1, 1, 1}, a{0, 0, 0, 1, 1, 1};
    QCOMPARE(accuracy(g, y), 4.0 / 6);
    // P(G=1|A=0) = 2/3, P(G=1|A=1) = 2/3.
    QCOMPARE(disparateImpact(g, a), 1.0);
    // Y = 1: A=0 → {i=0}: 1/1; A=1 → {3,4,5}: 2/3 → EO₁ = 1.5. Y = 0: A=0 → {1,2}: 1/2; A=1: none → inf.
    QCOMPARE(equalOddsRatio(g, a, y, 1), 1.5);
    QVERIFY(std::isinf(equalOddsRatio(g, a, y, 0)));
    Points out(4, 2);
    out << 0.1, 0.2, -0.3, 0.1, 0.5, -0.6, 0.2, 0.0;
    const std::vector<int> a4{0, 0, 1, 1};
    QCOMPARE(overDiagonalShare(out, a4, 0), 0.5);  // 0.2 > −0.1 yes, 0.1 > 0.3 no
    QCOMPARE(overDiagonalShare(out, a4, 1), 0.5);  // −0.6 > −0.5 no, 0 > −0.2 yes
    // Scores {0, 1} vs {2, 3}: W₂² of a shift by 2 is 4.
    Vector sc(4);
    sc << 0, 1, 2, 3;
    QCOMPARE(groupW2Squared(sc, a4), 4.0);
    Points rec = out;
    rec(0, 0) += 1, rec(1, 1) += 2;
    QCOMPARE(reconstructionLoss(rec, out, 2), 5.0 / 4);
    QCOMPARE(reconstructionLoss(rec, out, 1), 1.0 / 4);
  }

  void throwsOnBadInput() {
    QVERIFY(dpwtest::throwsInternalWith([&] { accuracy({1}, {1, 0}); }, "sizes differ"));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, accuracy({}, {}));
    QVERIFY(dpwtest::throwsInternalWith([&] { disparateImpact({1}, {}); }, "sizes differ"));
    QVERIFY(dpwtest::throwsInternalWith([&] { equalOddsRatio({1}, {1}, {}, 0); }, "sizes differ"));
    QVERIFY(dpwtest::throwsInternalWith([&] { overDiagonalShare(Points::Zero(2, 3), {0, 1}, 0); },
                                         "needs 2-D outputs"));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, overDiagonalShare(Points::Zero(2, 2), {0, 0}, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, groupW2Squared(Vector::Zero(2), {0, 0}));
    QVERIFY(dpwtest::throwsInternalWith([&] { reconstructionLoss(Points::Zero(2, 2), Points::Zero(2, 3), 1); },
                                         "reconstruction is 2 x 2"));
    QVERIFY(dpwtest::throwsInternalWith([&] { reconstructionLoss(Points::Zero(2, 2), Points::Zero(2, 2), 3); },
                                         "columns must be in [1, 2]"));
  }
};

QTEST_GUILESS_MAIN(TestFairnessMetrics)
#include "tst_fairness_metrics.moc"
