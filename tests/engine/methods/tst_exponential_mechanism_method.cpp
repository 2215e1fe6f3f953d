// The exponential-mechanism lesson (engine/methods/exponential_mechanism_method.h) through the registry: its chances
// are the closed form for the typed votes, the drawn winners match them (total variation within 4 SE), the neighbour's
// chances stay within e^ε, the statement is a pure-ε claim naming its theorem, and bad votes are refused.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "core/method.h"
#include "methods/exponential_mechanism_method.h"

using namespace dpw;

class TestExponentialMechanismMethod : public QObject {
  Q_OBJECT
 private slots:
  void defaultsAreTheClosedForm() {
    const MethodInfo& m = findMethod("exponential-mechanism");
    ParamValues p(m.params);
    p.set("votes", std::string("5, 9, 7"));
    p.set("epsilon", 0.5);
    p.set("draws", 40000.0);
    CollectingObserver obs;
    const RunResult r = m.run(p, 2, obs);
    // Weights e^{u/4}: 9 is the top, 7 the runner-up.
    const double w5 = std::exp(5 / 4.0), w9 = std::exp(9 / 4.0), w7 = std::exp(7 / 4.0), z = w5 + w9 + w7;
    QVERIFY(std::abs(r.metrics.at("top_probability") - w9 / z) < 1e-12);
    QVERIFY(std::abs(r.metrics.at("runner_up_probability") - w7 / z) < 1e-12);
    QVERIFY(std::abs(r.metrics.at("expected_shortfall") - (4 * w5 + 2 * w7) / z) < 1e-12);
    QVERIFY(std::abs(r.metrics.at("shortfall_bound") - 4 * (std::log(3.0) + 1)) < 1e-12);
    // 40000 draws: the top's share within 4 SE; total variation over 3 options below 4·Σ½ SE ≈ 0.01.
    const double pt = w9 / z;
    QVERIFY(std::abs(r.metrics.at("top_share_drawn") - pt) < 4 * std::sqrt(pt * (1 - pt) / 40000));
    QVERIFY(r.metrics.at("draws_total_variation") < 0.01);
    QVERIFY(r.metrics.at("max_log_ratio") <= 0.5 + 1e-12);
    QVERIFY2(r.privacyStatement.rfind("ε = 0.5 (pure DP) by the exponential mechanism", 0) == 0, r.privacyStatement.c_str());
    QVERIFY2(r.privacyStatement.find("compose to ε = 20000") != std::string::npos, r.privacyStatement.c_str());
    int frames = 0;  // the exact chances first (the lesson's chart), then 20 frames of draws
    for (const auto& f : obs.frames) frames += f->chart == "em_selection";
    QCOMPARE(frames, 21);
    QCOMPARE(obs.frames.front()->chart, std::string("em_selection"));
  }

  void refusesBadVotes() {
    const MethodInfo& m = findMethod("exponential-mechanism");
    CollectingObserver obs;
    for (const char* votes : {"4", "1, x", "1, inf"}) {
      ParamValues p(m.params);
      p.set("votes", std::string(votes));
      QVERIFY_THROWS_EXCEPTION(InvalidArgument, m.run(p, 1, obs));
    }
  }
};

QTEST_APPLESS_MAIN(TestExponentialMechanismMethod)
#include "tst_exponential_mechanism_method.moc"
