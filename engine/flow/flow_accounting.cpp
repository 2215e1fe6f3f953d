#include "flow/flow_accounting.h"

#include "core/error.h"
#include "flow/flow_privacy.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "privacy/accountants/accountant.h"
#include "privacy/ledger/noise_resolution.h"

namespace dpw {

PrivacyLedger subsampledFlowLedger(AccountantKind accountant, double multiplier, const SubsampledProjectionBound& bound,
                                   double sampleRate, long steps, NoiseMechanism law) {
  const Neighbouring relation = neighbouringOf(accountant);
  PrivacyLedger ledger(accountant, bound.mechanismDelta);
  ledger.record({law, multiplier, bound.sensitivity, relation, minibatchSamplerOf(relation), sampleRate, steps});
  return ledger;
}

PrivacyLedger oneFlowStepLedger(AccountantKind accountant, double epsilon, double delta, double sensitivity) {
  NoiseRequest request;
  request.epsilon = epsilon, request.delta = delta, request.accountant = accountant;  // q = 1, one step
  return subsampledFlowLedger(accountant, resolveNoiseMultiplier(request), {sensitivity, delta}, 1.0, 1);
}

NoiseRequest flowNoiseRequest(const FlowPrivacySettings& privacy, long steps) {
  NoiseRequest request;
  if (privacy.noiseMultiplier > 0) request.givenMultiplier = privacy.noiseMultiplier;  // the flows' rule: 0 = from ε
  request.epsilon = privacy.epsilon;
  request.accountant = privacy.accountant;
  request.steps = steps;
  request.law = gaussianLawOf(privacy.noiseSource);
  return request;
}

bool flowEpsilonPointDue(AccountantKind accountant, long step, long lastStep, long steps) {
  if (accountantInfo(accountant).epsilonCost == EpsilonCost::Cheap) return true;
  if (step >= steps) return true;
  if (step <= 16) return (step & (step - 1)) == 0;  // 1, 2, 4, 8, 16
  // Every ≥ steps/16 steps, and at least every 25% more steps, so a long run's curve keeps up (T = 10⁶: a
  // point at step ~20, 25, 31, ... rather than none until step 62500).
  return step - lastStep >= std::max(1L, std::min(steps / 16, lastStep / 4));
}

SubsampledProjectionBound subsampledProjectionBound(FlowConvention conv, FlowBound bound, long k, long d, double delta,
                                                    long steps) {
  SubsampledProjectionBound b;
  b.sensitivity = conv == FlowConvention::Reference
                      ? referenceFlowSensitivity(k, d, delta)
                      : flowSensitivity(resolveFlowBound(bound, k), k, d, boundDeltaPerDraw(conv, delta, steps));
  b.mechanismDelta = conv == FlowConvention::Reference ? delta : delta / 2;
  return b;
}

}  // namespace dpw
