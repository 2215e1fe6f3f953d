#include "privacy/calibration/ledger_calibration.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/accountants/pld_analysis.h"  // PldTooLarge
#include "privacy/calibration/accountant_calibration.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/calibration/root_finding.h"

namespace dpw {

namespace {

constexpr double kLedgerRelTol = 1e-9;  // relative width of the final z bracket of a general ledger

// The smallest z whose ledger meets ε, for any ledger: ε(z) read from the ledger itself (a PLD too large to build
// means ε in the hundreds, above any target).
double smallestMeeting(const LedgerAtMultiplier& ledgerAt, double epsilon) {
  require(epsilon > 0 && std::isfinite(epsilon), "the target epsilon must be a finite number > 0, got ", epsilon);
  const auto eps = [&](double z) {
    try {
      return ledgerAt(z).epsilon();
    } catch (const PldTooLarge&) {
      return std::numeric_limits<double>::infinity();
    }
  };
  const double z = smallestBelow(eps, epsilon, 0.5, 1.0, 1e-6, 1e7, kLedgerRelTol);
  require(std::isfinite(z), "no noise multiplier below 1e7 reaches epsilon ", epsilon);
  return z;
}

}  // namespace

double calibrateMultiplier(const LedgerAtMultiplier& ledgerAt, double epsilon) {
  if (std::isinf(epsilon) && epsilon > 0) return 0.0;
  const PrivacyLedger release = ledgerAt(0.0);  // the release described, without noise: nothing computed
  ensure(!release.events().empty(), "a calibration needs a ledger with at least one release");
  const PrivacyEvent& first = release.events().front();
  const bool gaussian = first.law == NoiseMechanism::Gaussian;
  switch (release.accounting()) {
    case LedgerAccounting::ExactSingleGaussian:
      return analyticGaussianNoiseStd(epsilon, release.delta(), 1.0);
    case LedgerAccounting::ClassicPerRelease:
      return classicGaussianNoiseStd(epsilon, release.delta(), first.sensitivity) / first.sensitivity;
    case LedgerAccounting::BasicComposition:
      return smallestMeeting(ledgerAt, epsilon);
    case LedgerAccounting::Accountant:
      break;
  }
  // A PLD's grid spans the losses up to about ε at a spacing of 1e-4, so its cost grows with the budget:
  // DPSWflow-r at its defaults calibrated to ε = 100 in 5 s and 0.5 GB, to ε = 1000 in 116 s and 3.8 GB
  // (2-core EPYC). A run does not start one of those: past kMaxPldCalibratedEpsilon, where e^ε no longer
  // bounds anything a lecture could show, it says what to do instead. (dpwlab-cli calibrate, asked for
  // the number itself, still computes it.)
  const AccountantKind accountant = release.accountant();
  require(!gaussian || accountantInfo(accountant).epsilonCost != EpsilonCost::Costly ||
              epsilon <= kMaxPldCalibratedEpsilon,
          "epsilon ", epsilon, " is above ", kMaxPldCalibratedEpsilon,
          ", the largest budget a run calibrates with the ", accountantId(accountant),
          " accountant (its grid grows with epsilon: at 1000 a calibration takes minutes and gigabytes); set epsilon = "
          "inf for a run without privacy, or choose an RDP accountant");
  if (release.events().size() != 1) return smallestMeeting(ledgerAt, epsilon);
  // One event: the analysis the ledger reads for its law, over its releases.
  return calibrateNoiseMultiplier(*ledgerAnalysis(accountant, first.law, first.sampleRate < 1), epsilon,
                                  release.delta(), first.sampleRate, first.count);
}

double noiseMultiplierFor(std::optional<double> given, double epsilon, const LedgerAtMultiplier& ledgerAt) {
  return given ? *given : calibrateMultiplier(ledgerAt, epsilon);
}

}  // namespace dpw
