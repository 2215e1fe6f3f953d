// Tests of engine/privacy/accountants/pld_wor_analysis.h and the "pld-wor" accountant: the δ curve is the
// profile of Dong-Roth-Su's C_p(G_μ) (checked against the trade-off curve itself, computed independently),
// q = 1 is the exact Gaussian, the PMF is a distribution, and the fair classifier's default needs σ ≤ 20.
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/accountant_calibration.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/accountants/pld_wor_analysis.h"
#include "support/golden.h"

using namespace dpw;

namespace {
// G_μ(α) = Φ(Φ⁻¹(1 − α) − μ) and f_p = p G_μ + (1 − p) Id (Dong, Roth & Su 2022, eq. (4.1)).
double fp(double mu, double p, double a) { return p * normalCdf(normalQuantile(1 - a) - mu) + (1 - p) * (1 - a); }
// f_p⁻¹(a) = the x with f_p(x) = a (f_p decreases from 1 to 0 on [0, 1]), by bisection.
double fpInverse(double mu, double p, double a) {
  double lo = 0, hi = 1;
  for (int i = 0; i < 100; ++i) {
    const double mid = 0.5 * (lo + hi);
    (fp(mu, p, mid) > a ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}
// δ(ε) = 1 + C*(−e^ε) = sup_α [1 − e^ε α − min{f_p, f_p⁻¹}(α)]: the convex hull ** does not change the
// supremum of a linear function, so the min itself is enough. Grid: 2·10⁵ points, denser near 0 and 1.
double tradeOffDelta(double mu, double p, double eps) {
  double best = 0;
  const int n = 200000;
  for (int i = 1; i < n; ++i) {
    const double u = double(i) / n, a = 0.5 - 0.5 * std::cos(M_PI * u);  // Chebyshev-like spacing
    const double c = std::min(fp(mu, p, a), fpInverse(mu, p, a));
    best = std::max(best, 1 - std::exp(eps) * a - c);
  }
  return best;
}
}  // namespace

class TestPldWorAnalysis : public QObject {
  Q_OBJECT
 private slots:
  // The closed form (REMOVE profile for ε ≥ 0, its mirror below) equals the profile of the trade-off curve
  // C_p(G_μ) computed from its definition, on both sides of ε = 0. σ = 1, q = 0.3 (δ of order 0.01-0.3,
  // so the 2·10⁵-point grid resolves it to ~1e-6; tolerance 2e-5 absolute).
  void deltaIsTheProfileOfTheTradeOffCurve() {
    for (double eps : {-1.0, -0.3, -0.05, 0.0, 0.05, 0.3, 1.0}) {
      const double mine = withoutReplacementGaussianDelta(1.0, 0.3, eps), ref = tradeOffDelta(1.0, 0.3, eps);
      QVERIFY2(std::abs(mine - ref) < 2e-5, qPrintable(QString("eps %1: %2 vs %3").arg(eps).arg(mine).arg(ref)));
    }
  }
  // The PMF is a probability distribution (its atom at loss 0 is the slope −1 segment of C_p).
  void pmfIsADistribution() {
    const PldPmf pmf = withoutReplacementGaussianPld(2.0, 0.2);
    double total = pmf.infinityMass;
    for (double p : pmf.probs) total += p;
    QVERIFY2(std::abs(total - 1) < 1e-6, qPrintable(QString::number(total, 'g', 12)));
    QCOMPARE(pmf.lowerIndex, -long(pmf.probs.size() - 1) / 2);  // symmetric grid
  }
  // q = 1: C_1(G_μ) = G_μ, so T steps are exactly (√T/σ)-GDP; the PLD is an upper bound within 1e-6.
  void fullBatchIsExactGaussian() {
    const double exact = gdpEpsilon(2.0, 1e-5);
    const double mine = epsilonAfterGaussianSteps("pld-wor", 5.0, 1.0, 100, 1e-5);
    QVERIFY2(mine >= exact && std::abs(mine - exact) / exact < 1e-6, qPrintable(QString::number(mine, 'g', 12)));
  }
  // The fair classifier's defaults (q = 0.2, T = 500, δ = 0.1/30000, ε = 1): the proven bound needs at most
  // 10% more noise than the paper's CLT approximation (σ ≤ 20 where gdp-uniform gives 18.2), and far
  // less than the RDP bound for the same sampler (46.9; 114.5 with Thm 9's terms alone).
  void fairClassifierDefaultsNeedLittleMoreNoiseThanTheClt() {
    const double delta = 0.1 / 30000;
    const double clt = calibrateNoiseMultiplier("gdp-uniform", 1.0, delta, 0.2, 500);
    const double proven = calibrateNoiseMultiplier("pld-wor", 1.0, delta, 0.2, 500);
    const double rdp = calibrateNoiseMultiplier("rdp-wor", 1.0, delta, 0.2, 500);
    qInfo("sigma at eps 1, q 0.2, T 500: gdp-uniform (CLT) %.3f, pld-wor (bound) %.3f, rdp-wor (bound) %.3f", clt,
          proven, rdp);
    QVERIFY(std::abs(clt - 18.2) < 0.05);
    QVERIFY(proven <= 20 && proven <= 1.1 * clt);
    QVERIFY(proven < rdp);
    QVERIFY(epsilonAfterGaussianSteps("pld-wor", proven, 0.2, 500, delta) <= 1.0);
  }
  // The exact composition is never below what one step alone costs, and ε falls as σ grows.
  void monotone() {
    const double one = epsilonAfterGaussianSteps("pld-wor", 3.0, 0.1, 1, 1e-5);
    const double many = epsilonAfterGaussianSteps("pld-wor", 3.0, 0.1, 50, 1e-5);
    QVERIFY(many > one);
    QVERIFY(epsilonAfterGaussianSteps("pld-wor", 4.0, 0.1, 50, 1e-5) < many);
  }
  void throwsOnBadInput() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, withoutReplacementGaussianDelta(0.0, 0.2, 1.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, withoutReplacementGaussianDelta(1.0, 1.5, 1.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, withoutReplacementGaussianPld(1.0, 0.2, 0.0));
    // A sigma so small that the loss grid's index would overflow a long: too large, not an empty grid.
    for (const double sigma : {1e-10, 1e-300}) QVERIFY_THROWS_EXCEPTION(PldTooLarge, withoutReplacementGaussianPld(sigma, 0.2));
  }
};

QTEST_APPLESS_MAIN(TestPldWorAnalysis)
#include "tst_pld_wor_analysis.moc"
