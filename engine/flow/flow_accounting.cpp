#include "flow/flow_accounting.h"

#include "core/error.h"
#include "flow/flow_privacy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "privacy/accountants/accountant.h"
#include "privacy/calibration/ledger_calibration.h"

namespace dpw {

PrivacyLedger subsampledFlowLedger(AccountantKind accountant, double multiplier, const SubsampledProjectionBound& bound,
                                   double sampleRate, long steps, NoiseMechanism law) {
  const Neighbouring relation = neighbouringOf(accountant);
  PrivacyLedger ledger(accountant, bound.mechanismDelta);
  ledger.record({law, multiplier, bound.sensitivity, relation, minibatchSamplerOf(relation), sampleRate, steps});
  return ledger;
}

PrivacyLedger oneFlowStepLedger(AccountantKind accountant, double epsilon, double delta, double sensitivity) {
  const auto ledgerAt = [&](double z) { return subsampledFlowLedger(accountant, z, {sensitivity, delta}, 1.0, 1); };
  return ledgerAt(calibrateMultiplier(ledgerAt, epsilon));  // q = 1, one step
}

double flowNoiseMultiplier(const FlowPrivacySettings& privacy, const LedgerAtMultiplier& ledgerAt) {
  const std::optional<double> given =  // the flows' rule: 0 = from ε
      privacy.noiseMultiplier > 0 ? std::optional<double>(privacy.noiseMultiplier) : std::nullopt;
  return noiseMultiplierFor(given, privacy.epsilon, ledgerAt);
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
