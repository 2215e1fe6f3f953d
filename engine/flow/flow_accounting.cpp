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

PrivacyLedger subsampledFlowLedger(AccountantKind accountant, const SubsampledNoisePlan& plan, long steps) {
  const Neighbouring relation = neighbouringOf(accountant);
  PrivacyLedger ledger(accountant, plan.mechanismDelta);
  ledger.record({NoiseMechanism::Gaussian, plan.multiplier, plan.sensitivity, relation,
                 minibatchSamplerOf(relation), plan.sampleRate, steps});
  return ledger;
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

SubsampledNoisePlan planSubsampledNoise(FlowConvention conv, FlowBound bound, long k, long d, double delta,
                                        long steps, double epsilon, double noiseMultiplier, AccountantKind accountant,
                                        double sampleRate) {
  SubsampledNoisePlan plan;
  plan.sensitivity = conv == FlowConvention::Reference
                         ? referenceFlowSensitivity(k, d, delta)
                         : flowSensitivity(resolveFlowBound(bound, k), k, d, boundDeltaPerDraw(conv, delta, steps));
  plan.mechanismDelta = conv == FlowConvention::Reference ? delta : delta / 2;
  plan.sampleRate = sampleRate;
  NoiseRequest request;
  if (noiseMultiplier > 0) request.givenMultiplier = noiseMultiplier;  // the flows' rule: 0 = from ε
  request.epsilon = epsilon;
  request.delta = plan.mechanismDelta;
  request.accountant = accountant;
  request.sampleRate = sampleRate;
  request.steps = steps;
  plan.multiplier = resolveNoiseMultiplier(request);
  plan.noiseStd = plan.multiplier * plan.sensitivity;
  return plan;
}

}  // namespace dpw
