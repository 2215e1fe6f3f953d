// The preset scenarios of the flow methods (resources/scenarios/{dpswflow,dpswgen,projection}*.json)
// parse and validate against the methods' parameters; the quick toy preset runs to its end.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "common/scenario_files.h"
#include "core/run_observer.h"
#include "support/cli_runner.h"

class TestFlowScenarios : public QObject {
  Q_OBJECT
 private slots:
  void presetsValidate() {
    const QDir dir(QString(DPW_SOURCE_DIR) + "/resources/scenarios");
    const QStringList files = dir.entryList({"dpswflow*.json", "dpswgen*.json", "projection-sensitivity*.json"});
    QVERIFY(files.size() >= 7);
    for (const QString& f : files) {
      try {
        const auto s = dpwapp::readScenarioFile(dir.filePath(f));
        QVERIFY(!s.methodInfo().id.empty());
      } catch (const std::exception& e) {
        QFAIL(qPrintable(f + ": " + e.what()));
      }
    }
  }
  // k = -1 through the CLI: exit code 2 and a message naming the parameter (k = 0 means k = d).
  void zeroDirectionsRefusedByTheCli() {
    QTemporaryDir dir;
    QFile f(dir.filePath("k0.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "dpwlab-scenario", "version": 1, "method": "dpswflow-r", "seed": 1,
               "parameters": {"projections": -1}, "data": {"source": "synthetic"}})");
    f.close();
    const auto r = dpwtest::runCli({"run", f.fileName(), "--out", dir.filePath("out"), "--no-png"}, 60000);
    const QByteArray& err = r.err;
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(err.contains("projections") && err.contains("outside"), err.constData());
  }
  void toyPresetRuns() {
    const auto s = dpwapp::readScenarioFile(QString(DPW_SOURCE_DIR) + "/resources/scenarios/dpswflow-r-ring5.json");
    dpw::CollectingObserver obs;
    const dpw::RunResult r = s.methodInfo().run(s.params, s.seed, obs);
    QVERIFY(r.metrics.at("sw2_heldout") < 0.02);  // ε = ∞ preset: reaches the ring (floor 0.006)
  }
};

QTEST_MAIN(TestFlowScenarios)
#include "tst_flow_scenarios.moc"
