#include "methods/flow/dpsw_pool_run_audit.h"

#include <memory>

#include "flow/projection_histogram.h"
#include "methods/flow/dpsw_flow.h"
#include "methods/flow/flow_run_audit_setup.h"

namespace dpw {

namespace {

constexpr long kRows = 50, kSteps = 3;

DpswFlowSettings runSettings(const MechanismAuditSettings& a, bool neighbour, bool projections = false) {
  DpswFlowSettings s;  // the dpswflow method's defaults, but for the sizes that only cost time (see the header)
  s.variant = FlowVariant::Pool;
  s.release = FlowRelease::Histogram;
  s.dataNoise = PoolDataNoise::Once;
  s.particles = 16;
  s.projections = 2;
  s.steps = kSteps;
  s.frameEvery = kSteps;
  setAuditedRun(s, a, AccountantKind::PldWor);  // what "auto" resolves to for the pool (q = 1, replace-one)
  const long rows = projections ? 1 : kRows;  // the projections release: the canary alone (see the header)
  if (projections) s.release = FlowRelease::Projections;
  s.editData = [neighbour, rows](FlowData& d) {
    d.privateData = Points::Zero(rows, 2);
    d.privateData(rows - 1, 0) = neighbour ? -1.0 : 1.0;  // the canary u = e₁, or −u
  };
  return s;
}

}  // namespace

AuditTarget dpswPoolRunAuditTarget(const MechanismAuditSettings& a, std::uint64_t seed) {
  requireFlowRunAudit(a, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds, AuditFault::ReplaceAsAddRemove},
                      "dpswflow-run");
  // The claim: the correct run's ledger ε for the whole run, and its multiplier (a probe run on D').
  const RunResult probe = runDpswFlowOnOneThread(runSettings(a, true), seed);
  double multiplier = probeMultiplier(probe, a.fault);
  if (a.fault == AuditFault::ReplaceAsAddRemove)  // σ = multiplier · √K for a row that moves √(2K)
    multiplier *= projectionHistogramSensitivity(runSettings(a, true).pool, true) / probe.metrics.at("sensitivity");
  struct Shared {
    DpswFlowSettings d, dPrime;
  };
  auto sh = std::make_shared<Shared>();
  sh->d = runSettings(a, false), sh->dPrime = runSettings(a, true);
  // The trials run the probe's mechanism with its multiplier given: the calibration is deterministic (one
  // exact Gaussian release), so the noise and the release are those of a run that calibrates.
  for (DpswFlowSettings* r : {&sh->d, &sh->dPrime}) r->privacy.noiseMultiplier = multiplier;
  AuditTarget t;
  setProbeClaim(t, probe, a.delta, multiplier);
  t.trial = [sh](bool neighbour, Rng& rng) {
    DpswFlowSettings s = neighbour ? sh->dPrime : sh->d;
    double score = 0;
    s.inspectReleasedCounts = [&score](long, std::size_t, const Points& pool, const Points& counts) {
      const long bins = long(counts.cols());
      Points u = Points::Zero(1, pool.cols());
      u(0, 0) = 1.0;
      const Points others = double(kRows - 1) * projectionCounts(Points::Zero(1, pool.cols()), pool, bins);
      const Points shift = projectionCounts(u, pool, bins) - projectionCounts(-u, pool, bins);
      score = ((counts - others).array() * shift.array()).sum();  // ⟨c̃ − b, h(u) − h(−u)⟩
    };
    runDpswFlowOnOneThread(s, rng());
    return score;
  };
  return t;
}

AuditTarget dpswPoolProjectionsRunAuditTarget(const MechanismAuditSettings& a, std::uint64_t seed) {
  requireFlowRunAudit(a, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds, AuditFault::ReplaceAsAddRemove},
                      "dpswflow-projections-run");
  // The claim: the correct run's ledger ε (one exact Gaussian release), and its multiplier (a probe on D').
  const RunResult probe = runDpswFlowOnOneThread(runSettings(a, true, true), seed);
  double multiplier = probeMultiplier(probe, a.fault);
  if (a.fault == AuditFault::ReplaceAsAddRemove) multiplier *= 0.5;  // σ for ‖Θu‖ = Δ/2, a replaced row moves Δ
  struct Shared {
    DpswFlowSettings d, dPrime;
  };
  auto sh = std::make_shared<Shared>();
  sh->d = runSettings(a, false, true), sh->dPrime = runSettings(a, true, true);
  for (DpswFlowSettings* r : {&sh->d, &sh->dPrime}) r->privacy.noiseMultiplier = multiplier;
  AuditTarget t;
  setProbeClaim(t, probe, a.delta, multiplier);
  t.trial = [sh](bool neighbour, Rng& rng) {
    DpswFlowSettings s = neighbour ? sh->dPrime : sh->d;
    double score = 0;
    s.inspectReleasedProjections = [&score](std::size_t, const Points& pool, const Points& released) {
      score = (released.col(0).array() * pool.col(0).array()).sum();  // ⟨ỹ, Θu⟩, u = e₁ (one row: no order)
    };
    runDpswFlowOnOneThread(s, rng());
    return score;
  };
  return t;
}

}  // namespace dpw
