// Tests of the one noise decision (engine/privacy/calibration/ledger_calibration.h): a multiplier given or the
// smallest whose ledger meets ε, read from the release the ledger describes.
#include <QtTest>
#include <cmath>
#include <limits>
#include <string>

#include "core/error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/accountant_calibration.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/calibration/ledger_calibration.h"
#include "privacy/ledger/privacy_ledger.h"
#include "support/throws_with.h"

using namespace dpw;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

/// T steps of the Gaussian at rate q (fixed-size batches, replace-one), δ = 1e-5, read as `how`.
LedgerAtMultiplier gaussianRun(AccountantKind kind, double q, long T,
                               LedgerAccounting how = LedgerAccounting::Accountant, double sensitivity = 1.0) {
  return [=](double z) {
    PrivacyLedger ledger(kind, 1e-5, how);
    ledger.record({NoiseMechanism::Gaussian, z, sensitivity, neighbouringOf(kind),
                   minibatchSamplerOf(neighbouringOf(kind)), q, T});
    return ledger;
  };
}
}  // namespace

class TestLedgerCalibration : public QObject {
  Q_OBJECT
 private slots:
  // Each accounting of a one-event ledger takes the path whose numbers the runs have always used: the same
  // functions on the same arguments, so equal to the last bit.
  void oneEventLedgersTakeTheirFormula() {
    QCOMPARE(calibrateMultiplier(gaussianRun(AccountantKind::RdpWor, 0.1, 50), 2.0),
             calibrateNoiseMultiplier(AccountantKind::RdpWor, 2.0, 1e-5, 0.1, 50));
    QCOMPARE(calibrateMultiplier(gaussianRun(AccountantKind::RdpWor, 1.0, 1, LedgerAccounting::ExactSingleGaussian), 2.0),
             analyticGaussianNoiseStd(2.0, 1e-5, 1.0));
    const double sens = 7.5408151363;
    const double z = calibrateMultiplier(
        gaussianRun(AccountantKind::Rdp, 1.0, 300, LedgerAccounting::ClassicPerRelease, sens), 2.0);
    QCOMPARE(z * sens, classicGaussianNoiseStd(2.0, 1e-5, sens));
  }

  void givenOrNoNoise() {
    const LedgerAtMultiplier never = [](double) -> PrivacyLedger {
      throw InvalidArgument("not asked for a ledger");
    };
    QCOMPARE(noiseMultiplierFor(0.7, 2.0, never), 0.7);  // given: no calibration, whatever ε
    QCOMPARE(noiseMultiplierFor(std::nullopt, kInf, never), 0.0);
    QCOMPARE(noiseMultiplierFor(std::nullopt, 2.0, gaussianRun(AccountantKind::RdpWor, 0.1, 50)),
             calibrateMultiplier(gaussianRun(AccountantKind::RdpWor, 0.1, 50), 2.0));
  }

  void badBudgetsAreRefused() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, calibrateMultiplier(gaussianRun(AccountantKind::RdpWor, 0.1, 50), 0.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument,
                             calibrateMultiplier(gaussianRun(AccountantKind::RdpWor, 1.0, 1,
                                                             LedgerAccounting::ExactSingleGaussian),
                                                 -1.0));
    const LedgerAtMultiplier empty = [](double) { return PrivacyLedger(AccountantKind::Rdp, 1e-5); };
    QVERIFY(dpwtest::throwsInternalWith([&] { calibrateMultiplier(empty, 1.0); },
                                         "a calibration needs a ledger with at least one release"));
    // Past ε = 100 a PLD calibration is refused at once (it would take minutes and gigabytes); an RDP one runs.
    QVERIFY(calibrateMultiplier(gaussianRun(AccountantKind::RdpWor, 0.1, 50), 1000.0) > 0);
    for (const auto kind : {AccountantKind::Pld, AccountantKind::PldWor}) {
      try {
        calibrateMultiplier(gaussianRun(kind, 0.1, 50), 100.5);
        QFAIL("a PLD calibration to epsilon 100.5 ran");
      } catch (const InvalidArgument& e) {
        QVERIFY2(std::string(e.what()).find("epsilon = inf") != std::string::npos, e.what());
      }
      QVERIFY(calibrateMultiplier(gaussianRun(kind, 0.1, 50), 100.0) > 0);  // the largest that runs
    }
  }

  // Any other ledger is calibrated on its own ε. Basic composition of k Laplace releases of multiplier z = b/Δ₁
  // spends k/z (Dwork & Roth 2014 Thm 3.16): z = k/ε exactly, found to the stated 1e-9 relative width.
  void basicCompositionLedger() {
    const LedgerAtMultiplier laplace = [](double z) {
      PrivacyLedger ledger = PrivacyLedger::basicComposition(0);
      ledger.record({NoiseMechanism::Laplace, z, 1.0, Neighbouring::ReplaceOne, Sampler::WholeData, 1.0, 4});
      ledger.record({NoiseMechanism::Laplace, z, 1.0, Neighbouring::ReplaceOne, Sampler::WholeData, 1.0, 6});
      return ledger;
    };
    const double z = calibrateMultiplier(laplace, 2.0);
    QVERIFY2(std::abs(z / 5.0 - 1) < 2e-9, qPrintable(QString::number(z, 'g', 17)));
    QVERIFY(laplace(z).epsilon() <= 2.0);
  }

  // Two phases at different rates compose in the accountant: the multiplier found meets ε, and 2e-9 less
  // noise (twice the stated width) does not.
  void severalEventsAreCalibratedOnTheLedger() {
    const LedgerAtMultiplier phases = [](double z) {
      PrivacyLedger ledger(AccountantKind::RdpWor, 1e-5);
      ledger.record({NoiseMechanism::Gaussian, z, 1.0, Neighbouring::ReplaceOne, Sampler::FixedSizeWithoutReplacement,
                     0.05, 200});
      ledger.record({NoiseMechanism::Gaussian, z, 1.0, Neighbouring::ReplaceOne, Sampler::FixedSizeWithoutReplacement,
                     0.2, 20});
      return ledger;
    };
    const double z = calibrateMultiplier(phases, 3.0);
    QVERIFY(phases(z).epsilon() <= 3.0);
    QVERIFY(phases(z * (1 - 2e-9)).epsilon() > 3.0);
  }
};

QTEST_APPLESS_MAIN(TestLedgerCalibration)
#include "tst_ledger_calibration.moc"
