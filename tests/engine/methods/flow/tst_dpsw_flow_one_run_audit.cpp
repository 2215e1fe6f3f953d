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

#include "audit/mechanism_audits.h"
#include "audit/one_run_targets.h"
#include "core/error.h"
#include "core/method.h"
#include "support/logged_one_run_audit.h"

using namespace dpw;

class TestDpswFlowOneRunAudit : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { allMethods(); }

  void wholeRun_data() { dpwtest::oneRunAuditRows(); }
  void wholeRun() {
    QFETCH(double, epsilon);
    QFETCH(int, fault);
    const OneRunAudit a = dpwtest::loggedOneRunAudit("dpswflow-r-one-run", epsilon, AuditFault(fault), 11);
    dpwtest::checkOneRunVerdict(a, epsilon, AuditFault(fault));
    if (QTest::currentTestFailed()) return;
    if (AuditFault(fault) == AuditFault::None) {
      // The audit sees the canaries (an ideal Gaussian canary of this claim gives the proven bound ≈ 2.2).
      QVERIFY2(a.steinke.epsilonLowerBound > 1.5, qPrintable(QString::number(a.steinke.epsilonLowerBound)));
      QVERIFY2(a.gdp.epsilonLowerBound > 4.0, qPrintable(QString::number(a.gdp.epsilonLowerBound)));
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
