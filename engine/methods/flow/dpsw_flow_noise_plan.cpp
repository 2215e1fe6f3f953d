#include "methods/flow/dpsw_flow_noise_plan.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "flow/flow_accounting.h"
#include "flow/flow_directions.h"
#include "flow/flow_privacy.h"
#include "flow/projection_histogram.h"
#include "privacy/calibration/gaussian_calibration.h"  // classicGaussianEpsilon
#include "privacy/calibration/ledger_calibration.h"

namespace dpw {

NoisePlan planNoise(const DpswFlowSettings& s, long m, long d) {
  NoisePlan plan;
  // Each branch says what is released (Δ, δ to the mechanism, q) and how ε is read; the ledger of the release is
  // described once, below, and the multiplier is the smallest whose ledger meets ε.
  LedgerAccounting& accounting = plan.accounting;
  const bool pool = s.variant == FlowVariant::Pool;
  // The neighbours Δ holds for: the pool's releases (q = 1) are replace-one; a minibatch run's are the
  // accountant's (projection_histogram.h: √k for add/remove, √(2k) for replace-one).
  const Neighbouring relation = plan.relation = pool ? Neighbouring::ReplaceOne : neighbouringOf(s.privacy.accountant);
  if (pool && s.release == FlowRelease::Histogram) {
    // DPSWflow, histogram release: the K pool histograms of the whole data, released once (one Gaussian
    // release, exact calibration); replace-one: a row leaves one bin and enters one of each, Δ = √(2K).
    plan.histogram = true;
    plan.releaseOnce = true;
    plan.exactBound = true;
    plan.sensitivity = projectionHistogramSensitivity(s.pool, false);
    plan.mechanismDelta = s.privacy.delta;
  } else if (s.variant == FlowVariant::Resampled && s.release == FlowRelease::Histogram) {
    // projection_histogram.h: exact Δ for any directions, the whole δ to the accountant.
    plan.histogram = true;
    plan.exactBound = true;
    plan.sensitivity = projectionHistogramSensitivity(s.projections, relation == Neighbouring::AddRemove);
    plan.mechanismDelta = s.privacy.delta;
    plan.sampleRate = std::min(1.0, double(s.batch) / double(m));
  } else if (s.directions == FlowDirections::Orthonormal && !usesReferenceConvention(s)) {
    // Exact sensitivity of the orthonormal blocks (flow_directions.h): the whole δ to the mechanism.
    plan.exactBound = true;
    plan.releaseOnce = pool && s.dataNoise == PoolDataNoise::Once;
    plan.sensitivity = orthonormalBlockSensitivity(pool ? s.pool : s.projections, d);
    plan.mechanismDelta = s.privacy.delta;
    plan.sampleRate = pool ? 1.0 : std::min(1.0, double(s.batch) / double(m));
  } else if (!pool) {
    // k fresh directions per step: a probabilistic Δ (flow_accounting.h), its δ share off the accountant's.
    const SubsampledProjectionBound bound =
        subsampledProjectionBound(s.privacy.convention, s.privacy.bound, s.projections, d, s.privacy.delta, s.steps);
    plan.sensitivity = bound.sensitivity;
    plan.mechanismDelta = bound.mechanismDelta;
    plan.sampleRate = std::min(1.0, double(s.batch) / double(m));
  } else {
    // DPSWflow: the pool's directions are drawn once (one bound), the whole data every step.
    const FlowConvention conv = s.privacy.convention;
    plan.sensitivity = conv == FlowConvention::Reference
                           ? referenceFlowSensitivity(s.pool, d, s.privacy.delta)
                           : flowSensitivity(resolveFlowBound(s.privacy.bound, s.pool), s.pool, d, s.privacy.delta / 2);
    plan.mechanismDelta = s.privacy.delta / 2;
    plan.releaseOnce = conv != FlowConvention::Reference && s.dataNoise == PoolDataNoise::Once;  // the pool is drawn once: one bound
    // Every step's noise: the paper's per-step (classic) calibration; the reference code also claims it per step.
    plan.classicPerStep = !plan.releaseOnce;
    if (conv == FlowConvention::Reference) accounting = LedgerAccounting::ClassicPerRelease;
  }
  // The law the ledger records: secure mode's discrete Gaussian is accounted, and calibrated, by an analysis
  // proven for it (privacy_ledger.h: ledgerAnalysis); the one-release formulas are the continuous Gaussian's, so
  // a secure one-time release is one step of the accountant (its Rényi curve: CKS20 Prop. 5).
  const NoiseMechanism law = plan.law = gaussianLawOf(s.privacy.noiseSource);
  if (plan.releaseOnce && law == NoiseMechanism::Gaussian) accounting = LedgerAccounting::ExactSingleGaussian;
  require(law == NoiseMechanism::Gaussian || accounting != LedgerAccounting::ClassicPerRelease,
          "secure mode (noise_source = os-entropy) is for a release, and the reference convention's claim holds per "
          "step only, not for the run: choose convention union-bound");
  return plan;
}

PrivacyLedger flowRunLedger(const DpswFlowSettings& s, const NoisePlan& plan) {
  const bool pool = s.variant == FlowVariant::Pool;
  // The release, described once: the run's ledger at multiplier z.
  const auto ledgerOf = [&](double z, LedgerAccounting how, NoiseMechanism drawn) {
    PrivacyLedger ledger(s.privacy.accountant, plan.mechanismDelta, how);
    ledger.record({drawn, z, plan.sensitivity, plan.relation,
                   pool ? Sampler::WholeData : minibatchSamplerOf(plan.relation), plan.sampleRate,
                   plan.releaseOnce ? 1 : s.steps});
    return ledger;
  };
  const LedgerAtMultiplier runLedger = [&](double z) { return ledgerOf(z, plan.accounting, plan.law); };
  // The per-step claim is the classic formula's for the continuous Gaussian (the paper's); the run's ledger still
  // accounts the law drawn.
  const LedgerAtMultiplier perStepClaim = [&](double z) {
    return ledgerOf(z, LedgerAccounting::ClassicPerRelease, NoiseMechanism::Gaussian);
  };
  return runLedger(flowNoiseMultiplier(s.privacy, plan.classicPerStep ? perStepClaim : runLedger));
}

double flowPerStepEpsilon(const DpswFlowSettings& s, const NoisePlan& plan, const PrivacyLedger& ledger) {
  const double multiplier = ledger.events().front().multiplier;
  if (multiplier == 0 || s.variant != FlowVariant::Pool) return 0;
  return plan.releaseOnce || plan.law != NoiseMechanism::Gaussian ? ledger.epsilonAfter(1)
                                                                  : classicGaussianEpsilon(multiplier, plan.mechanismDelta);
}

}  // namespace dpw
