#include "methods/flow/flow_accounting.h"

#include "core/error.h"
#include "methods/flow/flow_privacy.h"

#include <cmath>

#include "privacy/accountant.h"

namespace dpw {

std::string accountantName(const std::string& accountantId) { return makeAccountant(accountantId)->name(); }

double flowEpsilonSpent(const std::string& accountantId, double noiseMultiplier, double sampleRate, long steps,
                        double delta) {
  auto accountant = makeAccountant(accountantId);
  accountant->addGaussianSteps(noiseMultiplier, sampleRate, steps);
  return accountant->epsilon(delta);
}

double flowCalibrateMultiplier(const std::string& accountantId, double epsilon, double delta, double sampleRate,
                               long steps) {
  return calibrateNoiseMultiplier(accountantId, epsilon, delta, sampleRate, steps);
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
