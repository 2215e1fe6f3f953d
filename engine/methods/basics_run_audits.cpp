#include "methods/basics_run_audits.h"

#include <algorithm>
#include <cmath>
#include <variant>

#include "methods/method_run_audit.h"

namespace dpw {

AuditTarget countQueryRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t) {
  MethodRunAudit a;
  a.method = "count-query";
  a.both = {{"mechanism", std::string("laplace")}, {"draws", 1.0}};
  a.onD = {{"count", 10.0}}, a.onDPrime = {{"count", 11.0}};
  a.score = [](const std::map<std::string, double>& released, const std::vector<FramePtr>&) {
    return released.at("draws_mean_d");  // the one release of D's count (monotone likelihood ratio)
  };
  a.claim = [](const RunResult& r, const ParamValues& p) { return r.privacy.epsilon * double(p.integer("draws")); };
  return methodRunAuditTarget(a, s);
}

AuditTarget randomizedResponseRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t) {
  MethodRunAudit a;
  a.method = "randomized-response";
  a.both = {{"people", 1.0}, {"surveys", 2.0}};
  a.onD = {{"true_share", 0.0}}, a.onDPrime = {{"true_share", 1.0}};
  a.score = [](const std::map<std::string, double>& released, const std::vector<FramePtr>&) {
    return released.at("raw_share_mean");  // the share of yes reports over the surveys
  };
  a.claim = [](const RunResult& r, const ParamValues& p) { return r.privacy.epsilon * double(p.integer("surveys")); };
  return methodRunAuditTarget(a, s);
}

namespace {
constexpr double kClip = 10;  // the clipped mean's bound C
}  // namespace

AuditTarget clippedMeanRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t) {
  MethodRunAudit a;
  a.method = "clipped-mean";
  a.both = {{"people", 1.0}, {"releases", 2.0}, {"clip", kClip}};
  a.onD = {{"data_mean", 1e-3}}, a.onDPrime = {{"data_mean", 1e6}};
  a.score = [](const std::map<std::string, double>& released, const std::vector<FramePtr>&) {
    // Two releases v = m ± s/√2 (s the sample deviation with n − 1 = 1); the Laplace log-likelihood ratio of
    // each toward D′ (mean C) against D (mean 0), in units of 1/b, clamped at its exact extremes ±C/b.
    const double m = released.at("release_mean"), half = released.at("release_std") / std::sqrt(2.0);
    double score = 0;
    for (const double v : {m - half, m + half}) score += std::clamp(2 * v - kClip, -kClip, kClip);
    return score;
  };
  a.claim = [](const RunResult& r, const ParamValues& p) { return r.privacy.epsilon * double(p.integer("releases")); };
  return methodRunAuditTarget(a, s);
}

AuditTarget exponentialMechanismRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t) {
  MethodRunAudit a;
  a.method = "exponential-mechanism";
  a.both = {{"draws", 1.0}};
  a.onD = {{"votes", std::string("5, 5, 5, 5, 5, 5, 5, 5, 5, 5")}};
  a.onDPrime = {{"votes", std::string("5, 5, 5, 5, 5, 5, 5, 5, 5, 6")}};
  a.score = [](const std::map<std::string, double>&, const std::vector<FramePtr>& frames) {
    // The released selection chart: its first group is the share of draws per option (one draw: one-hot).
    const auto& h = std::get<HistogramFrame>(frameOf(frames, "em_selection").data);
    return h.groups.at(0).mass.back();  // 1 when the last option (the one D′ favours) was chosen
  };
  a.claim = [](const RunResult& r, const ParamValues& p) { return r.privacy.epsilon * double(p.integer("draws")); };
  return methodRunAuditTarget(a, s);
}

}  // namespace dpw
