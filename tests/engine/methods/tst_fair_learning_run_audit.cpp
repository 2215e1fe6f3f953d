// End-to-end audits of the fair-learning trainings other than the classifier (methods/fair_learning_run_audit.h;
// the classifier's are in tests/engine/audit/tst_end_to_end_audit.cpp): fair-regression-2d and private matching
// on their synthetic data with a canary record planted, the fair representation from two neighbouring CSV files,
// each a whole run (the method's own training path at q = 1, T = 10 steps, the run's pld-wor calibration), the
// auditor replaying every released step. A correct run stays below its whole-run claim; a planted fault is caught
// above it, beside the correct run on the same seed (its control). Private matching's canary cannot show noise / 4
// at this claim (below): only its control is checked.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <string>

#include "audit/mechanism_audits.h"
#include "core/error.h"
#include "core/method.h"
#include "methods/fair_learning_run_audit.h"

#include "support/logged_audit.h"

using namespace dpw;
using dpwtest::belowClaim;
using dpwtest::loggedAudit;
using dpwtest::runAuditSettings;

namespace {
MechanismAudit audit(const char* mechanism, AuditFault fault, long trials, double clip = 0) {
  MechanismAuditSettings s = runAuditSettings(mechanism, 1.0, trials, fault);
  s.runClip = clip;  // 0: the audit's default C = 1
  return loggedAudit(s, 5, std::string(mechanism) + " whole run");
}
}  // namespace

class TestFairLearningRunAudit : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { allMethods(); }

  void registeredByTask() {
    QCOMPARE(std::string(fairLearningRunAuditName(FairTask::Classifier)), std::string("fair-classifier-run"));
    QCOMPARE(std::string(fairLearningRunAuditName(FairTask::Regression2d)), std::string("fair-regression-2d-run"));
    QCOMPARE(std::string(fairLearningRunAuditName(FairTask::Representation)), std::string("fair-representation-run"));
    QCOMPARE(std::string(fairLearningRunAuditName(FairTask::Matching)), std::string("private-matching-run"));
    const auto& ids = auditMechanismIds();
    for (const char* id : {"fair-regression-2d-run", "fair-representation-run", "private-matching-run"})
      QVERIFY2(std::find(ids.begin(), ids.end(), std::string(id)) != ids.end(), id);
  }

  // Claim 1 for the whole run. The audit holds D, D′ and the initialisation fixed across trials
  // (FairLearningSettings::fixedDataSeed), runs full batches (q = 1) for T = 10 steps and scores the released
  // steps by replaying the run's own clipped gradient on D and D′ (the log-likelihood ratio of the composition,
  // fair_learning_run_audit.cpp). Each row: a control (the correct run, both bounds at most the claim) or a fault
  // caught above the claim by the estimator named in the row (`gdp`: within the Gaussian-DP family only; `df`:
  // the distribution-free bound, which then also implies the other). Measured (seed 5, claim 1, load 5-6.7;
  // distribution-free / Gaussian-DP family; docs/privacy-audits.md): fair-regression-2d correct 0 / 0, noise / 4
  // 1.263 / 3.929 (1000 runs a side; μ 0.91: every step's ‖g − g′‖ is Δ, so μ = 4 × 0.27 less the estimate's
  // margin); fair representation correct 0 / 0, noise / 4 0.696 / 2.398 (1000; μ 0.59: ‖g − g′‖ ≈ 0.77 Δ, the
  // canary's clipped gradients at x1 = ±1 are nearly orthogonal, not opposite), bug (a) 3.669 / 21.517 (300,
  // every run told apart: the ceiling of 300 runs; 4.906 / 31.997 at 1000: the outlier's mean and deviation move
  // all 240 rows), skip-clip at C = 0.1 3.669 / 21.517 (300, the same ceiling). The margins: regression's
  // distribution-free 1.26 is 0.26 above the claim (its control reads 0), the representation's Gaussian-DP 2.40
  // is 1.4 above it, bug (a) and skip-clip 2.7 above it; seeds 6-8 read 1.30-1.87 and 1.77-2.02 for the two
  // noise / 4 rows and 0 / 0 for the controls. The suite: 43 s of CPU, 70 s wall at load 6.4.
  // Private matching's control only: its canary's ‖g − g′‖ is about 0.09 Δ (a reference point's W₂ gradient
  // reaches at most about 2.5L/n, 0.21 of Thm A.1(b)'s 12LM/n), so noise / 4 gives μ ≈ 0.1 (≤ 0.23) < the
  // claim's 0.27: no score on such a canary can catch it at this claim (docs/privacy-audits.md).
  void correctAndFaults_data() {
    QTest::addColumn<QString>("mechanism");
    QTest::addColumn<int>("fault");
    QTest::addColumn<int>("trials");
    QTest::addColumn<double>("clip");
    QTest::addColumn<QString>("catches");  // "" for a control, else "gdp" or "df"
    const QString reg("fair-regression-2d-run"), rep("fair-representation-run");
    QTest::newRow("regression, correct") << reg << int(AuditFault::None) << 500 << 0.0 << QString();
    QTest::newRow("regression, noise / 4") << reg << int(AuditFault::NoiseQuarter) << 1000 << 0.0 << QString("df");
    QTest::newRow("representation, correct") << rep << int(AuditFault::None) << 300 << 0.0 << QString();
    QTest::newRow("representation, noise / 4") << rep << int(AuditFault::NoiseQuarter) << 1000 << 0.0 << QString("gdp");
    QTest::newRow("representation, bug (a)") << rep << int(AuditFault::PrivateStandardisation) << 300 << 0.0
                                             << QString("df");
    QTest::newRow("representation, C = 0.1, correct") << rep << int(AuditFault::None) << 300 << 0.1 << QString();
    QTest::newRow("representation, C = 0.1, skip-clip") << rep << int(AuditFault::SkipClip) << 300 << 0.1 << QString("df");
    QTest::newRow("matching, correct") << QString("private-matching-run") << int(AuditFault::None) << 200 << 0.0 << QString();
  }
  void correctAndFaults() {
    QFETCH(QString, mechanism);
    QFETCH(int, fault);
    QFETCH(int, trials);
    QFETCH(double, clip);
    QFETCH(QString, catches);
    const MechanismAudit a = audit(mechanism.toStdString().c_str(), AuditFault(fault), trials, clip);
    QVERIFY(std::abs(a.claimedEpsilon - 1.0) < 0.01);  // the run's ledger meets its target
    if (catches.isEmpty())
      QVERIFY(belowClaim(a));
    else if (catches == "gdp")  // within the Gaussian-DP family only, as the flow's whole run (tst_end_to_end_audit.cpp)
      QVERIFY(a.gdp.epsilonLowerBound > a.claimedEpsilon);
    else
      QVERIFY(a.result.epsilonLowerBound > a.claimedEpsilon);
  }

  // Each task refuses the faults it does not have: private standardisation needs a CSV path, skipping the loss
  // clip needs a loss (private matching has none).
  void refusesFaultsItDoesNotHave() {
    MechanismAuditSettings s;
    s.fault = AuditFault::PrivateStandardisation;
    s.mechanism = "fair-regression-2d-run";
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
    s.mechanism = "private-matching-run";
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
    s.fault = AuditFault::SkipClip;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
    s.fault = AuditFault::RateTenth;
    s.mechanism = "fair-representation-run";
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
  }
};

QTEST_APPLESS_MAIN(TestFairLearningRunAudit)
#include "tst_fair_learning_run_audit.moc"
