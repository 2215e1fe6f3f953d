#include "methods/flow/flow_accounting.h"

#include "core/error.h"
#include "methods/flow/flow_privacy.h"

#include <cmath>

#include "privacy/accountant.h"

namespace dpw {

std::string accountantName(AccountantKind accountant) { return makeAccountant(accountant)->name(); }

double flowEpsilonSpent(AccountantKind accountant, double noiseMultiplier, double sampleRate, long steps,
                        double delta) {
  auto a = makeAccountant(accountant);
  a->addGaussianSteps(noiseMultiplier, sampleRate, steps);
  return a->epsilon(delta);
}

double flowCalibrateMultiplier(AccountantKind accountant, double epsilon, double delta, double sampleRate,
                               long steps) {
  return calibrateNoiseMultiplier(accountantId(accountant), epsilon, delta, sampleRate, steps);
}

SubsampledNoisePlan planSubsampledNoise(FlowConvention conv, FlowBound bound, long k, long d, double delta,
                                        long steps, double epsilon, double noiseMultiplier, AccountantKind accountant,
                                        double sampleRate) {
  SubsampledNoisePlan plan;
  plan.sensitivity = conv == FlowConvention::Reference
                         ? referenceFlowSensitivity(k, d, delta)
                         : flowSensitivity(resolveFlowBound(bound, k), k, d, boundDeltaPerDraw(conv, delta, steps));
  plan.mechanismDelta = conv == FlowConvention::Reference ? delta : delta / 2;
  plan.sampleRate = sampleRate;
  if (noiseMultiplier > 0)
    plan.multiplier = noiseMultiplier;
  else if (!std::isinf(epsilon))
    plan.multiplier = flowCalibrateMultiplier(accountant, epsilon, plan.mechanismDelta, sampleRate, steps);
  plan.noiseStd = plan.multiplier * plan.sensitivity;
  return plan;
}

}  // namespace dpw
