#include "flow/flow_accounting.h"

#include "core/error.h"
#include "flow/flow_privacy.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "privacy/accountants/accountant.h"
#include "privacy/accountants/discrete_subsampled_rdp.h"
#include "privacy/ledger/noise_resolution.h"

namespace dpw {

PrivacyLedger subsampledFlowLedger(AccountantKind accountant, double multiplier, const SubsampledProjectionBound& bound,
                                   double sampleRate, long steps) {
  const Neighbouring relation = neighbouringOf(accountant);
  PrivacyLedger ledger(accountant, bound.mechanismDelta);
  ledger.record({NoiseMechanism::Gaussian, multiplier, bound.sensitivity, relation, minibatchSamplerOf(relation),
                 sampleRate, steps});
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

double flowProvenSecureEpsilon(AccountantKind accountant, const Mechanism& law, double sampleRate, long steps,
                               double delta) {
  // A proven accountant of Poisson steps: the discrete Gaussian's own Poisson bound is of the same sampler.
  if (law.isNone() || law.gridSensitivity() <= 0 || sampleRate >= 1 ||
      neighbouringOf(accountant) != Neighbouring::AddRemove || !isProvenBound(accountant))
    return std::numeric_limits<double>::quiet_NaN();
  return discreteGaussianPoissonEpsilon(law.scale() / law.gridSensitivity(), sampleRate, steps, delta);
}

SecureAccounting flowSecureAccounting(AccountantKind accountant, double sampleRate) {
  const AccountantInfo& info = accountantInfo(accountant);
  if (sampleRate >= 1 && info.discreteGaussian != DiscreteGaussianCover::None) return SecureAccounting::Unsubsampled;
  if (info.discreteGaussian == DiscreteGaussianCover::EveryRate && info.relation == Neighbouring::ReplaceOne)
    return SecureAccounting::ProvenWithoutReplacement;
  return SecureAccounting::Approximation;
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
