// The dpsgd-clipping method (engine/methods/dpsgd_clipping.h) through the registry: every clipped gradient drawn
// lies in the ball of radius C and the ball's edge on it; as many gradients drawn outside the ball as the metric
// clipped_examples says; the noisy steps' mean squared error against the true mean gradient within 5% of
// b(C)² + 2σ²C²/B² over 20000 draws (its relative standard error is about 1%); σ = 0 releases without a claim;
// bad weights and too many outliers refused.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "core/method.h"
#include "core/run_observer.h"

using namespace dpw;

namespace {

const PointsFrame& points(const CollectingObserver& obs, const std::string& chart) {
  for (const auto& f : obs.frames)
    if (f->chart == chart) return std::get<PointsFrame>(f->data);
  throw std::runtime_error("no chart " + chart);
}

}  // namespace

class TestDpsgdClippingMethod : public QObject {
  Q_OBJECT
 private slots:
  void picturesAgreeWithTheMetrics() {
    const MethodInfo& m = findMethod("dpsgd-clipping");
    ParamValues p(m.params);
    p.set("clip", 0.5);
    p.set("draws", 20000.0);
    CollectingObserver obs;
    const RunResult r = m.run(p, 4, obs);
    const PointsFrame& pic = points(obs, "sgd_clip_picture");
    double outside = 0;
    for (Eigen::Index i = 0; i < pic.xy.rows(); ++i) {
      const double norm = pic.xy.row(i).norm();
      const int g = pic.label[std::size_t(i)];
      if (g == 0) QVERIFY(norm <= 0.5 + 1e-12);            // clipped gradients
      if (g == 1) outside += norm > 0.5;                    // per-example gradients
      if (g == 2) QVERIFY(std::abs(norm - 0.5) < 1e-12);   // the ball's edge
    }
    QCOMPARE(outside, r.metrics.at("clipped_examples"));
    QCOMPARE(points(obs, "sgd_clip_step").xy.rows(), Eigen::Index(20003));
    const double measured = std::pow(r.metrics.at("step_rmse"), 2), closed = std::pow(r.metrics.at("step_rmse_closed_form"), 2);
    QVERIFY2(std::abs(measured / closed - 1) < 0.05, qPrintable(QString("%1 vs %2").arg(measured).arg(closed)));
    QVERIFY(std::isfinite(r.privacy.epsilon) && r.privacy.epsilon > 0);
  }

  void noNoiseNoClaimAndBadSettings() {
    const MethodInfo& m = findMethod("dpsgd-clipping");
    ParamValues p(m.params);
    p.set("noise_multiplier", 0.0);
    CollectingObserver obs;
    const RunResult r = m.run(p, 1, obs);
    QVERIFY(r.privacyStatement.rfind("No privacy", 0) == 0);
    QVERIFY(std::isinf(r.metrics.at("epsilon_spent")));
    ParamValues bad(m.params);
    bad.set("weights", std::string("1"));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, m.run(bad, 1, obs));
    ParamValues many(m.params);
    many.set("outliers", 11.0);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, m.run(many, 1, obs));
  }
};

QTEST_GUILESS_MAIN(TestDpsgdClippingMethod)
#include "tst_dpsgd_clipping.moc"
