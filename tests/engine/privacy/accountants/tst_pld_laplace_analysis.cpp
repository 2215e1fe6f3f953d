// Tests of engine/privacy/accountants/pld_laplace_analysis.h and the PLD accountants reading the events of every
// ledger: one Laplace release (the count query), one Gaussian release (q = 1), and their composition, against
// closed forms: Laplace ε(δ) = ε₀ + 2 ln(1 − δ) (pure ε₀-DP) and Balle & Wang 2018's analytic Gaussian; the discrete
// Laplace against the sum over the integers.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/accountants/pld_accountant.h"
#include "privacy/accountants/pld_laplace_analysis.h"
#include "privacy/accountants/pld_wor_accountant.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/mechanisms/mechanisms.h"
#include "support/throws_with.h"

using namespace dpw;

namespace {
// The hockey-stick divergence ∫ (p − e^ε q)₊ of Lap(0, s) against Lap(1, s), by the midpoint rule on [−60s, 60s + 1]
// (10⁶ cells): an integration of the two densities, independent of the closed form in the engine.
double laplaceDeltaByIntegration(double s, double eps) {
  const double lo = -60 * s, hi = 60 * s + 1;
  const long n = 1000000;
  const double w = (hi - lo) / double(n);
  double sum = 0;
  for (long i = 0; i < n; ++i) {
    const double x = lo + (double(i) + 0.5) * w;
    const double p = std::exp(-std::abs(x) / s) / (2 * s), q = std::exp(-std::abs(x - 1) / s) / (2 * s);
    sum += std::max(0.0, p - std::exp(eps) * q);
  }
  return sum * w;
}
}  // namespace

class TestPldLaplace : public QObject {
  Q_OBJECT
 private slots:
  // The closed form δ(ε) = 1 − e^{(ε − ε₀)/2} against numerical integration of the densities, for scales around
  // the count query's (ε₀ = 0.5, 1, 2) and ε from −ε₀ to beyond ε₀. The midpoint rule's error at 10⁶ cells on the
  // kinked integrand is below 1e-6 here; a wrong factor (e.g. e^{ε − ε₀}) is off by > 1e-2.
  void deltaMatchesIntegration() {
    for (const double eps0 : {0.5, 1.0, 2.0}) {
      const double s = 1 / eps0;
      for (const double eps : {-0.9 * eps0, -0.3 * eps0, 0.0, 0.4 * eps0, 0.8 * eps0, 0.99 * eps0, 1.2 * eps0}) {
        const double exact = laplaceDelta(s, eps), integrated = laplaceDeltaByIntegration(s, eps);
        QVERIFY2(std::abs(exact - integrated) < 1e-6,
                 qPrintable(QString("eps0 %1 eps %2: %3 vs %4").arg(eps0).arg(eps).arg(exact).arg(integrated)));
      }
      QCOMPARE(laplaceDelta(s, eps0), 0.0);  // pure ε₀-DP
    }
  }

  // One Laplace release read by "pld" and "pld-wor": ε(δ) = ε₀ + 2 ln(1 − δ) exactly; the PLD is an upper bound
  // within its grid step 1e-4 plus the ≤ 2δ between the exact ε and the kink at ε₀ when the kink falls inside a grid
  // interval (connect-the-dots interpolates δ(ε) exactly at grid points): 1.5e-4. δ at the exact ε: the chord across
  // the kink is above the curve by at most its slope ½ times the step, < 1e-4.
  void oneReleaseIsExact() {
    for (const double eps0 : {0.1, 1.0, 3.0}) {
      for (const double delta : {1e-5, 1e-2}) {
        const double exact = eps0 + 2 * std::log1p(-delta);
        PldAccountant pld;
        pld.addLaplaceReleases(1 / eps0, 1);
        PldWorAccountant wor;
        wor.addLaplaceReleases(1 / eps0, 1);
        for (const double e : {pld.epsilon(delta), wor.epsilon(delta)})
          QVERIFY2(e >= exact - 1e-12 && e <= exact + 1.5e-4, qPrintable(QString("%1 vs %2").arg(e, 0, 'g', 12).arg(exact, 0, 'g', 12)));
        QVERIFY(pld.delta(exact) >= delta - 1e-12 && pld.delta(exact) < delta + 1e-4);
      }
    }
  }

  // k Laplace releases: at δ → 0 the composition is pure kε₀-DP, and for δ > 0 the PLD is below that basic
  // bound and at or above one release's; the Kairouz-Oh-Viswanath optimal composition of k ε₀-DP mechanisms
  // (its δ at ε = kε₀ − 2iε₀ is a binomial sum, KOV 2015 Thm 3.3) dominates the Laplace PLD's δ.
  void compositionWithinKnownBounds() {
    const double eps0 = 0.5;
    const int k = 10;
    PldAccountant pld;
    pld.addLaplaceReleases(1 / eps0, k);
    QVERIFY(pld.delta(k * eps0 + 1e-3) < 1e-12);
    for (int i = 1; i < k / 2; ++i) {
      const double eps = (k - 2 * i) * eps0;
      double kov = 0;  // δ_i = Σ_{l<i} C(k,l) (e^{(k−l)ε₀} − e^{(k−2i+l)ε₀}) / (1 + e^{ε₀})^k
      for (int l = 0; l < i; ++l)
        kov += std::exp(std::lgamma(k + 1.0) - std::lgamma(l + 1.0) - std::lgamma(k - l + 1.0)) *
               (std::exp((k - l) * eps0) - std::exp((k - 2 * i + l) * eps0));
      kov /= std::pow(1 + std::exp(eps0), k);
      QVERIFY2(pld.delta(eps) <= kov + 1e-9, qPrintable(QString("eps %1: %2 > KOV %3").arg(eps).arg(pld.delta(eps)).arg(kov)));
    }
    const double e = pld.epsilon(1e-5);
    QVERIFY(e < k * eps0 && e > eps0);
  }

  // One Gaussian release (q = 1, T = 1) calibrated by Balle & Wang's analytic Gaussian (mechanisms.h) to (1, 1e-5):
  // "pld" reads ε = 1 to within its grid (above by < 1e-4); two equal releases = one with σ/√2 (exact GDP).
  void gaussianReleaseMatchesAnalyticGaussian() {
    const double sigma = analyticGaussianNoiseStd(1.0, 1e-5, 1.0);
    for (const auto kind : {AccountantKind::Pld, AccountantKind::PldWor}) {
      auto a = makeAccountant(kind);
      a->addGaussianSteps(sigma, 1.0, 1);
      const double e = a->epsilon(1e-5);
      QVERIFY2(e >= 1 - 1e-9 && e <= 1 + 1e-4, qPrintable(QString::number(e, 'g', 12)));
      a->addGaussianSteps(sigma, 1.0, 1);
      const double exact = gdpEpsilon(std::sqrt(2.0) / sigma, 1e-5);
      QVERIFY(a->epsilon(1e-5) >= exact - 1e-9 && a->epsilon(1e-5) <= exact + 2e-4);
    }
  }

  // A ledger mixing a Laplace release and Gaussian steps: the PLD composes them (ε above each alone, below their
  // sum); bad scales and counts are refused.
  void mixedLedgerAndRefusals() {
    PldAccountant mixed, gauss, lap;
    mixed.addGaussianSteps(2.0, 1.0, 3);
    mixed.addLaplaceReleases(2.0, 1);
    gauss.addGaussianSteps(2.0, 1.0, 3);
    lap.addLaplaceReleases(2.0, 1);
    const double m = mixed.epsilon(1e-5), g = gauss.epsilon(1e-5), l = lap.epsilon(1e-5);
    QVERIFY2(m > g && m > l && m < g + l, qPrintable(QString("%1 %2 %3").arg(m).arg(g).arg(l)));
    QVERIFY(dpwtest::throwsWith([] { laplacePld(0.0); }, "Laplace scale"));
    QVERIFY(dpwtest::throwsWith([] { PldAccountant().addLaplaceReleases(std::nan(""), 1); }, "Laplace scale"));
    QVERIFY(dpwtest::throwsWith([] { PldWorAccountant().addLaplaceReleases(1.0, -1); }, "releases"));
  }

  // Discrete Laplace DLap(a) on a query of integer sensitivity Δ: the closed form against the sum over the integers
  // of (P(x) − e^ε Q(x))₊ (|x| ≤ 400/a: the mass left out is < e^{−400}), to 1e-12 (rounding of ~10³ terms); Δ = 1
  // is randomized response, pure aΔ-DP for every Δ.
  void discreteLaplaceMatchesTheIntegerSum() {
    for (const double a : {0.1, 0.5, 2.0}) {
      for (const long sens : {1L, 2L, 5L}) {
        const double eps0 = a * double(sens);
        for (const double f : {-1.5, -1.0, -0.7, -0.2, 0.0, 0.3, 0.6, 0.99, 1.0, 1.3}) {
          const double eps = f * eps0;
          const long reach = long(400 / a);
          double sum = 0;
          for (long x = -reach; x <= reach + sens; ++x) {
            const double p = std::tanh(a / 2) * std::exp(-a * double(std::abs(x)));
            const double q = std::tanh(a / 2) * std::exp(-a * double(std::abs(x - sens)));
            sum += std::max(0.0, p - std::exp(eps) * q);
          }
          const double exact = discreteLaplaceDelta(a, sens, eps);
          QVERIFY2(std::abs(exact - sum) < 1e-12,
                   qPrintable(QString("a %1 D %2 eps %3: %4 vs %5").arg(a).arg(sens).arg(eps).arg(exact).arg(sum)));
        }
        QCOMPARE(discreteLaplaceDelta(a, sens, eps0), 0.0);
      }
    }
  }

  // The PLD accountants read it on both sides: pessimistic ε(δ) above the exact ε(δ) = aΔ + ln(1 − δ(1 + e^{−a}))
  // (the top loss level, valid while it exceeds the next one a(Δ − 2)) by less than the grid step 1e-4 plus the
  // chord across the kink (slope ≤ 1), the optimistic below it; "pld-wor" the same; bad values refused.
  void discreteLaplaceInTheAccountants() {
    const double a = 0.5, delta = 1e-6;
    const long sens = 2;
    const double exact = a * double(sens) + std::log1p(-delta * (1 + std::exp(-a)));
    PldAccountant upper, lower(1e-4, PldEstimate::Optimistic);
    PldWorAccountant wor;
    upper.addDiscreteLaplaceReleases(a, sens, 1);
    lower.addDiscreteLaplaceReleases(a, sens, 1);
    wor.addDiscreteLaplaceReleases(a, sens, 1);
    QVERIFY2(upper.epsilon(delta) >= exact - 1e-12 && upper.epsilon(delta) <= exact + 2e-4,
             qPrintable(QString::number(upper.epsilon(delta), 'g', 12)));
    QVERIFY(lower.epsilon(delta) <= exact + 1e-12 && lower.epsilon(delta) >= exact - 2e-4);
    QCOMPARE(wor.epsilon(delta), upper.epsilon(delta));
    QCOMPARE(upper.delta(a * double(sens)), 0.0);
    QVERIFY(dpwtest::throwsWith([] { discreteLaplacePld(0.0, 1); }, "noise parameter"));
    QVERIFY(dpwtest::throwsWith([] { PldAccountant().addDiscreteLaplaceReleases(1.0, 0, 1); }, "sensitivity"));
    QVERIFY(dpwtest::throwsWith([] { PldWorAccountant().addDiscreteLaplaceReleases(1.0, 1, -1); }, "releases"));
  }
};

QTEST_APPLESS_MAIN(TestPldLaplace)
#include "tst_pld_laplace_analysis.moc"
