// Tests of engine/privacy/accountants/rdp_accountant.h: the DP-SWD paper's calibration (reference §1), the
// Poisson vs without-replacement gap, RDP curves of other mechanisms, names.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/sensitivity/projection_sensitivity.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/accountant_calibration.h"
#include "privacy/accountants/rdp_accountant.h"
#include "support/golden.h"

using namespace dpw;

namespace {
struct SwdRow {
  const char* name;
  double delta;
  long d, k, n, epochs, batch;
  double sigma;
  bool quirkBound;    // the code's Bernstein bound (k twice under the root) or the CLT bound
  bool atHalfDelta;   // ε evaluated at δ/2 (corrected code) or at δ (paper Table 4)
};

double swdEpsilon(const SwdRow& r, const std::string& accountant) {
  const double w = r.quirkBound ? projectionSensitivityBernsteinDpSwdCode(r.k, r.d, r.delta / 2)
                                : projectionSensitivityClt(r.k, r.d, r.delta / 2);
  const long steps = (r.n / r.batch + 1) * r.epochs;
  auto acc = accountant == "rdp-wor"
                 ? std::make_unique<RdpAccountant>(RdpAccountant::Sampling::WithoutReplacement, RdpConversion::Mironov)
                 : std::make_unique<RdpAccountant>(RdpAccountant::Sampling::Poisson, RdpConversion::BalleEtAl2020);
  acc->addGaussianSteps(r.sigma / w, double(r.batch) / r.n, steps);
  return acc->epsilon(r.atHalfDelta ? r.delta / 2 : r.delta);
}
}  // namespace

class TestRdpAccountant : public QObject {
  Q_OBJECT
 private slots:
  // Reference §1: the DP-SWD σ's were calibrated to ε = 10 with the without-replacement RDP bound
  // (Wang et al. 2019 Thm 9, classic conversion), multiplier σ / w(k, d, δ/2), q = batch/N,
  // T = (N div batch + 1) epochs. Paper Table 4 (code's Bernstein bound, ε at δ): U-M 4.74, M-U 5.34,
  // Office 8.05; corrected code (ε at δ/2): U-M 4.80 / M-U 5.43 (Bernstein), 0.915 / 1.035 (CLT).
  // We get 9.93..10.17: "about 10" within a 3% band (their package's order grid differs from ours)
  // Issue 13: q = 0.2, T = 500, δ = 1/300000. Uncapped Thm 9 gave ε = 10.28 at σ = 200 and no σ
  // reached ε = 1; capped (autodp's value: 0.5678 at σ = 200, 0.99986 at σ = 114.5) it calibrated at 114.5.
  // With Thm 27's terms (issue 35) ε = 1 calibrates at σ = 46.92: dp_accounting's without-replacement RDP on
  // our order grid with the classic conversion gives 46.918739871 (tests/golden/dp_accounting_wor.json,
  // scipy brentq to 1e-10); 1e-6 relative covers our moments' 1e-9 slack and the two root finders.
  void worCalibratesAtLargeSigma() {
    RdpAccountant acc(RdpAccountant::Sampling::WithoutReplacement, RdpConversion::Mironov);
    acc.addGaussianSteps(200, 0.2, 500);
    QVERIFY(acc.epsilon(1.0 / 300000) < 0.25);
    const double sigma = calibrateNoiseMultiplier("rdp-wor", 1.0, 1.0 / 300000, 0.2, 500);
    const double ref = dpwtest::loadGolden("dp_accounting_wor.json")["calibration"].toObject()["sigma"].toDouble();
    QVERIFY2(std::abs(sigma / ref - 1) < 1e-6, qPrintable(QString::number(sigma, 'g', 12)));
  }
  // (VisDA's 6.40 is not reproduced by these formulas: we get 8.3, and leave it out).
  void reproducesDpSwdCalibration() {
    const SwdRow rows[] = {
        {"U-M", 1e-5, 784, 200, 10000, 100, 128, 4.74, true, false},
        {"M-U", 1e-5, 784, 200, 7438, 100, 128, 5.34, true, false},
        {"Office", 1e-3, 50, 100, 497, 50, 32, 8.05, true, false},
        {"U-M corrected", 1e-5, 784, 200, 10000, 100, 128, 4.80, true, true},
        {"M-U corrected", 1e-5, 784, 200, 7438, 100, 128, 5.43, true, true},
        {"U-M CLT", 1e-5, 784, 200, 10000, 100, 128, 0.915, false, true},
        {"M-U CLT", 1e-5, 784, 200, 7438, 100, 128, 1.035, false, true},
    };
    for (const auto& r : rows) {
      const double eps = swdEpsilon(r, "rdp-wor");
      QVERIFY2(std::abs(eps - 10) < 0.3, qPrintable(QString("%1: epsilon %2").arg(r.name).arg(eps)));
    }
    // Reference §1: a Poisson RDP accountant gives about 4.1 for M-U with the same σ (the neighbouring
    // relation is part of the claim; the gap is what the user must see).
    const double poisson = swdEpsilon(rows[4], "rdp");
    QVERIFY2(std::abs(poisson - 4.1) < 0.15, qPrintable(QString::number(poisson)));
  }
  // A mechanism added by its RDP curve composes with Gaussian steps: a Gaussian mechanism with
  // sensitivity 1 and σ = 2 given as α/(2σ²) equals addGaussianSteps(2, q = 1).
  void rdpCurveComposes() {
    RdpAccountant viaCurve(RdpAccountant::Sampling::Poisson, RdpConversion::BalleEtAl2020);
    RdpAccountant viaSteps(RdpAccountant::Sampling::Poisson, RdpConversion::BalleEtAl2020);
    std::vector<double> curve;
    for (double a : viaCurve.orders()) curve.push_back(a / 8);
    viaCurve.addRdpCurve(curve, 3);
    viaSteps.addGaussianSteps(2.0, 1.0, 3);
    QCOMPARE(viaCurve.epsilon(1e-6), viaSteps.epsilon(1e-6));
    // Gaussian mechanism: at q = 1 the best order for ε = 3/8 α + ... is interior to the grid.
    QVERIFY(viaSteps.bestOrder(1e-6) > 1.5 && viaSteps.bestOrder(1e-6) < 100);
    QVERIFY_THROWS_EXCEPTION(InternalError, viaCurve.addRdpCurve({1.0, 2.0}, 1));  // curves on the engine's orders
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, viaCurve.addRdpCurve(curve, -1));
  }
  // Composition of different mechanisms: Laplace(b = λΔ) has ε-DP with ε = 1/λ, so its RDP is at most
  // 1/λ at every order and tends to it; Gaussian and Laplace steps add in one accountant.
  void laplaceComposesWithGaussian() {
    RdpAccountant lap(RdpAccountant::Sampling::Poisson, RdpConversion::BalleEtAl2020);
    lap.addLaplaceSteps(2.0, 1);
    for (size_t i = 0; i < lap.orders().size(); ++i) QVERIFY(lap.rdp()[i] <= 0.5 + 1e-12);
    RdpAccountant both = lap, gauss(RdpAccountant::Sampling::Poisson, RdpConversion::BalleEtAl2020);
    both.addGaussianSteps(3.0, 0.1, 50);
    gauss.addGaussianSteps(3.0, 0.1, 50);
    for (size_t i = 0; i < lap.orders().size(); ++i)
      QVERIFY(std::abs(both.rdp()[i] - (lap.rdp()[i] + gauss.rdp()[i])) <= 1e-15 * both.rdp()[i]);
    QVERIFY(both.epsilon(1e-5) > gauss.epsilon(1e-5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, lap.addLaplaceSteps(0.0, 1));
  }
  // Large orders matter: σ = 5, q = 0.001, 1000 steps puts the best order above 63 (reference §6).
  void largeOrdersAreUsed() {
    RdpAccountant acc(RdpAccountant::Sampling::Poisson, RdpConversion::BalleEtAl2020);
    acc.addGaussianSteps(5.0, 0.001, 1000);
    QVERIFY2(acc.bestOrder(1e-5) > 63, qPrintable(QString::number(acc.bestOrder(1e-5))));
  }
  void namesSayConversionAndSampling() {
    RdpAccountant a(RdpAccountant::Sampling::Poisson, RdpConversion::Mironov);
    QVERIFY(a.name().find("Mironov") != std::string::npos && a.name().find("Poisson") != std::string::npos);
    RdpAccountant b(RdpAccountant::Sampling::WithoutReplacement, RdpConversion::Mironov);
    QVERIFY(b.name().find("without replacement") != std::string::npos && b.id() == "rdp-wor");
  }
};

QTEST_APPLESS_MAIN(TestRdpAccountant)
#include "tst_rdp_accountant.moc"
