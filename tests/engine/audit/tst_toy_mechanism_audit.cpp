// Adding a mechanism to the privacy audit takes one file (issue #13): this test registers randomized
// response on one bit (Warner 1965), ε-DP when the true bit is reported with probability e^ε/(1 + e^ε),
// and runs it through auditMechanism, the entry point of the privacy-audit method and `dpwlab-cli audit`.
// Its exact ε is known: the threshold test "reported 1 ⇒ D'" has FPR = FNR = 1/(1 + e^ε), and
// ln((1 − FNR)/FPR) = ε, so a correct audit must land just below the claim and a broken variant
// (flip probability calibrated for 4ε) must exceed it.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <random>

#include "audit/mechanism_audits.h"
#include "core/error.h"
#include "support/throws_with.h"

using namespace dpw;

namespace {

AuditTarget randomizedResponse(const MechanismAuditSettings& s, std::uint64_t) {
  const double used = s.fault == AuditFault::NoiseQuarter ? 4 * s.epsilon : s.epsilon;
  const double truth = std::exp(used) / (1 + std::exp(used));  // P(report the true bit)
  AuditTarget t;
  t.claimedEpsilon = s.epsilon;
  t.claimedDelta = 0;
  t.noiseScale = 1 - truth;
  t.trial = [truth](bool neighbour, Rng& rng) {
    const bool bit = neighbour;  // D holds 0, D' holds 1: the one record that differs
    const bool honest = std::bernoulli_distribution(truth)(rng);
    return double(honest ? bit : !bit);
  };
  return t;
}

}  // namespace

class TestToyMechanismAudit : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { registerAuditMechanism("toy-randomized-response", randomizedResponse); }

  void isListedWithTheBuiltIns() {
    const auto ids = auditMechanismIds();
    QVERIFY(std::find(ids.begin(), ids.end(), "toy-randomized-response") != ids.end());
    QCOMPARE(ids.front(), std::string("gaussian"));
  }

  // 100000 trials per side at ε = 1: the Clopper-Pearson bound sits within 0.05 of the exact ε
  // (standard error of ln(FPR) ≈ √((1 − p)/(n p)) ≈ 0.006 on the 50000-trial evaluation half).
  void correctToyPasses() {
    MechanismAuditSettings s;
    s.mechanism = "toy-randomized-response";
    s.epsilon = 1.0;
    s.trials = 100000;
    const MechanismAudit a = auditMechanism(s, 11);
    qInfo("randomized response: claimed eps 1, measured lower bound %.4f (point %.4f)", a.result.epsilonLowerBound,
          a.result.pointEstimate);
    QVERIFY(a.result.epsilonLowerBound <= 1.0);
    QVERIFY(a.result.epsilonLowerBound > 0.95);
  }

  void brokenToyIsCaught() {
    MechanismAuditSettings s;
    s.mechanism = "toy-randomized-response";
    s.trials = 20000;
    s.fault = AuditFault::NoiseQuarter;
    const MechanismAudit a = auditMechanism(s, 11);
    qInfo("randomized response calibrated for 4 eps: measured lower bound %.3f", a.result.epsilonLowerBound);
    QVERIFY(a.result.epsilonLowerBound > 2.0);
  }

  // The generic runner, without the registry, and its checks.
  void runAuditDirectly() {
    MechanismAuditSettings s;
    s.epsilon = 0.5;
    const MechanismAudit a = runAudit(randomizedResponse(s, 0), 20000, 3);
    QVERIFY(a.result.epsilonLowerBound <= 0.5 && a.result.epsilonLowerBound > 0.3);
    AuditTarget empty;
    empty.claimedEpsilon = 1;
    QVERIFY(dpwtest::throwsInternalWith([&] { runAudit(empty, 1000, 1); }, "the audit target has no trial function"));
    QVERIFY(dpwtest::throwsInternalWith([&] { runAudit(randomizedResponse(s, 0), 100, 1); },
                                         "at least 200 trials per data set"));
    s.mechanism = "no-such-toy";
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
  }
};

QTEST_APPLESS_MAIN(TestToyMechanismAudit)
#include "tst_toy_mechanism_audit.moc"
