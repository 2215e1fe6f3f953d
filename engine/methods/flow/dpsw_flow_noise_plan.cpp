#include "methods/flow/dpsw_flow_noise_plan.h"

#include <algorithm>
#include <cmath>

#include "flow/flow_accounting.h"
#include "flow/flow_directions.h"
#include "flow/flow_privacy.h"
#include "flow/projection_histogram.h"
#include "privacy/ledger/noise_resolution.h"

namespace dpw {

NoisePlan planNoise(const DpswFlowSettings& s, long m, long d) {
  NoisePlan plan;
  // Each branch says what is released (Δ, δ to the mechanism, q), how a missing multiplier is calibrated
  // and how ε is read; the multiplier and the ledger are made once, below.
  NoiseRequest request = flowNoiseRequest(s.privacy, s.steps);
  LedgerAccounting accounting = LedgerAccounting::Accountant;
  const bool pool = s.variant == FlowVariant::Pool;
  // The neighbours Δ holds for: the pool's releases (q = 1) are replace-one; a minibatch run's are the
  // accountant's (projection_histogram.h: √k for add/remove, √(2k) for replace-one).
  Neighbouring relation = pool ? Neighbouring::ReplaceOne : neighbouringOf(s.privacy.accountant);
  if (pool && s.release == FlowRelease::Histogram) {
    // DPSWflow, histogram release: the K pool histograms of the whole data, released once (one Gaussian
    // release, exact calibration); replace-one: a row leaves one bin and enters one of each, Δ = √(2K).
    plan.histogram = true;
    plan.releaseOnce = true;
    plan.exactBound = true;
    plan.sensitivity = projectionHistogramSensitivity(s.pool, false);
    plan.mechanismDelta = s.privacy.delta;
    request.calibration = Calibration::ExactSingleGaussian;
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
    if (plan.releaseOnce) request.calibration = Calibration::ExactSingleGaussian;
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
    // One release: exact calibration; else the paper's per-step (classic) calibration.
    request.calibration = plan.releaseOnce ? Calibration::ExactSingleGaussian : Calibration::ClassicGaussian;
    request.sensitivity = plan.sensitivity;
    if (conv == FlowConvention::Reference) accounting = LedgerAccounting::ClassicPerRelease;
  }
  request.delta = plan.mechanismDelta;
  request.sampleRate = plan.sampleRate;
  if (plan.releaseOnce) accounting = LedgerAccounting::ExactSingleGaussian;
  plan.multiplier = resolveNoiseMultiplier(request);
  plan.noiseStd = plan.multiplier * plan.sensitivity;
  // DPSWflow: ε of one step (the one release's exact ε, or the classic mechanism's), for the basic
  // composition curve and the statement.
  if (plan.multiplier > 0 && pool)
    plan.perStepEpsilon = plan.releaseOnce ? exactGaussianEpsilon(plan.multiplier, plan.mechanismDelta)
                                           : classicGaussianEpsilon(plan.multiplier, plan.mechanismDelta);
  plan.ledger.emplace(s.privacy.accountant, plan.mechanismDelta, accounting);
  plan.ledger->record({NoiseMechanism::Gaussian, plan.multiplier, plan.sensitivity, relation,
                       pool ? Sampler::WholeData : minibatchSamplerOf(relation), plan.sampleRate,
                       plan.releaseOnce ? 1 : s.steps});
  return plan;
}

}  // namespace dpw
