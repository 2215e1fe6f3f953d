// Tests of engine/methods/accountant_explorer.h: frames, metrics against the accountants, the order
// of tight and loose accountants, cancellation, bad settings, and the preset scenarios via the CLI.
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <chrono>
#include <functional>

#include "core/error.h"
#include "methods/accountant_explorer.h"
#include "privacy/accountants/accountant.h"
#include "support/cli_runner.h"
#include "support/stop_clock.h"

using namespace dpw;

using dpwtest::StopClock;

class TestAccountantExplorer : public QObject {
  Q_OBJECT
 private slots:
  void framesAndMetrics() {
    AccountantExplorerSettings s;
    s.steps = 200;
    s.points = 4;
    CollectingObserver obs;
    const RunResult r = runAccountantExplorer(s, 0, obs);
    const auto latest = obs.latestPerChart();
    QCOMPARE(latest.size(), size_t(3));
    QCOMPARE(latest[0]->chart, std::string("order_curves"));
    QCOMPARE(latest[1]->chart, std::string("privacy"));
    QCOMPARE(latest[2]->chart, std::string("privacy_wdp"));
    const auto& privacy = std::get<LinesFrame>(latest[1]->data);
    QCOMPARE(privacy.series.size(), accountantIds().size() - 1);  // all but WDP
    // WDP: T · (step loss) − ln(δ)/β with the defaults μ = 16, β = 32.
    QVERIFY(std::abs(r.metrics.at("epsilon_wdp") - epsilonAfterGaussianSteps("wdp", 1.1, 0.01, 200, 1e-5)) < 1e-9 * r.metrics.at("epsilon_wdp"));
    QCOMPARE(privacy.series[0].x.back(), 200.0);
    // Checkpoints at ⌈T (p/4)²⌉: denser at the start, where ε rises fastest.
    QCOMPARE(privacy.series[0].x, (std::vector<double>{0, 13, 50, 113, 200}));
    // As many checkpoints as steps: every step, none twice.
    s.steps = 5;
    s.points = 5;
    CollectingObserver every;
    runAccountantExplorer(s, 0, every);
    QCOMPARE(std::get<LinesFrame>(every.latestPerChart()[1]->data).series[0].x, (std::vector<double>{0, 1, 2, 3, 4, 5}));
    QCOMPARE(obs.lastStep, 200L);  // progress counts composed steps, like the chart's axis (it said "step 4 / 4")
    // Metrics are the accountants' ε for the whole run.
    QCOMPARE(r.metrics.at("epsilon_rdp"), epsilonAfterGaussianSteps("rdp", 1.1, 0.01, 200, 1e-5));
    QCOMPARE(r.metrics.at("epsilon_gdp_uniform"), epsilonAfterGaussianSteps("gdp-uniform", 1.1, 0.01, 200, 1e-5));
    // PLD composed in 4 chunks agrees with one composition (FFT rounding: 1e-6 relative).
    const double pld = epsilonAfterGaussianSteps("pld", 1.1, 0.01, 200, 1e-5);
    QVERIFY(std::abs(r.metrics.at("epsilon_pld") - pld) < 1e-6 * pld);
    // Tight ≤ loose, and the replace-one relation costs more.
    QVERIFY(r.metrics.at("epsilon_pld") <= r.metrics.at("epsilon_rdp"));
    QVERIFY(r.metrics.at("epsilon_rdp") <= r.metrics.at("epsilon_rdp_mironov"));
    QVERIFY(r.metrics.at("epsilon_rdp_wor") > r.metrics.at("epsilon_rdp_mironov"));
    // [WDP] Fig. 1: the WDP Gaussian budget stays below ½ while RDP grows with the order.
    QVERIFY(r.metrics.at("wdp_gaussian_at_max_order") < 0.5);
    QVERIFY(r.metrics.at("rdp_gaussian_at_max_order") > 10);
    QVERIFY(r.privacyStatement.find("PLD") != std::string::npos);
  }
  void cancels() {
    AccountantExplorerSettings s;
    CollectingObserver obs;
    obs.cancel = true;
    QVERIFY_THROWS_EXCEPTION(Cancelled, runAccountantExplorer(s, 0, obs));
  }
  // Stop within 1 s in every phase (#40): at the largest run the explorer accepts at σ = 0.5, q = 0.05 (T = 12000,
  // ε ≈ 360, its PLDs on the coarser grid), the run asks for Stop at least once a second from its start (choosing
  // the grids, then between accountants inside each checkpoint), and a Stop mid-run is answered within 1 s. Before,
  // one checkpoint composed each PLD on up to 2^25 points: ~3 s without a question (T = 50000: 62 s, 2.2 GB in all).
  // A little further (T = 13000) is refused at once, naming the accountant and the knobs.
  void stopIsAnsweredWithinASecondAtTheLargestRun() {
    AccountantExplorerSettings s;
    s.noiseMultiplier = 0.5;
    s.sampleRate = 0.05;
    s.steps = 12000;
    StopClock clock;
    const RunResult r = runAccountantExplorer(s, 0, clock);
    qInfo("longest stretch without asking for Stop: %.3f s, ended by question %d of %d", clock.longest,
          clock.longestAt + 1, clock.questions);
    QVERIFY2(clock.longest < 1.0, qPrintable(QString::number(clock.longest)));
    QVERIFY2(r.privacyStatement.find("on the coarser loss grid 0.001") != std::string::npos, r.privacyStatement.c_str());
    const auto& title = clock.latestPerChart()[1]->title;
    QVERIFY2(title.find("PLD, PLD w/o replacement on the loss grid 0.001") != std::string::npos, title.c_str());
    // The coarser grid is still an upper bound, close to the finer one (dpwlab-cli account: 359.5447 on 4.8e6 points).
    QVERIFY(r.metrics.at("epsilon_pld") >= 359.5447 && r.metrics.at("epsilon_pld") < 359.5447 * 1.0001);

    // Stop from another thread 1 s in (of ~2.5 s), wherever the run then is, as the GUI's Stop button does.
    const double latency = dpwtest::stopLatency([&](RunObserver& o) { runAccountantExplorer(s, 0, o); },
                                                std::chrono::milliseconds(1000));
    qInfo("stop latency mid-run: %.3f s", latency);
    QVERIFY2(latency < 1.0, qPrintable(QString::number(latency)));  // NaN (not stopped mid-run) fails too

    s.steps = 13000;
    const auto start = StopClock::Clock::now();
    try {
      runAccountantExplorer(s, 0, clock);
      QFAIL("ran");
    } catch (const InvalidArgument& e) {
      const std::string what = e.what();
      QVERIFY2(what.find("PLD w/o replacement accountant cannot follow this run to step 13000") != std::string::npos &&
                   what.find("larger noise multiplier") != std::string::npos, e.what());
    }
    QVERIFY(std::chrono::duration<double>(StopClock::Clock::now() - start).count() < 1.0);
  }
  void badSettingsThrow() {
    CollectingObserver obs;
    for (auto change : std::vector<std::function<void(AccountantExplorerSettings&)>>{
             [](auto& s) { s.sampleRate = 0; }, [](auto& s) { s.sampleRate = 1.5; },
             [](auto& s) { s.noiseMultiplier = 0; }, [](auto& s) { s.steps = 0; }, [](auto& s) { s.delta = 1; },
             [](auto& s) { s.points = 0; }, [](auto& s) { s.wdpOrder = 0.5; }, [](auto& s) { s.laplaceScale = 0; },
             [](auto& s) { s.steps = 1; }}) {  // steps T = 1 with the 20 default checkpoints
      AccountantExplorerSettings s;
      change(s);
      QVERIFY_THROWS_EXCEPTION(InvalidArgument, runAccountantExplorer(s, 0, obs));
    }
    // σ at the bottom of its range: the PLD's grid cannot hold the run; the message says which knob helps
    // (it used to be the grid's own "use a larger interval or an RDP accountant", knobs the explorer lacks).
    AccountantExplorerSettings s;
    s.noiseMultiplier = 0.05;
    try {
      runAccountantExplorer(s, 0, obs);
      QFAIL("ran");
    } catch (const InvalidArgument& e) {
      QVERIFY2(std::string(e.what()).find("larger noise multiplier") != std::string::npos, e.what());
      // Refused before composing anything (it used to compose up to step 63: 6-7 minutes, 4-6 GB).
      QVERIFY2(std::string(e.what()).find("to step 1000") != std::string::npos, e.what());
    }
  }
  // The preset scenarios run headless; the DP-SWD one reproduces ε ≈ 10 without replacement and ≈ 4.1
  // with Poisson RDP (reference §1; see tst_rdp_accountant for the tolerance).
  void presetScenariosRun() {
    for (const QString name : {"accountant-explorer.json", "accountant-explorer-dpswd.json"}) {
      QTemporaryDir dir;
      const auto r = dpwtest::runCli(
          {"run", QString(DPW_SOURCE_DIR) + "/resources/scenarios/" + name, "--out", dir.path(), "--no-png"}, 300000);
      QVERIFY2(r.exitCode == 0, r.err.constData());
      const QJsonObject metrics = QJsonDocument::fromJson(r.out).object()["metrics"].toObject();
      QVERIFY(QFile::exists(dir.filePath("privacy.csv")));
      if (name.contains("dpswd")) {
        QVERIFY(std::abs(metrics["epsilon_rdp_wor"].toDouble() - 10) < 0.3);
        QVERIFY(std::abs(metrics["epsilon_rdp"].toDouble() - 4.1) < 0.15);
      }
    }
  }
};

QTEST_GUILESS_MAIN(TestAccountantExplorer)
#include "tst_accountant_explorer.moc"
