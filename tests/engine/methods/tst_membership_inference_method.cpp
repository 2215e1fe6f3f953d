// The membership-inference method (engine/methods/membership_inference_method.h) through the registry: σ is the
// analytic Gaussian's for (ε, δ); the attack's rates at ½ measured on 10⁵ releases each way within 4 standard errors of
// Φ(±1/(2σ)); the ROC chart's (ε, δ) bound never below its f-DP curve; bad settings refused.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "core/method.h"
#include "core/run_observer.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/mechanisms/mechanisms.h"

using namespace dpw;

class TestMembershipInferenceMethod : public QObject {
  Q_OBJECT
 private slots:
  void ratesMatchTheClosedForm() {
    const MethodInfo& m = findMethod("membership-inference");
    ParamValues p(m.params);
    p.set("trials", 100000.0);
    CollectingObserver obs;
    const RunResult r = m.run(p, 3, obs);
    const double sigma = r.metrics.at("noise_std");
    QVERIFY(std::abs(sigma - analyticGaussianNoiseStd(1, 1e-5, 1)) < 1e-12);
    const double se = std::sqrt(0.25 / 100000);
    QVERIFY(std::abs(r.metrics.at("mi_tpr_half") - normalCdf(0.5 / sigma)) < 4 * se);
    QVERIFY(std::abs(r.metrics.at("mi_fpr_half") - normalCdf(-0.5 / sigma)) < 4 * se);
    QCOMPARE(r.privacy.epsilon, 1.0);
    const LinesFrame* roc = nullptr;
    for (const auto& f : obs.frames)
      if (f->chart == "mi_roc") roc = &std::get<LinesFrame>(f->data);
    QVERIFY(roc != nullptr);
    const Series &bound = roc->series.at(0), &fdp = roc->series.at(1);
    QVERIFY(bound.name.rfind("(ε, δ) bound", 0) == 0 && fdp.name.rfind("best attack", 0) == 0);
    for (std::size_t i = 0; i < fdp.x.size(); ++i) QVERIFY(bound.y[i] >= fdp.y[i] - 1e-12);
  }

  void refusesBadSettings() {
    const MethodInfo& m = findMethod("membership-inference");
    CollectingObserver obs;
    ParamValues p(m.params);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, p.set("trials", 10.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, p.set("epsilon", 0.0));
  }
};

QTEST_GUILESS_MAIN(TestMembershipInferenceMethod)
#include "tst_membership_inference_method.moc"
