// Tests of engine/methods/flow/flow_privacy_utility.h: one point per method and ε, the chart, the joint claim of
// all runs, bad lists.
#include <QtTest>
#include <cmath>

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
    QCOMPARE(r.metrics.size(), std::size_t(8));  // 3 arms x 2 ε, and the joint ε and δ
    QVERIFY(r.metrics.at("flow_defaults_eps1") > r.metrics.at("flow_defaults_eps20"));
    // The chart shows 6 runs on the same data (fixed-size batches, replace-one, pld-wor for all): one accountant
    // composes all their steps. The joint ε lies above the largest run's (20) and below basic composition
    // (3 x (1 + 20) = 63); δ is the six runs' δ's, each 1/(10 m) = 1e-5 at the toy's m = 10^4 (auto).
    const double joint = r.metrics.at("joint_epsilon");
    qInfo("joint ε of the 6 runs: %.4f (basic composition 63)", joint);
    QVERIFY(joint > 20 && joint < 63);
    QVERIFY(std::abs(r.metrics.at("joint_delta") - 6e-5) < 1e-15);
    QVERIFY2(r.privacyStatement.find("Joint claim of the 6 runs on the same data") != std::string::npos &&
                 r.privacyStatement.find("the pld-wor accountant") != std::string::npos &&
                 r.privacyStatement.find("by composing all their releases with the PLD (fixed-size sampling") !=
                     std::string::npos &&
                 r.privacyStatement.find("basic composition of their own ε gives 6") != std::string::npos,
             r.privacyStatement.c_str());
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
