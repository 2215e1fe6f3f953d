#include "methods/flow/dpsw_flow_noise_plan.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "flow/flow_accounting.h"
#include "flow/flow_directions.h"
#include "flow/flow_privacy.h"
#include "flow/projection_histogram.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

namespace {
/// ε of one Gaussian release with this multiplier at δ (exact: the release is μ-GDP with μ = 1/multiplier,
/// Dong, Roth & Su 2022, and gdpEpsilon inverts δ(ε; μ)).
double singleReleaseEpsilon(double multiplier, double delta) {
  return gdpEpsilon(1.0 / multiplier, delta);  // exact ε of one Gaussian release: μ = Δ/σ = 1/multiplier
}
}  // namespace

NoisePlan planNoise(const DpswFlowSettings& s, long m, long d) {
  NoisePlan plan;
  if (s.variant == FlowVariant::Pool && s.release == FlowRelease::Histogram) {
    // DPSWflow, histogram release: the K pool histograms of the whole data, released once (one Gaussian
    // release, exact calibration); replace-one: a row leaves one bin and enters one of each, Δ = √(2K).
    plan.histogram = true;
    plan.releaseOnce = true;
    plan.exactBound = true;
    plan.sensitivity = projectionHistogramSensitivity(s.pool, false);
    plan.mechanismDelta = s.privacy.delta;
    plan.sampleRate = 1.0;
    if (s.privacy.noiseMultiplier > 0)
      plan.multiplier = s.privacy.noiseMultiplier;
    else if (!std::isinf(s.privacy.epsilon))
      plan.multiplier = analyticGaussianNoiseStd(s.privacy.epsilon, plan.mechanismDelta, 1.0);
    plan.noiseStd = plan.multiplier * plan.sensitivity;
    if (plan.multiplier > 0) plan.perStepEpsilon = singleReleaseEpsilon(plan.multiplier, plan.mechanismDelta);
    return plan;
  }
  if (s.variant == FlowVariant::Resampled && s.release == FlowRelease::Histogram) {
    // projection_histogram.h: exact Δ for any directions, the whole δ to the accountant.
    plan.histogram = true;
    plan.exactBound = true;
    plan.sensitivity = projectionHistogramSensitivity(s.projections, s.privacy.poissonSampling());
    plan.mechanismDelta = s.privacy.delta;
    plan.sampleRate = std::min(1.0, double(s.batch) / double(m));
    if (s.privacy.noiseMultiplier > 0)
      plan.multiplier = s.privacy.noiseMultiplier;
    else if (!std::isinf(s.privacy.epsilon))
      plan.multiplier = flowCalibrateMultiplier(s.privacy.accountant, s.privacy.epsilon, plan.mechanismDelta,
                                                plan.sampleRate, s.steps);
    plan.noiseStd = plan.multiplier * plan.sensitivity;
    return plan;
  }
  if (s.directions == FlowDirections::Orthonormal && !usesReferenceConvention(s)) {
    // Exact sensitivity of the orthonormal blocks (flow_directions.h): the whole δ to the mechanism.
    const bool once = s.variant == FlowVariant::Pool && s.dataNoise == PoolDataNoise::Once;
    plan.exactBound = true;
    plan.releaseOnce = once;
    plan.sensitivity = orthonormalBlockSensitivity(s.variant == FlowVariant::Pool ? s.pool : s.projections, d);
    plan.mechanismDelta = s.privacy.delta;
    plan.sampleRate = s.variant == FlowVariant::Pool ? 1.0 : std::min(1.0, double(s.batch) / double(m));
    const long releases = once ? 1 : s.steps;
    if (s.privacy.noiseMultiplier > 0)
      plan.multiplier = s.privacy.noiseMultiplier;
    else if (!std::isinf(s.privacy.epsilon))
      plan.multiplier = once ? analyticGaussianNoiseStd(s.privacy.epsilon, plan.mechanismDelta, 1.0)
                             : flowCalibrateMultiplier(s.privacy.accountant, s.privacy.epsilon, plan.mechanismDelta,
                                                       plan.sampleRate, releases);
    plan.noiseStd = plan.multiplier * plan.sensitivity;
    if (plan.multiplier > 0 && s.variant == FlowVariant::Pool)
      plan.perStepEpsilon = once ? singleReleaseEpsilon(plan.multiplier, plan.mechanismDelta)
                                 : std::sqrt(2.0 * std::log(1.25 / plan.mechanismDelta)) / plan.multiplier;
    return plan;
  }
  if (s.variant == FlowVariant::Resampled) {
    const SubsampledNoisePlan sub =
        planSubsampledNoise(s.privacy.convention, s.privacy.bound, s.projections, d, s.privacy.delta, s.steps, s.privacy.epsilon, s.privacy.noiseMultiplier,
                            s.privacy.accountant, std::min(1.0, double(s.batch) / double(m)));
    plan.sensitivity = sub.sensitivity;
    plan.multiplier = sub.multiplier;
    plan.noiseStd = sub.noiseStd;
    plan.mechanismDelta = sub.mechanismDelta;
    plan.sampleRate = sub.sampleRate;
    return plan;
  }
  // DPSWflow: the pool's directions are drawn once (one bound), the whole data every step.
  const FlowConvention conv = s.privacy.convention;
  const ProjectionBound bound = resolveFlowBound(s.privacy.bound, s.pool);
  plan.sensitivity = conv == FlowConvention::Reference ? referenceFlowSensitivity(s.pool, d, s.privacy.delta)
                                                       : flowSensitivity(bound, s.pool, d, s.privacy.delta / 2);
  plan.mechanismDelta = s.privacy.delta / 2;
  plan.sampleRate = 1.0;
  plan.releaseOnce = conv != FlowConvention::Reference && s.dataNoise == PoolDataNoise::Once;  // the pool is drawn once: one bound
  if (s.privacy.noiseMultiplier > 0)
    plan.multiplier = s.privacy.noiseMultiplier;
  else if (!std::isinf(s.privacy.epsilon) && plan.releaseOnce)  // one release: exact calibration
    plan.multiplier = analyticGaussianNoiseStd(s.privacy.epsilon, plan.mechanismDelta, 1.0);
  else if (!std::isinf(s.privacy.epsilon))  // the paper's per-step (classic) calibration
    plan.multiplier = pooledFlowNoiseStd(conv, bound, s.pool, d, s.privacy.epsilon, s.privacy.delta) / plan.sensitivity;
  plan.noiseStd = plan.multiplier * plan.sensitivity;
  if (plan.multiplier > 0)
    plan.perStepEpsilon = plan.releaseOnce
                              ? singleReleaseEpsilon(plan.multiplier, plan.mechanismDelta)  // exact ε of the one release
                              : std::sqrt(2.0 * std::log(1.25 / (s.privacy.delta / 2))) / plan.multiplier;
  return plan;
}

/// ε after t steps: DPSWflow-r and DPSWflow (paper) by the
/// accountant, DPSWflow (reference) the per-step claim.
double epsilonAfter(const DpswFlowSettings& s, const NoisePlan& plan, long t) {
  if (plan.multiplier == 0) return std::numeric_limits<double>::infinity();
  if (s.variant == FlowVariant::Pool && (usesReferenceConvention(s) || plan.releaseOnce)) return plan.perStepEpsilon;
  return flowEpsilonSpent(s.privacy.accountant, plan.multiplier, plan.sampleRate, t, plan.mechanismDelta);
}

}  // namespace dpw
