// Tests of engine/flow/flow_step_audit.h: the audit of one private flow step through
// slicedFlowDrift never exceeds the claimed ε, and a step with noise ÷ 4 is caught.
#include <QtTest>

#include "core/error.h"
#include "core/method.h"
#include "flow/flow_step_audit.h"

using namespace dpw;

class TestFlowStepAudit : public QObject {
  Q_OBJECT
 private slots:
  // Claimed ε = 1 and 4 (δ = 1e-5, k = d = 2 and k = 5 > d = 2: three stacked bases): the 95% lower
  // bound from 20000 trials per side must be ≤ ε (a sound mechanism fails this with probability
  // ≤ 5% per audit; the RDP calibration at T = 1 leaves a margin: measured 0.32 / 0.23 at ε = 1 and 1.8 / 1.4 at ε = 4
  // for k = 2 / 5; k = 5 uses ‖Θu‖² = 2 + (θ₅·u)² < 3 of the Δ² = 12 budget).
  void correctStepPassesTheAudit() {
    for (const double eps : {1.0, 4.0}) {
      for (const long k : {2L, 5L}) {
        FlowStepAuditSettings s;
        s.epsilon = eps;
        s.projections = k;
        s.trials = 20000;
        const FlowStepAudit a = auditFlowStep(s, 3);
        qInfo("ε = %g, k = %ld: lower bound %.3f (point %.3f), s = %.3f, Δ = %.3f", eps, k, a.result.epsilonLowerBound,
              a.result.pointEstimate, a.noiseStd, a.sensitivity);
        QVERIFY2(a.result.epsilonLowerBound <= eps, qPrintable(QString::number(a.result.epsilonLowerBound)));
      }
    }
  }
  // Noise ÷ 4 multiplies the Gaussian's μ by 4: at claimed ε = 1 the true ε is several times larger
  // and the lower bound must exceed 1 (measured 2.5).
  void quarterNoiseIsCaught() {
    FlowStepAuditSettings s;
    s.epsilon = 1;
    s.trials = 20000;
    s.noiseQuarter = true;
    const FlowStepAudit a = auditFlowStep(s, 3);
    qInfo("noise ÷ 4: lower bound %.3f", a.result.epsilonLowerBound);
    QVERIFY2(a.result.epsilonLowerBound > 1, qPrintable(QString::number(a.result.epsilonLowerBound)));
  }
  // The same step through the privacy-audit method's registry (`mechanism = flow-step`, what
  // `dpwlab-cli audit` and the GUI run): k = 4, d = 2 (two bases, Δ = 2√2), claim ε = 1: correct ≤ 1,
  // noise ÷ 4 caught (> 1), with 20000 runs per side as above.
  void registeredAuditRunsTheProductionStep() {
    allMethods();  // the registry registers flow-step before listing the audit's mechanisms
    const auto ids = auditMechanismIds();
    QVERIFY(std::find(ids.begin(), ids.end(), "flow-step") != ids.end());
    MechanismAuditSettings s;
    s.mechanism = "flow-step";
    s.epsilon = 1;
    s.projections = 4;
    s.dimension = 2;
    s.trials = 20000;
    const MechanismAudit ok = auditMechanism(s, 5);
    qInfo("registered flow-step: lower bound %.3f", ok.result.epsilonLowerBound);
    QVERIFY2(ok.result.epsilonLowerBound <= 1, qPrintable(QString::number(ok.result.epsilonLowerBound)));
    s.fault = AuditFault::NoiseQuarter;
    const MechanismAudit broken = auditMechanism(s, 5);
    qInfo("registered flow-step, noise ÷ 4: lower bound %.3f", broken.result.epsilonLowerBound);
    QVERIFY2(broken.result.epsilonLowerBound > 1, qPrintable(QString::number(broken.result.epsilonLowerBound)));
    s.fault = AuditFault::SkipClip;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 5));
  }
  void badInputThrows() {
    FlowStepAuditSettings s;
    s.trials = 10;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditFlowStep(s, 1));
    s = FlowStepAuditSettings();
    s.epsilon = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditFlowStep(s, 1));
  }
};

QTEST_APPLESS_MAIN(TestFlowStepAudit)
#include "tst_flow_step_audit.moc"
