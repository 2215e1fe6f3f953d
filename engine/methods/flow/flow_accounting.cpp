#include "methods/flow/flow_accounting.h"

#include "core/error.h"

// The accountants live in engine/privacy (another branch until it is merged). Until then the flows
// run with a given noise multiplier and say that ε cannot be reported.
#if __has_include("privacy/rdp_accountant.h")
#define DPW_FLOW_HAVE_ACCOUNTANT 1
#include "privacy/accountant.h"
#else
#define DPW_FLOW_HAVE_ACCOUNTANT 0
#endif

namespace dpw {

bool flowAccountantAvailable() { return DPW_FLOW_HAVE_ACCOUNTANT != 0; }

namespace {
[[noreturn]] void noAccountant() {
  throw InvalidArgument(
      "ε accounting needs the privacy accountants, which this build does not have yet; set epsilon = inf and "
      "give a noise multiplier instead");
}
}  // namespace

double flowEpsilonSpent(const std::string& accountantId, double noiseMultiplier, double sampleRate, long steps,
                        double delta) {
#if DPW_FLOW_HAVE_ACCOUNTANT
  auto accountant = makeAccountant(accountantId);
  accountant->addGaussianSteps(noiseMultiplier, sampleRate, steps);
  return accountant->epsilon(delta);
#else
  (void)accountantId, (void)noiseMultiplier, (void)sampleRate, (void)steps, (void)delta;
  noAccountant();
#endif
}

double flowCalibrateMultiplier(const std::string& accountantId, double epsilon, double delta, double sampleRate,
                               long steps) {
#if DPW_FLOW_HAVE_ACCOUNTANT
  return calibrateNoiseMultiplier(accountantId, epsilon, delta, sampleRate, steps);
#else
  (void)accountantId, (void)epsilon, (void)delta, (void)sampleRate, (void)steps;
  noAccountant();
#endif
}

}  // namespace dpw
