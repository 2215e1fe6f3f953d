#pragma once
/// Privacy audits of DPW Lab's mechanisms at their smallest unit, with worst-case neighbours.
///
/// Each audit runs the mechanism `trials` times on D and on D' (a neighbour chosen to be as
/// distinguishable as the claim allows) and bounds ε from below with `auditFromScores`. A correct
/// mechanism must give a lower bound ≤ the claimed ε; the deliberately broken variants (noise scaled
/// by 1/4, or the clipping step skipped) must be caught (lower bound > claimed ε).
///   gaussian:  sum of records clipped to [0, 1] + N(0, σ²), σ = 1/μ with μ the exact GDP parameter
///              for (ε, δ) ([FairLearn] Lemma 2.3); D = zeros, D' = one record 4 (clipped to 1).
///   laplace:   the same sum + Laplace(1/ε) (pure ε-DP).
///   dpswd-projection: one record's k random projections Θx + N(0, s²I) ([DP-SWD] Alg. 1) with rows
///              scaled to norm ≤ 1/2 (so ‖x − x'‖ ≤ 1), s = multiplier · w(k, d, δ/2) (CLT bound for
///              k > 30), claimed (ε, δ) = Gaussian at δ/2 plus δ/2 for the bound; D has x = u/2,
///              D' has x' = −u/2 (distance exactly 1). The attacker knows Θ, x and x'.
#include <cstdint>
#include <string>
#include <vector>

#include "audit/privacy_audit.h"
#include "core/method.h"

namespace dpw {

enum class AuditFault { None, NoiseQuarter, SkipClip };

struct MechanismAuditSettings {
  std::string mechanism = "gaussian";  ///< gaussian | laplace | dpswd-projection
  double epsilon = 1.0;
  double delta = 1e-5;
  long trials = 200000;  ///< runs on each of D and D'
  AuditFault fault = AuditFault::None;
  double confidence = 0.95;
  long projections = 70;  ///< k, for dpswd-projection
  long dimension = 8;     ///< d, for dpswd-projection

  static MechanismAuditSettings fromParams(const ParamValues& p);
};

struct MechanismAudit {
  AuditResult result;
  double claimedEpsilon = 0;
  double claimedDelta = 0;
  double noiseStd = 0;  ///< the noise the (possibly broken) mechanism used
  std::vector<double> scoresD, scoresDPrime;
};

/// Runs the audit; publishes frames and honours cancellation when `observer` is given.
/// @throws InvalidArgument on bad settings.
MechanismAudit auditMechanism(const MechanismAuditSettings& s, std::uint64_t seed, RunObserver* observer = nullptr);

/// μ with δ(ε; μ) = δ for a μ-GDP (Gaussian) mechanism: the noise for sensitivity 1 is σ = 1/μ.
double gaussianMuFor(double epsilon, double delta);

MethodInfo privacyAuditMethod();

}  // namespace dpw
