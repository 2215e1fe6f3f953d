// Tests of engine/privacy/curves/tradeoff_curve.h: the PLD trade-off curve against the Gaussian's closed
// form, GDP curves, symmetry and monotonicity, composition, throws.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/accountants/pld_accountant.h"
#include "privacy/curves/tradeoff_curve.h"

using namespace dpw;

class TestTradeoffCurve : public QObject {
  Q_OBJECT
 private slots:
  // One unsubsampled Gaussian step with multiplier σ is exactly 1/σ-GDP: the PLD curve must equal
  // Φ(Φ⁻¹(1 − α) − 1/σ) to 1e-6 absolute (the PLD's δ is exact at its grid points and the maximand is
  // flat at the optimum, so the grid costs O(Δ²) ≈ 1e-9; 1e-6 leaves room for the PLD's clipping
  // of rounding noise, ~1e-7 of mass, pld_analysis.h).
  void oneGaussianStepMatchesClosedForm() {
    for (double sigma : {0.5, 1.0, 2.0, 5.0}) {
      const auto alphas = defaultTradeoffAlphas();
      const TradeoffCurve c = pldTradeoffCurve(1.0, sigma, 1, alphas);
      double worst = 0;
      for (size_t i = 0; i < alphas.size(); ++i) {
        const double a = alphas[i];  // Φ⁻¹(1 − α) = −Φ⁻¹(α); β(0) = 1, β(1) = 0
        const double exact = a == 0 ? 1.0 : a == 1 ? 0.0 : normalCdf(-normalQuantile(a) - 1 / sigma);
        worst = std::max(worst, std::abs(c.beta[i] - exact));
      }
      QVERIFY2(worst < 1e-6, qPrintable(QString("sigma %1: max error %2").arg(sigma).arg(worst)));
    }
  }
  // T unsubsampled steps are one Gaussian with multiplier σ/√T: the composed PLD curve matches G_{√T/σ}
  // to 1e-4 (T = 16 compositions of a Δ = 1e-4 PLD: the discretisation error grows to ~TΔ in ε).
  void composedGaussianMatchesGdp() {
    const auto alphas = defaultTradeoffAlphas();
    const TradeoffCurve pld = pldTradeoffCurve(1.0, 4.0, 16, alphas);
    const TradeoffCurve gdp = gdpTradeoffCurve(1.0, 4.0, 16, alphas);
    for (size_t i = 0; i < alphas.size(); ++i) {
      QVERIFY(std::abs(pld.beta[i] - gdp.beta[i]) < 1e-4);
      QVERIFY(std::abs(gdp.beta[i] - gdpTradeoff(1.0, alphas[i])) < 1e-15);
    }
  }
  // Properties of any trade-off curve: β(0) = 1 − P(∞) = 1 here, β(1) = 0, non-increasing, below
  // 1 − α (random guessing), and subsampling (q < 1) makes tests weaker (curve higher) than q = 1.
  // The PLD curve is also consistent with the PLD accountant: every (ε, δ(ε)) it reports bounds the
  // curve from below, β ≥ 1 − δ − e^ε α (checked at ε = 1).
  void curveProperties() {
    const auto alphas = defaultTradeoffAlphas();
    const TradeoffCurve sub = pldTradeoffCurve(0.05, 1.0, 100, alphas);
    const TradeoffCurve full = pldTradeoffCurve(1.0, 1.0, 1, alphas);
    PldAccountant acc;
    acc.addGaussianSteps(1.0, 0.05, 100);
    const double d1 = acc.delta(1.0);
    QVERIFY(std::abs(sub.beta.front() - 1) < 1e-12 && sub.beta.back() == 0);
    for (size_t i = 0; i < alphas.size(); ++i) {
      if (i > 0) QVERIFY(sub.beta[i] <= sub.beta[i - 1] + 1e-15);
      QVERIFY(sub.beta[i] <= 1 - alphas[i] + 1e-12);
      QVERIFY(sub.beta[i] >= 1 - d1 - std::exp(1.0) * alphas[i] - 1e-9);
      QVERIFY(sub.beta[i] >= full.beta[i] - 1e-12);
    }
    // Unsorted α are answered in place.
    const TradeoffCurve two = pldTradeoffCurve(1.0, 1.0, 1, {0.5, 0.1});
    QVERIFY(two.beta[1] > two.beta[0]);
  }
  void gdpCurveValues() {
    QCOMPARE(gdpTradeoff(0, 0.3), 0.7);  // μ = 0: random guessing, to rounding of Φ∘Φ⁻¹
    QCOMPARE(gdpTradeoff(2, 0), 1.0);
    QCOMPARE(gdpTradeoff(2, 1), 0.0);
    QCOMPARE(gdpTradeoffMu(1.0, 2.0, 4), 1.0);
    QCOMPARE(gdpTradeoffMu(0.01, 2.0, 100), gdpMuPoisson(0.01, 2.0, 100));
  }
  void badInputThrows() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gdpTradeoff(-1, 0.5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gdpTradeoff(1, 1.5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, pldTradeoffCurve(0.0, 1.0, 1, {0.1}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, pldTradeoffCurve(0.5, 0.0, 1, {0.1}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, pldTradeoffCurve(0.5, 1.0, 0, {0.1}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, pldTradeoffCurve(0.5, 1.0, 1, {-0.1}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, tradeoffCurve("rdp", 0.5, 1.0, 1, {0.1}));
    QVERIFY_THROWS_EXCEPTION(InternalError, tradeoffFromPlds({}, {0.1}));  // the PLDs are the engine's: a bug
  }
};

QTEST_APPLESS_MAIN(TestTradeoffCurve)
#include "tst_tradeoff_curve.moc"
