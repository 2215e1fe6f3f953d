#include "methods/flow/dpsw_generator_run_audit.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "methods/flow/dpsw_generator.h"
#include "methods/flow/flow_run_audit_setup.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {

namespace {

constexpr long kRows = 5, kBatch = 1, kSteps = 20, kProjections = 2;

DpswGeneratorSettings runSettings(const MechanismAuditSettings& a, bool neighbour, long rows = kRows) {
  DpswGeneratorSettings s;  // the dpswgen method's defaults, but for the sizes that only cost time (see the header)
  s.latent = 2;
  s.width = 8;
  s.depth = 1;
  s.projections = kProjections;
  s.batch = kBatch;
  s.steps = kSteps;
  s.samples = 20;
  s.frameEvery = kSteps;
  setAuditedRun(s, a, AccountantKind::PldWor);  // what "auto" resolves to for one generator
  s.editData = [neighbour, rows](FlowData& d) {  // one coordinate: every direction is ±1, ‖Θu‖ = √k = w
    d.privateData = Points::Zero(rows, 1);
    d.privateData(rows - 1, 0) = neighbour ? -1.0 : 1.0;  // the canary u = 1, or −u
    d.heldOut = Points(d.heldOut.leftCols(1)), d.reference = Points(d.reference.leftCols(1));
  };
  return s;
}

/// One step as the auditor keeps it: the canary's direction a = Θu (its ‖a‖²) and each batch column's x_i·a.
struct StepView {
  double aa = 0;
  std::vector<double> dots;
};

/// log[(1−p) + p·(1/b) Σ_i e^{(sign·x_i·a − ‖a‖²/2)/s²}]
double logMixture(const StepView& v, double sign, double p, double var) {
  double lse = -INFINITY;
  for (double z : v.dots) lse = logAdd(lse, (sign * z - 0.5 * v.aa) / var);
  return logAdd(std::log1p(-p), std::log(p) + lse - std::log(double(v.dots.size())));
}

}  // namespace

AuditTarget dpswGeneratorRunAuditTarget(const MechanismAuditSettings& a, std::uint64_t seed) {
  requireFlowRunAudit(a, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds, AuditFault::RateTenth},
                      "dpswgen-run");
  // The claim: the correct run's ledger ε for the whole run, and its multiplier (a probe run on D').
  const RunResult probe = runDpswGeneratorQuietly(runSettings(a, true), seed);
  double multiplier = probeMultiplier(probe, a.fault);
  if (a.fault == AuditFault::RateTenth)  // calibrated as if q were q/10 (10 m rows), sampled at q
    multiplier = runDpswGeneratorQuietly(runSettings(a, true, 10 * kRows), seed).metrics.at("noise_multiplier");
  struct Shared {
    DpswGeneratorSettings d, dPrime;
    double p = 0;
  };
  auto sh = std::make_shared<Shared>();
  sh->d = runSettings(a, false), sh->dPrime = runSettings(a, true);
  for (DpswGeneratorSettings* r : {&sh->d, &sh->dPrime}) {
    r->privacy.noiseMultiplier = multiplier;
    r->privacy.accountant = AccountantKind::RdpWor;
  }
  sh->p = probe.metrics.at("sample_rate");
  AuditTarget t;
  setProbeClaim(t, probe, a.delta, multiplier);
  t.trial = [sh](bool neighbour, Rng& rng) {
    DpswGeneratorSettings s = neighbour ? sh->dPrime : sh->d;
    std::vector<StepView> steps;
    s.inspectReleasedProjections = [&](long, std::size_t, const Points& theta, const Points& released) {
      const Vector canary = theta.col(0);  // a = Θu, u = 1
      StepView v;
      v.aa = canary.squaredNorm();
      for (Eigen::Index i = 0; i < released.cols(); ++i) v.dots.push_back(released.col(i).dot(canary));
      steps.push_back(std::move(v));
    };
    // s² of the noise the run drew, as the run reports it (white box: the mechanism's law is known)
    const double sd = runDpswGeneratorQuietly(s, rng()).metrics.at("noise_std"), var = std::max(sd * sd, 1e-12);
    double score = 0;
    for (const StepView& v : steps) score += logMixture(v, 1.0, sh->p, var) - logMixture(v, -1.0, sh->p, var);
    return score;
  };
  return t;
}

}  // namespace dpw
