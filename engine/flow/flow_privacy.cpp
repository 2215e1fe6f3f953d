#include "flow/flow_privacy.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

#include "core/choice_table.h"  // choiceList
#include "core/error.h"
#include "privacy/accountants/accountant_offers.h"  // offeredAccountantIds
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/ledger/default_delta.h"
#include "privacy/ledger/privacy_statement.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/privacy_params.h"  // readNoiseSource

namespace dpw {

namespace {
const std::string kAuto = "auto";  // the "auto" choice of the bound and accountant settings

ParamSpec choiceParam(std::string key, std::string label, const std::vector<std::string>& ids, std::string help) {
  return {std::move(key), std::move(label), ParamKind::Choice, 0, -std::numeric_limits<double>::infinity(),
          std::numeric_limits<double>::infinity(), false, ids, ids.front(), "", std::move(help), true, true};
}
}  // namespace

std::string FlowPrivacySettings::noiseStatus() const {
  std::ostringstream os;
  if (noiseMultiplier > 0 || !std::isfinite(epsilon))
    os << "accounting the given noise";
  else
    os << "calibrating the noise to ε = " << epsilon;
  os << " (" << accountantId(accountant) << " accountant)";
  return os.str();
}

void FlowPrivacySettings::resolveDelta(long rows) {
  if (delta == 0) delta = defaultDelta(rows);
}

FlowPrivacySettings FlowPrivacySettings::fromParams(const ParamValues& p) {
  FlowPrivacySettings s;
  s.epsilon = p.real("epsilon");
  s.delta = p.real("delta");
  s.noiseMultiplier = p.real("noise_multiplier");
  s.bound = parseFlowBound(p.text("bound"));
  s.convention = flowConventionFromId(p.text("convention"));
  s.noiseSource = readNoiseSource(p);
  const std::string id = p.values().count("accountant") ? p.text("accountant") : kAuto;
  s.accountantAuto = id == kAuto;
  if (s.accountantAuto) {
    // The projection release: per-class flows sample by Poisson (add/remove), one flow by fixed-size batches.
    const bool perClass = p.values().count("per_class") && p.integer("per_class") != 0;
    s.resolveAutoAccountant(perClass ? Neighbouring::AddRemove : Neighbouring::ReplaceOne);
  } else {
    s.accountant = parseAccountant(id);
  }
  return s;
}

void FlowPrivacySettings::resolveAutoAccountant(Neighbouring relation) {
  if (accountantAuto) accountant = flowAutoAccountant(relation, noiseSource);
}

AccountantKind flowAutoAccountant(Neighbouring relation, NoiseSource source) {
  if (source == NoiseSource::OsEntropy)  // the discrete Gaussian: the Rényi accountants (flow_privacy.h)
    return tightestProvenAccountant(relation, DiscreteGaussianCover::Unsubsampled);
  return tightestProvenAccountant(relation);
}

void FlowPrivacySettings::validate(bool perClassSubsampled) const {
  require(epsilon > 0, "epsilon must be > 0 (inf for no privacy), got ", epsilon);
  require(delta >= 0 && delta < 1, "delta must lie in (0, 1) (0: auto, 1/(10 m)), got ", delta);
  require(noiseMultiplier >= 0 && std::isfinite(noiseMultiplier), "the noise multiplier must be >= 0, got ",
          noiseMultiplier);
  const auto& ok = flowAccountantIds();
  require(std::find(ok.begin() + 1, ok.end(), accountantId(accountant)) != ok.end(), "the flows cannot use accountant '",
          accountantId(accountant), "'; choose ", choiceList(ok));
  require(!(perClassSubsampled && !poissonSampling()),
          "per-class flows need a Poisson accountant (pld or rdp: Poisson sampling, add/remove): a replaced record "
          "can change class, which changes two flows and the fixed per-class batch sizes, so ",
          accountantId(accountant), " (replace-one) does not cover it; choose pld, rdp or auto");
}

const std::vector<std::string>& flowConventionIds() {
  static const std::vector<std::string> ids{"union-bound", "paper-per-draw", "reference"};  // FlowConvention order
  return ids;
}

const std::string& flowConventionId(FlowConvention convention) { return flowConventionIds()[std::size_t(convention)]; }

FlowConvention flowConventionFromId(const std::string& id) {
  for (FlowConvention c : {FlowConvention::UnionBound, FlowConvention::PaperPerDraw, FlowConvention::Reference})
    if (id == flowConventionId(c)) return c;
  if (id == "paper")
    throw InvalidArgument("the convention 'paper' is now called 'union-bound' (it spends δ/(2T) per draw, stricter "
                          "than the paper); the paper's own is 'paper-per-draw'");
  throw InvalidArgument("unknown convention '" + id + "'; choose " + choiceList(flowConventionIds()));
}

const std::vector<std::string>& flowBoundIds() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> v{kAuto};
    for (ProjectionBound b : {ProjectionBound::Chernoff, ProjectionBound::Clt, ProjectionBound::Bernstein})
      v.push_back(projectionBoundId(b));  // FlowBound order after Auto
    return v;
  }();
  return ids;
}

const std::string& flowBoundId(FlowBound bound) { return flowBoundIds()[std::size_t(bound)]; }

FlowBound parseFlowBound(const std::string& id) {
  for (FlowBound b : {FlowBound::Auto, FlowBound::Chernoff, FlowBound::Clt, FlowBound::Bernstein})
    if (id == flowBoundId(b)) return b;
  throw InvalidArgument("unknown sensitivity bound '" + id + "'; choose " + choiceList(flowBoundIds()));
}

ProjectionBound resolveFlowBound(FlowBound bound, long k) {
  switch (bound) {
    case FlowBound::Chernoff: return ProjectionBound::Chernoff;
    case FlowBound::Clt: return ProjectionBound::Clt;
    case FlowBound::Bernstein: return ProjectionBound::Bernstein;
    case FlowBound::Auto: break;
  }
  return defaultProjectionBound(k);
}

const std::vector<std::string>& flowAccountantIds() {
  // The flows' releases hold for either relation (add/remove with Poisson batches, replace-one with fixed-size
  // ones: projection_histogram.h, flow_accounting.h), and their claims are proven bounds.
  static const std::vector<std::string> ids =
      offeredAccountantIds({{Neighbouring::ReplaceOne, Neighbouring::AddRemove}, false});
  return ids;
}

ParamSpec flowBoundParam() {
  return choiceParam("bound", "Sensitivity bound", flowBoundIds(),
                     "w(k, d, δ): auto = chernoff (rigorous, exact MGF); clt = the papers' approximation (not a bound); "
                     "bernstein = [DP-SWD] Lemma 2.");
}
ParamSpec flowNoiseMultiplierParam() {
  return withSpecial({"noise_multiplier", "Noise multiplier", ParamKind::Real, 0.0, 0, 1e4, false, {}, {}, "",
                      "from ε (0 in scenario files): calibrated for the target ε. A number > 0: noise std = this × Δ "
                      "and ε is reported instead of targeted.",
                      true, true},
                     0, "from ε");
}
ParamSpec flowConventionParam(std::string help) {
  return choiceParam("convention", "Convention", flowConventionIds(), std::move(help));
}
ParamSpec flowAccountantParam(std::string help) {
  return choiceParam("accountant", "Accountant", flowAccountantIds(), std::move(help));
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
  const FlowConvention conv = s.convention;
  std::ostringstream os;
  os.precision(4);
  // The sampler is the accountant's (privacy_event.h); without a minibatch, the whole data.
  const Sampler sampler = subsampled ? minibatchSamplerOf(neighbouringOf(s.accountant)) : Sampler::WholeData;
  os << "Neighbours: "
     << (sampler == Sampler::Poisson ? "add/remove one row (Δ = 2w over-covers it)" : "replace-one row (‖y − y'‖ ≤ 2)")
     << "; sampler: " << samplerDescription(sampler, sampleRate);
  if (sampler == Sampler::Poisson)  // flow_data.h: publicShapeBatch
    os << "; the noisy projections have one row per batch row, so each Poisson batch is given the public size of "
          "the batch setting (a uniformly random subset of that size of the drawn rows, or the drawn rows and zero "
          "rows up to it, in a random order): the release's shape never shows the draw, and an added row is in "
          "place of one row or filler, covered by Δ";
  os << "; sensitivity Δ = 2w = " << claimNumber(sensitivity) << " for k = " << k << " directions, ";
  if (conv == FlowConvention::Reference) {
    os << "the reference code's bound (CLT at δ/2 for k > 30, else Bernstein at δ) per draw, not union-bounded";
  } else {
    const ProjectionBound bound = resolveFlowBound(s.bound, k);
    os << projectionBoundDescription(bound) << ", failing with probability ";
    if (draws == 1)
      os << "δ/2 (directions drawn once)";
    else if (conv == FlowConvention::UnionBound)
      os << "δ/(2T) per draw, δ/2 over all " << draws << " draws (union bound)";
    else
      os << "δ/2 per draw as in the paper, NOT union-bounded over the " << draws << " draws (up to T·δ/2 in total)";
    os << ", δ/2 to the accountant";
  }
  os << "; accountant: " << accountantId(s.accountant);
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
