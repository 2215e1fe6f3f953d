#include "audit/mechanism_audits.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <memory>
#include <random>
#include <span>
#include <tuple>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/named_registry.h"
#include "core/rng.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/privacy_params.h"

namespace dpw {
namespace {

constexpr long kBatch = 20000;  // trials between two frames
// Trials before the first frame (and its bound): a lesson's chart appears within a second even where one
// trial is a whole run (lesson 2.3: 5000 shuffled trainings a side, 0.2 s before its only frame).
constexpr long kFirstBatch = 1000;
constexpr double kCertainlyD = 1e6;  // score of a release the bit test attributes to D (beyond any noise)

double clipTo(double x, double lo, double hi) { return std::min(std::max(x, lo), hi); }

std::string joined(const std::vector<std::string>& ids) {
  std::string s;
  for (std::size_t i = 0; i < ids.size(); ++i) s += (i ? ", " : "") + ids[i];
  return s;
}

void requireDelta(double delta) { require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta); }

/// Low-order-bits test for a release of fl(0 + e) (D) or fl(1 + e) (D'): in (−1/2, 1/2) every fl(1 + e)
/// is exactly 1 + e with e a double in [−3/2, −1/2] (Sterbenz), hence a multiple of 2^-53; fl(e) is a
/// multiple of 2^-53 there only by chance. True: the release cannot come from D'.
bool offTheLatticeOfOnePlus(double y) {
  if (!(std::abs(y) < 0.5)) return false;
  const double scaled = std::ldexp(y, 53);
  return scaled != std::nearbyint(scaled);
}


// ---- gaussian, laplace: one clipped record in a sum, plus the mechanism's noise.
AuditTarget sumAudit(const MechanismAuditSettings& s, bool laplace) {
  AuditTarget out;
  out.claimedEpsilon = s.epsilon;
  requireAuditFault(s.fault, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds, AuditFault::SkipClip},
                    laplace ? "laplace" : "gaussian");
  const double quarter = auditNoiseFactor(s.fault);
  Mechanism m;
  if (laplace) {
    require(s.noiseSource == NoiseSource::Seeded, "the laplace audit is the floating-point law; use fair-histogram "
            "with histogram_noise discrete-laplace for the secure one");
    out.claimedDelta = 0;
    m = Mechanism::laplaceScale(quarter * Mechanism::laplace(s.epsilon, 1.0).scale());  // b = Δ/ε, Δ = 1
  } else {
    requireDelta(s.delta);
    out.claimedDelta = s.delta;
    m = auditGaussianLaw(s, quarter * analyticGaussianNoiseStd(s.epsilon, s.delta, 1.0), 1.0, 1);
  }
  // The grid's noise_std is the standard deviation: σ for the Gaussian, √2 b for Laplace's scale b.
  out.noiseScale = laplace ? std::sqrt(2.0) * m.scale() : m.scale();
  const bool skipClip = s.fault == AuditFault::SkipClip, bits = s.attack == AuditAttack::LowOrderBits;
  const NoiseSource source = s.noiseSource;
  out.trial = [m, skipClip, bits, source](bool neighbour, Rng& rng) {
    // D: all records 0 (the others contribute 0 to the sum); D': one record is 4.
    const double record = neighbour ? 4.0 : 0.0;
    double release = skipClip ? record : clipTo(record, 0.0, 1.0);
    m.addTo(std::span<double>(&release, 1), source, rng);
    // The likelihood ratio of both laws is monotone in the release; the bit test overrides it.
    if (bits && offTheLatticeOfOnePlus(release)) return -kCertainlyD;
    return release;
  };
  return out;
}


using Registry = NamedRegistry<AuditFactory>;

Registry& registry() {
  static Registry r({
      {"gaussian", [](const MechanismAuditSettings& s, std::uint64_t) { return sumAudit(s, false); }},
      {"laplace", [](const MechanismAuditSettings& s, std::uint64_t) { return sumAudit(s, true); }},
      // dpswd-projection, fair-histogram, dpsgd-canary, flow-step, flow-histogram: registered by
      // their owners through methods/registry.cpp (this folder depends on privacy/ and core/ only).
  });
  return r;
}

}  // namespace

Mechanism auditGaussianLaw(const MechanismAuditSettings& s, double sigma, double sensitivity, long dim) {
  if (s.exactLaw || s.noiseSource == NoiseSource::OsEntropy) return Mechanism::discreteGaussianOnGrid(sigma, sensitivity, dim);
  return Mechanism::gaussianStd(sigma);
}

const std::vector<std::string>& auditFaultIds() {
  static const std::vector<std::string> ids = {"none", "noise-quarter", "skip-clip", "noise-two-thirds",
                                                "replace-as-add-remove", "rate-tenth", "private-standardisation",
                                                "shuffled-as-poisson"};
  return ids;
}

double auditNoiseFactor(AuditFault fault) {
  return fault == AuditFault::NoiseQuarter ? 0.25 : fault == AuditFault::NoiseTwoThirds ? 0.67 : 1.0;
}

void requireAuditFault(AuditFault fault, const std::vector<AuditFault>& supported, const std::string& mechanism) {
  if (fault == AuditFault::None || std::find(supported.begin(), supported.end(), fault) != supported.end()) return;
  std::string has = "none";
  for (AuditFault f : supported) has += ", " + auditFaultIds()[std::size_t(f)];
  throw InvalidArgument("the " + mechanism + " audit has no fault '" + auditFaultIds()[std::size_t(fault)] + "' (" +
                        has + ")");
}

const std::vector<std::string>& auditAttackIds() {
  static const std::vector<std::string> ids = {"likelihood-ratio", "low-order-bits"};
  return ids;
}

AuditFault parseAuditFault(const std::string& id) {
  const auto& ids = auditFaultIds();
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] == id) return AuditFault(i);
  throw InvalidArgument("unknown fault '" + id + "' (" + joined(ids) + ")");
}

AuditAttack parseAuditAttack(const std::string& id) {
  const auto& ids = auditAttackIds();
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] == id) return AuditAttack(i);
  throw InvalidArgument("unknown attack '" + id + "' (" + joined(ids) + ")");
}

void registerAuditMechanism(const std::string& name, AuditFactory factory) {
  ensure(!name.empty() && bool(factory), "an audit mechanism needs a name and a factory");
  registry().add(name, std::move(factory));
}

std::vector<std::string> auditMechanismIds() { return registry().ids(); }

MechanismAuditSettings MechanismAuditSettings::fromParams(const ParamValues& p) {
  MechanismAuditSettings s;
  s.mechanism = p.text("mechanism");
  s.epsilon = p.real("epsilon");
  s.delta = p.real("delta");
  s.trials = p.integer("trials");
  s.fault = parseAuditFault(p.text("fault"));
  s.confidence = p.real("confidence");
  s.projections = p.integer("projections");
  s.dimension = p.integer("dimension");
  s.histogramNoise = parseNoiseMechanism(p.text("histogram_noise"));
  s.noiseSource = readNoiseSource(p);
  s.accountant = parseAccountant(p.text("accountant"));
  s.alpha = p.real("alpha");
  s.attack = parseAuditAttack(p.text("attack"));
  s.runSteps = p.integer("run_steps");
  s.runBatch = p.integer("run_batch");
  s.runClip = p.real("run_clip");
  s.runAlpha = p.real("run_alpha");
  return s;
}

MechanismAudit runAudit(const AuditTarget& target, long trials, std::uint64_t seed, double confidence,
                        RunObserver* observer, bool liveFrames) {
  ensure(bool(target.trial), "the audit target has no trial function");
  require(target.claimedEpsilon > 0 && std::isfinite(target.claimedEpsilon),
          "epsilon must be a positive finite number, got ", target.claimedEpsilon);
  require(target.claimedDelta >= 0 && target.claimedDelta < 1, "delta must lie in [0, 1), got ", target.claimedDelta);
  ensure(trials >= 200, "an audit needs at least 200 trials per data set, got ", trials);
  MechanismAudit audit;
  audit.claimedEpsilon = target.claimedEpsilon;
  audit.claimedDelta = target.claimedDelta;
  audit.noiseStd = target.noiseScale;
  audit.targetMetrics = target.metrics;
  Rng rngD = makeRng(seed, 1), rngP = makeRng(seed, 2);
  Series claimed{"claimed ε", {}, {}}, measured{"measured lower bound", {}, {}},
      gaussian{"lower bound within the Gaussian-DP family", {}, {}};
  RunObserver* const live = liveFrames ? observer : nullptr;  // who sees status, progress and frames
  if (live)
    live->onStatus("running the mechanism on D and on D′, " + std::to_string(std::min(kFirstBatch, trials)) +
                       " times each before the first bound");
  const long batches = trials <= kFirstBatch ? 1 : 1 + (trials - kFirstBatch + kBatch - 1) / kBatch;
  for (long done = 0, batch = 0; done < trials; ++batch) {
    if (observer) throwIfCancelled(*observer);
    const long n = std::min(batch == 0 ? kFirstBatch : kBatch, trials - done);
    for (long i = 0; i < n; ++i) {
      // Stop answers within a few trials, also where one trial is a whole flow step (a batch of those
      // took over a minute); the draws are the same whether or not anyone asks.
      if (observer && i % 64 == 63) throwIfCancelled(*observer);
      audit.scoresD.push_back(target.trial(false, rngD));
      audit.scoresDPrime.push_back(target.trial(true, rngP));
    }
    done += n;
    // Without an observer nobody sees the intermediate bounds: both estimators run once, at the end.
    if (done >= 200 && (live || done == trials)) {
      std::tie(audit.result, audit.gdp) =
          auditBoundsFromScores(audit.scoresD, audit.scoresDPrime, audit.claimedDelta, confidence);
      claimed.x.push_back(double(done)), claimed.y.push_back(audit.claimedEpsilon);
      measured.x.push_back(double(done)), measured.y.push_back(audit.result.epsilonLowerBound);
      if (std::isfinite(audit.gdp.epsilonLowerBound))
        gaussian.x.push_back(double(done)), gaussian.y.push_back(audit.gdp.epsilonLowerBound);
    }
    if (live) {
      live->onFrame(makeFrame("audit_epsilon", "Claimed ε vs measured lower bound", done,
                                  LinesFrame{"trials per data set", "ε", gaussian.x.empty() ? std::vector<Series>{claimed, measured} : std::vector<Series>{claimed, measured, gaussian}}));
      live->onProgress(batch + 1, batches);
    }
  }
  if (live) {
    double lo = INFINITY, hi = -INFINITY;
    for (const auto* v : {&audit.scoresD, &audit.scoresDPrime})
      for (double x : *v)
        if (std::abs(x) < kCertainlyD) lo = std::min(lo, x), hi = std::max(hi, x);  // the bit test's sentinel is clamped
    const int bins = 60;
    HistogramFrame h{"attacker's score", {}, {}};
    for (int b = 0; b <= bins; ++b) h.edges.push_back(lo + (hi - lo) * b / bins);
    auto hist = [&](const std::vector<double>& v, const std::string& name) {
      HistogramFrame::Group g{name, std::vector<double>(bins, 0.0)};
      for (double x : v) g.mass[std::clamp(int((x - lo) / (hi - lo) * bins), 0, bins - 1)] += 1.0 / double(v.size());
      return g;
    };
    h.groups = {hist(audit.scoresD, "runs on D"), hist(audit.scoresDPrime, "runs on D' (neighbour)")};
    live->onFrame(makeFrame("audit_scores", "What the attacker sees", trials, std::move(h)));
  }
  return audit;
}

MechanismAudit auditMechanism(const MechanismAuditSettings& s, std::uint64_t seed, RunObserver* observer,
                              bool liveFrames) {
  require(s.epsilon > 0 && std::isfinite(s.epsilon), "epsilon must be a positive finite number, got ", s.epsilon);
  require(s.trials >= 200, "an audit needs at least 200 trials per data set, got ", s.trials);
  const AuditFactory factory = registry().find(s.mechanism);
  if (!factory) throw InvalidArgument("unknown mechanism '" + s.mechanism + "' (" + joined(auditMechanismIds()) + ")");
  if (observer && liveFrames) observer->onStatus("setting up the audited mechanism (" + s.mechanism + ")");
  return runAudit(factory(s, seed), s.trials, seed, s.confidence, observer, liveFrames);
}

}  // namespace dpw
