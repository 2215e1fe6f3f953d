// The calibrations of the exact discrete laws (privacy/calibration/discrete_calibration.h): the discrete
// Laplace scale never spends more than ε, the zCDP-to-(ε, δ) conversion is a valid bound, and the calibrated
// discrete Gaussian meets (ε, δ) on its exact output law. (Moved from tst_discrete_noise.cpp with the functions.)
#include <QtTest>

#include <cmath>
#include <vector>

#include "core/error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/calibration/discrete_calibration.h"
#include "privacy/mechanisms/discrete_noise.h"  // discreteGaussianPmf
#include "support/throws_with.h"

using namespace dpw;

class TestDiscreteCalibration : public QObject {
  Q_OBJECT
 private slots:
  // The discrete Laplace calibration never spends more than ε, and rounding the scale up to the next
  // multiple of 2^-20 wastes at most a fraction 1/num of ε (num > 2^20 Δ/ε is the numerator).
  void discreteLaplaceCalibration() {
    for (double eps : {1e-3, 0.1, 1.0, 7.3, 1e4}) {
      const ExactRational t = discreteLaplaceScale(eps, 2);
      const double spent = discreteLaplaceEpsilon(t, 2);
      QVERIFY(spent <= eps);
      QVERIFY(spent >= eps * (1 - 1.0 / double(t.num)));
    }
    QVERIFY(dpwtest::throwsWith([] { discreteLaplaceScale(0, 2); }, "epsilon > 0"));
    QVERIFY(dpwtest::throwsWith([] { discreteLaplaceScale(-1, 2); }, "epsilon > 0"));
    QVERIFY(dpwtest::throwsWith([] { discreteLaplaceScale(1, 0); }, "sensitivity"));
    QVERIFY(dpwtest::throwsWith([] { discreteLaplaceScale(1e-20, 2); }, "too small"));
  }

  // The zCDP conversion is a valid bound (never below the exact δ of the continuous Gaussian, which is
  // exactly ρ-zCDP with μ = √(2ρ)) and beats the classic exp(−(ε − ρ)²/(4ρ)) for ε > ρ.
  void concentratedDpConversion() {
    for (double rho : {0.01, 0.1, 0.5, 2.0})
      for (double eps : {0.5, 1.0, 3.0, 8.0}) {
        const double d = concentratedDpDelta(rho, eps);
        QVERIFY(d >= gdpDelta(std::sqrt(2 * rho), eps) * (1 - 1e-9));
        if (eps > rho) QVERIFY(d <= std::exp(-(eps - rho) * (eps - rho) / (4 * rho)));
      }
    QVERIFY(dpwtest::throwsWith([] { concentratedDpDelta(0, 1); }, "rho"));
  }

  // The calibrated discrete Gaussian on the histogram (two cells change by ±1, Δ₂² = 2) meets (ε, δ):
  // its exact δ(ε), summed over the 2-D output grid, is ≤ δ, and the conversion is not absurdly loose
  // (the exact δ is above δ/100).
  void discreteGaussianCalibrationMeetsDelta() {
    for (double eps : {0.5, 1.0, 3.0}) {
      const double delta = 1e-5;
      const ExactRational s2 = discreteGaussianVariance(eps, delta, 2.0);
      const double v = s2.value();
      const auto reach = std::int64_t(40 * std::sqrt(v) + 10);
      std::vector<double> p(std::size_t(2 * reach + 3));
      for (std::int64_t y = -reach - 1; y <= reach + 1; ++y) p[std::size_t(y + reach + 1)] = discreteGaussianPmf(y, v);
      auto pmf = [&](std::int64_t y) { return std::abs(y) > reach ? 0.0 : p[std::size_t(y + reach + 1)]; };
      // D: cells (0, 0); D': (−1, +1). δ = Σ max(0, P_D(o) − e^ε P_D'(o)).
      double exact = 0;
      for (std::int64_t a = -reach; a <= reach; ++a)
        for (std::int64_t b = -reach; b <= reach; ++b)
          exact += std::max(0.0, pmf(a) * pmf(b) - std::exp(eps) * pmf(a + 1) * pmf(b - 1));
      qInfo("discrete Gaussian for eps %.2f, delta 1e-5, sensitivity^2 2: sigma %.4f, exact delta %.3g", eps,
            std::sqrt(v), exact);
      QVERIFY(exact <= delta);
      QVERIFY(exact >= delta / 100);
    }
    QVERIFY(dpwtest::throwsWith([] { discreteGaussianVariance(1, 0, 2); }, "delta"));
    QVERIFY(dpwtest::throwsWith([] { discreteGaussianVariance(0, 1e-5, 2); }, "epsilon"));
  }
};

QTEST_APPLESS_MAIN(TestDiscreteCalibration)
#include "tst_discrete_calibration.moc"
