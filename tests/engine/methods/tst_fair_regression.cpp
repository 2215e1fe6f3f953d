// Tests of engine/methods/fair_regression.h: the registered method, its frames and metrics, and the
// messages users see for bad input.
#include <QtTest>

#include <cstdio>
#include <fstream>

#include "core/error.h"
#include "core/method.h"
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
    QCOMPARE(charts, (std::vector<std::string>{"groups_before", "groups_after", "transport_0", "transport_1",
                                                "transport_2", "tradeoff"}));
    const auto& lines = std::get<LinesFrame>(obs.latestPerChart().back()->data);
    QCOMPARE(lines.series.size(), std::size_t(2 * 2 + 2 + 2));  // 2 k x 2 ε curves, 2 envelopes, baseline, raw
    QCOMPARE(lines.series[0].x.size(), paperAlphaGridSize());
    QVERIFY(r.metrics.at("ks_mean") < r.metrics.at("raw_ks_mean"));
    QVERIFY(r.metrics.count("fair_eps_inf_mse_mean") && r.metrics.count("fair_eps_1_ks_std"));
    QCOMPARE(r.metrics.at("mse_mean"), r.metrics.at("fair_eps_1_mse_mean"));
    QCOMPARE(obs.lastStep, obs.totalSteps);
    QVERIFY(r.privacyStatement.find("ε = 1 (pure DP") != std::string::npos);
    QVERIFY(r.privacyStatement.find("discrete Laplace") != std::string::npos);  // the default (floating-point Laplace leaks)
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
    QCOMPARE(seeded1.metrics.at("mse_mean"), seeded2.metrics.at("mse_mean"));
    QVERIFY(seeded1.privacyStatement.find("Teaching mode") != std::string::npos);
    p.set("noise_source", std::string("os-entropy"));
    const RunResult secure1 = m.run(p, 5, obs), secure2 = m.run(p, 5, obs);
    QVERIFY(secure1.privacyStatement.find("cannot be replayed") != std::string::npos);
    QVERIFY(secure1.metrics.at("lp_objective_seed0") != secure2.metrics.at("lp_objective_seed0"));
    p.set("mechanism", std::string("laplace"));
    QVERIFY(throwsWith([&] { m.run(p, 5, obs); }, "noise_source os-entropy needs mechanism discrete-laplace"));
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
    s.dataset = "law";
    s.dataPath = "no/such/file.csv";
    QVERIFY(throwsWith([&] { runFairRegression(s, 0, obs); }, "resolved against the current directory"));
    const std::string path = QDir::tempPath().toStdString() + "/dpw_fr.csv";
    std::ofstream(path) << "y,g\n0.1,a\n0.9,b\n0.4,a\n0.6,b\n";
    s = {};
    s.dataset = "csv";
    s.dataPath = path;
    s.scoreColumn = "score";
    s.groupColumn = "g";
    QVERIFY(throwsWith([&] { runFairRegression(s, 0, obs); }, "has no column 'score'; columns: 'y', 'g'"));
    s.scoreColumn = "y";
    s.hi = 0.5;
    QVERIFY(throwsWith([&] { runFairRegression(s, 0, obs); }, "score 0.9 in column 'y' lies outside the bounds [0, 0.5]"));
    std::remove(path.c_str());
    QVERIFY(throwsWith([] { parseNumberList("1, x", "epsilons"); }, "epsilons: 'x' is not a number"));
  }
  void cancellation() {
    const MethodInfo& m = findMethod("fair-regression");
    ParamValues p(m.params);
    CollectingObserver obs;
    obs.cancel = true;
    QVERIFY_THROWS_EXCEPTION(Cancelled, m.run(p, 0, obs));
  }

 private:
  static std::size_t paperAlphaGridSize() { return 24; }
};

QTEST_APPLESS_MAIN(TestFairRegression)
#include "tst_fair_regression.moc"
