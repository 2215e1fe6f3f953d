#include "methods/flow/dpsw_flow_run_audit.h"

#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "core/error.h"
#include "flow/projection_histogram.h"
#include "methods/flow/dpsw_flow.h"
#include "methods/flow/flow_run_audit_setup.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {

namespace {

constexpr long kRows = 50, kBins = 32;

long runSteps(const MechanismAuditSettings& a) { return a.runSteps > 0 ? a.runSteps : 30; }
long runBatch(const MechanismAuditSettings& a) { return a.runBatch > 0 ? a.runBatch : 5; }

/// The run on D (`canary` +1: the canary at u = e₁), on the add/remove neighbour D' (0: no canary) or on the
/// replace-one neighbour D' (−1: the canary at −u).
DpswFlowSettings runSettings(const MechanismAuditSettings& a, int canary) {
  DpswFlowSettings s;
  s.variant = FlowVariant::Resampled;
  s.particles = 16;
  s.projections = 2;
  s.batch = runBatch(a);
  s.publicRows = kRows;
  s.steps = runSteps(a);
  s.bins = kBins;
  s.frameEvery = s.steps;
  // what "auto" resolves to for the histogram release (Poisson, add/remove); the toy's 20 held-out and
  // reference rows (their sorts were most of a trial)
  setAuditedRun(s, a, AccountantKind::Pld);
  s.editData = [canary](FlowData& d) {
    const Eigen::Index rows = canary != 0 ? kRows : kRows - 1;
    d.privateData = Points::Zero(rows, 2);
    if (canary != 0) d.privateData(rows - 1, 0) = double(canary);  // the canary ±e₁
  };
  return s;
}

/// The bin of each direction's histogram that a row at `x` (a point of the plane) falls in.
std::vector<Eigen::Index> binsOf(double x, const Points& dirs, Eigen::Index bins) {
  Points p = Points::Zero(1, dirs.cols());
  p(0, 0) = x;
  const Points c = projectionCounts(p, dirs, bins);
  std::vector<Eigen::Index> b(std::size_t(dirs.rows()));
  for (Eigen::Index j = 0; j < dirs.rows(); ++j) c.row(j).maxCoeff(&b[std::size_t(j)]);
  return b;
}

}  // namespace

AuditTarget dpswFlowRunAuditTarget(const MechanismAuditSettings& a, std::uint64_t seed) {
  requireFlowRunAudit(a,
                      {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds, AuditFault::RateTenth,
                       AuditFault::ReplaceAsAddRemove},
                      "dpswflow-r-run");
  require(a.runSteps >= 0 && a.runBatch >= 0 && a.runBatch < kRows, "the run's steps and batch must be >= 0 (0: "
          "the defaults) and the batch below the ", kRows, " rows, got ", a.runSteps, " and ", a.runBatch);
  // The claim: the correct run's ledger ε for the whole run, and its noise (a probe run on D').
  const RunResult probe = runDpswFlowOnOneThread(runSettings(a, 0), seed);
  const double q = probe.metrics.at("sample_rate");
  const double sigmaClaimed = probe.metrics.at("noise_std");
  double multiplier = probeMultiplier(probe, a.fault);
  if (a.fault == AuditFault::RateTenth) {  // calibrated as if q were q/10 (public count × 10), sampled at q
    DpswFlowSettings tenth = runSettings(a, 0);
    tenth.publicRows = 10 * kRows;
    multiplier = runDpswFlowOnOneThread(tenth, seed).metrics.at("noise_multiplier");
  }
  struct Shared {
    DpswFlowSettings d, dPrime;
    double q = 0, sigma = 0;
    bool replaceOne = false;
  };
  auto sh = std::make_shared<Shared>();
  // Fault replace-as-add-remove: the pair is replace-one (the canary at u in D, at −u in D'), while the run
  // calibrates and accounts for add/remove neighbours (Δ = √k of the histograms instead of √(2k)).
  sh->replaceOne = a.fault == AuditFault::ReplaceAsAddRemove;
  sh->d = runSettings(a, 1), sh->dPrime = runSettings(a, sh->replaceOne ? -1 : 0);
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
  setProbeClaim(t, probe, a.delta, multiplier);
  t.trial = [sh](bool neighbour, Rng& rng) {
    DpswFlowSettings s = neighbour ? sh->dPrime : sh->d;
    // Per step: the counts of the canary's bins at u and (replace-one) at −u, and how many directions
    // carry them; and the squares of the counts of the bins no row can reach, pure noise.
    struct Step {
      double atU = 0, atMinusU = 0;
      long r = 0;
    };
    std::vector<Step> steps;
    double noiseSquares = 0;
    long noiseBins = 0;
    s.inspectReleasedCounts = [&](long, std::size_t, const Points& dirs, const Points& counts) {
      const auto bu = binsOf(1.0, dirs, counts.cols()), bm = binsOf(-1.0, dirs, counts.cols()),
                 b0 = binsOf(0.0, dirs, counts.cols());
      Step st;
      for (std::size_t j = 0; j < bu.size(); ++j) {
        const Eigen::Index row = Eigen::Index(j);
        for (Eigen::Index c = 0; c < counts.cols(); ++c)
          if (c != bu[j] && c != b0[j] && (!sh->replaceOne || c != bm[j]))
            noiseSquares += counts(row, c) * counts(row, c), ++noiseBins;
        // A direction where the canary shares the origin rows' bin (or, replace-one, its two places share
        // one bin or the origin's) carries no clean signal: left out, as the score may leave anything out.
        if (bu[j] == b0[j] || (sh->replaceOne && (bm[j] == b0[j] || bm[j] == bu[j]))) continue;
        st.atU += counts(row, bu[j]), ++st.r;
        if (sh->replaceOne) st.atMinusU += counts(row, bm[j]);
      }
      steps.push_back(st);
    };
    runDpswFlowOnOneThread(s, rng());
    // The noise the run really drew, read from its empty bins (about 1800 of them a run: the estimate is
    // within a few per cent), not the law the run claims: a run with less noise than it claims is scored
    // by its own law, which is what lets the audit see the faults.
    const double var = noiseBins > 0 ? std::max(noiseSquares / double(noiseBins), 1e-12) : sh->sigma * sh->sigma;
    const double logStay = std::log1p(-sh->q), logQ = std::log(sh->q);
    double score = 0;
    for (const Step& st : steps) {
      if (st.r == 0) continue;
      const double half = 0.5 * double(st.r);
      score += logAdd(logStay, logQ + (st.atU - half) / var);  // log-likelihood ratio of "the canary at u"
      if (sh->replaceOne) score -= logAdd(logStay, logQ + (st.atMinusU - half) / var);  // against "at −u"
    }
    return score;
  };
  return t;
}

}  // namespace dpw
