// One-run audit of a whole DPSWflow-r run (issue #36; methods/flow/dpsw_flow_one_run_audit.h): runDpswFlow
// with 1000 canaries on the unit circle (q = 0.4, T = 30, B = 4096 bins, the run's own calibration and
// ledger), white box, one run. Measured (seed 11, 2 cores under load, 2-5 s a row):
//   claim 8 correct: one-run (Steinke et al.) 2.06, Gaussian-DP family 5.13 (μ 1.15);
//   claim 8, noise x 0.67: one-run 3.16, Gaussian-DP family 8.78 (caught by the Gaussian-DP reading);
//   claim 2, noise / 4: one-run 2.96 (caught by the proven bound), Gaussian-DP family 7.81.
// The f-DP one-run bound (audit/one_run_fdp.h), (ε, δ) curve / Gaussian curve: 2.15 / 2.86 (claim 8
// correct), 3.24 / 4.73 (noise x 0.67), 3.01 / 4.35 (claim 2, noise / 4).
// The order statistics of Xiang et al. (audit/one_run_tight.h), (ε, δ) pair / G_μ pair: 2.155 / 5.216
// (claim 8 correct), 3.244 / 8.645 (noise x 0.67), 3.018 / 7.488 (claim 2, noise / 4).
#include <QtTest>
#include <cmath>

#include "audit/mechanism_audits.h"
#include "audit/one_run_targets.h"
#include "core/error.h"
#include "core/method.h"

using namespace dpw;

class TestDpswFlowOneRunAudit : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { allMethods(); }

  void wholeRun_data() {
    QTest::addColumn<double>("epsilon");
    QTest::addColumn<int>("fault");
    QTest::newRow("claim 8, correct") << 8.0 << int(AuditFault::None);
    QTest::newRow("claim 8, noise x 0.67") << 8.0 << int(AuditFault::NoiseTwoThirds);
    QTest::newRow("claim 2, noise / 4") << 2.0 << int(AuditFault::NoiseQuarter);
  }
  void wholeRun() {
    QFETCH(double, epsilon);
    QFETCH(int, fault);
    MechanismAuditSettings s;
    s.mechanism = "dpswflow-r-one-run";
    s.epsilon = epsilon;
    s.trials = 1000;
    s.fault = AuditFault(fault);
    const OneRunAudit a = runOneRunAudit(s, 11);
    qInfo("claim %.3f, one-run %.3f (%ld of %ld right, %ld canaries), Gaussian-DP family %.3f (mu %.3f), %.1f s",
          a.claimedEpsilon, a.steinke.epsilonLowerBound, a.steinke.correct, a.steinke.guessesIn + a.steinke.guessesOut,
          a.canaries, a.gdp.epsilonLowerBound, a.gdp.muLowerBound, a.seconds);
    qInfo("f-DP one-run: (eps, delta) curve %.3f (%ld of %ld), Gaussian curve %.3f (%ld of %ld)",
          a.fdpApproximateDp.epsilonLowerBound, a.fdpApproximateDp.correct,
          a.fdpApproximateDp.guessesIn + a.fdpApproximateDp.guessesOut, a.fdpGaussian.epsilonLowerBound,
          a.fdpGaussian.correct, a.fdpGaussian.guessesIn + a.fdpGaussian.guessesOut);
    QVERIFY(a.fdpGaussian.epsilonLowerBound >= a.fdpApproximateDp.epsilonLowerBound - 1e-6);  // a stronger claim
    qInfo("order statistics: (eps, delta) pair %.3f (%ld of %ld), G_mu pair %.3f (%ld of %ld)",
          a.tightApproximateDp.epsilonLowerBound, a.tightApproximateDp.correct,
          a.tightApproximateDp.guessesIn + a.tightApproximateDp.guessesOut, a.tightGaussian.epsilonLowerBound,
          a.tightGaussian.correct, a.tightGaussian.guessesIn + a.tightGaussian.guessesOut);
    // The (ε, δ) pair is the exact ceiling of the counts for an (ε, δ) claim: at or above the f-DP bound on
    // the same grid (bisection tolerances 1e-5 and 1e-7), within 0.02 of it at 1000 canaries.
    QVERIFY(a.tightApproximateDp.epsilonLowerBound >= a.fdpApproximateDp.epsilonLowerBound - 1e-4);
    QVERIFY(a.tightApproximateDp.epsilonLowerBound <= a.fdpApproximateDp.epsilonLowerBound + 0.02);
    QVERIFY(a.claimedEpsilon <= epsilon && a.claimedEpsilon > epsilon * (1 - 1e-6));  // pld calibrates from below
    if (AuditFault(fault) == AuditFault::None) {
      QVERIFY(a.steinke.epsilonLowerBound <= a.claimedEpsilon);
      QVERIFY(a.gdp.epsilonLowerBound <= a.claimedEpsilon);
      QVERIFY(a.fdpApproximateDp.epsilonLowerBound <= a.claimedEpsilon);
      QVERIFY(a.fdpGaussian.epsilonLowerBound <= a.claimedEpsilon);
      QVERIFY(a.tightApproximateDp.epsilonLowerBound <= a.claimedEpsilon);
      QVERIFY(a.tightGaussian.epsilonLowerBound <= a.claimedEpsilon);
      // The audit sees the canaries (an ideal Gaussian canary of this claim gives the proven bound ≈ 2.2).
      QVERIFY2(a.steinke.epsilonLowerBound > 1.5, qPrintable(QString::number(a.steinke.epsilonLowerBound)));
      QVERIFY2(a.gdp.epsilonLowerBound > 4.0, qPrintable(QString::number(a.gdp.epsilonLowerBound)));
    } else if (AuditFault(fault) == AuditFault::NoiseTwoThirds) {
      QVERIFY(a.gdp.epsilonLowerBound > a.claimedEpsilon);
      QVERIFY(a.tightGaussian.epsilonLowerBound > a.claimedEpsilon);  // refutes μ-GDP (not the ledger's claim)
    } else {
      QVERIFY(a.steinke.epsilonLowerBound > a.claimedEpsilon);
      QVERIFY(a.tightApproximateDp.epsilonLowerBound > a.claimedEpsilon);
    }
  }

  // A fault the run does not have is refused before any run (the method path itself: tst_one_run_whole_run).
  void refusesFaultsItDoesNotHave() {
    MechanismAuditSettings s;
    s.mechanism = "dpswflow-r-one-run";
    s.trials = 200;
    s.fault = AuditFault::SkipClip;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runOneRunAudit(s, 1));
  }
};

QTEST_APPLESS_MAIN(TestDpswFlowOneRunAudit)
#include "tst_dpsw_flow_one_run_audit.moc"
