// Tests of engine/methods/flow/flow_privacy_utility.h: one point per method and ε, the chart, bad lists.
#include <QtTest>

#include "core/error.h"
#include "core/method.h"
#include "methods/flow/flow_privacy_utility.h"

using namespace dpw;

class TestFlowPrivacyUtility : public QObject {
  Q_OBJECT
 private slots:
  // Two ε, short runs: 3 methods x 2 ε metrics, a log-log chart with three curves of two points, and
  // more privacy (ε = 1) is never better for the flow with defaults than ε = 20 at the same seed
  // (noise 10x larger; measured SW₂² 0.9 vs 0.2).
  void onePointPerMethodAndEpsilon() {
    const MethodInfo m = flowPrivacyUtilityMethod();
    ParamValues p(m.params);
    p.set("epsilons", std::string("1, 20"));
    p.set("steps", 20.0);
    CollectingObserver obs;
    const RunResult r = m.run(p, 5, obs);
    QCOMPARE(r.metrics.size(), std::size_t(6));
    QVERIFY(r.metrics.at("flow_defaults_eps1") > r.metrics.at("flow_defaults_eps20"));
    const auto& lines = std::get<LinesFrame>(obs.frames.back()->data);
    QCOMPARE(lines.series.size(), std::size_t(3));
    for (const auto& s : lines.series) QCOMPARE(s.x.size(), std::size_t(2));
    QVERIFY(lines.logX && lines.logY);
  }
  void badListsThrow() {
    const MethodInfo m = flowPrivacyUtilityMethod();
    CollectingObserver obs;
    for (const char* bad : {"", "1, x", "0, 1", "1,,2", "inf"}) {
      ParamValues p(m.params);
      p.set("epsilons", std::string(bad));
      QVERIFY_THROWS_EXCEPTION(InvalidArgument, m.run(p, 1, obs));
    }
  }
};

QTEST_APPLESS_MAIN(TestFlowPrivacyUtility)
#include "tst_flow_privacy_utility.moc"
