#include "audit/mechanism_audits.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <random>
#include <span>
#include <sstream>
#include <tuple>

#include "audit/one_run_targets.h"
#include "core/error.h"
#include "core/internal_error.h"
#include "core/named_registry.h"
#include "core/rng.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/printed_numbers.h"
#include "privacy/privacy_params.h"

namespace dpw {
namespace {

constexpr long kBatch = 20000;  // trials between two frames
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
                        RunObserver* observer) {
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
  if (observer)
    observer->onStatus("running the mechanism on D and on D′, " + std::to_string(std::min(kBatch, trials)) +
                       " times each before the first bound");
  for (long done = 0; done < trials;) {
    if (observer) throwIfCancelled(*observer);
    const long n = std::min(kBatch, trials - done);
    for (long i = 0; i < n; ++i) {
      // Stop answers within a few trials, also where one trial is a whole flow step (a batch of those
      // took over a minute); the draws are the same whether or not anyone asks.
      if (observer && i % 64 == 63) throwIfCancelled(*observer);
      audit.scoresD.push_back(target.trial(false, rngD));
      audit.scoresDPrime.push_back(target.trial(true, rngP));
    }
    done += n;
    // Without an observer nobody sees the intermediate bounds: both estimators run once, at the end.
    if (done >= 200 && (observer || done == trials)) {
      std::tie(audit.result, audit.gdp) =
          auditBoundsFromScores(audit.scoresD, audit.scoresDPrime, audit.claimedDelta, confidence);
      claimed.x.push_back(double(done)), claimed.y.push_back(audit.claimedEpsilon);
      measured.x.push_back(double(done)), measured.y.push_back(audit.result.epsilonLowerBound);
      if (std::isfinite(audit.gdp.epsilonLowerBound))
        gaussian.x.push_back(double(done)), gaussian.y.push_back(audit.gdp.epsilonLowerBound);
    }
    if (observer) {
      observer->onFrame(makeFrame("audit_epsilon", "Claimed ε vs measured lower bound", done,
                                  LinesFrame{"trials per data set", "ε", gaussian.x.empty() ? std::vector<Series>{claimed, measured} : std::vector<Series>{claimed, measured, gaussian}}));
      observer->onProgress((done + kBatch - 1) / kBatch, (trials + kBatch - 1) / kBatch);
    }
  }
  if (observer) {
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
    observer->onFrame(makeFrame("audit_scores", "What the attacker sees", trials, std::move(h)));
  }
  return audit;
}

MechanismAudit auditMechanism(const MechanismAuditSettings& s, std::uint64_t seed, RunObserver* observer) {
  require(s.epsilon > 0 && std::isfinite(s.epsilon), "epsilon must be a positive finite number, got ", s.epsilon);
  require(s.trials >= 200, "an audit needs at least 200 trials per data set, got ", s.trials);
  const AuditFactory factory = registry().find(s.mechanism);
  if (!factory) throw InvalidArgument("unknown mechanism '" + s.mechanism + "' (" + joined(auditMechanismIds()) + ")");
  if (observer) observer->onStatus("setting up the audited mechanism (" + s.mechanism + ")");
  return runAudit(factory(s, seed), s.trials, seed, s.confidence, observer);
}

MethodInfo privacyAuditMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "privacy-audit";
  m.title = "Privacy audit";
  m.paper = "Jagielski et al. 2020; Nasr et al. 2021; Nasr et al. 2023; Steinke, Nasr & Jagielski 2023";
  m.summary =
      "Is the ε we claim really an upper bound? The audit runs a mechanism many times on two data sets that "
      "differ in one record (chosen to be as different as the clipping allows) and tries to tell the runs "
      "apart with the best threshold on what an attacker sees. How well it succeeds gives a lower bound on "
      "the true ε, with 95% confidence. A second, tighter bound fits the whole trade-off curve of a Gaussian "
      "mechanism (valid within the Gaussian-DP family). The one-run audits train or run a whole method once with many "
      "canaries, each in or out by a coin flip, and bound ε from how many the auditor guesses right (Steinke, Nasr & "
      "Jagielski 2023). A correct mechanism keeps the measured bound below the claim; switch "
      "on a fault (noise quartered, clipping skipped) and watch the audit catch it.";
  // The audited mechanism's claimed ε (synthetic neighbours: no real data's budget is spent).
  m.privacy = {"", "", "claimed_epsilon", "epsilon", "ε claimed (audited)", ""};
  // No private data (fixed neighbouring data sets): every number and chart is the release (core/output_classes.h).
  m.outputs.release = {"*"};
  m.outputs.charts = {"audit_epsilon", "audit_scores"};
  m.treatedAsPublic = {"the audit's two neighbouring data sets (synthetic worst cases, fixed by the mechanism "
                       "audited): an audit measures a mechanism, it releases nothing about a person"};
  m.grid = {{"epsilon", "mechanism", "fault", "trials", "delta"},
            {"claimed_epsilon", "epsilon_lower_bound", "epsilon_point_estimate", "violation", "noise_std"},
            "audit_epsilon"};
  m.params = {
      {"mechanism", "Mechanism", K::Choice, 0, 0, 0, false,
       [] {  // the per-trial audits, then the one-run audits of whole runs (audit/one_run_targets.h)
         std::vector<std::string> ids = auditMechanismIds();
         for (const auto& id : oneRunAuditIds()) ids.push_back(id);
         return ids;
       }(), "gaussian", "",
       "Which mechanism to audit, at its smallest unit: the Gaussian or Laplace mechanism on a clipped sum; one "
       "record's noisy random projections as DP-SWD and the flow release them ([DP-SWD] Alg. 1); the private joint "
       "histogram of fair regression with one row substituted ([FairReg] Alg. 1, Def. 2.1); or one DP-SGD step of "
       "the fair classifier with a canary record whose gradient is as large as the clip allows ([FairLearn] Thm 6.1). "
       "The *-run mechanisms audit a whole run end to end: DPSWflow-r, the fair classifier trained from a CSV file, and "
       "DP-SGD on batches shuffled once (1000 steps, 100 batches an epoch). "
       "fair-regression-run: fair regression from a CSV file, white box on its released histogram; count-query-run, "
       "randomized-response-run, clipped-mean-run, exponential-mechanism-run: the DP basics' lessons, black box; "
       "dpswflow-run (DPSWflow's one histogram release), dpswflow-projections-run (its projections release) and "
       "dpswgen-run (every DP-SWD release of DPSWgen), white box; fair-regression-2d-run, fair-representation-run "
       "(from a CSV file) and private-matching-run: the other fair-learning trainings, white box on every released step."},
      epsilonParam({1.0, 1e-3, 50, false}, "The privacy budget the mechanism is calibrated for.", "Claimed ε"),
      deltaParam({1e-5, 1e-12, 0.1}, "δ of the claim (ignored by Laplace, which is pure ε-DP).", "Claimed δ"),
      {"trials", "Runs per data set", K::Integer, 200000, 200, 1e8, false, {}, {}, "runs",
       "Runs on D and on D'. More runs give a tighter (higher) lower bound. For a one-run audit "
       "(dpsgd-run-one-run): the number of canaries in its single run."},
      {"fault", "Injected fault", K::Choice, 0, 0, 0, false, auditFaultIds(), "none", "",
       "A deliberate bug: noise scaled by 1/4 or by 0.67, the clipping of the changed record skipped (also the whole "
       "fair-classifier-run, fair-regression-2d-run, fair-representation-run), (flow-histogram, dpswflow-r-run, "
       "dpswflow-run, dpswflow-projections-run) a replace-one release accounted with add/remove "
       "neighbours, (dpswflow-r-run) the accountant told a sampling rate 10x smaller, (fair-classifier-run, "
       "fair-representation-run) the CSV standardised on the private rows, or (shuffled-batches-run) "
       "batches shuffled once accounted as Poisson sampling. The audit must catch them."},
      {"confidence", "Confidence", K::Real, 0.95, 0.5, 0.9999, false, {}, {}, "", "Confidence of the Clopper-Pearson bounds.", true, true},
      // Fields a mechanism does not read are greyed out in the form (ParamSpec::usedWhen), in every mode.
      usedOnlyWhen({"projections", "Projections k", K::Integer, 70, 1, 10000, false, {}, {}, "",
                    "k, for the DP-SWD projection mechanism and the flow's step and histogram release.", true, true},
                   "mechanism", {"dpswd-projection", "flow-step", "flow-histogram"}),
      usedOnlyWhen({"dimension", "Dimension d", K::Integer, 8, 2, 4096, false, {}, {}, "",
                    "d, for the DP-SWD projection mechanism and the flow's step and histogram release.", true, true},
                   "mechanism", {"dpswd-projection", "flow-step", "flow-histogram"}),
      usedOnlyWhen(noiseMechanismParam("histogram_noise", "Histogram noise", NoiseMechanism::Laplace,
                                       "fair-histogram only: the noise law of the histogram, as in fair regression's "
                                       "mechanism parameter (discrete laws: Canonne, Kamath & Steinke 2020, Alg. 2-3, on "
                                       "the integer counts)."),
                   "mechanism", {"fair-histogram"}),
      noiseSourceParam("the exact discrete law (fair-histogram: histogram_noise discrete-*; gaussian, dpswd-projection, "
                       "dpsgd-canary: the discrete Gaussian on a grid, the secure law of the flows, DP-SWD and DP-SGD)"),
      usedOnlyWhen({"attack", "Attack", K::Choice, 0, 0, 0, false, auditAttackIds(), "likelihood-ratio", "",
       "likelihood-ratio sees the release as real numbers. low-order-bits reads the last bits of the released doubles "
       "(Mironov 2012): for fair-histogram the likelihood ratio evaluated naively in floating point; for gaussian and "
       "laplace a test of whether the release lies on the lattice of fl(1 + noise). It breaks the floating-point laws, "
       "not the exact discrete ones.", true, true}, "mechanism", {"gaussian", "laplace", "fair-histogram"}),
      usedOnlyWhen(accountantParam({AccountantKind::PldWor, AccountantKind::GdpUniform, AccountantKind::RdpWor, AccountantKind::Gdp,
                       AccountantKind::Rdp, AccountantKind::RdpMironov, AccountantKind::Pld},
                      AccountantKind::PldWor,
                      "dpsgd-canary: the accountant whose one-step calibration sets the noise multiplier (the same "
                      "calibrateNoiseMultiplier call as the fair-learning methods, at q = 1, T = 1). flow-histogram: "
                      "the accountant calibrates one step and gives the neighbours: a replace-one accountant (rdp-wor, "
                      "pld-wor, gdp-uniform) audits D' = {-u}, an add/remove one (rdp, rdp-mironov, pld, gdp) D' = {}. "
                      "The other mechanisms do not read it."),
                   "mechanism", {"dpsgd-canary", "flow-histogram"}),
      usedOnlyWhen({"alpha", "Fairness weight α", K::Real, 0, 0, 0.99, false, {}, {}, "",
                    "dpsgd-canary only: weight of the W₂ penalty in the step; the canary moves the loss term, weighted "
                    "1 − α.", true, true},
                   "mechanism", {"dpsgd-canary"}),
      // The whole runs' own settings, so the planted-bug catches of docs/privacy-audits.md can be rerun from a
      // scenario or the CLI (the special values keep each audit's defaults).
      usedOnlyWhen(withSpecial({"run_steps", "Steps of the run T", K::Integer, 0, 0, 100000, false, {}, {}, "steps",
                                "dpswflow-r-run and the fair-learning *-run audits: the whole run's steps T (default 30; 10 for "
                                "the full-batch fair-regression-2d, fair-representation and private-matching runs). The "
                                "planted-bug catches use 10 (flow, with batch 45) and 100 (fair classifier, with "
                                "clip 0.05 and α = 0).", true, true},
                               0, "the audit's default"),
                   "mechanism", {"dpswflow-r-run", "fair-classifier-run", "fair-regression-2d-run",
                                 "fair-representation-run", "private-matching-run"}),
      usedOnlyWhen(withSpecial({"run_batch", "Batch of the run b", K::Integer, 0, 0, 49, false, {}, {}, "rows",
                                "dpswflow-r-run: the expected Poisson batch b of the 50 rows, q = b/50 (default 5).",
                                true, true},
                               0, "the audit's default"),
                   "mechanism", {"dpswflow-r-run"}),
      usedOnlyWhen(withSpecial({"run_clip", "Clip of the run C", K::Real, 0, 0, 1e6, false, {}, {}, "",
                                "fair-classifier-run, fair-regression-2d-run, fair-representation-run: the clip bound C "
                                "of the per-row loss gradients (default 1).",
                                true, true},
                               0, "the audit's default"),
                   "mechanism", {"fair-classifier-run", "fair-regression-2d-run", "fair-representation-run"}),
      usedOnlyWhen(withSpecial({"run_alpha", "Fairness weight of the run α", K::Real, -1, -1, 1, false, {}, {}, "",
                                "fair-classifier-run, fair-regression-2d-run, fair-representation-run: the fairness "
                                "weight α of the trained model (default 0.1; private matching has no loss: α = 1).",
                                true, true},
                               -1, "the audit's default"),
                   "mechanism", {"fair-classifier-run", "fair-regression-2d-run", "fair-representation-run"}),
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    const auto s = MechanismAuditSettings::fromParams(p);
    if (isOneRunAudit(s.mechanism)) return oneRunAuditResult(s, seed, obs);  // trials = canaries, one run
    const auto start = std::chrono::steady_clock::now();
    const MechanismAudit a = auditMechanism(s, seed, &obs);
    RunResult r;
    r.metrics["claimed_epsilon"] = a.claimedEpsilon;
    r.metrics["claimed_delta"] = a.claimedDelta;
    r.metrics["epsilon_lower_bound"] = a.result.epsilonLowerBound;
    r.metrics["epsilon_point_estimate"] = a.result.pointEstimate;
    r.metrics["noise_std"] = a.noiseStd;
    r.metrics["trials"] = double(s.trials);
    r.metrics["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.metrics["violation"] = a.result.epsilonLowerBound > a.claimedEpsilon ? 1.0 : 0.0;
    for (const auto& [name, value] : a.targetMetrics) r.metrics[name] = value;
    // The Gaussian-DP estimator (privacy_audit.h): a bound only if the release's trade-off curve is some G_μ.
    const bool gdpApplies = std::isfinite(a.gdp.epsilonLowerBound);
    r.metrics["mu_lower_bound"] = a.gdp.muLowerBound;
    if (gdpApplies) {
      r.metrics["epsilon_lower_bound_gdp"] = a.gdp.epsilonLowerBound;
      r.metrics["violation_gdp"] = a.gdp.epsilonLowerBound > a.claimedEpsilon ? 1.0 : 0.0;
    }
    std::ostringstream os;
    os << "Audit of " << s.mechanism << (s.noiseSource == NoiseSource::OsEntropy ? " (secure mode, OS entropy)" : "")
       << ": claimed (ε = " << claimNumber(a.claimedEpsilon) << ", δ = " << claimNumber(a.claimedDelta)
       // a lower bound printed rounded down stays a lower bound (privacy/printed_numbers.h)
       << "), measured ε ≥ " << noiseNumber(a.result.epsilonLowerBound) << " with " << s.confidence * 100 << "% confidence"
       << (a.result.epsilonLowerBound > a.claimedEpsilon ? " — VIOLATION" : "");
    if (gdpApplies)
      os << ". Within the Gaussian-DP family (assuming the release's trade-off curve is a Gaussian one, G_μ; exact "
            "for an unsubsampled Gaussian release, otherwise only an estimate, not a proven lower bound): μ ≥ "
         << noiseNumber(a.gdp.muLowerBound) << ", so ε ≥ " << noiseNumber(a.gdp.epsilonLowerBound) << " at δ = "
         << claimNumber(a.claimedDelta) << (a.gdp.epsilonLowerBound > a.claimedEpsilon ? " — VIOLATION" : "");
    r.privacyStatement = os.str();
    return r;
  };
  return m;
}

}  // namespace dpw
