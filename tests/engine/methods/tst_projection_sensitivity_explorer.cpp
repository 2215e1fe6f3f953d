// Tests of engine/methods/projection_sensitivity_explorer.h: the Beta shortcut against drawing the
// directions themselves, the moments in closed form, the bounds, bad input.
#include <QtTest>

#include "core/error.h"
#include "core/rng.h"
#include "methods/projection_sensitivity_explorer.h"
#include "ot/directions.h"
#include "privacy/sensitivity/projection_sensitivity.h"

using namespace dpw;

class TestProjectionSensitivityExplorer : public QObject {
  Q_OBJECT
 private slots:
  // The Beta representation and direct draws of Θ (k = 5, d = 7) agree in mean and variance within
  // 5 standard errors (20000 draws each: standard error of the mean ≈ 0.0023 here).
  void betaShortcutMatchesDirectDraws() {
    Rng rng = makeRng(6);
    const long k = 5, d = 7, n = 20000;
    const Vector beta = squaredProjectionSensitivityDraws(k, d, n, rng);
    Vector direct(n);
    Vector u = Vector::Zero(d);
    u[0] = 0.6, u[3] = 0.8;  // unit
    for (long i = 0; i < n; ++i) direct[i] = (randomDirections(k, d, rng) * u).squaredNorm();
    const double var = 2.0 * k * (d - 1) / (double(d) * d * (d + 2)), se = std::sqrt(var / n);
    QVERIFY(std::abs(beta.mean() - double(k) / d) < 5 * se);
    QVERIFY(std::abs(direct.mean() - double(k) / d) < 5 * se);
    const double vb = (beta.array() - beta.mean()).square().mean(), vd = (direct.array() - direct.mean()).square().mean();
    QVERIFY2(std::abs(vb / var - 1) < 0.05 && std::abs(vd / var - 1) < 0.05,
             qPrintable(QString("%1 %2 %3").arg(vb).arg(vd).arg(var)));  // 5 standard errors of a variance ≈ 5%
  }
  // Paper setting k = 200, d = 784: CLT bound far below Bernstein (Fig. 1); no draw exceeds the
  // Bernstein bound. The CLT value is an approximation, not a bound: the sum of skewed Beta draws has
  // a heavier right tail than its Normal approximation, and with seed 1 one draw of 10000 lies above
  // it (nominal rate 1e-5). We only require that the excess stays rare (≤ 5 in 10000).
  // Moments within 5 standard errors.
  void paperSetting() {
    ProjectionSensitivitySettings s;
    CollectingObserver obs;
    const RunResult r = runProjectionSensitivity(s, 1, obs);
    QVERIFY(r.metrics.at("clt_w2") < r.metrics.at("bernstein_w2") / 4);
    QCOMPARE(r.metrics.at("above_bernstein"), 0.0);
    QVERIFY(r.metrics.at("above_clt") <= 5e-4);
    const double se = std::sqrt(r.metrics.at("variance_theory") / 10000);
    QVERIFY(std::abs(r.metrics.at("mean") - r.metrics.at("mean_theory")) < 5 * se);
    QCOMPARE(r.metrics.at("clt_w2"), std::pow(projectionSensitivityClt(200, 784, 1e-5), 2));
    QCOMPARE(obs.lastStep, 10L);
  }
  void badInputThrows() {
    CollectingObserver obs;
    ProjectionSensitivitySettings s;
    s.projections = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runProjectionSensitivity(s, 1, obs));
    s = {};
    s.dimension = 1;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runProjectionSensitivity(s, 1, obs));
    s = {};
    s.delta = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runProjectionSensitivity(s, 1, obs));
  }
};

QTEST_APPLESS_MAIN(TestProjectionSensitivityExplorer)
#include "tst_projection_sensitivity_explorer.moc"
