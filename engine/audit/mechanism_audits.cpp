#include "audit/mechanism_audits.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <memory>
#include <random>
#include <sstream>

#include "core/error.h"
#include "core/rng.h"
#include "fair_learning/fair_dpsgd.h"
#include "fair_regression/private_histogram.h"
#include "nn/dense_network.h"
#include "ot/directions.h"
#include "privacy/accountant.h"
#include "privacy/gdp_analysis.h"
#include "privacy/projection_sensitivity.h"

namespace dpw {
namespace {

constexpr long kBatch = 20000;  // trials between two frames

double clipTo(double x, double lo, double hi) { return std::min(std::max(x, lo), hi); }

/// One run of the mechanism on D (`neighbour` false) or D'; returns the attacker's score.
class Trial {
 public:
  Trial(const MechanismAuditSettings& s, double noiseStd) : s_(s), sd_(noiseStd) {}

  double operator()(bool neighbour, Rng& rng) const {
    const bool skipClip = s_.fault == AuditFault::SkipClip;
    if (s_.mechanism == "gaussian" || s_.mechanism == "laplace") {
      // D: all records 0 (the others contribute 0 to the sum); D': one record is 4.
      const double record = neighbour ? 4.0 : 0.0;
      const double sum = skipClip ? record : clipTo(record, 0.0, 1.0);
      if (s_.mechanism == "gaussian") return sum + std::normal_distribution<double>(0, sd_)(rng);
      std::exponential_distribution<double> e(1.0 / sd_);  // Laplace(b) = Exp(1/b) − Exp(1/b)
      return sum + e(rng) - e(rng);
    }
    // dpswd-projection: x = u/2 on D, x' = −u/2 on D' (rows scaled to norm ≤ 1/2 by the mechanism).
    const Eigen::Index k = s_.projections, d = s_.dimension;
    Vector u = Vector::Zero(d);
    u[0] = 1.0;
    Vector x = (neighbour ? -1.0 : 1.0) * (skipClip && neighbour ? 2.0 : 0.5) * u;
    if (!skipClip && x.norm() > 0.5) x *= 0.5 / x.norm();
    const Points theta = randomDirections(k, d, rng);
    const Vector v = theta * (-u);  // Θ(x' − x) direction of the worst-case pair
    std::normal_distribution<double> noise(0.0, sd_);
    Vector out = theta * x;
    for (Eigen::Index j = 0; j < k; ++j) out[j] += noise(rng);
    return out.dot(v) / v.norm();
  }

 private:
  const MechanismAuditSettings& s_;
  double sd_;
};

using TrialFn = std::function<double(bool, Rng&)>;

// ---- fair-histogram: privateJointHistogram on 2 groups x 2 bins, n = 20 rows.
constexpr int kGroups = 2, kBins = 2, kRows = 20;

struct HistogramSetup {
  TrialFn trial;
  double noiseScale = 0;  // scale of the noise actually used, in counts (b, t or σ)
  double claimedDelta = 0;
};

HistogramSetup fairHistogramAudit(const MechanismAuditSettings& s) {
  const NoiseMechanism law = parseNoiseMechanism(s.histogramNoise);
  require(!s.secureNoise || isDiscrete(law), "secure noise needs histogram_noise discrete-laplace or discrete-gaussian, got '",
          s.histogramNoise, "'");
  const bool gaussianLaw = law == NoiseMechanism::Gaussian || law == NoiseMechanism::DiscreteGaussian;
  if (gaussianLaw) require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);
  HistogramSetup out;
  out.claimedDelta = gaussianLaw ? s.delta : 0.0;
  const HistogramNoise claimed{s.epsilon, out.claimedDelta, law, s.secureNoise};
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
  const bool bits = s.lowOrderBits;
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
struct CanarySetup {
  TrialFn trial;
  double noiseStd = 0;
  double noiseMultiplier = 0;
};

CanarySetup dpsgdCanaryAudit(const MechanismAuditSettings& s, std::uint64_t seed) {
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
  const double q = cellSampleRate(D, S->batch);
  // The calibration fair_learning.cpp uses, for one step at this q.
  const double z = calibrateNoiseMultiplier(s.accountant, s.epsilon, s.delta, q, 1);
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
  CanarySetup out;
  out.noiseMultiplier = st.noiseMultiplier;
  out.noiseStd = st.noiseMultiplier * fairStepSensitivity(D, st, S->batch);
  out.trial = [S](bool neighbour, Rng& rng) {
    S->net.setParameters(S->theta0);
    fairDpSgdStep(S->net, neighbour ? S->dataP : S->dataD, S->batch, S->st, rng);
    const Vector released = S->net.parameters();
    return ((S->theta0 - released) / S->st.learningRate).dot(S->direction);
  };
  return out;
}

}  // namespace

double gaussianMuFor(double epsilon, double delta) {
  require(epsilon > 0 && std::isfinite(epsilon), "epsilon must be a positive finite number, got ", epsilon);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  double lo = 0, hi = 1;
  while (gdpDelta(hi, epsilon) < delta) hi *= 2;  // δ(ε; μ) increases with μ
  for (int it = 0; it < 200 && hi - lo > 1e-14 * hi; ++it) {
    const double mid = 0.5 * (lo + hi);
    (gdpDelta(mid, epsilon) < delta ? lo : hi) = mid;
  }
  return lo;  // the side whose δ stays below the target
}

MechanismAuditSettings MechanismAuditSettings::fromParams(const ParamValues& p) {
  MechanismAuditSettings s;
  s.mechanism = p.text("mechanism");
  s.epsilon = p.real("epsilon");
  s.delta = p.real("delta");
  s.trials = p.integer("trials");
  const std::string& fault = p.text("fault");
  s.fault = fault == "noise-quarter" ? AuditFault::NoiseQuarter : fault == "skip-clip" ? AuditFault::SkipClip : AuditFault::None;
  s.confidence = p.real("confidence");
  s.projections = p.integer("projections");
  s.dimension = p.integer("dimension");
  s.histogramNoise = p.text("histogram_noise");
  s.secureNoise = p.text("noise_source") == "os-entropy";
  s.accountant = p.text("accountant");
  s.alpha = p.real("alpha");
  s.lowOrderBits = p.text("attack") == "low-order-bits";
  return s;
}

MechanismAudit auditMechanism(const MechanismAuditSettings& s, std::uint64_t seed, RunObserver* observer) {
  require(s.mechanism == "gaussian" || s.mechanism == "laplace" || s.mechanism == "dpswd-projection" ||
              s.mechanism == "fair-histogram" || s.mechanism == "dpsgd-canary",
          "unknown mechanism '", s.mechanism, "' (gaussian, laplace, dpswd-projection, fair-histogram, dpsgd-canary)");
  require(s.epsilon > 0 && std::isfinite(s.epsilon), "epsilon must be a positive finite number, got ", s.epsilon);
  require(s.trials >= 200, "an audit needs at least 200 trials per data set, got ", s.trials);
  require(s.projections >= 1 && s.dimension >= 2, "dpswd-projection needs k >= 1 and d >= 2");
  MechanismAudit audit;
  audit.claimedEpsilon = s.epsilon;
  TrialFn run;
  if (s.mechanism == "fair-histogram") {
    HistogramSetup h = fairHistogramAudit(s);
    audit.claimedDelta = h.claimedDelta;
    audit.noiseStd = h.noiseScale;
    run = std::move(h.trial);
  } else if (s.mechanism == "dpsgd-canary") {
    CanarySetup c = dpsgdCanaryAudit(s, seed);
    audit.claimedDelta = s.delta;
    audit.noiseStd = c.noiseStd;
    run = std::move(c.trial);
  } else if (s.mechanism == "laplace") {
    audit.claimedDelta = 0;
    audit.noiseStd = 1.0 / s.epsilon;  // Laplace scale b = Δ/ε with Δ = 1
  } else if (s.mechanism == "gaussian") {
    require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);
    audit.claimedDelta = s.delta;
    audit.noiseStd = 1.0 / gaussianMuFor(s.epsilon, s.delta);
  } else {
    require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);
    audit.claimedDelta = s.delta;
    const double w = projectionSensitivity(defaultProjectionBound(s.projections), s.projections, s.dimension, s.delta / 2);
    audit.noiseStd = w / gaussianMuFor(s.epsilon, s.delta / 2);
  }
  const bool classic = !run;
  if (classic && s.fault == AuditFault::NoiseQuarter) audit.noiseStd *= 0.25;
  const Trial trial(s, audit.noiseStd);
  if (classic) run = [&trial](bool neighbour, Rng& rng) { return trial(neighbour, rng); };
  Rng rngD = makeRng(seed, 1), rngP = makeRng(seed, 2);
  Series claimed{"claimed ε", {}, {}}, measured{"measured lower bound", {}, {}};
  for (long done = 0; done < s.trials;) {
    if (observer) throwIfCancelled(*observer);
    const long n = std::min(kBatch, s.trials - done);
    for (long i = 0; i < n; ++i) {
      audit.scoresD.push_back(run(false, rngD));
      audit.scoresDPrime.push_back(run(true, rngP));
    }
    done += n;
    if (done >= 200) {
      audit.result = auditFromScores(audit.scoresD, audit.scoresDPrime, audit.claimedDelta, s.confidence);
      claimed.x.push_back(double(done)), claimed.y.push_back(audit.claimedEpsilon);
      measured.x.push_back(double(done)), measured.y.push_back(audit.result.epsilonLowerBound);
    }
    if (observer) {
      observer->onFrame(makeFrame("audit_epsilon", "Claimed ε vs measured lower bound", done,
                                  LinesFrame{"trials per data set", "ε", {claimed, measured}}));
      observer->onProgress((done + kBatch - 1) / kBatch, (s.trials + kBatch - 1) / kBatch);
    }
  }
  if (observer) {
    double lo = INFINITY, hi = -INFINITY;
    for (const auto* v : {&audit.scoresD, &audit.scoresDPrime})
      for (double x : *v) lo = std::min(lo, x), hi = std::max(hi, x);
    const int bins = 60;
    HistogramFrame h{"attacker's score", {}, {}};
    for (int b = 0; b <= bins; ++b) h.edges.push_back(lo + (hi - lo) * b / bins);
    auto hist = [&](const std::vector<double>& v, const std::string& name) {
      HistogramFrame::Group g{name, std::vector<double>(bins, 0.0)};
      for (double x : v) g.mass[std::clamp(int((x - lo) / (hi - lo) * bins), 0, bins - 1)] += 1.0 / double(v.size());
      return g;
    };
    h.groups = {hist(audit.scoresD, "runs on D"), hist(audit.scoresDPrime, "runs on D' (neighbour)")};
    observer->onFrame(makeFrame("audit_scores", "What the attacker sees", s.trials, std::move(h)));
  }
  return audit;
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
       {"gaussian", "laplace", "dpswd-projection", "fair-histogram", "dpsgd-canary"}, "gaussian", "",
       "Which mechanism to audit, at its smallest unit: the Gaussian or Laplace mechanism on a clipped sum; one "
       "record's noisy random projections as DP-SWD and the flow release them ([DP-SWD] Alg. 1); the private joint "
       "histogram of fair regression with one row substituted ([FairReg] Alg. 1, Def. 2.1); or one DP-SGD step of "
       "the fair classifier with a canary record whose gradient is as large as the clip allows ([FairLearn] Thm 6.1)."},
      {"epsilon", "Claimed ε", K::Real, 1.0, 1e-3, 50, false, {}, {}, "", "The privacy budget the mechanism is calibrated for."},
      {"delta", "Claimed δ", K::Real, 1e-5, 1e-12, 0.1, false, {}, {}, "", "δ of the claim (ignored by Laplace, which is pure ε-DP)."},
      {"trials", "Runs per data set", K::Integer, 200000, 200, 1e8, false, {}, {}, "runs",
       "Runs on D and on D'. More runs give a tighter (higher) lower bound."},
      {"fault", "Injected fault", K::Choice, 0, 0, 0, false, {"none", "noise-quarter", "skip-clip"}, "none", "",
       "A deliberate bug: noise scaled by 1/4, or the clipping of the changed record skipped. The audit must catch both."},
      {"confidence", "Confidence", K::Real, 0.95, 0.5, 0.9999, false, {}, {}, "", "Confidence of the Clopper-Pearson bounds.", true, true},
      {"projections", "Projections k", K::Integer, 70, 1, 10000, false, {}, {}, "", "k, for the DP-SWD projection mechanism.", true, true},
      {"dimension", "Dimension d", K::Integer, 8, 2, 4096, false, {}, {}, "", "d, for the DP-SWD projection mechanism.", true, true},
      {"histogram_noise", "Histogram noise", K::Choice, 0, 0, 0, false,
       {"laplace", "gaussian", "discrete-laplace", "discrete-gaussian"}, "laplace", "",
       "fair-histogram only: the noise law of the histogram, as in fair regression's mechanism parameter (discrete "
       "laws: Canonne, Kamath & Steinke 2020, Alg. 2-3, on the integer counts).", true, true},
      {"noise_source", "Noise source", K::Choice, 0, 0, 0, false, {"seeded", "os-entropy"}, "seeded", "",
       "fair-histogram with a discrete law: os-entropy draws the noise from the operating system (getrandom), so the "
       "audit cannot be replayed; seeded replays exactly.", true, true},
      {"attack", "Attack", K::Choice, 0, 0, 0, false, {"likelihood-ratio", "low-order-bits"}, "likelihood-ratio", "",
       "fair-histogram only: likelihood-ratio sees the histogram as real numbers; low-order-bits evaluates the same "
       "ratio naively in floating point, whose rounding reads the last bits of the released doubles (Mironov 2012): "
       "it breaks the floating-point Laplace histogram, not the discrete ones.", true, true},
      {"accountant", "Accountant", K::Choice, 0, 0, 0, false, {"gdp-uniform", "rdp-wor", "gdp", "rdp", "rdp-mironov", "pld"},
       "gdp-uniform", "",
       "dpsgd-canary only: the accountant whose one-step calibration sets the noise multiplier (the same "
       "calibrateNoiseMultiplier call as the fair-learning methods, at q = 1, T = 1).", true, true},
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
    os << "Audit of " << s.mechanism << ": claimed (ε = " << a.claimedEpsilon << ", δ = " << a.claimedDelta
       << "), measured ε ≥ " << a.result.epsilonLowerBound << " with " << s.confidence * 100 << "% confidence"
       << (a.result.epsilonLowerBound > a.claimedEpsilon ? " — VIOLATION" : "");
    r.privacyStatement = os.str();
    return r;
  };
  return m;
}

}  // namespace dpw
