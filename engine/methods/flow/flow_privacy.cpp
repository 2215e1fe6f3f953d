#include "methods/flow/flow_privacy.h"

#include <cmath>

#include "core/error.h"
#include "privacy/mechanisms.h"
#include "privacy/privacy_params.h"  // readNoiseSource

namespace dpw {

FlowPrivacySettings FlowPrivacySettings::fromParams(const ParamValues& p) {
  FlowPrivacySettings s;
  s.epsilon = p.real("epsilon");
  s.delta = p.real("delta");
  s.noiseMultiplier = p.real("noise_multiplier");
  s.bound = p.text("bound");
  if (p.values().count("accountant")) s.accountant = p.text("accountant");
  s.convention = p.text("convention");
  s.noiseSource = readNoiseSource(p);
  return s;
}

void FlowPrivacySettings::validate() const {
  require(epsilon > 0, "epsilon must be > 0 (inf for no privacy), got ", epsilon);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  require(noiseMultiplier >= 0 && std::isfinite(noiseMultiplier), "the noise multiplier must be >= 0, got ",
          noiseMultiplier);
  require(accountant == "rdp" || accountant == "rdp-wor", "unknown accountant '", accountant,
          "'; choose rdp or rdp-wor");
}

FlowConvention flowConventionFromId(const std::string& id) {
  if (id == "paper") return FlowConvention::Paper;
  if (id == "reference") return FlowConvention::Reference;
  throw InvalidArgument("unknown convention '" + id + "'; choose paper or reference");
}

ProjectionBound projectionBoundFromId(const std::string& id, long k) {
  if (id == "auto") return defaultProjectionBound(k);
  if (id == "clt") return ProjectionBound::Clt;
  if (id == "bernstein") return ProjectionBound::Bernstein;
  throw InvalidArgument("unknown sensitivity bound '" + id + "'; choose auto, clt or bernstein");
}

double flowSensitivity(ProjectionBound bound, long k, long d, double boundDelta) {
  return 2.0 * projectionSensitivity(bound, k, d, boundDelta);
}

double referenceFlowSensitivity(long k, long d, double delta) {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  return k > 30 ? 2.0 * projectionSensitivityClt(k, d, delta / 2) : 2.0 * projectionSensitivityBernstein(k, d, delta);
}

double boundDeltaPerDraw(FlowConvention convention, double delta, long draws) {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  require(draws >= 1, "the number of direction draws must be at least 1, got ", draws);
  return convention == FlowConvention::Paper ? delta / (2.0 * double(draws)) : delta;
}

double pooledFlowNoiseStd(FlowConvention convention, ProjectionBound bound, long poolSize, long d, double epsilon,
                          double delta) {
  const double sensitivity = convention == FlowConvention::Reference
                                 ? referenceFlowSensitivity(poolSize, d, delta)
                                 : flowSensitivity(bound, poolSize, d, delta / 2);
  return classicGaussianNoiseStd(epsilon, delta / 2, sensitivity);
}

}  // namespace dpw
