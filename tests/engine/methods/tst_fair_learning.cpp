// Tests of engine/methods/fair_learning.h on the App. B synthetic data: the must-show behaviour of
// [FairLearn] (fairness improves with α, privacy costs little), frames, grid, parameters, throws.
//
// ε = 1 runs calibrate σ with the default accountant ("auto" = "pld-wor", a proven bound); this test also
// computes σ from the paper's GDP formula for uniform (fixed-size) sampling of reference §4 itself and checks
// the proven σ stays within 10% of it.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <fstream>
#include <cmath>

#include "core/error.h"
#include "fair_learning/synthetic_bias.h"
#include "methods/fair_learning.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/accountant_calibration.h"
#include "privacy/accountants/accountant_offers.h"
#include "privacy/printed_numbers.h"

using namespace dpw;

namespace {

double Phi(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// Reference §4: μ = √2 q √T √(e^{1/σ²} Φ(1.5/σ) + 3 Φ(−0.5/σ) − 2); ε solves
// Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) = δ.
double gdpUniformEpsilon(double sigma, double q, long T, double delta) {
  const double mu = std::sqrt(2.0) * q * std::sqrt(double(T)) *
                    std::sqrt(std::exp(1 / (sigma * sigma)) * Phi(1.5 / sigma) + 3 * Phi(-0.5 / sigma) - 2);
  auto deltaOf = [mu](double e) { return Phi(-e / mu + mu / 2) - std::exp(e) * Phi(-e / mu - mu / 2); };
  double lo = 0, hi = 100;  // δ(ε) decreases in ε
  for (int it = 0; it < 200; ++it) {
    const double mid = 0.5 * (lo + hi);
    (deltaOf(mid) > delta ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

double gdpUniformMultiplier(double epsilon, double q, long T, double delta) {
  double lo = 0.3, hi = 200;  // ε decreases in σ
  for (int it = 0; it < 200; ++it) {
    const double mid = 0.5 * (lo + hi);
    (gdpUniformEpsilon(mid, q, T, delta) > epsilon ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

struct Averages {
  double acc = 0, di = 0, w2 = 0, eo0 = 0, eo1 = 0, w2y0 = 0, w2y1 = 0;
};

// Mean over seeds 1..5 of the metrics of each grid cell (rows ε, columns α).
void averagedGrid(const FairLearningSettings& base, const std::vector<double>& eps, const std::vector<double>& alphas,
                  std::vector<Averages>& avg) {
  avg.assign(eps.size() * alphas.size(), {});
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const auto cells = runFairLearningGrid(base, eps, alphas, seed);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const auto& m = cells[i].result.metrics;
      if (std::isfinite(cells[i].epsilon)) {
        // The run's σ is the default accountant's (auto = pld-wor, a proven bound) for its q, the same
        // calibration call (1e-12), within 10% of the paper's CLT value computed independently here
        // (issue #21: a proven default at most 10% above the approximation), and the ε it reports after
        // T steps is the target.
        const double sigma = calibrateNoiseMultiplier(AccountantKind::PldWor, cells[i].epsilon, 0.1 / base.n,
                                                      m.at("sample_rate"), base.steps);
        QVERIFY(std::abs(m.at("noise_multiplier") / sigma - 1) < 1e-12);
        QVERIFY(sigma <= 1.1 * gdpUniformMultiplier(cells[i].epsilon, m.at("sample_rate"), base.steps, 0.1 / base.n));
        QVERIFY(std::abs(m.at("epsilon") - cells[i].epsilon) < 1e-6);
        QVERIFY(std::abs(m.at("noise_std") - m.at("noise_multiplier") * m.at("sensitivity")) < 1e-15);
      }
      avg[i].acc += m.at("accuracy") / 5, avg[i].di += m.at("disparate_impact") / 5;
      avg[i].w2 += m.at("w2_groups") / 5, avg[i].eo0 += m.at("eo_0") / 5, avg[i].eo1 += m.at("eo_1") / 5;
      avg[i].w2y0 += m.at("w2_groups_y0") / 5, avg[i].w2y1 += m.at("w2_groups_y1") / 5;
    }
  }
}

void print(const char* what, const std::vector<double>& eps, const std::vector<double>& alphas,
           const std::vector<Averages>& a) {
  for (std::size_t r = 0; r < eps.size(); ++r)
    for (std::size_t c = 0; c < alphas.size(); ++c) {
      const auto& v = a[r * alphas.size() + c];
      qInfo("%s eps=%g alpha=%g acc=%.4f DI=%.4f W2=%.5f EO0=%.4f EO1=%.4f W2|y0=%.5f W2|y1=%.5f", what, eps[r],
            alphas[c], v.acc, v.di, v.w2, v.eo0, v.eo1, v.w2y0, v.w2y1);
    }
}

}  // namespace

class TestFairLearning : public QObject {
  Q_OBJECT
 private slots:
  // The check of reference §4 for the independent formula above: q = 0.1, T = 1000, δ = 0.1/30000,
  // ε = 2 → σ = 7.070803. Exact root finding (here, and scipy brentq to 1e-12: 7.0707300) gives a σ
  // 1.0e-5 relative below the reference, whose ε is 1.99998: the reference value comes from a
  // calibration stopped at an ε tolerance of ~1e-4. So: ε(7.070803) = 2 to 5e-5, σ to 2e-5 relative,
  // and ε after 1 / 100 / 200 / 500 steps 0.047 / 0.570 / 0.830 / 1.366 to the 3 digits given.
  void gdpUniformFormulaMatchesReferenceCheck() {
    const double d = 0.1 / 30000;
    const double sigma = gdpUniformMultiplier(2.0, 0.1, 1000, d);
    QVERIFY2(std::abs(sigma / 7.070803 - 1) < 2e-5, qPrintable(QString::number(sigma, 'g', 10)));
    QVERIFY(std::abs(gdpUniformEpsilon(7.070803, 0.1, 1000, d) - 2.0) < 5e-5);
    const long steps[] = {1, 100, 200, 500};
    const double expected[] = {0.047, 0.570, 0.830, 1.366};
    for (int i = 0; i < 4; ++i) QVERIFY(std::abs(gdpUniformEpsilon(7.070803, 0.1, steps[i], d) - expected[i]) < 5e-4);
  }

  // Must-show (statistical parity, eq. 18), paper settings (n = 30000, T = 500, C = 5, M = L = 1,
  // lr 0.05, δ = 0.1/n, batches n_j/5), 5 seeds: from α = 0 to α = 0.75 the disparate impact moves toward
  // 1 and W₂² between the groups' test scores decreases, at ε = ∞ and at ε = 1; at α = 0 the accuracy at
  // ε = 1 is within 3 points of ε = ∞.
  void statisticalParityImprovesWithAlphaAtBothBudgets() {
    FairLearningSettings s;
    s.frameEvery = 500;
    s.nTest = 10000;
    const std::vector<double> eps{INFINITY, 1.0}, alphas{0.0, 0.75};
    std::vector<Averages> a;
    averagedGrid(s, eps, alphas, a);
    print("SP", eps, alphas, a);
    for (int r = 0; r < 2; ++r) {
      const Averages &a0 = a[std::size_t(2 * r)], &a1 = a[std::size_t(2 * r + 1)];
      QVERIFY(std::abs(1 - a1.di) < std::abs(1 - a0.di));
      QVERIFY(std::abs(1 - a1.di) < 0.5 * std::abs(1 - a0.di));  // a clear move, not noise
      QVERIFY(a1.w2 < 0.5 * a0.w2);
    }
    QVERIFY(std::abs(a[0].acc - a[2].acc) < 0.03);
  }

  // Must-show (equality of odds, eq. 21): the EO gaps |1 − EO_k| and the within-label W₂² shrink with α.
  void equalOddsGapsShrinkWithAlpha() {
    FairLearningSettings s;
    s.penalty = FairnessNotion::EqualOdds;
    s.frameEvery = 500;
    const std::vector<double> eps{INFINITY, 1.0}, alphas{0.0, 0.75};
    std::vector<Averages> a;
    averagedGrid(s, eps, alphas, a);
    print("EO", eps, alphas, a);
    for (int r = 0; r < 2; ++r) {
      const Averages &a0 = a[std::size_t(2 * r)], &a1 = a[std::size_t(2 * r + 1)];
      QVERIFY(std::abs(1 - a1.eo0) < std::abs(1 - a0.eo0));
      QVERIFY(std::abs(1 - a1.eo1) < std::abs(1 - a0.eo1));
      QVERIFY(a1.w2y0 < a0.w2y0 && a1.w2y1 < a0.w2y1);
    }
  }

  // The other tasks run and their fairness measure moves the right way, with reduced sizes to keep
  // the suite short (n = 6000, T = 200: the trend, not the paper's numbers, is what is checked).
  void slicedTasksReduceGroupDistance() {
    for (FairTask task : {FairTask::Regression2d, FairTask::Representation}) {
      FairLearningSettings s;
      s.task = task;
      s.n = 6000, s.nTest = 4000, s.steps = 200, s.frameEvery = 200;
      s.clipGradient = 10, s.clipOutput = task == FairTask::Regression2d ? 1 / std::sqrt(2.0) : 2.0;
      s.clipJacobian = std::sqrt(2.0);
      s.learningRate = task == FairTask::Regression2d ? 0.05 : 0.01;
      const auto cells = runFairLearningGrid(s, {INFINITY}, {0.0, 0.75}, 3);
      const double d0 = cells[0].result.metrics.at("sw2_groups"), d1 = cells[1].result.metrics.at("sw2_groups");
      qInfo("task %d sw2_groups alpha 0: %g, alpha 0.75: %g", int(task), d0, d1);
      QVERIFY(d1 < d0);
      if (task == FairTask::Representation) {
        // The scale-free distance is SW₂² over the latent's second moment; the A-probe's accuracy is a
        // share; the group-distance chart ends at the final metrics' scale (same test latents; its
        // fixed directions differ from the metric's, so SW₂² itself is compared loosely, to 50 %).
        for (const auto& cell : cells) {
          const auto& m = cell.result.metrics;
          QVERIFY(m.at("latent_second_moment") > 0);
          QVERIFY(std::abs(m.at("sw2_groups_scale_free") - m.at("sw2_groups") / m.at("latent_second_moment")) <
                  1e-12 * m.at("sw2_groups_scale_free"));
          QVERIFY(m.at("group_probe_accuracy") >= 0 && m.at("group_probe_accuracy") <= 1);
          qInfo("representation alpha %g: SW2 %g, E|z|^2 %g, whitened SW2 %g, A-probe %g", cell.alpha,
                m.at("sw2_groups"), m.at("latent_second_moment"), m.at("sw2_groups_whitened"),
                m.at("group_probe_accuracy"));
          bool sawDistance = false;
          for (const auto& f : cell.frames)
            if (f->chart == "group_distance") {
              const auto& l = std::get<LinesFrame>(f->data);
              QCOMPARE(int(l.series.size()), 4);
              QVERIFY(std::abs(l.series[1].y.back() / m.at("latent_second_moment") - 1) < 1e-12);
              QVERIFY(std::abs(l.series[0].y.back() / m.at("sw2_groups") - 1) < 0.5);
              QVERIFY(std::abs(l.series[3].y.back() / m.at("sw2_groups_whitened") - 1) < 0.5);
              sawDistance = true;
            }
          QVERIFY(sawDistance);
        }
      }
    }
  }

  // One record per fact (issue 35 item 6): the live ε curve, the final ε and the statement's ε are all read from the
  // run's ledger, so the curve's last point IS the metric (compared exactly) and the statement prints it; in secure
  // mode (issue 35 item 2) "auto" is rdp-wor, proven for the discrete Gaussian drawn, calibrated on and stated as
  // proven, with no approximation beside it (before: auto = pld-wor there, ε = 2 stated as "an APPROXIMATION").
  void liveFinalAndStatedEpsilonAreTheLedgers() {
    for (NoiseSource source : {NoiseSource::Seeded, NoiseSource::OsEntropy}) {
      FairLearningSettings s;
      s.n = 2000, s.nTest = 500, s.steps = 20, s.frameEvery = 8, s.epsilon = 2;
      s.noiseSource = source;
      s.accountant = parseFairLearningAccountant("auto", source);
      QCOMPARE(*s.accountant, source == NoiseSource::Seeded ? AccountantKind::PldWor : AccountantKind::RdpWor);
      CollectingObserver obs;
      const RunResult r = runFairLearning(s, 1, obs);
      const double eps = r.metrics.at("epsilon");
      QVERIFY(eps <= 2 && eps > 2 * (1 - 1e-6));  // calibrated on the ledger's analysis
      bool sawPrivacy = false;
      for (const auto& f : obs.latestPerChart())
        if (f->chart == "privacy") {
          const auto& l = std::get<LinesFrame>(f->data);
          QCOMPARE(l.series.front().x.back(), 20.0);
          QCOMPARE(l.series.front().y.back(), eps);  // the same number, not a recomputation
          sawPrivacy = true;
        }
      QVERIFY(sawPrivacy);
      const std::string& st = r.privacyStatement;
      QVERIFY2(st.rfind("(ε = " + claimNumber(eps) + ", ", 0) == 0, st.c_str());
      QVERIFY2(st.find("pproximation") == std::string::npos && st.find("APPROXIMATION") == std::string::npos, st.c_str());
      if (source == NoiseSource::OsEntropy) {
        QVERIFY2(st.find("a proven bound for secure mode's discrete Gaussian") != std::string::npos, st.c_str());
        QVERIFY(!r.metrics.count("epsilon_chosen_accountant"));
      }
    }
    // Secure mode with an accountant not proven for the discrete law: ε read from rdp-wor, the choice for comparison.
    FairLearningSettings s;
    s.n = 2000, s.nTest = 500, s.steps = 20, s.frameEvery = 20, s.epsilon = 2;
    s.noiseSource = NoiseSource::OsEntropy;
    s.accountant = AccountantKind::PldWor;
    CollectingObserver obs;
    const RunResult r = runFairLearning(s, 1, obs);
    QVERIFY(r.metrics.at("epsilon") <= 2 && r.metrics.at("epsilon_chosen_accountant") < r.metrics.at("epsilon"));
    QVERIFY2(r.privacyStatement.find("for comparison, the chosen accountant pld-wor gives ε = " +
                                     claimNumber(r.metrics.at("epsilon_chosen_accountant"))) != std::string::npos,
             r.privacyStatement.c_str());
  }

  // The audits' step hook (FairLearningSettings::inspectStep, methods/fair_learning_run_audit.h): the replay
  // of a step's gradient on the run's own data is the step's gradient, directions included (the matching and
  // the representation draw sliced directions every step), so with noise multiplier 0 it equals the released
  // gradient to rounding; with noise the difference is the noise, of norm about σΔ√P.
  void inspectStepReplaysTheStep() {
    for (FairTask task : {FairTask::Matching, FairTask::Representation}) {
      for (double multiplier : {0.0, 1.0}) {
        FairLearningSettings s;
        s.task = task, s.n = 100, s.nTest = 20, s.steps = 3, s.frameEvery = 3, s.epsilon = 1;
        s.coreFeatures = 2, s.spuriousFeatures = 0, s.clipAfterNoise = 0, s.noiseMultiplier = multiplier;
        FairTrainingData data;
        s.editTrainingData = [&](FairTrainingData& d) { data = d; };
        long calls = 0;
        double worst = 0, noiseNorm = 0, P = 0;
        s.inspectStep = [&](const FairStepInspection& step) {
          QCOMPARE(step.step, calls++);
          const Vector g = step.gradientOn(data);
          QCOMPARE(g.size(), step.released.size());
          QCOMPARE(Eigen::Index(step.before.parameterCount()), g.size());
          P = double(g.size());
          worst = std::max(worst, (step.released - g).norm() / std::max(g.norm(), 1e-300));
          noiseNorm = (step.released - g).norm();
        };
        CollectingObserver obs;
        const RunResult r = runFairLearning(s, 1, obs);
        QCOMPARE(calls, 3L);
        if (multiplier == 0) {
          QVERIFY2(worst < 1e-12, std::to_string(worst).c_str());
        } else {  // a Gaussian vector of P coordinates: its norm within 20% of σΔ√P (P ≥ 300: std of the ratio ≤ 0.04)
          QVERIFY(std::abs(noiseNorm / (r.metrics.at("noise_std") * std::sqrt(P)) - 1) < 0.2);
        }
      }
    }
  }

  // Frames of a run: loss (3 series, one point per step), per-group score histograms (masses sum to 1),
  // per-label histograms for EO; privacy frame only with an accountant.
  void framesAndMetrics() {
    FairLearningSettings s;
    s.n = 2000, s.nTest = 1000, s.steps = 20, s.frameEvery = 10;
    s.penalty = FairnessNotion::EqualOdds;
    CollectingObserver obs;
    const RunResult r = runFairLearning(s, 1, obs);
    QCOMPARE(obs.lastStep, 20L);
    QCOMPARE(obs.totalSteps, 20L);
    bool sawLoss = false, sawScores = false;
    for (const auto& f : obs.latestPerChart()) {
      if (f->chart == "loss") {
        const auto& l = std::get<LinesFrame>(f->data);
        QCOMPARE(int(l.series.size()), 3);
        QCOMPARE(int(l.series[0].y.size()), 20);
        sawLoss = true;
      }
      if (f->chart == "scores") {
        const auto& h = std::get<HistogramFrame>(f->data);
        QCOMPARE(int(h.groups.size()), 4);
        for (const auto& g : h.groups) {
          double sum = 0;
          for (double m : g.mass) sum += m;
          QVERIFY(std::abs(sum - 1) < 1e-12);
        }
        sawScores = true;
      }
      QVERIFY(f->chart != "privacy");
    }
    QVERIFY(sawLoss && sawScores);
    // With privacy: the "privacy" chart of the selected accountant, ending at the target ε.
    s.epsilon = 2;
    CollectingObserver priv;
    const RunResult rp = runFairLearning(s, 1, priv);
    bool sawPrivacy = false;
    for (const auto& f : priv.latestPerChart())
      if (f->chart == "privacy") {
        const auto& l = std::get<LinesFrame>(f->data);
        QCOMPARE(int(l.series.size()), 1);
        QVERIFY(std::abs(l.series[0].y.back() - 2.0) < 1e-6);
        sawPrivacy = true;
      }
    QVERIFY(sawPrivacy);
    QVERIFY(rp.privacyStatement.find("PLD") != std::string::npos);  // the default accountant, pld-wor
    QVERIFY(std::isinf(r.metrics.at("epsilon")));
    QCOMPARE(r.metrics.at("noise_std"), 0.0);
    QVERIFY(r.privacyStatement.find("No privacy") != std::string::npos);
  }

  // Cancellation stops the run with dpw::Cancelled, also from inside the one-thread region.
  void cancellation() {
    FairLearningSettings s;
    s.n = 500, s.nTest = 100, s.steps = 5;
    CollectingObserver obs;
    obs.cancel = true;
    QVERIFY_THROWS_EXCEPTION(Cancelled, runFairLearning(s, 1, obs));
  }

  // Grid hooks only observe: same numbers as without them; every step and every cell is reported;
  // a cancel request ends the grid with dpw::Cancelled.
  void gridHooksObserveAndCancel() {
    FairLearningSettings s;
    s.n = 400, s.nTest = 200, s.steps = 6, s.frameEvery = 3;
    const std::vector<double> eps{INFINITY, 2.0}, alphas{0.0, 0.5};
    std::mutex lock;
    std::vector<long> lastStep(4, 0);
    std::vector<int> done(4, 0);
    bool consistent = true;  // checked here, not inside the hooks (they run on the grid's threads)
    FairGridHooks hooks;
    hooks.progress = [&](std::size_t c, long step, long total) {
      std::lock_guard<std::mutex> g(lock);
      consistent = consistent && total == 6;
      lastStep[c] = std::max(lastStep[c], step);
    };
    hooks.cellDone = [&](std::size_t c, const FairGridCell& cell) {
      std::lock_guard<std::mutex> g(lock);
      ++done[c];
      consistent = consistent && cell.epsilon == eps[c / 2] && cell.alpha == alphas[c % 2];
    };
    const auto hooked = runFairLearningGrid(s, eps, alphas, 9, hooks);
    const auto plain = runFairLearningGrid(s, eps, alphas, 9);
    QVERIFY(consistent);
    for (std::size_t i = 0; i < 4; ++i) {
      QCOMPARE(hooked[i].result.metrics, plain[i].result.metrics);
      QCOMPARE(lastStep[i], 6L);
      QCOMPARE(done[i], 1);
      QCOMPARE(hooked[i].frames.size(), plain[i].frames.size());
    }
    std::atomic<int> steps{0};
    FairGridHooks stop;
    stop.progress = [&](std::size_t, long, long) { ++steps; };
    stop.cancelled = [&] { return steps.load() >= 3; };
    s.steps = 100000;
    QVERIFY_THROWS_EXCEPTION(Cancelled, runFairLearningGrid(s, eps, alphas, 9, stop));
    QVERIFY(steps.load() < 100);  // stopped at the next step of every running cell
  }

  // The registered methods read their parameters; the matching task runs at a small size.
  void registeredMethodsRun() {
    for (const char* id : {"fair-classifier", "fair-regression-2d", "fair-representation", "private-matching"}) {
      const MethodInfo& m = findMethod(id);
      ParamValues p(m.params);
      p.set("epsilon", INFINITY);
      p.set("n", 400.0);
      p.set("n_test", 200.0);
      p.set("steps", 3.0);
      CollectingObserver obs;
      const RunResult r = m.run(p, 1, obs);
      QVERIFY(!r.metrics.empty());
      QVERIFY(!obs.frames.empty());
      if (std::string(id) == "private-matching")  // 400 rows: 400 generated + 400 target points shown
        for (const auto& f : obs.frames)
          if (f->chart == "outputs") QCOMPARE(std::get<PointsFrame>(f->data).xy.rows(), Eigen::Index(800));
    }
  }

  // CSV data: the App. B data written to a file with text labels and groups (and a column to ignore)
  // trains a classifier as good as the synthetic path (accuracy > 0.75 at ε = ∞, α = 0, bounds fitted on
  // the training rows; App. B data gives 0.81). A private run needs declared bounds; unknown columns and
  // a non-binary group are refused.
  void csvDataTrainsAClassifier() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("fair.csv").toStdString();
    {
      Rng rng = makeRng(3);
      SyntheticBiasSettings g;
      g.n = 3000;
      const FairDataset D = syntheticBiasedData(g, rng);
      std::ofstream f(path);
      f << "id";
      for (int j = 0; j < 16; ++j) f << ",x" << j;
      f << ",sex,outcome\n";
      for (long i = 0; i < g.n; ++i) {
        f << "row" << i;
        for (int j = 0; j < 16; ++j) f << ',' << D.X(i, j);
        f << ',' << (D.a[i] ? "m" : "f") << ',' << (D.y[i] ? "yes" : "no") << '\n';
      }
    }
    FairLearningSettings s;
    s.dataset = FairDataSource::Csv, s.dataPath = path, s.labelColumn = "outcome", s.groupColumn = "sex";
    s.groupValues = "f,m", s.labelValues = "no,yes";  // public declarations (fair_csv.h)
    s.alpha = 0, s.steps = 300, s.frameEvery = 300;
    CollectingObserver obs;
    const RunResult r = runFairLearning(s, 1, obs);
    QVERIFY2(r.metrics.at("accuracy") > 0.75, qPrintable(QString::number(r.metrics.at("accuracy"))));
    // A private run needs public bounds for every feature (fair_learning/fair_csv.h); with them it runs.
    s.epsilon = 1, s.steps = 20, s.frameEvery = 20;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairLearning(s, 1, obs));
    for (int j = 0; j < 16; ++j) s.featureBounds += (j ? ", x" : "x") + std::to_string(j) + ":-1:2";
    const RunResult priv = runFairLearning(s, 1, obs);
    QVERIFY(priv.metrics.at("csv_cells_clamped") > 0);  // App. B features (σ² = 0.2, 0.4) reach past [-1, 2]
    QCOMPARE(priv.metrics.at("csv_cells_imputed"), 0.0);
    QCOMPARE(priv.metrics.at("csv_rows_dropped"), 0.0);
    {  // A neighbouring file with one more row whose group is not declared: the same run, bit for bit (issue #35).
      const std::string other = dir.filePath("fair2.csv").toStdString();
      std::ifstream in(path);
      std::ofstream out(other);
      int line = 0;
      for (std::string l; std::getline(in, l); ++line) {
        out << l << '\n';
        if (line == 1000) out << "rowX,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,other,yes\n";
      }
    }
    FairLearningSettings s2 = s;
    s2.dataPath = dir.filePath("fair2.csv").toStdString();
    const RunResult priv2 = runFairLearning(s2, 1, obs);
    QCOMPARE(priv2.metrics.at("csv_rows_dropped"), 1.0);
    for (const auto& [key, value] : priv.metrics)
      if (key != "csv_rows_dropped" && key.find("second") == std::string::npos)
        QVERIFY2(priv2.metrics.at(key) == value || (std::isnan(value) && std::isnan(priv2.metrics.at(key))), key.c_str());
    QCOMPARE(priv2.privacyStatement, priv.privacyStatement);
    QVERIFY2(std::isfinite(priv.metrics.at("epsilon")) && std::isfinite(priv.metrics.at("objective")) &&
                 priv.metrics.at("accuracy") > 0,
             qPrintable(QString("eps %1 acc %2").arg(priv.metrics.at("epsilon")).arg(priv.metrics.at("accuracy"))));
    s.epsilon = INFINITY, s.featureBounds = "", s.steps = 300, s.frameEvery = 300;
    s.featureColumns = "x0, nope";
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairLearning(s, 1, obs));
    s.featureColumns = "", s.groupColumn = "id";
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairLearning(s, 1, obs));
    s.groupColumn = "sex", s.task = FairTask::Regression2d;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairLearning(s, 1, obs));
    // A multiplier between −1 (from ε) and 0 is neither: refused, not read as "from ε".
    s.task = FairTask::Classifier, s.noiseMultiplier = -0.5;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairLearning(s, 1, obs));
  }

  // Only accountants for the sampler the methods run (fixed-size batches per cell without replacement,
  // replace-one within a cell) are offered and accepted; the Poisson add/remove ones are refused with a
  // message saying why, from the engine and from a scenario value. rdp-wor calibrates the run: its σ is
  // calibrateNoiseMultiplier("rdp-wor", ...) for the run's q (same code path, so equal to rounding), the
  // reported ε is the target, and the statement names relation, sampler, sensitivity and accountant.
  void onlyAccountantsForTheSamplerAreOffered() {
    // Generated from the registry's properties (accountant_offers.h), so a new replace-one accountant joins it.
    QCOMPARE(fairLearningAccountantIds(), offeredAccountantIds({{Neighbouring::ReplaceOne}, true}));
    QCOMPARE(fairLearningAccountantIds().front(), std::string("auto"));
    for (const char* id : {"pld-wor", "gdp-uniform", "rdp-wor"})
      QVERIFY(std::count(fairLearningAccountantIds().begin(), fairLearningAccountantIds().end(), id) == 1);
    for (const char* id : {"fair-classifier", "fair-regression-2d", "fair-representation", "private-matching"}) {
      const MethodInfo& m = findMethod(id);
      ParamValues p(m.params);
      QCOMPARE(p.text("accountant"), std::string("auto"));
      for (const char* bad : {"rdp", "rdp-mironov", "gdp", "pld"}) {
        try {
          p.set("accountant", std::string(bad));
          QFAIL("a Poisson accountant was accepted");
        } catch (const InvalidArgument& e) {
          QVERIFY2(std::string(e.what()).find("do not apply") != std::string::npos, e.what());
        }
      }
    }
    FairLearningSettings s;
    s.n = 2000, s.nTest = 500, s.steps = 20, s.frameEvery = 20, s.epsilon = 4;
    CollectingObserver obs;
    for (const char* bad : {"rdp", "rdp-mironov", "gdp", "pld", "wdp", "nope"}) {
      try {
        parseFairLearningAccountant(bad);  // settings hold the parsed enum: ids are checked here, once
        QFAIL("a wrong accountant was accepted");
      } catch (const InvalidArgument& e) {
        const std::string w = e.what();
        QVERIFY2(w.find(bad) != std::string::npos && w.find("rdp-wor") != std::string::npos, e.what());
        if (std::string(bad) == "rdp") QVERIFY2(w.find("Poisson") != std::string::npos, e.what());
      }
    }
    QVERIFY(!parseFairLearningAccountant("none").has_value());
    QCOMPARE(*parseFairLearningAccountant("auto"), AccountantKind::PldWor);  // the tightest proven one
    QCOMPARE(*parseFairLearningAccountant("rdp-wor"), AccountantKind::RdpWor);
    s.accountant = AccountantKind::Rdp;  // a settings struct built by hand is checked too
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairLearning(s, 1, obs));
    for (bool eo : {false, true}) {
      s.accountant = AccountantKind::RdpWor;
      s.penalty = eo ? FairnessNotion::EqualOdds : FairnessNotion::StatisticalParity;
      const RunResult r = runFairLearning(s, 1, obs);
      const auto& m = r.metrics;
      const double sigma = calibrateNoiseMultiplier("rdp-wor", 4, 0.1 / 2000, m.at("sample_rate"), 20);
      QVERIFY(std::abs(m.at("noise_multiplier") / sigma - 1) < 1e-12);
      QVERIFY(std::abs(m.at("epsilon") - 4) < 1e-6);  // calibration stops within 1e-9 relative on σ
      for (const char* word : {"Wang et al. 2019", "replace one record", eo ? "(label, group) cell" : "same group",
                               "without replacement in each cell", "Thm 6.1"})
        QVERIFY2(r.privacyStatement.find(word) != std::string::npos, r.privacyStatement.c_str());
      QVERIFY2(r.privacyStatement.find("Poisson") == std::string::npos, r.privacyStatement.c_str());
    }
    s.accountant = AccountantKind::GdpUniform, s.penalty = FairnessNotion::StatisticalParity;
    const RunResult g = runFairLearning(s, 1, obs);
    QVERIFY2(g.privacyStatement.find("not a bound") != std::string::npos, g.privacyStatement.c_str());
    // The default (auto = pld-wor) states a proven bound and never says "approximation".
    FairLearningSettings def;
    def.n = 2000, def.nTest = 500, def.steps = 20, def.frameEvery = 20, def.epsilon = 4;
    const RunResult d = runFairLearning(def, 1, obs);
    QVERIFY2(d.privacyStatement.find("proven bound") != std::string::npos &&
                 d.privacyStatement.find("pproximation") == std::string::npos &&
                 d.privacyStatement.find("Dong-Roth-Su Thm 4.2") != std::string::npos,
             d.privacyStatement.c_str());
    // Never above the request: the curve recorded in chunks composes to the calibrated T-fold PLD exactly.
    QVERIFY2(d.metrics.at("epsilon") <= 4 && d.metrics.at("epsilon") >= 4 * (1 - 1e-8),
             qPrintable(QString::number(d.metrics.at("epsilon"), 'g', 17)));
  }

  void throwsOnBadInput() {
    FairLearningSettings s;
    s.n = 500, s.steps = 2;
    CollectingObserver obs;
    auto bad = [&](auto change) {
      FairLearningSettings t = s;
      change(t);
      QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairLearning(t, 1, obs));
    };
    // Choice ids are parsed once (fromParams); an unknown id names the setting and the ids it knows.
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fairnessNotions().parse("xx"));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, penaltyForms().parse("w1"));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fairDataSources().parse("law"));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, optimizers().parse("rmsprop"));
    QCOMPARE(fairnessNotions().id(FairnessNotion::EqualOdds), std::string("eo"));
    bad([](auto& t) { t.steps = 0; });
    bad([](auto& t) { t.epsilon = 0; });
    bad([](auto& t) { t.alpha = 2; });
    bad([](auto& t) { t.epsilon = 1, t.accountant = std::nullopt; });  // no σ and no accountant
    bad([](auto& t) { t.batchFraction = 0; });
    // The scale-free penalty has no sensitivity bound (ε < ∞ refused) and is for the representation only.
    bad([](auto& t) { t.task = FairTask::Representation, t.penaltyForm = PenaltyForm::Sw2ScaleFree, t.epsilon = 1; });
    bad([](auto& t) { t.penaltyForm = PenaltyForm::Sw2ScaleFree, t.epsilon = INFINITY; });
    bad([](auto& t) {
      t.dataset = FairDataSource::Csv, t.dataPath = std::string("/nonexistent.csv");
      t.labelColumn = std::string("y"), t.groupColumn = std::string("a");
    });
    bad([](auto& t) { t.epsilon = 1, t.clipGradient = 0; });                 // would learn nothing (issue #12)
    bad([](auto& t) { t.epsilon = 1, t.alpha = 0.5, t.clipOutput = 0; });    // penalty gradient zeroed
    bad([](auto& t) { t.epsilon = 1, t.alpha = 0.5, t.clipJacobian = 0; });
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairLearningGrid(s, {}, {0.5}, 1));
  }
};

QTEST_GUILESS_MAIN(TestFairLearning)
#include "tst_fair_learning.moc"
