#pragma once
// The shape every whole-run audit test shares: its settings, run the audit, print one line with what the tables of
// docs/privacy-audits.md quote (claim, both estimators' bounds, μ, the noise std, runs a side, seconds),
// and check a control against its claim.
#include <QElapsedTimer>
#include <QtGlobal>

#include <cstdint>
#include <string>

#include "audit/mechanism_audits.h"

namespace dpwtest {

/// The settings a whole-run audit test starts from: `mechanism` at claim ε, `trials` runs a side, `fault`
/// planted, the rest the audit's defaults.
inline dpw::MechanismAuditSettings runAuditSettings(const std::string& mechanism, double epsilon, long trials,
                                                    dpw::AuditFault fault) {
  dpw::MechanismAuditSettings s;
  s.mechanism = mechanism;
  s.epsilon = epsilon;
  s.trials = trials;
  s.fault = fault;
  return s;
}

inline dpw::MechanismAudit loggedAudit(const dpw::MechanismAuditSettings& s, std::uint64_t seed, const std::string& what) {
  QElapsedTimer timer;
  timer.start();
  const dpw::MechanismAudit a = dpw::auditMechanism(s, seed);
  qInfo("%s, fault %s: claim %.3f, distribution-free %.3f, Gaussian-DP family %.3f (mu %.3f), noise std %.4g, "
        "%ld runs a side, %.1f s",
        what.c_str(), dpw::auditFaultIds()[std::size_t(s.fault)].c_str(), a.claimedEpsilon, a.result.epsilonLowerBound,
        a.gdp.epsilonLowerBound, a.gdp.muLowerBound, a.noiseStd, s.trials, double(timer.elapsed()) / 1000);
  return a;
}

/// A correct run's audit: both bounds at most the claim (false when the Gaussian-DP bound is NaN, as for a
/// pure claim: use the distribution-free comparison alone there).
inline bool belowClaim(const dpw::MechanismAudit& a) {
  return a.result.epsilonLowerBound <= a.claimedEpsilon && a.gdp.epsilonLowerBound <= a.claimedEpsilon;
}

}  // namespace dpwtest
