// Tests of the count lesson (engine/methods/count_query.h, engine/privacy/mechanisms/count_release.h) against closed
// forms: the Laplace ratio is exactly e^{±1/b} = e^{±ε}, the Gaussian's hockey stick at ε is
// Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) = δ, the discrete Gaussian's normaliser is Jacobi's theta form, the
// discrete laws' masses sum to 1, and the best test's β(α) is the Laplace and Gaussian trade-off functions.
#include <QtTest>
#include <cmath>
#include <numbers>

#include "core/error.h"
#include "core/method.h"
#include "methods/count_query.h"
#include "privacy/mechanisms/count_release.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/accountants/normal_tail.h"

using namespace dpw;

namespace {
const LinesFrame* lines(const CollectingObserver& obs, const std::string& chart) {
  const LinesFrame* out = nullptr;
  for (const auto& f : obs.frames)
    if (f->chart == chart) out = std::get_if<LinesFrame>(&f->data);
  return out;
}
}  // namespace

class TestCountQuery : public QObject {
  Q_OBJECT
 private slots:
  // Laplace b = 1/ε: p(c+1 + z)/p(c + z) = e^{(|z+1| − |z|)/b} ∈ [e^{−ε}, e^ε], equal to e^ε for z ≥ 0 (exactly,
  // up to rounding: 1e-12 relative).
  void laplaceRatioIsExactlyEToTheEpsilon() {
    for (double eps : {0.1, 1.0, 3.0}) {
      const Mechanism m = Mechanism::laplace(eps, 1);
      const CountRelease d(m, 10), dp(m, 11);
      for (double y : {11.0, 12.5, 40.0}) QVERIFY(std::abs(dp.density(y) / d.density(y) / std::exp(eps) - 1) < 1e-12);
      for (double y : {-5.0, 3.0, 10.0}) QVERIFY(std::abs(dp.density(y) / d.density(y) / std::exp(-eps) - 1) < 1e-12);
      // The Laplace cdf is the integral of its density: P(10 < Y ≤ 12) by the midpoint rule (h = 1e-4: error 1e-9).
      double mass = 0;
      for (double y = 10 + 5e-5; y < 12; y += 1e-4) mass += d.density(y) * 1e-4;
      QVERIFY(std::abs(mass - (d.cdf(12) - d.cdf(10))) < 1e-7);
      QCOMPARE(countHockeyStick(d, dp, eps), 0.0);
    }
  }
  // The Gaussian calibrated for (ε, δ): its hockey stick at ε (trapezoid on 2e5 points, error ≪ 1e-9 of δ = 1e-5)
  // is the closed form Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2), μ = 1/σ, and equals δ (the calibration solves exactly that, 1e-13).
  void gaussianDeltaIsTheClosedForm() {
    for (auto [eps, delta] : {std::pair{1.0, 1e-5}, {0.5, 1e-3}, {4.0, 1e-6}}) {
      const Mechanism m = Mechanism::gaussian(eps, delta, 1);
      const double mu = 1 / m.scale();
      const double closed = normalCdf(-eps / mu + mu / 2) - std::exp(eps) * normalCdf(-eps / mu - mu / 2);
      const CountRelease d(m, 10), dp(m, 11);
      const double numeric = countHockeyStick(d, dp, eps);
      QVERIFY2(std::abs(numeric / closed - 1) < 1e-6, qPrintable(QString("%1 vs %2").arg(numeric).arg(closed)));
      QVERIFY(std::abs(closed / delta - 1) < 1e-6);
      QVERIFY(std::abs(gdpDelta(mu, eps) / closed - 1) < 1e-9);
    }
  }
  // N_Z(0, σ²): Σ_k e^{−k²/(2σ²)} = √(2π) σ (1 + 2 Σ_{j≥1} e^{−2π²σ²j²}) (Poisson summation); the masses sum to 1;
  // the discrete Laplace masses sum to 1 and their ratio is e^{1/t} ≤ e^ε.
  void discreteLawsNormalise() {
    for (auto [eps, delta] : {std::pair{1.0, 1e-5}, {0.2, 1e-6}, {8.0, 1e-3}}) {
      const Mechanism g = Mechanism::discreteGaussian(eps, delta, 1);
      const CountRelease d(g, 0);
      const double s = g.scale();
      double theta = 1;
      for (int j = 1; j < 20; ++j) theta += 2 * std::exp(-2 * std::numbers::pi * std::numbers::pi * s * s * j * j);
      const double closed = std::sqrt(2 * std::numbers::pi) * s * theta;
      QVERIFY2(std::abs(d.discreteGaussianNormaliser() / closed - 1) < 1e-12,
               qPrintable(QString("%1 vs %2").arg(d.discreteGaussianNormaliser()).arg(closed)));
      double total = 0;
      for (int k = -int(d.reach()) * 3; k <= int(d.reach()) * 3; ++k) total += d.density(k);
      QVERIFY(std::abs(total - 1) < 1e-12);
      QVERIFY(std::abs(d.cdf(-1) + d.density(0) + (1 - d.cdf(0)) - 1) < 1e-12);
      QVERIFY(std::abs(d.cdf(-1) - (1 - d.cdf(0))) < 1e-12);  // symmetry
      // Its δ at ε is the exact hockey stick: no more than the conservative zCDP conversion promised.
      QVERIFY(countHockeyStick(d, CountRelease(g, 1), eps) <= delta);

      const Mechanism l = Mechanism::discreteLaplace(eps, 1);
      const CountRelease ld(l, 0), lp(l, 1);
      double lt = 0;
      for (int k = -int(ld.reach()) * 3; k <= int(ld.reach()) * 3; ++k) lt += ld.density(k);
      QVERIFY(std::abs(lt - 1) < 1e-9);
      QVERIFY(std::abs(lp.density(3) / ld.density(3) - std::exp(1 / l.scale())) < 1e-12);
      QVERIFY(1 / l.scale() <= eps);
      QVERIFY(countHockeyStick(ld, lp, eps) < 1e-15);
      QVERIFY(std::abs(ld.cdf(4) - (1 - std::pow(std::exp(-1 / l.scale()), 5) / (1 + std::exp(-1 / l.scale())))) < 1e-15);
      double partial = 0;
      for (int k = -3 * int(ld.reach()); k <= 4; ++k) partial += ld.density(k);
      QVERIFY(std::abs(partial - ld.cdf(4)) < 1e-9);
    }
  }
  // The method: five charts, metrics against closed forms, the best test on the trade-off functions:
  // Gaussian β(α) = Φ(Φ⁻¹(1 − α) − μ) (G_μ), Laplace β(0.1) = e^{−ε}·(1 − 0.1)·... checked from its cdf:
  // α = 0.1 < ½ puts τ above the count: α = ½ e^{−(τ−c)/b}, β = F_{D′}(τ).
  void methodMatchesTheClosedForms() {
    ParamValues p(findMethod("count-query").params);
    p.set("epsilon", 1.0);
    CollectingObserver obs;
    const RunResult r = findMethod("count-query").run(p, 3, obs);
    for (const char* chart : {"count_laplace", "count_gaussian", "count_loss_ratio", "count_attack"})
      QVERIFY2(lines(obs, chart) != nullptr, chart);
    int draws = 0;
    for (const auto& f : obs.frames) draws += f->chart == "count_draws";
    QCOMPARE(draws, 20);
    QCOMPARE(r.metrics.at("laplace_scale"), 1.0);
    QVERIFY(std::abs(r.metrics.at("laplace_max_loss") - 1) < 1e-12);
    QVERIFY(std::abs(r.metrics.at("gaussian_delta") / 1e-5 - 1) < 1e-6);
    QVERIFY(std::abs(r.metrics.at("gaussian_delta_closed_form") / 1e-5 - 1) < 1e-6);
    const double mu = 1 / r.metrics.at("gaussian_sigma");
    QVERIFY(std::abs(r.metrics.at("beta_at_0_1_gaussian") - normalCdf(normalQuantile(0.9) - mu)) < 1e-5);
    // Laplace b = 1: τ = c + ln 5 (α = ½e^{−(τ−c)} = 0.1), β = P(Y' ≤ τ) with Y' centred at c + 1: τ − c − 1 = ln 5 − 1 > 0.
    const double betaLaplace = 1 - 0.5 * std::exp(-(std::log(5.0) - 1));
    QVERIFY(std::abs(r.metrics.at("beta_at_0_1_laplace") - betaLaplace) < 1e-4);  // linear between 801 thresholds
    // Every law's test stays above the (ε, 0) bound, except the Gaussians' (they spend δ).
    QVERIFY(r.metrics.at("beta_at_0_1_laplace") >= epsilonDeltaTradeoff(1, 0, 0.1) - 1e-12);
    QVERIFY(r.metrics.at("beta_at_0_1_discrete_laplace") >= epsilonDeltaTradeoff(1, 0, 0.1) - 1e-12);
    // The draws: the empirical means within 5 standard errors of the counts (Laplace var 2b² = 2, n = 2000).
    QVERIFY(std::abs(r.metrics.at("draws_mean_d") - 10) < 5 * std::sqrt(2.0 / 2000));
    QVERIFY(std::abs(r.metrics.at("draws_mean_d_prime") - 11) < 5 * std::sqrt(2.0 / 2000));
    // ε spent is the drawn law's ledger's (Laplace b = 1 on sensitivity 1: exactly 1), and the statement is
    // generated from the four laws' ledgers: the drawn law first, each with its bound and relation.
    QCOMPARE(r.metrics.at("epsilon_spent"), 1.0);
    const std::string& st = r.privacyStatement;
    for (const char* word : {"Drawn law: ε = 1 (pure DP) by the Laplace mechanism (b = 1; Dwork & Roth 2014 Thm 3.6)",
                             "L1 sensitivity 1, add/remove neighbours", "(ε = 1, δ = 1e-05) by the Gaussian mechanism",
                             "Balle & Wang 2018", "discrete Laplace mechanism (t = 1;", "discrete Gaussian mechanism (σ = "})
      QVERIFY2(st.find(word) != std::string::npos, st.c_str());
    // The discrete Gaussian's σ² is rounded up: its ledger's ε is at most the target, within 1e-6.
    p.set("mechanism", std::string("discrete-gaussian"));
    const double dg = findMethod("count-query").run(p, 3, obs).metrics.at("epsilon_spent");
    QVERIFY(dg <= 1 && dg > 1 - 1e-6);
  }
  void badSettingsAreRefused() {
    CountQuerySettings s;
    NullObserverForTest obs;
    s.epsilon = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runCountQuery(s, 1, obs));
    s = {};
    s.count = -1;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runCountQuery(s, 1, obs));
    s = {};
    s.delta = 1;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runCountQuery(s, 1, obs));
    s = {};
    s.draws = 0;  // nothing to pile up: an empty chart and no mean (it was NaN)
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runCountQuery(s, 1, obs));
  }

 private:
  struct NullObserverForTest : RunObserver {
    void onFrame(FramePtr) override {}
  };
};

QTEST_GUILESS_MAIN(TestCountQuery)
#include "tst_count_query.moc"
