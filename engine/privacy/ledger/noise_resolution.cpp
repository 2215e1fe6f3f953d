#include "privacy/ledger/noise_resolution.h"

#include <cmath>

#include "core/error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/ledger/privacy_ledger.h"  // ledgerAnalysis
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

double resolveNoiseMultiplier(const NoiseRequest& r) {
  if (r.givenMultiplier) return *r.givenMultiplier;
  if (std::isinf(r.epsilon)) return 0.0;
  require(r.law == NoiseMechanism::Gaussian || r.calibration == Calibration::Accountant,
          "the one-release Gaussian calibrations are the continuous Gaussian's; secure mode's discrete Gaussian is "
          "calibrated by an accountant");
  if (r.law != NoiseMechanism::Gaussian)  // the analysis the ledger reads for the law (a Rényi one: cheap)
    return calibrateNoiseMultiplier(*ledgerAnalysis(r.accountant, r.law, r.sampleRate < 1), r.epsilon, r.delta,
                                    r.sampleRate, r.steps);
  switch (r.calibration) {
    case Calibration::Accountant:
      // A PLD's grid spans the losses up to about ε at a spacing of 1e-4, so its cost grows with the budget:
      // DPSWflow-r at its defaults calibrated to ε = 100 in 5 s and 0.5 GB, to ε = 1000 in 116 s and 3.8 GB
      // (2-core EPYC). A run does not start one of those: past kMaxPldCalibratedEpsilon, where e^ε no longer
      // bounds anything a lecture could show, it says what to do instead. (dpwlab-cli calibrate, asked for
      // the number itself, still computes it.)
      require(accountantInfo(r.accountant).epsilonCost != EpsilonCost::Costly || r.epsilon <= kMaxPldCalibratedEpsilon,
              "epsilon ", r.epsilon, " is above ", kMaxPldCalibratedEpsilon, ", the largest budget a run calibrates with the ",
              accountantId(r.accountant), " accountant (its grid grows with epsilon: at 1000 a calibration takes minutes "
              "and gigabytes); set epsilon = inf for a run without privacy, or choose an RDP accountant");
      return calibrateNoiseMultiplier(r.accountant, r.epsilon, r.delta, r.sampleRate, r.steps);
    case Calibration::ExactSingleGaussian:
      return analyticGaussianNoiseStd(r.epsilon, r.delta, 1.0);
    case Calibration::ClassicGaussian:
      return classicGaussianNoiseStd(r.epsilon, r.delta, r.sensitivity) / r.sensitivity;
  }
  throw InvalidArgument("unknown calibration");  // not reached: every Calibration is handled above
}

double classicGaussianFactor(double delta) {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  return std::sqrt(2.0 * std::log(1.25 / delta));
}

double classicGaussianEpsilon(double multiplier, double delta) { return classicGaussianFactor(delta) / multiplier; }

double exactGaussianEpsilon(double multiplier, double delta) { return gdpEpsilon(1.0 / multiplier, delta); }

}  // namespace dpw
