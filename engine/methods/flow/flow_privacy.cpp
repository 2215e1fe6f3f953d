#include "methods/flow/flow_privacy.h"

#include <cmath>
#include <sstream>

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
  if (s.accountant == "auto") {
    const bool perClass = p.values().count("per_class") && p.integer("per_class") != 0;
    s.accountant = perClass ? "rdp" : "rdp-wor";
  }
  s.convention = p.text("convention");
  s.noiseSource = readNoiseSource(p);
  return s;
}

void FlowPrivacySettings::validate(bool perClassSubsampled) const {
  require(epsilon > 0, "epsilon must be > 0 (inf for no privacy), got ", epsilon);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  require(noiseMultiplier >= 0 && std::isfinite(noiseMultiplier), "the noise multiplier must be >= 0, got ",
          noiseMultiplier);
  require(accountant == "rdp" || accountant == "rdp-wor", "unknown accountant '", accountant,
          "'; choose rdp or rdp-wor");
  require(!(perClassSubsampled && accountant == "rdp-wor"),
          "per-class flows need accountant rdp (Poisson sampling, add/remove): a replaced record can change "
          "class, which changes two flows and the fixed per-class batch sizes, so rdp-wor (replace-one) does not "
          "cover it; choose rdp or auto");
}

FlowConvention flowConventionFromId(const std::string& id) {
  if (id == "union-bound") return FlowConvention::UnionBound;
  if (id == "paper-per-draw") return FlowConvention::PaperPerDraw;
  if (id == "reference") return FlowConvention::Reference;
  if (id == "paper")
    throw InvalidArgument("the convention 'paper' is now called 'union-bound' (it spends δ/(2T) per draw, stricter "
                          "than the paper); the paper's own is 'paper-per-draw'");
  throw InvalidArgument("unknown convention '" + id + "'; choose union-bound, paper-per-draw or reference");
}

ProjectionBound projectionBoundFromId(const std::string& id, long k) {
  if (id == "auto") return defaultProjectionBound(k);
  if (id == "chernoff") return ProjectionBound::Chernoff;
  if (id == "clt") return ProjectionBound::Clt;
  if (id == "bernstein") return ProjectionBound::Bernstein;
  throw InvalidArgument("unknown sensitivity bound '" + id + "'; choose auto, chernoff, clt or bernstein");
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
  switch (convention) {
    case FlowConvention::UnionBound: return delta / (2.0 * double(draws));
    case FlowConvention::PaperPerDraw: return delta / 2.0;
    case FlowConvention::Reference: break;
  }
  return delta;
}

double pooledFlowNoiseStd(FlowConvention convention, ProjectionBound bound, long poolSize, long d, double epsilon,
                          double delta) {
  const double sensitivity = convention == FlowConvention::Reference
                                 ? referenceFlowSensitivity(poolSize, d, delta)
                                 : flowSensitivity(bound, poolSize, d, delta / 2);
  return classicGaussianNoiseStd(epsilon, delta / 2, sensitivity);
}

std::string flowPrivacyTerms(const FlowPrivacySettings& s, bool subsampled, bool perClass, long k, long draws,
                             double sampleRate, double sensitivity) {
  const FlowConvention conv = flowConventionFromId(s.convention);
  std::ostringstream os;
  os.precision(4);
  const bool poisson = s.accountant == "rdp";
  os << "Neighbours: " << (subsampled && poisson ? "add/remove one row (Δ = 2w over-covers it)" : "replace-one row (‖y − y'‖ ≤ 2)")
     << "; sampler: ";
  if (!subsampled)
    os << "the whole private data every step (q = 1)";
  else if (poisson)
    os << "Poisson, q = " << sampleRate;
  else
    os << "fixed-size batches without replacement, q = " << sampleRate;
  os << "; sensitivity Δ = 2w = " << sensitivity << " for k = " << k << " directions, ";
  if (conv == FlowConvention::Reference) {
    os << "the reference code's bound (CLT at δ/2 for k > 30, else Bernstein at δ) per draw, not union-bounded";
  } else {
    const ProjectionBound bound = projectionBoundFromId(s.bound, k);
    os << projectionBoundDescription(bound) << ", failing with probability ";
    if (draws == 1)
      os << "δ/2 (directions drawn once)";
    else if (conv == FlowConvention::UnionBound)
      os << "δ/(2T) per draw, δ/2 over all " << draws << " draws (union bound)";
    else
      os << "δ/2 per draw as in the paper, NOT union-bounded over the " << draws << " draws (up to T·δ/2 in total)";
    os << ", δ/2 to the accountant";
  }
  os << "; accountant: " << s.accountant;
  if (perClass) {
    if (!subsampled)
      os << "; per class: a record changing class moves two flows by ≤ w each, jointly √2 w ≤ Δ, covered by one flow's bound";
    else
      os << "; per class: each record is in one class, so one added/removed record changes one flow (parallel composition "
            "at ε); a replaced record is two such changes (basic composition or group privacy: (2ε, (1 + e^ε)δ) for replace-one)";
  }
  return os.str();
}

}  // namespace dpw
