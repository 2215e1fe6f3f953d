// Tests of engine/methods/fair_regression.h: the registered method, its frames and metrics, and the
// messages users see for bad input.
#include <QtTest>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <future>
#include <thread>
#include <fstream>
#include <map>
#include <memory>

#include "core/error.h"
#include "core/method.h"
#include "core/parameter_text.h"
#include "methods/fair_regression.h"

#include "support/throws_with.h"

using namespace dpw;

namespace {
using dpwtest::throwsWith;
}  // namespace

class TestFairRegression : public QObject {
  Q_OBJECT
 private slots:
  void registeredWithFramesAndMetrics() {
    const MethodInfo& m = findMethod("fair-regression");
    ParamValues p(m.params);
    p.set("seeds", 3.0);
    p.set("alpha_sweep", std::string("paper"));
    p.set("bins", 10.0);
    p.set("bins_sweep", std::string("30"));
    p.set("epsilons", std::string("inf, 1"));
    CollectingObserver obs;
    const RunResult r = m.run(p, 5, obs);
    std::vector<std::string> charts;
    for (const auto& f : obs.latestPerChart()) charts.push_back(f->chart);
    QCOMPARE(charts, (std::vector<std::string>{"groups_before", "groups_after", "tradeoff", "private_vs_true",
                                                "transport_0", "transport_1", "transport_2"}));
    const auto& lines = std::get<LinesFrame>(obs.latestPerChart()[2]->data);
    QCOMPARE(lines.series.size(), std::size_t(2 * 2 + 2 + 2));  // 2 k x 2 ε curves, 2 envelopes, baseline, raw
    QCOMPARE(lines.series[0].x.size(), paperAlphaGridSize());
    QVERIFY(r.evaluation.at("ks_mean") < r.evaluation.at("raw_ks_mean"));  // test-set numbers: the evaluation
    QVERIFY(r.evaluation.count("fair_eps_inf_mse_mean") && r.evaluation.count("fair_eps_1_ks_std"));
    QCOMPARE(r.evaluation.at("mse_mean"), r.evaluation.at("fair_eps_1_mse_mean"));
    QCOMPARE(obs.lastStep, obs.totalSteps);
    QVERIFY(r.privacyStatement.find("ε = 1 (pure DP") != std::string::npos);
    QVERIFY(r.privacyStatement.find("discrete Laplace") != std::string::npos);  // the default (floating-point Laplace leaks)
    // ε is read from the release's ledger: Lap_Z(t = 2) on counts of L1 sensitivity 2 spends exactly 1.
    QCOMPARE(r.metrics.at("epsilon"), 1.0);
  }
  // Secure mode (issue #8): discrete Laplace from the OS; two runs with the same seed differ and the
  // privacy statement says so. Seeded discrete runs replay. A continuous mechanism is refused.
  void secureNoiseSource() {
    const MethodInfo& m = findMethod("fair-regression");
    ParamValues p(m.params);
    p.set("seeds", 2.0);
    p.set("bins", 8.0);
    p.set("epsilon", 0.5);
    p.set("mechanism", std::string("discrete-laplace"));
    CollectingObserver obs;
    const RunResult seeded1 = m.run(p, 5, obs), seeded2 = m.run(p, 5, obs);
    QCOMPARE(seeded1.evaluation.at("mse_mean"), seeded2.evaluation.at("mse_mean"));
    QVERIFY(seeded1.privacyStatement.find("Teaching mode") != std::string::npos);
    p.set("noise_source", std::string("os-entropy"));
    const RunResult secure1 = m.run(p, 5, obs), secure2 = m.run(p, 5, obs);
    QVERIFY(secure1.privacyStatement.find("cannot be replayed") != std::string::npos);
    QVERIFY(secure1.metrics.at("lp_objective_seed0") != secure2.metrics.at("lp_objective_seed0"));
    p.set("mechanism", std::string("laplace"));
    QVERIFY(throwsWith([&] { m.run(p, 5, obs); }, "noise_source os-entropy: secure noise needs an exact discrete mechanism (discrete-laplace"));
  }
  // The default small α sweep gives the trade-off chart a curve (#7) without changing any metric:
  // the metrics of α = 0.07 are the same with no sweep, the small sweep and the paper's grid.
  void alphaSweepFillsTheChartButNotTheMetrics() {
    const MethodInfo& m = findMethod("fair-regression");
    std::map<std::string, RunResult> results;
    std::map<std::string, LinesFrame> tradeoff;
    for (const char* sweep : {"none", "small", "paper"}) {
      ParamValues p(m.params);
      p.set("seeds", 3.0);
      p.set("alpha", 0.07);
      p.set("alpha_sweep", std::string(sweep));
      CollectingObserver obs;
      results[sweep] = m.run(p, 7, obs);
      for (const auto& f : obs.latestPerChart())
        if (f->chart == "tradeoff") tradeoff[sweep] = std::get<LinesFrame>(f->data);
    }
    QCOMPARE(results["small"].metrics, results["none"].metrics);
    QCOMPARE(results["small"].evaluation, results["none"].evaluation);
    QCOMPARE(results["paper"].metrics, results["none"].metrics);
    QCOMPARE(results["paper"].evaluation, results["none"].evaluation);
    QCOMPARE(ParamValues(m.params).text("alpha_sweep"), std::string("small"));  // the default
    // Series 0: the curve of k = 36, ε = 1; series 1: its lower envelope.
    QCOMPARE(tradeoff["none"].series[0].x.size(), std::size_t(1));
    const Series& curve = tradeoff["small"].series[0];
    const Series& envelope = tradeoff["small"].series[1];
    QCOMPARE(curve.x.size(), smallAlphaGrid().size() + 1);  // α = 0.07 is not in the small grid
    QVERIFY(envelope.name.find("envelope") != std::string::npos);
    QVERIFY(envelope.x.size() >= 3 && envelope.x.size() <= curve.x.size());
    QVERIFY(curve.x.back() > 4 * curve.x.front());  // the curve spans a real range of SP violations
    for (std::size_t i = 1; i < envelope.x.size(); ++i) {  // Pareto front: KS up, MSE down
      QVERIFY(envelope.x[i] >= envelope.x[i - 1]);
      QVERIFY(envelope.y[i] < envelope.y[i - 1]);
    }
  }

  // Private vs true: per group, the true training histogram and the released one; without noise
  // (ε = inf) they coincide, with noise they differ, and both are probability distributions.
  void privateVsTrueHistograms() {
    const MethodInfo& m = findMethod("fair-regression");
    auto run = [&](double eps) {
      ParamValues p(m.params);
      p.set("seeds", 1.0);
      p.set("alpha_sweep", std::string("none"));
      p.set("epsilon", eps);
      p.set("synthetic_rows", 300.0);
      CollectingObserver obs;
      m.run(p, 3, obs);
      for (const auto& f : obs.latestPerChart())
        if (f->chart == "private_vs_true") return std::get<HistogramFrame>(f->data);
      return HistogramFrame{};
    };
    const HistogramFrame exact = run(INFINITY), noisy = run(0.5);
    QCOMPARE(exact.groups.size(), std::size_t(6));  // 3 groups x (true, private)
    QCOMPARE(exact.edges.size(), std::size_t(37));
    double noisyGap = 0;
    for (std::size_t g = 0; g < 6; g += 2) {
      QVERIFY(!exact.groups[g].dashed && exact.groups[g + 1].dashed);
      QCOMPARE(exact.groups[g].colour, exact.groups[g + 1].colour);
      double sumTrue = 0, sumPrivate = 0;
      for (std::size_t b = 0; b < 36; ++b) {
        QVERIFY(std::abs(exact.groups[g].mass[b] - exact.groups[g + 1].mass[b]) < 1e-9);
        sumTrue += noisy.groups[g].mass[b], sumPrivate += noisy.groups[g + 1].mass[b];
        noisyGap += std::abs(noisy.groups[g].mass[b] - noisy.groups[g + 1].mass[b]);
      }
      QVERIFY(std::abs(sumTrue - 1) < 1e-9 && std::abs(sumPrivate - 1) < 1e-9);
    }
    QVERIFY(noisyGap > 0.05);
  }

  void badInput() {
    const MethodInfo& m = findMethod("fair-regression");
    ParamValues p(m.params);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, p.set("bins", 0.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, p.set("alpha", -0.1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, p.set("epsilon", 0.0));
    FairRegressionSettings s;
    CollectingObserver obs;
    s.bins = 0;
    QVERIFY(throwsWith([&] { runFairRegression(s, 0, obs); }, "bins k must be at least 1, got 0"));
    s = {};
    s.alpha = -1;
    QVERIFY(throwsWith([&] { runFairRegression(s, 0, obs); }, "alpha must be >= 0, got -1"));
    s = {};
    s.epsilon = 0;
    QVERIFY(throwsWith([&] { runFairRegression(s, 0, obs); }, "epsilon must be > 0"));
    s = {};
    s.dataset = FairRegressionData::Law;
    s.dataPath = "no/such/file.csv";
    QVERIFY(throwsWith([&] { runFairRegression(s, 0, obs); }, "not found; tried"));
    s = {};
    s.lo = 1, s.hi = 0;  // bounds must be ordered (issue #12: this used to run)
    QVERIFY(throwsWith([&] { runFairRegression(s, 0, obs); }, "lo < hi, got lo = 1, hi = 0"));
    const std::string path = QDir::tempPath().toStdString() + "/dpw_fr.csv";
    std::ofstream(path) << "y,g\n0.1,a\n0.9,b\n0.4,a\n0.6,b\n";
    s = {};
    s.dataset = FairRegressionData::Csv;
    s.dataPath = path;
    s.scoreColumn = "score";
    s.groupColumn = "g";
    s.groupValues = {"a", "b"};
    QVERIFY(throwsWith([&] { runFairRegression(s, 0, obs); }, "has no column 'score'; columns: 'y', 'g'"));
    // A score outside [lo, hi] is clamped (grouped_scores.h); text where a score belongs is refused naming
    // the column and the rule, never the cell or its line (issue #35).
    std::ofstream(path) << "y,g\n0.1,a\n0.9,b\n0.4,a\nsecretword,b\n";
    s.scoreColumn = "y";
    QVERIFY(throwsWith([&] { runFairRegression(s, 0, obs); }, "column 'y' holds a value that is not a number"));
    try {
      runFairRegression(s, 0, obs);
    } catch (const InvalidArgument& e) {
      QVERIFY(std::string(e.what()).find("secretword") == std::string::npos);
      QVERIFY(std::string(e.what()).find(":5") == std::string::npos);
    }
    std::remove(path.c_str());
    QVERIFY(throwsWith([] { parseNumberList("1, x", "epsilons"); }, "epsilons: 'x' is not a number"));
  }
  // Issue #35: the groups are declared (group_values) and the count that shapes the release is the file's
  // row count. Two files that differ in one row whose group is undeclared (or whose score is missing) give
  // the same n, the same δ auto, ε and statement, and the run happens for both (a third group value used to
  // make the groups, and a dropped row the count, depend on that row).
  void undeclaredGroupRowKeepsTheRunAndItsShape() {
    const std::string dir = QDir::tempPath().toStdString();
    auto write = [&](const std::string& name, const std::string& changed) {
      std::ofstream f(dir + "/" + name);
      f << "y,g\n";
      for (int i = 0; i < 300; ++i) {
        if (i == 150 && !changed.empty()) f << changed << '\n';
        else f << (i % 10) / 10.0 + 0.05 << ',' << (i % 2 ? "a" : "b") << '\n';
      }
      return dir + "/" + name;
    };
    FairRegressionSettings s;
    s.dataset = FairRegressionData::Csv, s.scoreColumn = "y", s.groupColumn = "g", s.groupValues = {"a", "b"};
    s.delta = 0, s.mechanism = NoiseMechanism::DiscreteGaussian, s.seeds = 1, s.bins = 5;
    s.alphaSweep = FairRegressionSettings::AlphaSweep::None;
    CollectingObserver obs;
    s.dataPath = write("dpw_fr_base.csv", "");
    const RunResult base = runFairRegression(s, 3, obs);
    for (const std::string row : {"0.5,other", "0.5,", ",a"}) {
      s.dataPath = write("dpw_fr_other.csv", row);
      const RunResult other = runFairRegression(s, 3, obs);
      QCOMPARE(other.metrics.at("rows"), 300.0);
      QCOMPARE(other.metrics.at("epsilon"), base.metrics.at("epsilon"));
      QCOMPARE(other.privacyStatement, base.privacyStatement);
      std::remove(s.dataPath.c_str());
    }
    std::remove((dir + "/dpw_fr_base.csv").c_str());
  }
  // Issue #35: whether a declared group has rows is private (one row decides it). A file whose group 'c'
  // has no row and its neighbour with one row of 'c' both run, with the same n, ε, statement and chart
  // shapes; the empty group's released histogram is noise only (its released distribution is still a pmf).
  void emptyDeclaredGroupRunsLikeAnyOther() {
    const std::string dir = QDir::tempPath().toStdString();
    auto write = [&](const std::string& name, bool oneC) {
      std::ofstream f(dir + "/" + name);
      f << "y,g\n";
      for (int i = 0; i < 300; ++i) f << (i % 10) / 10.0 + 0.05 << ',' << (oneC && i == 7 ? "c" : i % 2 ? "a" : "b") << '\n';
      return dir + "/" + name;
    };
    FairRegressionSettings s;
    s.dataset = FairRegressionData::Csv, s.scoreColumn = "y", s.groupColumn = "g", s.groupValues = {"a", "b", "c"};
    s.delta = 0, s.seeds = 1, s.bins = 5;
    s.alphaSweep = FairRegressionSettings::AlphaSweep::None;
    std::map<std::string, std::size_t> baseShape;
    RunResult base;
    for (bool oneC : {false, true}) {
      CollectingObserver obs;
      s.dataPath = write(oneC ? "dpw_fr_c1.csv" : "dpw_fr_c0.csv", oneC);
      const RunResult r = runFairRegression(s, 5, obs);
      std::remove(s.dataPath.c_str());
      std::map<std::string, std::size_t> shape;
      for (const auto& f : obs.frames) {
        if (const auto* h = std::get_if<HistogramFrame>(&f->data)) shape[f->chart] = h->groups.size();
        if (f->chart == "private_vs_true") {
          const auto& released = std::get<HistogramFrame>(f->data).groups.at(5).mass;  // c (released)
          double sum = 0;
          for (double v : released) {
            QVERIFY(v >= 0);
            sum += v;
          }
          QVERIFY2(std::abs(sum - 1) < 1e-9, "the empty group's released distribution is a pmf");
        }
      }
      QVERIFY(std::isfinite(r.metrics.at("mse_mean")) && std::isfinite(r.metrics.at("ks_mean")));
      if (!oneC) {
        base = r, baseShape = shape;
        continue;
      }
      QCOMPARE(r.metrics.at("rows"), base.metrics.at("rows"));
      QCOMPARE(r.metrics.at("epsilon"), base.metrics.at("epsilon"));
      QCOMPARE(r.privacyStatement, base.privacyStatement);
      QCOMPARE(shape, baseShape);
    }
  }
  void cancellation() {
    const MethodInfo& m = findMethod("fair-regression");
    ParamValues p(m.params);
    CollectingObserver obs;
    obs.cancel = true;
    QVERIFY_THROWS_EXCEPTION(Cancelled, m.run(p, 0, obs));
  }

  // Stop during a long LP: with 400 bins one barycenter LP (three groups, 480 000 couplings) takes
  // many seconds; the simplex asks for Stop after every iteration, so the run ends within a second or
  // two of it instead of at the optimum (before, Stop waited for every LP the run had started).
  void stopInterruptsTheLinearProgram() {
    const MethodInfo& m = findMethod("fair-regression");
    ParamValues p(m.params);
    p.set("bins", 400.0);
    auto obs = std::make_shared<CollectingObserver>();
    using Clock = std::chrono::steady_clock;
    auto run = runInBackground(m, p, obs);
    std::this_thread::sleep_for(std::chrono::seconds(2));  // the LP is built and solving by then
    const auto asked = Clock::now();
    obs->cancel = true;
    QVERIFY2(run.wait_for(std::chrono::seconds(60)) == std::future_status::ready, "did not stop within 60 s");
    const double seconds = std::chrono::duration<double>(Clock::now() - asked).count();
    QCOMPARE(run.get(), 1);
    QVERIFY2(seconds < 3.0, qPrintable(QString("stopped %1 s after Stop").arg(seconds)));
  }

  // Stop during the sweep's tasks (#40): each one splits, bins, predicts and ranks every row again, inside the
  // sweep's parallel loop. With 4·10⁶ rows a task ran ~1.5 s without a question (10⁷ rows: 7.4 s); now its helpers
  // ask through the task's RunStopScope (fair_sweep.cpp), and a Stop 0.3 s into the sweep returns within a second
  // (measured 0.02-0.1 s).
  void stopInterruptsTheSweepsTasks() {
    const MethodInfo& m = findMethod("fair-regression");
    ParamValues p(m.params);
    p.set("synthetic_rows", 4e6);
    struct SweepWatch : LatestFramesObserver {
      void onFrame(FramePtr f) override {
        if (f->chart.rfind("transport_", 0) == 0) sweeping = true;  // the last frames before the sweep
        LatestFramesObserver::onFrame(std::move(f));
      }
      std::atomic<bool> sweeping{false};
    };
    auto obs = std::make_shared<SweepWatch>();
    using Clock = std::chrono::steady_clock;
    auto run = runInBackground(m, p, obs);
    while (!obs->sweeping && run.wait_for(std::chrono::milliseconds(5)) != std::future_status::ready) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto asked = Clock::now();
    obs->cancel = true;
    QVERIFY2(run.wait_for(std::chrono::seconds(60)) == std::future_status::ready, "did not stop within 60 s");
    const double seconds = std::chrono::duration<double>(Clock::now() - asked).count();
    qInfo("stop latency 0.3 s into the sweep of 4e6 rows: %.3f s", seconds);
    QCOMPARE(run.get(), 1);
    QVERIFY2(seconds < 1.0, qPrintable(QString("stopped %1 s after Stop").arg(seconds)));
  }

 private:
  /// Runs `m` in a thread of its own: 1 when it was stopped (Cancelled), 0 when it finished.
  static std::future<int> runInBackground(const MethodInfo& m, const ParamValues& p, std::shared_ptr<RunObserver> obs) {
    return std::async(std::launch::async, [&m, p, obs] {
      try {
        m.run(p, 0, *obs);
        return 0;
      } catch (const Cancelled&) {
        return 1;
      }
    });
  }
  static std::size_t paperAlphaGridSize() { return 24; }
};

QTEST_APPLESS_MAIN(TestFairRegression)
#include "tst_fair_regression.moc"
