// Tests of the one root finder (engine/privacy/calibration/root_finding.h) and of the calibrations built on it:
// calibrateNoiseMultiplier (accountant.h) for every accountant that calibrates, and gdpEpsilon.
#include <QtTest>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/accountant_calibration.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/calibration/root_finding.h"
#include "support/throws_with.h"

using namespace dpw;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kSigmaTol = 1e-9;  // calibrateNoiseMultiplier's stated relative width (accountant.h)

double eps(const std::string& id, double sigma, double q, long steps, double delta) {
  return epsilonAfterGaussianSteps(id, sigma, q, steps, delta);
}

// The two claims of accountant.h: σ meets the target, and it is within 1e-9 relative of the smallest σ
// that does: every σ' < σ (1 − 2e-9) lies below the final bracket's infeasible end, so (ε decreasing in
// σ, also for the PLD's staircase, which is monotone) misses the target.
void checkCalibration(const std::string& id, double q, long steps, double epsilon, double delta,
                      double belowTol = 2 * kSigmaTol) {
  const double sigma = calibrateNoiseMultiplier(id, epsilon, delta, q, steps);
  const double at = eps(id, sigma, q, steps, delta);
  QVERIFY2(at <= epsilon, qPrintable(QString("%1: eps(%2) = %3 > %4").arg(id.c_str()).arg(sigma, 0, 'g', 17).arg(at, 0, 'g', 17).arg(epsilon)));
  const double below = eps(id, sigma * (1 - belowTol), q, steps, delta);
  QVERIFY2(below > epsilon, qPrintable(QString("%1: sigma %2 is not the smallest: eps(sigma (1 - %4)) = %3")
                                           .arg(id.c_str()).arg(sigma, 0, 'g', 17).arg(below, 0, 'g', 17).arg(belowTol)));
}
}  // namespace

class TestCalibration : public QObject {
  Q_OBJECT
 private slots:
  // Smooth decreasing f with a root known in closed form: x = 1/√target, to the stated 1e-13.
  void smallestBelowFindsTheRoot() {
    long calls = 0;
    const auto f = [&calls](double x) { return ++calls, 1 / (x * x); };
    const double x = smallestBelow(f, 7.0, 0.5, 1.0, 1e-6, 1e7);
    QVERIFY(f(x) <= 7.0);  // the feasible end
    QVERIFY(std::abs(x * std::sqrt(7.0) - 1) < 2e-13);  // relative width 1e-13, plus rounding of 1/x²
    // The header's cost claim: bracket growth (here 2 points) plus 10-20 evaluations; 40 leaves room.
    QVERIFY2(calls < 40, qPrintable(QString::number(calls)));
  }
  // f = +∞ (the PLD accountant's "too little noise") or NaN below a threshold: counted as infeasible, the
  // bracket's infeasible end is moved onto finite values, and the root is found as for a finite f.
  void nonFiniteCountsAsInfeasible() {
    for (const double bad : {kInf, std::numeric_limits<double>::quiet_NaN()}) {
      // Bracket from [0.5, 1] halves down to [0.0625, 0.125]: f(0.0625) is non-finite, the root is 0.1.
      const auto f = [bad](double x) { return x < 0.09 ? bad : 1 / (x * x); };
      const double x = smallestBelow(f, 100.0, 0.5, 1.0, 1e-6, 1e7);
      QVERIFY(std::abs(x / 0.1 - 1) < 2e-13);
      QVERIFY(f(x) <= 100.0);
      // Non-finite on the upward side of largestBelow (increasing f): x² is ∞ above 3; root √2.
      const auto g = [bad](double x) { return x > 3 ? bad : x * x; };
      const double y = largestBelow(g, 2.0, 0.5, 1.0);
      QVERIFY(std::abs(y / std::sqrt(2.0) - 1) < 2e-13);
      QVERIFY(g(y) <= 2.0);
    }
    // Non-finite everywhere up to xMax: no feasible point, +∞ for the caller to report.
    QCOMPARE(smallestBelow([](double) { return kInf; }, 1.0, 0.5, 1.0, 1e-6, 1e3), kInf);
    // Feasible everywhere down to xMin: the smallest point tried (≥ xMin).
    const double all = smallestBelow([](double) { return 0.0; }, 1.0, 0.5, 1.0, 1e-3, 1e3);
    QVERIFY(all >= 1e-3 && all < 2e-3);
  }
  // f equal to the target on a whole interval (the PLD's ε is a staircase on its loss grid): the answer
  // is the edge of the feasible set, not any point where f = target.
  void plateauAtTheTargetGivesItsEdge() {
    const auto stairs = [](double x) { return x < 2 ? 10.0 : x < 3 ? 5.0 : 1.0; };  // decreasing, flat at 5 on [2, 3)
    const double x = smallestBelow(stairs, 5.0, 0.5, 1.0, 1e-6, 1e7);
    QVERIFY2(x >= 2 && x - 2 <= 2 * 1e-13, qPrintable(QString::number(x, 'g', 17)));
    const auto rising = [](double x) { return x < 2 ? 1.0 : x < 3 ? 5.0 : 10.0; };
    const double y = largestBelow(rising, 5.0, 0.5, 1.0);
    QVERIFY2(y < 3 && 3 - y <= 3 * 1e-13, qPrintable(QString::number(y, 'g', 17)));
  }
  void badBracketsThrow() {
    const auto f = [](double x) { return 1 / x; };
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, smallestBelow(f, 1.0, 1.0, 0.5, 1e-6, 1e7));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, smallestBelow(f, 1.0, 0.5, 1.0, 0.7, 1e7));  // xMin > lo
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, smallestBelow(f, 1.0, 0.5, 1.0, 1e-6, 0.9));  // xMax < hi
    QVERIFY(dpwtest::throwsInternalWith([&] { smallestBelow(f, 1.0, 0.5, 1.0, 1e-6, 1e7, 0.0); },
                                         "the relative tolerance must lie in (0, 1)"));
  }

  // calibrateNoiseMultiplier's σ meets ε and is the smallest to 1e-9, for every accountant that
  // calibrates, at a few (q, T, ε, δ): small q with many steps, q = 1 (one Gaussian), a large q.
  void calibrationMeetsItsTolerance_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("q");
    QTest::addColumn<int>("steps");
    QTest::addColumn<double>("epsilon");
    QTest::addColumn<double>("delta");
    for (const char* id : {"rdp", "rdp-wor", "gdp", "pld"}) {
      QTest::newRow(qPrintable(QString("%1 q=0.01 T=100 eps=2").arg(id))) << id << 0.01 << 100 << 2.0 << 1e-5;
      QTest::newRow(qPrintable(QString("%1 q=1 T=1 eps=1").arg(id))) << id << 1.0 << 1 << 1.0 << 1e-5;
      QTest::newRow(qPrintable(QString("%1 q=0.2 T=500 eps=1").arg(id))) << id << 0.2 << 500 << 1.0 << 1.0 / 300000;
    }
    // 10⁶ steps (#40): the blind bracket's first tries (σ = 1, 2, 4) compose 10⁷ points each (7 s at σ = 2); their
    // ε floors (Accountant::epsilonFloor) rule them out in ~0.1 s each, and σ is the same as from their ε (755.2485
    // before and after). (Poisson's "pld" at q = 0.0238 misses "the smallest" 2e-9 below: ε's float noise at 10⁶
    // steps, 1e-8, as pldCalibrationAcrossInfiniteEpsilon's.)
    QTest::newRow("pld-wor q=0.2 T=1e6 eps=1") << "pld-wor" << 0.2 << 1000000 << 1.0 << 1e-5;
  }
  void calibrationMeetsItsTolerance() {
    QFETCH(QString, id);
    QFETCH(double, q);
    QFETCH(int, steps);
    QFETCH(double, epsilon);
    QFETCH(double, delta);
    checkCalibration(id.toStdString(), q, steps, epsilon, delta);
  }
  // A PLD calibration whose bracket meets ε = ∞: at q = 0.001, T = 10⁵ the composed PLD of σ = 0.125
  // is too large to build (PldTooLarge, counted as ε = ∞), σ = 0.25 gives ε ≈ 353, so the target 400
  // lies between an infinite and a finite end. (About 15 s: the PLDs near the root hold ~10⁷ points.)
  // There the PLD's ε is monotone in σ only down to its floating-point noise, ~1e-5 on ε = 400 (measured at
  // σ (1 − k·5e-10), k = 0..4: 399.999993, 400.000003, 399.999985, 400.000001, 399.999991), so "the smallest σ"
  // is checked 1e-7 below it, where ε rises by ~1.7e-4 (∂ ln ε / ∂ ln σ ≈ −4.3 here: σ = 0.25 gives ε ≈ 353),
  // 17 times the noise.
  void pldCalibrationAcrossInfiniteEpsilon() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, eps("pld", 0.125, 0.001, 100000, 1e-5));  // the ∞ region
    checkCalibration("pld", 0.001, 100000, 400.0, 1e-5, 1e-7);
  }
  // Issue 13: rdp-wor capped by the Gaussian (Wang et al. 2019 Thm 9 with min(·, α/(2σ²))), since issue 35 with
  // their Theorem 27's terms: ε < 1 at σ = 200 (dp_accounting 0.2405, autodp's Thm 9 0.5678) and ε = 1
  // calibrates at σ = 46.9187 (dp_accounting's curve on our grid: 46.918739871; autodp's Thm 9: 114.5); the
  // CLI's `account`/`calibrate` call these functions. 1e-6: the moments' 1e-9 slack and two root finders.
  void rdpWorCalibratesIssueExample() {
    const double delta = 3.3333333333333333e-06;
    QVERIFY(eps("rdp-wor", 200, 0.2, 500, delta) < 0.2405);
    const double sigma = calibrateNoiseMultiplier("rdp-wor", 1.0, delta, 0.2, 500);
    QVERIFY2(std::abs(sigma / 46.918739870562874 - 1) < 1e-6, qPrintable(QString::number(sigma, 'g', 12)));
  }
  // gdpEpsilon through the same root finder: δ(ε) at the returned ε meets δ, and ε (1 − 2e-13) does not.
  void gdpEpsilonMeetsItsTolerance() {
    for (const double mu : {0.1, 0.5, 1.0, 3.0}) {
      for (const double delta : {1e-3, 1e-5, 1e-10}) {
        const double e = gdpEpsilon(mu, delta);
        QVERIFY(e > 0 && std::isfinite(e));
        QVERIFY(gdpDelta(mu, e) <= delta);
        QVERIFY(gdpDelta(mu, e * (1 - 2e-13)) > delta);
      }
    }
    QCOMPARE(gdpEpsilon(0.0, 1e-5), 0.0);                 // no loss: δ(0) = 0 ≤ δ
    QCOMPARE(gdpEpsilon(kInf, 1e-5), kInf);               // unbounded loss
    QVERIFY(std::isinf(gdpEpsilon(5000.0, 1e-5)));        // ε above the 1e6 search range
  }
};

QTEST_APPLESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
