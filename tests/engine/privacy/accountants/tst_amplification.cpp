// Tests of engine/privacy/accountants/amplification.h ([FairLearn] Lemma 5.1).
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "privacy/accountants/amplification.h"

using namespace dpw;

class TestAmplification : public QObject {
  Q_OBJECT
 private slots:
  void closedForms() {
    // p = 1 changes nothing; ε' = ln(1 + p(e^ε − 1)), δ' = pδ by hand for ε = 1, p = 0.1.
    const EpsilonDelta same = amplifyBySubsampling(2.0, 1e-5, 1.0);
    QVERIFY(std::abs(same.epsilon - 2.0) < 1e-15 && same.delta == 1e-5);
    const EpsilonDelta a = amplifyBySubsampling(1.0, 1e-5, 0.1);
    QVERIFY(std::abs(a.epsilon - std::log(1 + 0.1 * (std::exp(1.0) - 1))) < 1e-15);
    QVERIFY(std::abs(a.delta - 1e-6) < 1e-21);
    // Small ε: ε' ≈ p ε (relative error O(ε)).
    QVERIFY(std::abs(amplifyBySubsampling(1e-6, 0, 0.01).epsilon / 1e-8 - 1) < 1e-5);
    // Amplification never hurts: ε' ≤ ε.
    for (double e : {0.1, 1.0, 10.0}) QVERIFY(amplifyBySubsampling(e, 0, 0.3).epsilon <= e);
  }
  // p is the largest per-group rate (reference §4: about n_j/5 per group).
  void groupRate() {
    QCOMPARE(groupSamplingRate({100, 250}, {1000, 1000}), 0.25);
    QCOMPARE(groupSamplingRate({6000}, {30000}), 0.2);
  }
  void badInputThrows() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, amplifyBySubsampling(-1, 0, 0.5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, amplifyBySubsampling(1, 2, 0.5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, amplifyBySubsampling(1, 0, 0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, groupSamplingRate({1}, {1, 2}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, groupSamplingRate({3}, {2}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, groupSamplingRate({}, {}));
  }
};

QTEST_APPLESS_MAIN(TestAmplification)
#include "tst_amplification.moc"
