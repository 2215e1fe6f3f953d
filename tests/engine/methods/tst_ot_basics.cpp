// The OT-basics lesson (engine/methods/ot_basics.h) through the registry: the plan's cost by the coupling equals the
// quantile integral, no paths cross, at most n + m − 1 non-zeros, W₂² splits as (mean gap)² plus what is left
// (≥ 0: the shapes), the independent plan costs more, no privacy is claimed, and bad settings are refused.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "core/method.h"
#include "methods/ot_basics.h"

using namespace dpw;

class TestOtBasics : public QObject {
  Q_OBJECT
 private slots:
  void planIsOptimalAndConsistent() {
    const MethodInfo& m = findMethod("ot-basics");
    for (const double n : {1.0, 7.0, 30.0}) {
      ParamValues p(m.params);
      p.set("source_size", n);
      CollectingObserver obs;
      const RunResult r = m.run(p, 8, obs);
      QVERIFY(std::abs(r.metrics.at("wp_power") - r.metrics.at("wp_quantile_integral")) < 1e-12);
      QCOMPARE(r.metrics.at("crossing_paths"), 0.0);
      QVERIFY(r.metrics.at("plan_nonzeros") <= n + 10 - 1);
      QVERIFY(r.metrics.at("wp_power") >= r.metrics.at("mean_gap") * r.metrics.at("mean_gap") - 1e-12);
      QVERIFY(r.metrics.at("independent_cost") >= r.metrics.at("wp_power"));
      QVERIFY(std::abs(r.metrics.at("wp") - std::sqrt(r.metrics.at("wp_power"))) < 1e-12);
      QCOMPARE(obs.frames.size(), std::size_t(3));
      QVERIFY(r.privacyStatement.rfind("No privacy is spent", 0) == 0);
    }
    QVERIFY(!m.privacy.none.empty());
  }

  void refusesBadSettings() {
    OtBasicsSettings s;
    CollectingObserver obs;
    s.p = 0.5;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runOtBasics(s, 1, obs));
    s = {};
    s.targetSize = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runOtBasics(s, 1, obs));
  }
};

QTEST_APPLESS_MAIN(TestOtBasics)
#include "tst_ot_basics.moc"
