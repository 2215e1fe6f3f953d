// End-to-end audits of whole runs (issue #36): a DPSWflow-r run as a user runs it (Poisson sampling at
// q = 0.1, T = 30 steps, the histogram release, the run's own calibration and ledger), white-box canary
// (methods/flow/dpsw_flow_run_audit.h); a fair-classifier training through its CSV data path
// (methods/fair_learning_run_audit.h, planted bug (a)); DP-SGD on shuffle-once batches
// (audit/shuffled_batches_audit.h, planted bug (e)). A correct run stays below its whole-run claim; planted
// bugs in the run's data path, noise or accounting are caught above it.
#include <QtTest>
#include <cmath>

#include "audit/mechanism_audits.h"
#include "audit/shuffled_batches_audit.h"
#include "core/error.h"
#include "core/method.h"

using namespace dpw;

class TestEndToEndAudit : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { allMethods(); }

  // Claim 1 for the whole run (T = 30, q = 0.1); 300 runs a side (about 2 s of CPU a row since the toy's
  // evaluation samples shrank to 20 rows, 5 s before, same bounds; the docs' table
  // has larger runs). Measured (seed 5): correct run: 0 and 0 at this count (claim 4, 400 runs: 0.60 and 1.63);
  // noise / 4: distribution-free 1.23, Gaussian-DP 3.47; accountant told q/10 (the multiplier of q = 0.01
  // drawn at q = 0.1): distribution-free 0.56, Gaussian-DP 1.14. The last is caught by the Gaussian-DP bound
  // only, which for a subsampled composition is an approximation (its assumption said in privacy_audit.h):
  // the correct run on the same seed is the control, and must read below the claim with both.
  void flowRunCorrectAndBroken_data() {
    QTest::addColumn<int>("fault");
    QTest::addColumn<bool>("gaussianFamily");  // the bound that must catch the fault
    QTest::newRow("correct") << int(AuditFault::None) << false;
    QTest::newRow("noise / 4") << int(AuditFault::NoiseQuarter) << false;
    QTest::newRow("accountant told q / 10") << int(AuditFault::RateTenth) << true;
  }
  void flowRunCorrectAndBroken() {
    QFETCH(int, fault);
    QFETCH(bool, gaussianFamily);
    MechanismAuditSettings s;
    s.mechanism = "dpswflow-r-run";
    s.epsilon = 1.0;
    s.trials = 300;
    s.fault = AuditFault(fault);
    QElapsedTimer timer;
    timer.start();
    const MechanismAudit a = auditMechanism(s, 5);
    qInfo("DPSWflow-r whole run, fault %s: claim %.3f, distribution-free %.3f, Gaussian-DP family %.3f (mu %.3f), "
          "%ld runs a side, %.1f s",
          auditFaultIds()[std::size_t(fault)].c_str(), a.claimedEpsilon, a.result.epsilonLowerBound,
          a.gdp.epsilonLowerBound, a.gdp.muLowerBound, s.trials, double(timer.elapsed()) / 1000);
    if (AuditFault(fault) == AuditFault::None) {
      QVERIFY(a.result.epsilonLowerBound <= a.claimedEpsilon);
      QVERIFY(a.gdp.epsilonLowerBound <= a.claimedEpsilon);
    } else {
      QVERIFY((gaussianFamily ? a.gdp.epsilonLowerBound : a.result.epsilonLowerBound) > a.claimedEpsilon);
    }
  }

  // Planted bug (a) end to end (fair_learning_run_audit.h): the fair classifier trained from a CSV file as a user
  // runs it (loadFairCsv, public bounds, the seeded split, 30 DP-SGD steps at q = 0.2, pld-wor's calibration and
  // ledger), D and D' two files differing in one crafted row (x = 1000 against x = −1). The auditor reads the
  // released weight on x. Measured (seed 5, 1000 runs a side, about 3 s a row): correct: 0 and 0 for a claim of
  // 1; standardised on the private rows: distribution-free 4.17, Gaussian-DP family 12.4. The distribution-free
  // bound, valid for any release, must catch it; in about 20% of the runs the canary falls into the test split
  // and moves nothing, which is what keeps that bound at 4 rather than higher.
  void fairClassifierRunStandardisedOnPrivateRows_data() {
    QTest::addColumn<int>("fault");
    QTest::newRow("correct") << int(AuditFault::None);
    QTest::newRow("standardised on the private rows") << int(AuditFault::PrivateStandardisation);
  }
  void fairClassifierRunStandardisedOnPrivateRows() {
    QFETCH(int, fault);
    MechanismAuditSettings s;
    s.mechanism = "fair-classifier-run";
    s.epsilon = 1.0;
    s.trials = 1000;
    s.fault = AuditFault(fault);
    QElapsedTimer timer;
    timer.start();
    const MechanismAudit a = auditMechanism(s, 5);
    qInfo("fair classifier whole run (CSV), fault %s: claim %.3f, distribution-free %.3f, Gaussian-DP family %.3f "
          "(mu %.3f), noise std %.3f, %ld runs a side, %.1f s",
          auditFaultIds()[std::size_t(fault)].c_str(), a.claimedEpsilon, a.result.epsilonLowerBound,
          a.gdp.epsilonLowerBound, a.gdp.muLowerBound, a.noiseStd, s.trials, double(timer.elapsed()) / 1000);
    QVERIFY(std::abs(a.claimedEpsilon - 1.0) < 0.01);  // the run's ledger meets its target
    if (AuditFault(fault) == AuditFault::None) {
      QVERIFY(a.result.epsilonLowerBound <= a.claimedEpsilon);
      QVERIFY(a.gdp.epsilonLowerBound <= a.claimedEpsilon);
    } else {
      QVERIFY(a.result.epsilonLowerBound > 2 * a.claimedEpsilon);  // measured 4.17: caught with room
    }
  }

  // Planted bug (e) (audit/shuffled_batches_audit.h): T = 1000 steps on k = 100 batches shuffled once and reused
  // for E = 10 epochs. Calibrated as Poisson at q = 0.01 for ε = 2 the multiplier is 0.96; the canary sits in one
  // slot every epoch. Measured (seed 5, 5000 runs a side): as Poisson: distribution-free 3.85 (Gaussian-DP family
  // 8.7) against the Poisson claim 2, below the honest bound for these batches at that multiplier (q = 1 per
  // epoch: 18.9) and the random-allocation bound 6.6 (which would hold had every epoch been reshuffled);
  // calibrated honestly (q = 1 per epoch, σ = 6.3): 0 and 0.
  void shuffledBatchesRunAsPoisson_data() {
    QTest::addColumn<int>("fault");
    QTest::newRow("correct") << int(AuditFault::None);
    QTest::newRow("shuffled batches accounted as Poisson") << int(AuditFault::ShuffledAsPoisson);
  }
  void shuffledBatchesRunAsPoisson() {
    QFETCH(int, fault);
    MechanismAuditSettings s;
    s.mechanism = "shuffled-batches-run";
    s.epsilon = 2.0;
    s.trials = 5000;
    s.fault = AuditFault(fault);
    QElapsedTimer timer;
    timer.start();
    const MechanismAudit a = auditMechanism(s, 5);
    const ShuffledBatchesClaims c = shuffledBatchesClaims(a.noiseStd, s.delta);
    qInfo("shuffled batches run, fault %s: claim %.3f, distribution-free %.3f, Gaussian-DP family %.3f (mu %.3f), "
          "sigma %.3f [Poisson %.3f, random allocation %.3f, q = 1 per epoch %.3f], %ld runs a side, %.1f s",
          auditFaultIds()[std::size_t(fault)].c_str(), a.claimedEpsilon, a.result.epsilonLowerBound,
          a.gdp.epsilonLowerBound, a.gdp.muLowerBound, a.noiseStd, c.poisson, c.randomAllocation, c.onePerEpoch,
          s.trials, double(timer.elapsed()) / 1000);
    QVERIFY(std::abs(a.claimedEpsilon - 2.0) < 0.01);
    // Whatever the run claims, the audit stays below the bound proven for its batches at its multiplier.
    QVERIFY(a.result.epsilonLowerBound <= c.onePerEpoch);
    if (AuditFault(fault) == AuditFault::None) {
      QCOMPARE(a.claimedEpsilon, c.onePerEpoch);
      QVERIFY(a.result.epsilonLowerBound <= a.claimedEpsilon);
      QVERIFY(a.gdp.epsilonLowerBound <= a.claimedEpsilon);
    } else {
      QCOMPARE(a.claimedEpsilon, c.poisson);
      QVERIFY(a.result.epsilonLowerBound > 1.5 * a.claimedEpsilon);  // measured 3.85
    }
  }

  void newRunAuditsRefuseFaultsTheyDoNotHave() {
    MechanismAuditSettings s;
    s.mechanism = "fair-classifier-run";
    s.fault = AuditFault::ShuffledAsPoisson;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
    s.mechanism = "shuffled-batches-run";
    s.fault = AuditFault::PrivateStandardisation;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
  }

  void flowRunRefusesFaultsItDoesNotHave() {
    MechanismAuditSettings s;
    s.mechanism = "dpswflow-r-run";
    s.fault = AuditFault::SkipClip;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
  }
};

QTEST_APPLESS_MAIN(TestEndToEndAudit)
#include "tst_end_to_end_audit.moc"
