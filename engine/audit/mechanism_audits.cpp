#include "audit/mechanism_audits.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <span>
#include <sstream>

#include "core/error.h"
#include "core/rng.h"
#include "fair_learning/fair_dpsgd.h"
#include "fair_regression/private_histogram.h"
#include "nn/dense_network.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"
#include "privacy/accountants/accountant.h"
#include "privacy/privacy_params.h"
#include "privacy/sensitivity/projection_sensitivity.h"

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

/// The noise law of the gaussian and dpswd-projection audits: the floating Gaussian of std σ (teaching
/// mode) or its secure grid counterpart at sensitivity Δ over `dim` coordinates.
Mechanism gaussianLaw(const MechanismAuditSettings& s, double sigma, double sensitivity, long dim) {
  if (s.exactLaw || s.noiseSource == NoiseSource::OsEntropy) return Mechanism::discreteGaussianOnGrid(sigma, sensitivity, dim);
  return Mechanism::gaussianStd(sigma);
}

// ---- gaussian, laplace: one clipped record in a sum, plus the mechanism's noise.
AuditTarget sumAudit(const MechanismAuditSettings& s, bool laplace) {
  AuditTarget out;
  out.claimedEpsilon = s.epsilon;
  const double quarter = s.fault == AuditFault::NoiseQuarter ? 0.25 : 1.0;
  Mechanism m;
  if (laplace) {
    require(s.noiseSource == NoiseSource::Seeded, "the laplace audit is the floating-point law; use fair-histogram "
            "with histogram_noise discrete-laplace for the secure one");
    out.claimedDelta = 0;
    m = Mechanism::laplaceScale(quarter * Mechanism::laplace(s.epsilon, 1.0).scale());  // b = Δ/ε, Δ = 1
  } else {
    requireDelta(s.delta);
    out.claimedDelta = s.delta;
    m = gaussianLaw(s, quarter * analyticGaussianNoiseStd(s.epsilon, s.delta, 1.0), 1.0, 1);
  }
  out.noiseScale = m.scale();
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

// ---- dpswd-projection: noisyProjections of one record (the DP-SWD release).
AuditTarget projectionAudit(const MechanismAuditSettings& s) {
  requireDelta(s.delta);
  require(s.projections >= 1 && s.dimension >= 2, "dpswd-projection needs k >= 1 and d >= 2, got k = ", s.projections,
          ", d = ", s.dimension);
  AuditTarget out;
  out.claimedEpsilon = s.epsilon;
  out.claimedDelta = s.delta;
  const long k = s.projections, d = s.dimension;
  const double w = projectionSensitivity(defaultProjectionBound(k), k, d, s.delta / 2);
  const double sigma = (s.fault == AuditFault::NoiseQuarter ? 0.25 : 1.0) * analyticGaussianNoiseStd(s.epsilon, s.delta / 2, w);
  SlicedOptions options;
  options.noiseStd = sigma;
  if (s.exactLaw || s.noiseSource == NoiseSource::OsEntropy) {
    options.noiseStd = 0;
    options.secureNoise = Mechanism::discreteGaussianOnGrid(sigma, w, k);
  }
  const bool seededExact = s.exactLaw && s.noiseSource == NoiseSource::Seeded;
  const Mechanism grid = options.secureNoise;
  out.noiseScale = options.secureNoise.isNone() ? sigma : grid.scale();
  const bool skipClip = s.fault == AuditFault::SkipClip;
  out.trial = [options, seededExact, grid, skipClip, k, d](bool neighbour, Rng& rng) {
    // x = u/2 on D, x' = −u/2 on D' (rows scaled to norm ≤ 1/2 by the mechanism; skip-clip: x' = −2u).
    Vector u = Vector::Zero(d);
    u[0] = 1.0;
    Vector x = (neighbour ? -1.0 : 1.0) * (skipClip && neighbour ? 2.0 : 0.5) * u;
    if (!skipClip && x.norm() > 0.5) x *= 0.5 / x.norm();
    const Points theta = randomDirections(k, d, rng);
    Points release;
    if (seededExact) {  // the grid law from the seed (replayable tests of the secure law)
      release = theta * x;
      grid.addTo(std::span<double>(release.data(), std::size_t(release.size())), rng);
    } else {
      release = noisyProjections(Points(x.transpose()), theta, options, rng);
    }
    const Vector v = theta * (-u);  // Θ(x' − x) direction of the worst-case pair
    return Eigen::Map<const Vector>(release.data(), release.size()).dot(v) / v.norm();
  };
  return out;
}

// ---- fair-histogram: privateJointHistogram on 2 groups x 2 bins, n = 20 rows.
constexpr int kGroups = 2, kBins = 2, kRows = 20;

AuditTarget fairHistogramAudit(const MechanismAuditSettings& s, std::uint64_t) {
  const NoiseMechanism law = s.histogramNoise;
  const bool secure = s.noiseSource == NoiseSource::OsEntropy;
  require(!secure || isDiscrete(law), "secure noise needs histogram_noise discrete-laplace or discrete-gaussian, got '",
          noiseMechanismId(law), "'");
  const bool gaussianLaw = law == NoiseMechanism::Gaussian || law == NoiseMechanism::DiscreteGaussian;
  if (gaussianLaw) require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);
  AuditTarget out;
  out.claimedEpsilon = s.epsilon;
  out.claimedDelta = gaussianLaw ? s.delta : 0.0;
  const HistogramNoise claimed{s.epsilon, out.claimedDelta, law, secure};
  HistogramNoise used = claimed;
  if (s.fault == AuditFault::NoiseQuarter) used.epsilon = 4 * s.epsilon;  // calibrated for 4ε: Laplace scale ÷ 4
  out.noiseScale = histogramNoiseScale(used, kRows) * kRows;
  const double claimedScale = histogramNoiseScale(claimed, kRows) * kRows;  // what the attacker assumes

  // D: row 0 in (0, 0), row 1 in (0, 1), the others cycle over the four cells.
  auto data = std::make_shared<std::array<std::vector<int>, 4>>();  // binsD, groupsD, binsP, groupsP
  auto& [binsD, groupsD, binsP, groupsP] = *data;
  for (int i = 0; i < kRows; ++i) groupsD.push_back((i % 4) / 2), binsD.push_back(i % 2);
  binsP = binsD, groupsP = groupsD;
  groupsP[0] = 1, binsP[0] = 1;  // substitution: row 0 moves to (1, 1)
  if (s.fault == AuditFault::SkipClip) groupsP[1] = 1, binsP[1] = 1;  // the same person's second row moves too
  const Points countD = jointHistogram(binsD, groupsD, kGroups, kBins) * kRows;
  const Points countP = jointHistogram(binsP, groupsP, kGroups, kBins) * kRows;
  // Log-likelihood ratio log p_D'(o) − log p_D(o) of the claimed law, summed over the cells that differ
  // (the others cancel). For the discrete laws the same formulas hold (the normalisers cancel).
  // likelihood-ratio: the Laplace ratio is written with a clamp, so its extreme values ±|μ_D − μ_D'|/b are
  // exact and carry no rounding: this attacker sees the mechanism as real numbers. low-order-bits: the
  // textbook expression (|o − μ_D| − |o − μ_D'|)/b in floating point; at the extremes its rounding depends
  // on the last bits of the released double, which differ between D and D' for floating-point noise
  // (Mironov 2012), and not for the discrete laws, whose output is a function of an integer.
  const bool bits = s.attack == AuditAttack::LowOrderBits;
  out.trial = [data, used, gaussianLaw, claimedScale, countD, countP, bits](bool neighbour, Rng& rng) {
    const auto& d = *data;
    const Points h = privateJointHistogram(neighbour ? d[2] : d[0], neighbour ? d[3] : d[1], kGroups, kBins, used, rng);
    double llr = 0;
    for (int a = 0; a < kGroups; ++a)
      for (int b = 0; b < kBins; ++b) {
        const double muD = std::round(countD(a, b)), muP = std::round(countP(a, b));
        if (muD == muP) continue;
        const double o = h(a, b) * kRows;
        if (gaussianLaw) {
          llr += ((o - muD) * (o - muD) - (o - muP) * (o - muP)) / (2 * claimedScale * claimedScale);
        } else if (bits) {
          llr += (std::abs(o - muD) - std::abs(o - muP)) / claimedScale;
        } else {
          const double gap = std::abs(muD - muP), towardP = muP < muD ? muD + muP - 2 * o : 2 * o - muD - muP;
          llr += std::clamp(towardP, -gap, gap) / claimedScale;
        }
      }
    return llr;
  };
  return out;
}

// ---- dpsgd-canary: one fairDpSgdStep of the logistic fair classifier.
AuditTarget dpsgdCanaryAudit(const MechanismAuditSettings& s, std::uint64_t seed) {
  require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);
  require(s.alpha >= 0 && s.alpha < 1, "alpha must lie in [0, 1) for the canary audit (the canary moves the loss term), got ",
          s.alpha);
  constexpr int perGroup = 40, d = 5;
  constexpr double C = 5, M = 1, L = 1;
  struct State {
    FairTrainingData dataD, dataP;
    nn::DenseNetwork net;
    Vector theta0, direction;
    std::vector<long> batch;
    FairStepSettings st;
  };
  auto S = std::make_shared<State>();
  Rng dataRng = makeRng(seed, 3);
  FairTrainingData& D = S->dataD;
  D.X = standardNormal(2 * perGroup, d, dataRng);
  D.target.resize(2 * perGroup, 1);
  std::bernoulli_distribution coin(0.5);
  for (int i = 0; i < 2 * perGroup; ++i) D.target(i, 0) = coin(dataRng) ? 1.0 : 0.0;
  D.cells.resize(2);
  for (int i = 0; i < 2 * perGroup; ++i) D.cells[std::size_t(i / perGroup)].push_back(i);
  D.X.row(0).setZero();
  D.X(0, 0) = 20 * C;  // the canary: its gradient (p − y)(x, 1) has norm ≈ 10C at θ = 0
  D.target(0, 0) = 0.0;
  S->dataP = D;
  S->dataP.target(0, 0) = 1.0;  // D': the canary's label flipped (substitution within group 0)

  Rng initRng = makeRng(seed, 4);
  S->net = nn::DenseNetwork({d, 1}, {nn::Activation::Sigmoid}, initRng);
  S->theta0 = Vector::Zero(S->net.parameterCount());
  S->net.setParameters(S->theta0);
  S->batch = cellBatchSizes(D, 1.0);  // full batches: q = 1, no amplification
  FairStepSettings& st = S->st;
  st.alpha = s.alpha;
  st.learningRate = 1.0;
  st.clipGradient = C, st.clipOutput = M, st.clipJacobian = L;
  st.loss = FairLoss::BinaryCrossEntropy;
  st.noiseSource = s.noiseSource;  // os-entropy: the secure grid law of fairDpSgdStep
  const double q = cellSampleRate(D, S->batch);
  // The calibration fair_learning.cpp uses, for one step at this q.
  const double z = calibrateNoiseMultiplier(accountantId(s.accountant), s.epsilon, s.delta, q, 1);
  const double sensitivity = fairStepSensitivity(D, st, S->batch);
  st.noiseMultiplier = s.fault == AuditFault::NoiseQuarter ? z / 4 : z;
  if (s.fault == AuditFault::SkipClip) {
    st.clipGradient = 1e9;  // the clip is skipped, the noise still believes in C
    st.noiseMultiplier = z * sensitivity / fairStepSensitivity(D, st, S->batch);
  }
  // The attacker's direction: the noiseless difference of the clipped gradients of D and D'.
  Rng unused = makeRng(seed, 5);
  const FairGradient gD = fairGradient(S->net, S->dataD, S->dataD.cells, st, unused);
  const FairGradient gP = fairGradient(S->net, S->dataP, S->dataP.cells, st, unused);
  const Vector diff = (gP.loss + gP.penalty) - (gD.loss + gD.penalty);
  require(diff.norm() > 0, "the canary does not move the gradient");
  S->direction = diff / diff.norm();
  AuditTarget out;
  out.claimedEpsilon = s.epsilon;
  out.claimedDelta = s.delta;
  out.noiseScale = st.noiseMultiplier * fairStepSensitivity(D, st, S->batch);
  if (st.noiseSource == NoiseSource::OsEntropy)  // the grid law fairDpSgdStep draws (1/64 more noise)
    out.noiseScale = Mechanism::discreteGaussianOnGrid(out.noiseScale, fairStepSensitivity(D, st, S->batch),
                                                       long(S->net.parameterCount())).scale();
  out.trial = [S](bool neighbour, Rng& rng) {
    S->net.setParameters(S->theta0);
    fairDpSgdStep(S->net, neighbour ? S->dataP : S->dataD, S->batch, S->st, rng);
    const Vector released = S->net.parameters();
    return ((S->theta0 - released) / S->st.learningRate).dot(S->direction);
  };
  return out;
}


struct Registry {
  std::mutex mutex;
  std::vector<std::pair<std::string, AuditFactory>> entries;
};

Registry& registry() {
  static Registry r{{},
                    {{"gaussian", [](const MechanismAuditSettings& s, std::uint64_t) { return sumAudit(s, false); }},
                     {"laplace", [](const MechanismAuditSettings& s, std::uint64_t) { return sumAudit(s, true); }},
                     {"dpswd-projection", [](const MechanismAuditSettings& s, std::uint64_t) { return projectionAudit(s); }},
                     {"fair-histogram", fairHistogramAudit},
                     {"dpsgd-canary", dpsgdCanaryAudit}}};
  return r;
}

}  // namespace

const std::vector<std::string>& auditFaultIds() {
  static const std::vector<std::string> ids = {"none", "noise-quarter", "skip-clip"};
  return ids;
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
  require(!name.empty() && bool(factory), "an audit mechanism needs a name and a factory");
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (auto& [key, f] : r.entries)
    if (key == name) {
      f = std::move(factory);
      return;
    }
  r.entries.emplace_back(name, std::move(factory));
}

std::vector<std::string> auditMechanismIds() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::vector<std::string> ids;
  for (const auto& [key, f] : r.entries) ids.push_back(key);
  return ids;
}

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
  return s;
}

MechanismAudit runAudit(const AuditTarget& target, long trials, std::uint64_t seed, double confidence,
                        RunObserver* observer) {
  require(bool(target.trial), "the audit target has no trial function");
  require(target.claimedEpsilon > 0 && std::isfinite(target.claimedEpsilon),
          "epsilon must be a positive finite number, got ", target.claimedEpsilon);
  require(target.claimedDelta >= 0 && target.claimedDelta < 1, "delta must lie in [0, 1), got ", target.claimedDelta);
  require(trials >= 200, "an audit needs at least 200 trials per data set, got ", trials);
  MechanismAudit audit;
  audit.claimedEpsilon = target.claimedEpsilon;
  audit.claimedDelta = target.claimedDelta;
  audit.noiseStd = target.noiseScale;
  Rng rngD = makeRng(seed, 1), rngP = makeRng(seed, 2);
  Series claimed{"claimed ε", {}, {}}, measured{"measured lower bound", {}, {}};
  for (long done = 0; done < trials;) {
    if (observer) throwIfCancelled(*observer);
    const long n = std::min(kBatch, trials - done);
    for (long i = 0; i < n; ++i) {
      audit.scoresD.push_back(target.trial(false, rngD));
      audit.scoresDPrime.push_back(target.trial(true, rngP));
    }
    done += n;
    if (done >= 200) {
      audit.result = auditFromScores(audit.scoresD, audit.scoresDPrime, audit.claimedDelta, confidence);
      claimed.x.push_back(double(done)), claimed.y.push_back(audit.claimedEpsilon);
      measured.x.push_back(double(done)), measured.y.push_back(audit.result.epsilonLowerBound);
    }
    if (observer) {
      observer->onFrame(makeFrame("audit_epsilon", "Claimed ε vs measured lower bound", done,
                                  LinesFrame{"trials per data set", "ε", {claimed, measured}}));
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
  AuditFactory factory;
  {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    for (const auto& [key, f] : r.entries)
      if (key == s.mechanism) factory = f;
  }
  if (!factory) throw InvalidArgument("unknown mechanism '" + s.mechanism + "' (" + joined(auditMechanismIds()) + ")");
  return runAudit(factory(s, seed), s.trials, seed, s.confidence, observer);
}

MethodInfo privacyAuditMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "privacy-audit";
  m.title = "Privacy audit";
  m.paper = "Jagielski et al. 2020; Nasr et al. 2021";
  m.summary =
      "Is the ε we claim really an upper bound? The audit runs a mechanism many times on two data sets that "
      "differ in one record (chosen to be as different as the clipping allows) and tries to tell the runs "
      "apart with the best threshold on what an attacker sees. How well it succeeds gives a lower bound on "
      "the true ε, with 95% confidence. A correct mechanism keeps the measured bound below the claim; switch "
      "on a fault (noise quartered, clipping skipped) and watch the audit catch it.";
  // The audited mechanism's claimed ε (synthetic neighbours: no real data's budget is spent).
  m.privacy = {"", "", "claimed_epsilon", "epsilon", "ε claimed (audited)", ""};
  m.grid = {{"epsilon", "mechanism", "fault", "trials", "delta"},
            {"claimed_epsilon", "epsilon_lower_bound", "epsilon_point_estimate", "violation", "noise_std"},
            "audit_epsilon"};
  m.params = {
      {"mechanism", "Mechanism", K::Choice, 0, 0, 0, false,
       auditMechanismIds(), "gaussian", "",
       "Which mechanism to audit, at its smallest unit: the Gaussian or Laplace mechanism on a clipped sum; one "
       "record's noisy random projections as DP-SWD and the flow release them ([DP-SWD] Alg. 1); the private joint "
       "histogram of fair regression with one row substituted ([FairReg] Alg. 1, Def. 2.1); or one DP-SGD step of "
       "the fair classifier with a canary record whose gradient is as large as the clip allows ([FairLearn] Thm 6.1)."},
      {"epsilon", "Claimed ε", K::Real, 1.0, 1e-3, 50, false, {}, {}, "", "The privacy budget the mechanism is calibrated for."},
      {"delta", "Claimed δ", K::Real, 1e-5, 1e-12, 0.1, false, {}, {}, "", "δ of the claim (ignored by Laplace, which is pure ε-DP)."},
      {"trials", "Runs per data set", K::Integer, 200000, 200, 1e8, false, {}, {}, "runs",
       "Runs on D and on D'. More runs give a tighter (higher) lower bound."},
      {"fault", "Injected fault", K::Choice, 0, 0, 0, false, auditFaultIds(), "none", "",
       "A deliberate bug: noise scaled by 1/4, or the clipping of the changed record skipped. The audit must catch both."},
      {"confidence", "Confidence", K::Real, 0.95, 0.5, 0.9999, false, {}, {}, "", "Confidence of the Clopper-Pearson bounds.", true, true},
      {"projections", "Projections k", K::Integer, 70, 1, 10000, false, {}, {}, "", "k, for the DP-SWD projection mechanism.", true, true},
      {"dimension", "Dimension d", K::Integer, 8, 2, 4096, false, {}, {}, "", "d, for the DP-SWD projection mechanism.", true, true},
      noiseMechanismParam("histogram_noise", "Histogram noise", NoiseMechanism::Laplace,
                          "fair-histogram only: the noise law of the histogram, as in fair regression's mechanism "
                          "parameter (discrete laws: Canonne, Kamath & Steinke 2020, Alg. 2-3, on the integer counts)."),
      noiseSourceParam("the exact discrete law (fair-histogram: histogram_noise discrete-*; gaussian, dpswd-projection, "
                       "dpsgd-canary: the discrete Gaussian on a grid, the secure law of the flows, DP-SWD and DP-SGD)"),
      {"attack", "Attack", K::Choice, 0, 0, 0, false, auditAttackIds(), "likelihood-ratio", "",
       "likelihood-ratio sees the release as real numbers. low-order-bits reads the last bits of the released doubles "
       "(Mironov 2012): for fair-histogram the likelihood ratio evaluated naively in floating point; for gaussian and "
       "laplace a test of whether the release lies on the lattice of fl(1 + noise). It breaks the floating-point laws, "
       "not the exact discrete ones.", true, true},
      accountantParam({AccountantKind::GdpUniform, AccountantKind::RdpWor, AccountantKind::Gdp, AccountantKind::Rdp,
                       AccountantKind::RdpMironov, AccountantKind::Pld},
                      AccountantKind::GdpUniform,
                      "dpsgd-canary only: the accountant whose one-step calibration sets the noise multiplier (the same "
                      "calibrateNoiseMultiplier call as the fair-learning methods, at q = 1, T = 1)."),
      {"alpha", "Fairness weight α", K::Real, 0, 0, 0.99, false, {}, {}, "",
       "dpsgd-canary only: weight of the W₂ penalty in the step; the canary moves the loss term, weighted 1 − α.", true,
       true},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    const auto s = MechanismAuditSettings::fromParams(p);
    const MechanismAudit a = auditMechanism(s, seed, &obs);
    RunResult r;
    r.metrics["claimed_epsilon"] = a.claimedEpsilon;
    r.metrics["claimed_delta"] = a.claimedDelta;
    r.metrics["epsilon_lower_bound"] = a.result.epsilonLowerBound;
    r.metrics["epsilon_point_estimate"] = a.result.pointEstimate;
    r.metrics["noise_std"] = a.noiseStd;
    r.metrics["trials"] = double(s.trials);
    r.metrics["violation"] = a.result.epsilonLowerBound > a.claimedEpsilon ? 1.0 : 0.0;
    std::ostringstream os;
    os << "Audit of " << s.mechanism << (s.noiseSource == NoiseSource::OsEntropy ? " (secure mode, OS entropy)" : "")
       << ": claimed (ε = " << a.claimedEpsilon << ", δ = " << a.claimedDelta
       << "), measured ε ≥ " << a.result.epsilonLowerBound << " with " << s.confidence * 100 << "% confidence"
       << (a.result.epsilonLowerBound > a.claimedEpsilon ? " — VIOLATION" : "");
    r.privacyStatement = os.str();
    return r;
  };
  return m;
}

}  // namespace dpw
