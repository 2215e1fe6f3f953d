#include "methods/flow/flow_run_audit_setup.h"

#include <cmath>

#include "core/error.h"
#include "core/one_thread.h"
#include "core/run_observer.h"

namespace dpw {

void requireFlowRunAudit(const MechanismAuditSettings& a, const std::vector<AuditFault>& faults,
                         const std::string& mechanism) {
  require(a.epsilon > 0 && std::isfinite(a.epsilon), "the audited ε must be finite and > 0, got ", a.epsilon);
  require(a.delta > 0 && a.delta < 1, "delta must lie in (0, 1), got ", a.delta);
  requireAuditFault(a.fault, faults, mechanism);
}

double probeMultiplier(const RunResult& probe, AuditFault fault) {
  return probe.metrics.at("noise_multiplier") * auditNoiseFactor(fault);
}

RunResult runDpswFlowOnOneThread(const DpswFlowSettings& s, std::uint64_t seed) {
  RunResult r;
  LatestFramesObserver observer;
  onOneThread([&] { r = runDpswFlow(s, seed, observer); });
  return r;
}

RunResult runDpswGeneratorQuietly(const DpswGeneratorSettings& s, std::uint64_t seed) {
  LatestFramesObserver observer;
  return runDpswGenerator(s, seed, observer);
}

}  // namespace dpw
