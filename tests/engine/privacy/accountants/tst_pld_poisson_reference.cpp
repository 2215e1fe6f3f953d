// The "pld" accountant at the DPSWflow-r defaults (ring5: batch 250 of 10000 rows, q = 0.025, T = 500, δ = 1e-5,
// ε = 5: the histogram release, Poisson add/remove, the accountant `auto` picks) against an independent reference:
// tests/reference/pld_poisson_gaussian_reference.py bounds the true ε from both sides by another discretisation
// (loss buckets rounded up / down, numpy FFT), so the engine's ε (an upper bound) must lie in its bracket.
#include <QJsonObject>
#include <QtTest>

#include "privacy/accountants/accountant.h"
#include "privacy/calibration/accountant_calibration.h"
#include "support/reference_python.h"

using namespace dpw;

class TestPldPoissonReference : public QObject {
  Q_OBJECT
 private slots:
  // σ calibrated by pld for ε = 5; the reference's bracket [lower, upper] at that σ is T·h = 500 × 2e-5 = 0.01 wide
  // (each step's loss rounded by at most one bucket h). The engine's ε must be ≥ lower (it is an upper bound on the
  // true ε ≥ lower) and ≤ upper + 1e-4 (its own grid, 1e-4, is finer than the reference's bracket is wide). The RDP
  // accountant at the same σ lies above the bracket (the saving is real): a check that can tell the two apart.
  void flowDefaultsInsideTheReferenceBracket() {
    const double q = 250.0 / 10000.0, delta = 1e-5;
    const long steps = 500;
    const double sigma = calibrateNoiseMultiplier(AccountantKind::Pld, 5.0, delta, q, steps);
    const double pld = epsilonAfterGaussianSteps("pld", sigma, q, steps, delta);
    const QJsonObject ref = dpwtest::runReferenceScript(
        "pld_poisson_gaussian_reference.py",
        {QString::number(sigma, 'g', 17), QString::number(q, 'g', 17), QString::number(steps), QString::number(delta),
         "2e-5"});
    const double lower = ref["eps_lower"].toDouble(), upper = ref["eps_upper"].toDouble();
    qInfo("sigma %.6f: pld eps %.6f, reference bracket [%.6f, %.6f]", sigma, pld, lower, upper);
    QVERIFY(upper - lower < 0.011 && upper > lower);
    QVERIFY2(pld >= lower && pld <= upper + 1e-4, qPrintable(QString("%1 not in [%2, %3]").arg(pld).arg(lower).arg(upper)));
    const double rdp = epsilonAfterGaussianSteps("rdp", sigma, q, steps, delta);
    QVERIFY2(rdp > upper, qPrintable(QString("rdp %1 vs upper %2").arg(rdp).arg(upper)));
  }
};

QTEST_APPLESS_MAIN(TestPldPoissonReference)
#include "tst_pld_poisson_reference.moc"
