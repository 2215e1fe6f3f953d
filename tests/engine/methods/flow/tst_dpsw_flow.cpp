// Tests of engine/methods/flow/dpsw_flow.h: the runs of DPSWflow-r and DPSWflow (frames, metrics,
// determinism, honest statements), the Fashion-MNIST path, and bad input.
#include <QtTest>

#include "core/error.h"
#include "core/method.h"
#include "methods/flow/dpsw_flow.h"
#include "flow/flow_accounting.h"
#include "privacy/accountants/accountant.h"
#include "support/event_log.h"
#include "support/metric_differences.h"
#include "support/throws_with.h"

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
    QVERIFY2(r.privacyStatement.find("..") == std::string::npos, r.privacyStatement.c_str());  // one period a sentence
  }
  // Lesson 5.2 waited ~1 s for the noise calibration before its first frame (#40): the step-0 picture needs no
  // noise and comes first, then the run says it calibrates, and says nothing more once it has.
  void firstFrameBeforeTheCalibration() {
    DpswFlowSettings s = smallToy(FlowVariant::Resampled);
    s.steps = 10;
    s.frameEvery = 5;
    s.privacy.epsilon = 5;
    dpwtest::EventLog log;
    runDpswFlow(s, 1, log);
    const long picture = log.first("frame particles 0"), calibrating = log.first("status calibrating the noise");
    const long step5 = log.first("frame particles 5");
    QVERIFY2(picture >= 0 && calibrating > picture && step5 > calibrating, qPrintable(QString::fromStdString(log.joined())));
    long lastStatus = -1;  // before the first step's frames: the calibration's end, an empty status
    for (long i = 0; i < step5; ++i)
      if (log.events[std::size_t(i)].rfind("status ", 0) == 0) lastStatus = i;
    QCOMPARE(QString::fromStdString(log.events[std::size_t(lastStatus)]), QString("status "));
  }
  // liveFrames off (flow-privacy-utility's inner runs, whose frames nobody sees): frames at the last step only,
  // every metric as the live run's (the final SW₂² is read from the last frame's curve).
  void framesOnlyAtTheEndChangeNoMetric() {
    DpswFlowSettings s = smallToy(FlowVariant::Resampled);
    s.steps = 30;
    s.privacy.epsilon = 5;
    CollectingObserver live, quiet;
    const RunResult a = runDpswFlow(s, 4, live);
    s.liveFrames = false;
    const RunResult b = runDpswFlow(s, 4, quiet);
    QVERIFY(live.frames.size() > 40);
    for (const auto& f : quiet.frames) QCOMPARE(f->step, 30L);
    QVERIFY(hasChart(quiet, "particles") && hasChart(quiet, "sw2") && hasChart(quiet, "epsilon"));
    const QString differ = dpwtest::metricDifferences(a, b);
    QVERIFY2(differ.isEmpty(), qPrintable(differ));
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
    s.dataNoise = PoolDataNoise::EveryStep;  // the paper's per-step reading
    s.release = FlowRelease::Projections;
    s.directions = FlowDirections::Random;
    s.privacy.epsilon = 5;
    CollectingObserver obs;
    const RunResult paper = runDpswFlow(s, 1, obs);
    QVERIFY(std::abs(paper.metrics.at("epsilon_per_step") - 5) < 1e-9);
    QVERIFY(std::abs(paper.metrics.at("epsilon_basic_composition") - 150) < 1e-7);
    QVERIFY2(paper.privacyStatement.find("basic composition of the 30 steps would give only ε = 150") != std::string::npos,
             paper.privacyStatement.c_str());
    QVERIFY(hasChart(obs, "epsilon"));
    s.privacy.convention = FlowConvention::Reference;
    const RunResult ref = runDpswFlow(s, 1, obs);
    QVERIFY2(ref.privacyStatement.find("the 30 releases are NOT composed") != std::string::npos &&
                 ref.privacyStatement.find("Dwork & Roth 2014 Thm A.1") != std::string::npos,
             ref.privacyStatement.c_str());
  }
  // DPSWflow-r with a target ε: calibrated by the accountant (bisection tolerance 1e-9 on σ, so ε
  // within 1e-3), and the ε reported is the accountant's for (q, multiplier, T) at δ/2.
  void resampledEpsilonGoesThroughTheAccountant() {
    DpswFlowSettings s = smallToy(FlowVariant::Resampled);
    s.steps = 20;
    s.privacy.epsilon = 5;
    s.directions = FlowDirections::Random;  // the paper's convention: δ/2 to the accountant
    s.release = FlowRelease::Projections;   // the paper's release (noise on every projection)
    CollectingObserver obs;
    const RunResult r = runDpswFlow(s, 1, obs);
    QVERIFY2(std::abs(r.metrics.at("epsilon") - 5) < 1e-3, qPrintable(QString::number(r.metrics.at("epsilon"))));
    auto acc = makeAccountant("rdp-wor");  // the default: fixed batches, replace-one
    acc->addGaussianSteps(r.metrics.at("noise_multiplier"), r.metrics.at("sample_rate"), 20);
    QCOMPARE(r.metrics.at("epsilon"), acc->epsilon(0.5e-5));
    QCOMPARE(r.metrics.at("sample_rate"), 0.25);  // batch 250 of 1000
    // Default (orthonormal blocks, k = 0 → d = 2): Δ = 2 exactly and the whole δ to the accountant.
    s.directions = FlowDirections::Orthonormal;
    s.projections = 0;
    const RunResult o = runDpswFlow(s, 1, obs);
    QCOMPARE(o.metrics.at("sensitivity"), 2.0);
    auto acc2 = makeAccountant("rdp-wor");  // accountant auto: one flow, fixed batches, replace-one
    acc2->addGaussianSteps(o.metrics.at("noise_multiplier"), o.metrics.at("sample_rate"), 20);
    QCOMPARE(o.metrics.at("epsilon"), acc2->epsilon(1e-5));
    QVERIFY2(std::abs(o.metrics.at("epsilon") - 5) < 1e-3, qPrintable(QString::number(o.metrics.at("epsilon"))));
    QVERIFY2(o.privacyStatement.find("orthonormal") != std::string::npos, o.privacyStatement.c_str());
    // k = 5 > d: three stacked bases, Δ = 2√3.
    s.projections = 5;
    QVERIFY(std::abs(runDpswFlow(s, 1, obs).metrics.at("sensitivity") - 2 * std::sqrt(3.0)) < 1e-12);
  }

  // The default release (projection_histogram.h): k = d = 2 noisy histograms per step, Δ = √(2k) = 2
  // for replace-one (rdp-wor), √k = √2 for add/remove (rdp), the whole δ to the accountant; ε equals
  // the request (calibration tolerance 1e-9 on σ) and the statement names the release.
  void histogramReleaseIsAccounted() {
    DpswFlowSettings s = smallToy(FlowVariant::Resampled);
    s.steps = 20;
    s.privacy.epsilon = 5;
    CollectingObserver obs;
    const RunResult r = runDpswFlow(s, 1, obs);
    QCOMPARE(r.metrics.at("sensitivity"), 2.0);
    auto acc = makeAccountant("rdp-wor");
    acc->addGaussianSteps(r.metrics.at("noise_multiplier"), r.metrics.at("sample_rate"), 20);
    QCOMPARE(r.metrics.at("epsilon"), acc->epsilon(1e-5));
    QVERIFY2(std::abs(r.metrics.at("epsilon") - 5) < 1e-3, qPrintable(QString::number(r.metrics.at("epsilon"))));
    QCOMPARE(r.metrics.at("noise_std"), 2.0 * r.metrics.at("noise_multiplier"));
    QVERIFY2(r.privacyStatement.find("noisy histograms") != std::string::npos, r.privacyStatement.c_str());
    QVERIFY2(r.privacyStatement.find("√(2k)") != std::string::npos, r.privacyStatement.c_str());
    s.privacy.accountant = AccountantKind::Rdp;
    s.projections = 5;
    QVERIFY(std::abs(runDpswFlow(s, 1, obs).metrics.at("sensitivity") - std::sqrt(5.0)) < 1e-12);
  }
  // Issue #15's target, with only method, target, ε, δ and seed set (the method's defaults: histogram
  // release, accountant auto = pld since issue #21): final SW₂² to held-out data ≤ 10x the sampling floor at
  // ε = 10 and ≤ 20x at ε = 5 (seeds 1-3 measured 1.95-2.63x and 2.18-2.78x with pld, 1.97-2.66x and
  // 2.22-2.82x with the old auto rdp, docs/flow-results.md: a 3.8-7x margin), ε as asked (σ to 1e-9).
  void ring5DefaultsReachTheData() {
    for (const double eps : {10.0, 5.0}) {
      ParamValues p(findMethod("dpswflow-r").params);
      p.set("epsilon", eps);
      CollectingObserver obs;
      const RunResult r = findMethod("dpswflow-r").run(p, 1, obs);
      const double ratio = r.metrics.at("sw2_heldout") / r.metrics.at("sw2_floor");
      qInfo("ring5, ε = %g: SW₂² %.4f = %.1fx the floor", eps, r.metrics.at("sw2_heldout"), ratio);
      QVERIFY2(ratio <= (eps == 10 ? 10.0 : 20.0), qPrintable(QString::number(ratio)));
      QVERIFY(std::abs(r.metrics.at("epsilon") - eps) < 1e-6 * eps);
      QCOMPARE(r.metrics.at("sensitivity"), std::sqrt(2.0));  // auto = pld: add/remove, Δ = √k
      QVERIFY2(r.privacyStatement.find("add/remove") != std::string::npos, r.privacyStatement.c_str());
      QVERIFY2(r.privacyStatement.find("by the PLD (Poisson") != std::string::npos, r.privacyStatement.c_str());
    }
  }
  // DPSWflow with its defaults (the pool's K = 70 histograms of the whole data released once, Δ = √140):
  // at ε = 5 the flow ends at the sampling floor (measured 0.9x for seeds 1-3, 1.1-1.5x at ε = 1); ≤ 2x
  // leaves room for seed-to-seed spread.
  void poolDefaultsReachTheData() {
    ParamValues p(findMethod("dpswflow").params);
    p.set("epsilon", 5.0);
    CollectingObserver obs;
    const RunResult r = findMethod("dpswflow").run(p, 1, obs);
    const double ratio = r.metrics.at("sw2_heldout") / r.metrics.at("sw2_floor");
    qInfo("ring5 pool, ε = 5: %.1fx the floor", ratio);
    QVERIFY2(ratio <= 2.0, qPrintable(QString::number(ratio)));
    QVERIFY(std::abs(r.metrics.at("epsilon") - 5) < 1e-9);
  }
  // Issue #15's Fashion-MNIST target, defaults, per class, ε = 5: 1-NN accuracy of the test latents
  // by the labelled particles ≥ 0.65 (measured 0.682 / 0.677 / 0.679 for seeds 1-3; real latents 0.746).
  void fashionPerClassDefaultsAtEps5() {
    ParamValues p(findMethod("dpswflow-r").params);
    p.set("target", std::string("fashion-mnist"));
    p.set("per_class", 1.0);
    p.set("epsilon", 5.0);
    p.set("frame_every", 500.0);
    CollectingObserver obs;
    const RunResult r = findMethod("dpswflow-r").run(p, 1, obs);
    qInfo("Fashion per class, ε = 5: 1-NN %.4f, FD %.3f", r.metrics.at("nn_accuracy"), r.metrics.at("frechet_public"));
    QVERIFY2(r.metrics.at("nn_accuracy") >= 0.65, qPrintable(QString::number(r.metrics.at("nn_accuracy"))));
    QVERIFY(std::abs(r.metrics.at("epsilon") - 5) < 1e-5);
  }

  // DPSWflow with the data noise drawn once ([DPSWFlow] Alg. 2): every step reads the same released
  // noisy data projections (bitwise, per pool direction), so the run's ε is the one release's: the
  // same for 5 and 40 steps, equal to the request (analytic Gaussian calibration, bisection 1e-12).
  void poolNoiseIsReleasedOnce() {
    DpswFlowSettings s = smallToy(FlowVariant::Pool);
    s.steps = 40;
    s.pool = 12;
    s.projections = 5;
    s.privacy.epsilon = 3;
    std::map<Eigen::Index, std::vector<double>> seen;  // pool direction -> its released row
    long mismatches = 0, checks = 0;
    s.inspectReleasedTargets = [&](long, std::size_t, const std::vector<Eigen::Index>& idx, const Points& t) {
      QCOMPARE(t.rows(), Eigen::Index(idx.size()));
      for (std::size_t r = 0; r < idx.size(); ++r) {
        std::vector<double> row(t.row(Eigen::Index(r)).data(), t.row(Eigen::Index(r)).data() + t.cols());
        auto it = seen.find(idx[r]);
        if (it == seen.end())
          seen.emplace(idx[r], row);
        else
          ++checks, mismatches += it->second != row;  // bitwise comparison of the doubles
      }
    };
    CollectingObserver obs;
    const RunResult r40 = runDpswFlow(s, 1, obs);
    QCOMPARE(mismatches, 0L);
    QVERIFY(checks > 100);     // 40 steps x 5 directions of a pool of 12: most rows seen again
    QCOMPARE(seen.size(), std::size_t(12));
    QVERIFY2(std::abs(r40.metrics.at("epsilon") - 3) < 1e-9, qPrintable(QString::number(r40.metrics.at("epsilon"))));
    s.steps = 5;
    s.inspectReleasedTargets = nullptr;
    const RunResult r5 = runDpswFlow(s, 1, obs);
    QCOMPARE(r5.metrics.at("epsilon"), r40.metrics.at("epsilon"));
    QCOMPARE(r5.metrics.at("noise_std"), r40.metrics.at("noise_std"));
    QVERIFY2(r40.privacyStatement.find("by one release of the Gaussian mechanism") != std::string::npos &&
                 r40.privacyStatement.find("reused by all 40 steps") != std::string::npos &&
                 r40.privacyStatement.find("replace-one") != std::string::npos,
             r40.privacyStatement.c_str());
    QVERIFY2(r40.privacyStatement.find("noisy histograms") != std::string::npos, r40.privacyStatement.c_str());
    QCOMPARE(r40.metrics.at("sensitivity"), std::sqrt(24.0));  // the default histogram release: √(2K), K = 12
    // Fresh data noise every step composes: ε after 40 steps is far above the one release's.
    s.steps = 40;
    s.dataNoise = PoolDataNoise::EveryStep;
    s.release = FlowRelease::Projections;
    s.privacy.noiseMultiplier = r40.metrics.at("noise_multiplier");
    QVERIFY(runDpswFlow(s, 1, obs).metrics.at("epsilon") > 3 * r40.metrics.at("epsilon"));
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
    s.privacy.accountant = AccountantKind::Rdp;  // per-class flows sample by Poisson (flow_privacy.h)
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
    s.projections = -1;
    QVERIFY(dpwtest::throwsWith([&] { runDpswFlow(s, 1, obs); }, "projections k must be at least 1 (0: d), got -1"));
    ParamValues p(findMethod("dpswflow-r").params);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, p.set("projections", -1.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, p.set("direction_draw", std::string("sobol")));
    s = smallToy(FlowVariant::Resampled);
    s.stepDecay = -1;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runDpswFlow(s, 1, obs));
    s.stepDecay = 0;
    s.averageTail = 1;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runDpswFlow(s, 1, obs));
    s = smallToy(FlowVariant::Pool);
    s.pool = 10;
    s.projections = 20;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runDpswFlow(s, 1, obs));
    s = smallToy(FlowVariant::Resampled);
    s.data.target = "fashion-mnist";
    s.data.fashionDir = "/nonexistent";
    QVERIFY(dpwtest::throwsWith([&] { runDpswFlow(s, 1, obs); }, "missing"));
    s = smallToy(FlowVariant::Resampled);
    s.data.perClass = true;
    s.privacy.accountant = AccountantKind::Rdp;  // so the error is the unlabelled target's
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runDpswFlow(s, 1, obs));
    // Per-class DPSWflow with the projections release (#35): each class's release has one noisy row per private
    // row of the class, so its shape is a private count; refused, naming the rule (before any data is read).
    s = smallToy(FlowVariant::Pool);
    s.data.target = "fashion-mnist";
    s.data.perClass = true;
    s.release = FlowRelease::Projections;
    QVERIFY(dpwtest::throwsWith([&] { runDpswFlow(s, 1, obs); }, "the shape of each release is a private class count"));
    s.release = FlowRelease::Histogram;  // a public shape: accepted by the checks (the data are not read here)
    s.data.fashionDir = "/nonexistent";
    QVERIFY(dpwtest::throwsWith([&] { runDpswFlow(s, 1, obs); }, "missing"));
    s = smallToy(FlowVariant::Resampled);
    obs.cancel = true;
    QVERIFY_THROWS_EXCEPTION(Cancelled, runDpswFlow(s, 1, obs));
  }
};

QTEST_APPLESS_MAIN(TestDpswFlow)
#include "tst_dpsw_flow.moc"
