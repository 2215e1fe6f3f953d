// The randomized-response lesson (engine/methods/randomized_response_method.h) through the registry: its metrics are
// the mechanism's closed forms, the estimates' histogram is a probability (sums to 1 with nothing outside its window,
// 4.5 sd each side), the normal law drawn has the closed-form variance, the statement is a pure local-DP claim that
// names the surveys' composition, and bad settings are refused.
#include <QtTest>
#include <cmath>
#include <numeric>

#include "core/error.h"
#include "core/method.h"
#include "methods/randomized_response_method.h"

using namespace dpw;

class TestRandomizedResponseMethod : public QObject {
  Q_OBJECT
 private slots:
  void defaultsShowTheClosedForms() {
    const MethodInfo& m = findMethod("randomized-response");
    ParamValues p(m.params);
    p.set("surveys", 4000.0);
    CollectingObserver obs;
    const RunResult r = m.run(p, 3, obs);
    const double e = std::exp(1.0), q = e / (1 + e);
    QVERIFY(std::abs(r.metrics.at("truth_probability") - q) < 1e-12);
    const double sd = std::sqrt(e / (1000 * (e - 1) * (e - 1)));
    QVERIFY(std::abs(r.metrics.at("estimate_std_closed_form") - sd) < 1e-12);
    // Measured over 4000 surveys: mean within 4 SE, sd within 4·√(1/(2·3999)) = 4.5% (+1% kurtosis).
    QVERIFY(std::abs(r.metrics.at("estimate_mean") - 0.3) < 4 * sd / std::sqrt(4000.0));
    QVERIFY(std::abs(r.metrics.at("estimate_std") / sd - 1) < 0.055);
    QVERIFY(std::abs(r.metrics.at("raw_share_mean") - (0.3 * q + 0.7 * (1 - q))) < 4 * sd * (2 * q - 1) / std::sqrt(4000.0));
    QVERIFY(std::abs(r.metrics.at("local_over_central") - sd / (std::sqrt(2.0) / 1000)) < 1e-9);
    // 20 frames of the estimates, each a probability over its bins.
    int frames = 0;
    for (const auto& f : obs.frames) {
      if (f->chart != "rr_estimates") continue;
      ++frames;
      const auto& h = std::get<HistogramFrame>(f->data);
      for (int g = 0; g < 2; ++g) {
        const double total = std::accumulate(h.groups[std::size_t(g)].mass.begin(), h.groups[std::size_t(g)].mass.end(), 0.0);
        QVERIFY2(std::abs(total - 1) < 1e-9, qPrintable(QString::number(total)));
      }
      const double normal = std::accumulate(h.groups[2].mass.begin(), h.groups[2].mass.end(), 0.0);
      QVERIFY(std::abs(normal - (1 - 2 * 0.5 * std::erfc(4.5 / std::sqrt(2.0)))) < 1e-3);  // ≥ 4.5 sd each side
    }
    QCOMPARE(frames, 20);
    QVERIFY2(r.privacyStatement.rfind("ε = 1 (pure local DP) per person", 0) == 0, r.privacyStatement.c_str());
    QVERIFY2(r.privacyStatement.find("compose to ε = 4000") != std::string::npos, r.privacyStatement.c_str());
    QCOMPARE(r.privacy.epsilon, 1.0);
  }

  void refusesBadSettings() {
    RandomizedResponseSettings s;
    CollectingObserver obs;
    s.trueShare = 1.5;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runRandomizedResponse(s, 1, obs));
    s = {};
    s.surveys = 1;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runRandomizedResponse(s, 1, obs));
  }
};

QTEST_APPLESS_MAIN(TestRandomizedResponseMethod)
#include "tst_randomized_response_method.moc"
