#pragma once
/// What the whole-run audits of the flow methods share (dpswflow-r-run, dpswflow-run, dpswgen-run and
/// dpswflow-r-one-run): the checks of the audit's settings, the audited run's privacy settings and target,
/// one run on one thread, and the claim read from a probe run. Each audit keeps its own data sets, sizes
/// and score (see its header).
#include <cstdint>
#include <string>
#include <vector>

#include "audit/mechanism_audits.h"
#include "core/method.h"
#include "methods/flow/dpsw_flow.h"
#include "methods/flow/dpsw_generator.h"

namespace dpw {

/// @throws InvalidArgument unless the audited ε is finite and > 0, δ ∈ (0, 1) and the fault is one of
/// `faults` (requireAuditFault, naming `mechanism`).
void requireFlowRunAudit(const MechanismAuditSettings& a, const std::vector<AuditFault>& faults,
                         const std::string& mechanism);

/// The audited run's target and privacy: the ring5 toy with `toySize` held-out and reference rows (they feed
/// only the run's evaluation; the audit replaces the private rows by editData), the audit's ε, δ and noise
/// source, and `accountant` (what "auto" resolves to for the audited release).
template <class Settings>
void setAuditedRun(Settings& s, const MechanismAuditSettings& a, AccountantKind accountant, long toySize = 20) {
  s.data.target = "ring5";
  s.data.toySize = toySize;
  s.privacy.epsilon = a.epsilon;
  s.privacy.delta = a.delta;
  s.privacy.accountant = accountant;
  s.privacy.noiseSource = a.noiseSource;
}

/// The multiplier a probe run calibrated (metric `noise_multiplier`), with the fault's noise factor applied
/// (auditNoiseFactor: noise-quarter, noise-two-thirds; 1 for the other faults).
double probeMultiplier(const RunResult& probe, AuditFault fault);

/// The claim of a whole-run audit (AuditTarget or OneRunTarget): the correct run's ledger ε for the whole
/// run (the probe's metric `epsilon`), δ, and the noise std the trials run with (multiplier × sensitivity).
template <class Target>
void setProbeClaim(Target& t, const RunResult& probe, double delta, double multiplier) {
  t.claimedEpsilon = probe.metrics.at("epsilon");
  t.claimedDelta = delta;
  t.noiseScale = multiplier * probe.metrics.at("sensitivity");
}

/// One whole DPSWflow run on one thread (core/one_thread.h), with its metrics: an audit's trials are many
/// tiny runs, and a parallel region per step would wait on descheduled threads (see flow/flow_step_audit.cpp).
RunResult runDpswFlowOnOneThread(const DpswFlowSettings& s, std::uint64_t seed);

/// One whole DPSWgen run with its metrics (runDpswGenerator runs on one thread itself).
RunResult runDpswGeneratorQuietly(const DpswGeneratorSettings& s, std::uint64_t seed);

}  // namespace dpw
