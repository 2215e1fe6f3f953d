#include "methods/flow/flow_accounting.h"

#include "core/error.h"
#include "methods/flow/flow_privacy.h"

#include <cmath>

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

SubsampledNoisePlan planSubsampledNoise(const std::string& convention, const std::string& bound, long k, long d,
                                        double delta, long steps, double epsilon, double noiseMultiplier,
                                        const std::string& accountantId, double sampleRate) {
  const FlowConvention conv = flowConventionFromId(convention);
  SubsampledNoisePlan plan;
  plan.sensitivity = conv == FlowConvention::Reference
                         ? referenceFlowSensitivity(k, d, delta)
                         : flowSensitivity(projectionBoundFromId(bound, k), k, d, boundDeltaPerDraw(conv, delta, steps));
  plan.mechanismDelta = conv == FlowConvention::Reference ? delta : delta / 2;
  plan.sampleRate = sampleRate;
  if (noiseMultiplier > 0)
    plan.multiplier = noiseMultiplier;
  else if (!std::isinf(epsilon))
    plan.multiplier = flowCalibrateMultiplier(accountantId, epsilon, plan.mechanismDelta, sampleRate, steps);
  plan.noiseStd = plan.multiplier * plan.sensitivity;
  return plan;
}

}  // namespace dpw
