// Tests of engine/methods/flow/dpsw_flow.h: the runs of DPSWflow-r and DPSWflow (frames, metrics,
// determinism, honest statements), the Fashion-MNIST path, and bad input.
#include <QtTest>

#include "core/error.h"
#include "core/method.h"
#include "methods/flow/dpsw_flow.h"
#include "methods/flow/flow_accounting.h"
#include "privacy/accountant.h"

using namespace dpw;

namespace {
DpswFlowSettings smallToy(FlowVariant v) {
  DpswFlowSettings s;
  s.variant = v;
  s.particles = 1000;
  s.data.toySize = 1000;
  s.steps = 200;
  s.frameEvery = 50;
  return s;
}
bool hasChart(const CollectingObserver& o, const std::string& id) {
  for (const auto& f : o.frames)
    if (f->chart == id) return true;
  return false;
}
}  // namespace

class TestDpswFlow : public QObject {
  Q_OBJECT
 private slots:
  // ε = ∞: the flow reaches the held-out ring to within 0.02 of the sampling floor (SW₂² between two
  // independent samples of 1000 points, in data units) and the starting distance drops 20-fold.
  void noiselessFlowReachesHeldOutData() {
    DpswFlowSettings s = smallToy(FlowVariant::Resampled);
    s.batch = 1000;  // Poisson with q = 1: all rows
    CollectingObserver obs;
    const RunResult r = runDpswFlow(s, 3, obs);
    const double floor = r.metrics.at("sw2_floor"), end = r.metrics.at("sw2_heldout");
    QVERIFY2(end < floor + 0.02, qPrintable(QString("end %1, floor %2").arg(end).arg(floor)));
    QVERIFY(hasChart(obs, "particles") && hasChart(obs, "sw2"));
    QCOMPARE(obs.lastStep, 200L);
    QVERIFY(r.privacyStatement.find("No privacy") != std::string::npos);
  }
  void sameSeedSameRun() {
    DpswFlowSettings s = smallToy(FlowVariant::Pool);
    s.steps = 20;
    CollectingObserver a, b;
    QCOMPARE(runDpswFlow(s, 9, a).metrics.at("sw2_heldout"), runDpswFlow(s, 9, b).metrics.at("sw2_heldout"));
  }
  // DPSWflow at ε = 5 per step: σ from the pool, basic composition T ε stated, and the reference
  // convention says that nothing is composed.
  void poolStatements() {
    DpswFlowSettings s = smallToy(FlowVariant::Pool);
    s.steps = 30;
    s.privacy.epsilon = 5;
    CollectingObserver obs;
    const RunResult paper = runDpswFlow(s, 1, obs);
    QVERIFY(std::abs(paper.metrics.at("epsilon_per_step") - 5) < 1e-9);
    QVERIFY(std::abs(paper.metrics.at("epsilon_basic_composition") - 150) < 1e-7);
    QVERIFY2(paper.privacyStatement.find("basic composition gives ε = 150") != std::string::npos,
             paper.privacyStatement.c_str());
    QVERIFY(hasChart(obs, "epsilon"));
    s.privacy.convention = "reference";
    const RunResult ref = runDpswFlow(s, 1, obs);
    QVERIFY(ref.privacyStatement.find("NOT composed") != std::string::npos);
  }
  // DPSWflow-r with a target ε: calibrated by the accountant (bisection tolerance 1e-9 on σ, so ε
  // within 1e-3), and the ε reported is the accountant's for (q, multiplier, T) at δ/2.
  void resampledEpsilonGoesThroughTheAccountant() {
    DpswFlowSettings s = smallToy(FlowVariant::Resampled);
    s.steps = 20;
    s.privacy.epsilon = 5;
    CollectingObserver obs;
    const RunResult r = runDpswFlow(s, 1, obs);
    QVERIFY2(std::abs(r.metrics.at("epsilon") - 5) < 1e-3, qPrintable(QString::number(r.metrics.at("epsilon"))));
    auto acc = makeAccountant("rdp-wor");  // the default: fixed batches, replace-one
    acc->addGaussianSteps(r.metrics.at("noise_multiplier"), r.metrics.at("sample_rate"), 20);
    QCOMPARE(r.metrics.at("epsilon"), acc->epsilon(0.5e-5));
    QCOMPARE(r.metrics.at("sample_rate"), 0.25);  // batch 250 of 1000
  }
  void fashionMnistPerClass() {
    DpswFlowSettings s;
    s.data.target = "fashion-mnist";
    s.particles = 2000;
    s.projections = 70;
    s.quantiles = 500;
    s.stepSize = 3;
    s.batch = 2500;
    s.steps = 60;
    s.frameEvery = 30;
    s.data.perClass = true;
    s.privacy.accountant = "rdp";  // per-class flows sample by Poisson (flow_privacy.h)
    CollectingObserver obs;
    const RunResult r = runDpswFlow(s, 2, obs);
    QVERIFY(hasChart(obs, "samples"));
    // Without noise the flowed classes label the test set far above chance (0.1).
    QVERIFY2(r.metrics.at("nn_accuracy") > 0.5, qPrintable(QString::number(r.metrics.at("nn_accuracy"))));
    QVERIFY(r.metrics.at("nn_accuracy_real") > 0.7);
  }
  void badInputThrows() {
    DpswFlowSettings s = smallToy(FlowVariant::Resampled);
    CollectingObserver obs;
    s.projections = 0;
    try {
      runDpswFlow(s, 1, obs);
      QFAIL("no exception");
    } catch (const InvalidArgument& e) {
      QVERIFY2(std::string(e.what()).find("projections k must be at least 1, got 0") != std::string::npos, e.what());
    }
    ParamValues p(findMethod("dpswflow-r").params);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, p.set("projections", 0.0));
    s = smallToy(FlowVariant::Pool);
    s.pool = 10;
    s.projections = 20;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runDpswFlow(s, 1, obs));
    s = smallToy(FlowVariant::Resampled);
    s.data.target = "fashion-mnist";
    s.data.fashionDir = "/nonexistent";
    try {
      runDpswFlow(s, 1, obs);
      QFAIL("no exception");
    } catch (const InvalidArgument& e) {
      QVERIFY2(std::string(e.what()).find("missing") != std::string::npos, e.what());
    }
    s = smallToy(FlowVariant::Resampled);
    s.data.perClass = true;
    s.privacy.accountant = "rdp";  // so the error is the unlabelled target's
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runDpswFlow(s, 1, obs));
    s = smallToy(FlowVariant::Resampled);
    obs.cancel = true;
    QVERIFY_THROWS_EXCEPTION(Cancelled, runDpswFlow(s, 1, obs));
  }
};

QTEST_APPLESS_MAIN(TestDpswFlow)
#include "tst_dpsw_flow.moc"
