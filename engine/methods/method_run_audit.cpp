#include "methods/method_run_audit.h"

#include <cmath>
#include <memory>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/run_observer.h"

namespace dpw {

namespace {

ParamValues sideValues(const MethodRunAudit& spec, const MethodInfo& m, bool neighbour, double epsilon) {
  ParamValues p(m.params);
  for (const auto& [key, value] : spec.both) p.set(key, value);
  for (const auto& [key, value] : neighbour ? spec.onDPrime : spec.onD) p.set(key, value);
  p.set(spec.epsilonParam, epsilon);
  return p;
}

}  // namespace

const Frame& frameOf(const std::vector<FramePtr>& frames, const std::string& chart) {
  for (const FramePtr& f : frames)
    if (f && f->chart == chart) return *f;
  throw InternalError("the audited run published no frame '" + chart + "'");
}

AuditTarget methodRunAuditTarget(const MethodRunAudit& spec, const MechanismAuditSettings& a) {
  require(a.epsilon > 0 && std::isfinite(a.epsilon), "the audited ε must be finite and > 0, got ", a.epsilon);
  requireAuditFault(a.fault, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds}, spec.method + "-run");
  ensure(bool(spec.score) && bool(spec.claim), "the run audit of ", spec.method, " needs a score and a claim");
  const MethodInfo& m = findMethod(spec.method);
  // The claim: the correct run's own (a probe on D, at the audit's ε).
  const ParamValues probe = sideValues(spec, m, false, a.epsilon);
  LatestFramesObserver quiet;
  const RunResult r = m.run(probe, 1, quiet);
  struct Sides {
    ParamValues d, dPrime;
    MethodRunAudit spec;
  };
  // The faults: the run calibrated for ε / factor (a parameter the method accepts, or it refuses by name).
  const double used = a.epsilon / auditNoiseFactor(a.fault);
  auto sides = std::make_shared<Sides>(Sides{sideValues(spec, m, false, used), sideValues(spec, m, true, used), spec});
  AuditTarget t;
  t.claimedEpsilon = spec.claim(r, probe);
  t.claimedDelta = std::isfinite(r.privacy.delta) ? r.privacy.delta : 0.0;
  t.noiseScale = 0;  // black box: the attacker does not know the law
  t.trial = [sides, &m](bool neighbour, Rng& rng) {
    LatestFramesObserver frames;
    const RunResult run = m.run(neighbour ? sides->dPrime : sides->d, rng(), frames);
    return sides->spec.score(run.metrics, frames.latestPerChart());
  };
  return t;
}

}  // namespace dpw
