#include "audit/mechanism_audits.h"

#include <cmath>
#include <random>
#include <sstream>

#include "core/error.h"
#include "core/rng.h"
#include "ot/directions.h"
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
  return s;
}

MechanismAudit auditMechanism(const MechanismAuditSettings& s, std::uint64_t seed, RunObserver* observer) {
  require(s.mechanism == "gaussian" || s.mechanism == "laplace" || s.mechanism == "dpswd-projection",
          "unknown mechanism '", s.mechanism, "' (gaussian, laplace, dpswd-projection)");
  require(s.epsilon > 0 && std::isfinite(s.epsilon), "epsilon must be a positive finite number, got ", s.epsilon);
  require(s.trials >= 200, "an audit needs at least 200 trials per data set, got ", s.trials);
  require(s.projections >= 1 && s.dimension >= 2, "dpswd-projection needs k >= 1 and d >= 2");
  MechanismAudit audit;
  audit.claimedEpsilon = s.epsilon;
  if (s.mechanism == "laplace") {
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
  if (s.fault == AuditFault::NoiseQuarter) audit.noiseStd *= 0.25;
  const Trial trial(s, audit.noiseStd);
  Rng rngD = makeRng(seed, 1), rngP = makeRng(seed, 2);
  Series claimed{"claimed ε", {}, {}}, measured{"measured lower bound", {}, {}};
  for (long done = 0; done < s.trials;) {
    if (observer) throwIfCancelled(*observer);
    const long n = std::min(kBatch, s.trials - done);
    for (long i = 0; i < n; ++i) {
      audit.scoresD.push_back(trial(false, rngD));
      audit.scoresDPrime.push_back(trial(true, rngP));
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
  m.params = {
      {"mechanism", "Mechanism", K::Choice, 0, 0, 0, false, {"gaussian", "laplace", "dpswd-projection"}, "gaussian", "",
       "Which mechanism to audit, at its smallest unit: the Gaussian or Laplace mechanism on a clipped sum, or one "
       "record's noisy random projections as DP-SWD and the flow release them ([DP-SWD] Alg. 1)."},
      {"epsilon", "Claimed ε", K::Real, 1.0, 1e-3, 50, false, {}, {}, "", "The privacy budget the mechanism is calibrated for."},
      {"delta", "Claimed δ", K::Real, 1e-5, 1e-12, 0.1, false, {}, {}, "", "δ of the claim (ignored by Laplace, which is pure ε-DP)."},
      {"trials", "Runs per data set", K::Integer, 200000, 200, 1e8, false, {}, {}, "runs",
       "Runs on D and on D'. More runs give a tighter (higher) lower bound."},
      {"fault", "Injected fault", K::Choice, 0, 0, 0, false, {"none", "noise-quarter", "skip-clip"}, "none", "",
       "A deliberate bug: noise scaled by 1/4, or the clipping of the changed record skipped. The audit must catch both."},
      {"confidence", "Confidence", K::Real, 0.95, 0.5, 0.9999, false, {}, {}, "", "Confidence of the Clopper-Pearson bounds.", true, true},
      {"projections", "Projections k", K::Integer, 70, 1, 10000, false, {}, {}, "", "k, for the DP-SWD projection mechanism.", true, true},
      {"dimension", "Dimension d", K::Integer, 8, 2, 4096, false, {}, {}, "", "d, for the DP-SWD projection mechanism.", true, true},
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
