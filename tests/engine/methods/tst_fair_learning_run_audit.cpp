// End-to-end audits of the fair-learning trainings other than the classifier (methods/fair_learning_run_audit.h;
// the classifier's are in tests/engine/audit/tst_end_to_end_audit.cpp): fair-regression-2d and private matching
// on their synthetic data with a canary record planted, the fair representation from two neighbouring CSV files,
// each a whole run (fixed-size batches per cell at q = 0.2, T = 30 steps, the run's pld-wor calibration), the
// auditor reading the released model. A correct run stays below its whole-run claim; a planted fault is caught
// above it, beside the correct run on the same seed (its control).
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

namespace {
MechanismAudit audit(const char* mechanism, AuditFault fault, long trials) {
  MechanismAuditSettings s;
  s.mechanism = mechanism;
  s.epsilon = 1.0;
  s.trials = trials;
  s.fault = fault;
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

  // Claim 1 for the whole run, 300 runs a side (1000 took 8-50 s a row wall at load 10). Measured (seed 5): every correct
  // run 0 and 0; noise / 4 also 0 and 0 for all three tasks (unfinished, see docs/privacy-audits.md): the score
  // of one released coordinate varies across runs with the random initialisation and the other records far
  // more than the canary moves it. The fault rows are expected failures until a sharper score is found; they
  // fail loudly (XPASS) once the fault is caught.
  void correctAndNoiseQuarter_data() {
    QTest::addColumn<QString>("mechanism");
    QTest::addColumn<int>("fault");
    for (const char* m : {"fair-regression-2d-run", "fair-representation-run", "private-matching-run"}) {
      QTest::newRow((std::string(m) + ", correct").c_str()) << QString(m) << int(AuditFault::None);
      QTest::newRow((std::string(m) + ", noise / 4").c_str()) << QString(m) << int(AuditFault::NoiseQuarter);
    }
  }
  void correctAndNoiseQuarter() {
    QFETCH(QString, mechanism);
    QFETCH(int, fault);
    const MechanismAudit a = audit(mechanism.toStdString().c_str(), AuditFault(fault), 300);
    QVERIFY(std::abs(a.claimedEpsilon - 1.0) < 0.01);  // the run's ledger meets its target
    if (AuditFault(fault) == AuditFault::None) {
      QVERIFY(belowClaim(a));
    } else {
      QEXPECT_FAIL("", "noise / 4 not yet caught by these scores (measured 0 at 1000 runs a side)", Continue);
      QVERIFY(a.result.epsilonLowerBound > a.claimedEpsilon);
    }
  }

  // Planted bug (a) on the representation's CSV path: the features standardised on the private training rows
  // move every other row's x1 (to about ∓0.065) with the canary's outlier, and the decoder's bias on x1 follows
  // them. Measured (seed 5, 1000 runs a side, α = 0; the test runs 300): 0 and 0 (unfinished, as above).
  void representationStandardisedOnPrivateRows_data() {
    QTest::addColumn<int>("fault");
    QTest::newRow("correct") << int(AuditFault::None);
    QTest::newRow("standardised on the private rows") << int(AuditFault::PrivateStandardisation);
  }
  void representationStandardisedOnPrivateRows() {
    QFETCH(int, fault);
    const MechanismAudit a = audit("fair-representation-run", AuditFault(fault), 300);
    if (AuditFault(fault) == AuditFault::None) {
      QVERIFY(belowClaim(a));
    } else {
      QEXPECT_FAIL("", "bug (a) not yet caught by this score (measured 0 at 1000 runs a side)", Continue);
      QVERIFY(a.result.epsilonLowerBound > 2 * a.claimedEpsilon);
    }
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
