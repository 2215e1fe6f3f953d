#include "methods/flow/dpsw_flow_run_audit.h"

#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include <omp.h>

#include "core/error.h"
#include "core/run_observer.h"
#include "flow/projection_histogram.h"
#include "methods/flow/dpsw_flow.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {

namespace {

constexpr long kRows = 50, kBatch = 5, kSteps = 30, kBins = 32;

DpswFlowSettings runSettings(const MechanismAuditSettings& a, bool withCanary) {
  DpswFlowSettings s;
  s.variant = FlowVariant::Resampled;
  s.particles = 16;
  s.projections = 2;
  s.batch = kBatch;
  s.publicRows = kRows;
  s.steps = kSteps;
  s.bins = kBins;
  s.frameEvery = kSteps;
  s.data.target = "ring5";
  s.data.toySize = 20;  // the held-out and reference samples feed only the run's evaluation (their sorts were most of a trial)
  s.privacy.epsilon = a.epsilon;
  s.privacy.delta = a.delta;
  s.privacy.accountant = AccountantKind::Pld;  // what "auto" resolves to for the histogram release (Poisson, add/remove)
  s.privacy.noiseSource = a.noiseSource;
  s.editData = [withCanary](FlowData& d) {
    const Eigen::Index rows = withCanary ? kRows : kRows - 1;
    d.privateData = Points::Zero(rows, 2);
    if (withCanary) d.privateData(rows - 1, 0) = 1.0;  // the canary u = e₁
  };
  return s;
}


}  // namespace

RunResult runDpswFlowOnOneThread(const DpswFlowSettings& s, std::uint64_t seed) {
  RunResult r;
  LatestFramesObserver observer;
#pragma omp parallel num_threads(1)
  {
    omp_set_num_threads(1);
    r = runDpswFlow(s, seed, observer);
  }
  return r;
}

AuditTarget dpswFlowRunAuditTarget(const MechanismAuditSettings& a, std::uint64_t seed) {
  require(a.epsilon > 0 && std::isfinite(a.epsilon), "the audited ε must be finite and > 0, got ", a.epsilon);
  require(a.delta > 0 && a.delta < 1, "delta must lie in (0, 1), got ", a.delta);
  requireAuditFault(a.fault, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds, AuditFault::RateTenth},
                    "dpswflow-r-run");
  // The claim: the correct run's ledger ε for the whole run, and its noise (a probe run on D').
  const RunResult probe = runDpswFlowOnOneThread(runSettings(a, false), seed);
  const double claimed = probe.metrics.at("epsilon"), q = probe.metrics.at("sample_rate");
  const double sigmaClaimed = probe.metrics.at("noise_std");
  double multiplier = probe.metrics.at("noise_multiplier");
  if (a.fault == AuditFault::NoiseQuarter || a.fault == AuditFault::NoiseTwoThirds)
    multiplier *= auditNoiseFactor(a.fault);
  if (a.fault == AuditFault::RateTenth) {  // calibrated as if q were q/10 (public count × 10), sampled at q
    DpswFlowSettings tenth = runSettings(a, false);
    tenth.publicRows = 10 * kRows;
    multiplier = runDpswFlowOnOneThread(tenth, seed).metrics.at("noise_multiplier");
  }
  struct Shared {
    DpswFlowSettings d, dPrime;
    double q = 0, sigma = 0;
  };
  auto sh = std::make_shared<Shared>();
  sh->d = runSettings(a, true), sh->dPrime = runSettings(a, false);
  // The trials run the probe's mechanism with its multiplier given: the calibration is deterministic, so
  // the noise, the Poisson coins and the release are those of a run that calibrates (the probe's), and
  // the report is read by rdp, which assumes the same sampler and neighbours as pld (Poisson, add/remove)
  // but costs no PLD composition a run (those were 95% of a trial's time: calibrating by PLD every run).
  for (DpswFlowSettings* r : {&sh->d, &sh->dPrime}) {
    r->privacy.noiseMultiplier = multiplier;
    r->privacy.accountant = AccountantKind::Rdp;
  }
  sh->q = q;
  sh->sigma = sigmaClaimed;  // the claimed law (the score uses the noise read from the release)
  AuditTarget t;
  t.claimedEpsilon = claimed;
  t.claimedDelta = a.delta;
  t.noiseScale = multiplier * probe.metrics.at("sensitivity");
  t.trial = [sh](bool neighbour, Rng& rng) {
    DpswFlowSettings s = neighbour ? sh->dPrime : sh->d;
    // Per step: the canary's counts and how many directions carry them; and the squares of the counts of
    // the bins no row can reach (neither the origin's nor the canary's), pure noise.
    std::vector<std::pair<double, long>> steps;
    double noiseSquares = 0;
    long noiseBins = 0;
    s.inspectReleasedCounts = [&](long, std::size_t, const Points& dirs, const Points& counts) {
      Points u = Points::Zero(1, dirs.cols());
      u(0, 0) = 1.0;
      const Points canary = projectionCounts(u, dirs, counts.cols());
      const Points origin = projectionCounts(Points::Zero(1, dirs.cols()), dirs, counts.cols());
      double sum = 0;
      long r = 0;
      for (Eigen::Index j = 0; j < dirs.rows(); ++j) {
        Eigen::Index b = 0, b0 = 0;
        canary.row(j).maxCoeff(&b);
        origin.row(j).maxCoeff(&b0);
        for (Eigen::Index c = 0; c < counts.cols(); ++c)
          if (c != b && c != b0) noiseSquares += counts(j, c) * counts(j, c), ++noiseBins;
        if (b == b0) continue;  // the canary shares the origin rows' bin: no clean signal there
        sum += counts(j, b), ++r;
      }
      steps.emplace_back(sum, r);
    };
    runDpswFlowOnOneThread(s, rng());
    // The noise the run really drew, read from its empty bins (about 1800 of them a run: the estimate is
    // within a few per cent), not the law the run claims: a run with less noise than it claims is scored
    // by its own law, which is what lets the audit see the faults.
    const double var = noiseBins > 0 ? std::max(noiseSquares / double(noiseBins), 1e-12) : sh->sigma * sh->sigma;
    const double logStay = std::log1p(-sh->q), logQ = std::log(sh->q);
    double score = 0;
    for (const auto& [sum, r] : steps)
      if (r > 0) score += logAdd(logStay, logQ + (sum - 0.5 * double(r)) / var);
    return score;
  };
  return t;
}

}  // namespace dpw
