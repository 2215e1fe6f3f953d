// The preset scenarios of the flow methods (resources/scenarios/{dpswflow,dpswgen,projection}*.json)
// parse and validate against the methods' parameters; the quick toy preset runs to its end.
#include <QDir>
#include <QtTest>

#include "common/scenario.h"
#include "core/run_observer.h"

class TestFlowScenarios : public QObject {
  Q_OBJECT
 private slots:
  void presetsValidate() {
    const QDir dir(QString(DPW_SOURCE_DIR) + "/resources/scenarios");
    const QStringList files = dir.entryList({"dpswflow*.json", "dpswgen*.json", "projection-sensitivity*.json"});
    QVERIFY(files.size() >= 7);
    for (const QString& f : files) {
      try {
        const auto s = dpwapp::Scenario::fromFile(dir.filePath(f));
        QVERIFY(!s.methodInfo().id.empty());
      } catch (const std::exception& e) {
        QFAIL(qPrintable(f + ": " + e.what()));
      }
    }
  }
  void toyPresetRuns() {
    const auto s = dpwapp::Scenario::fromFile(QString(DPW_SOURCE_DIR) + "/resources/scenarios/dpswflow-r-ring5.json");
    dpw::CollectingObserver obs;
    const dpw::RunResult r = s.methodInfo().run(s.params, s.seed, obs);
    QVERIFY(r.metrics.at("sw2_heldout") < 0.02);  // ε = ∞ preset: reaches the ring (floor 0.006)
  }
};

QTEST_MAIN(TestFlowScenarios)
#include "tst_flow_scenarios.moc"
