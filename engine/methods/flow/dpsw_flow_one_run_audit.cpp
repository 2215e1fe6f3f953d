#include "methods/flow/dpsw_flow_one_run_audit.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>
#include <vector>

#include "core/error.h"
#include "core/internal_error.h"
#include "flow/projection_histogram.h"
#include "methods/flow/dpsw_flow.h"
#include "methods/flow/flow_run_audit_setup.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {
namespace {

constexpr long kOrigin = 49, kSteps = 30, kBins = 4096;

DpswFlowSettings runSettings(const MechanismAuditSettings& a, const std::vector<bool>& included) {
  const long m = long(included.size());
  DpswFlowSettings s;
  s.variant = FlowVariant::Resampled;
  s.particles = 16;
  s.projections = 2;
  s.publicRows = m + kOrigin;
  s.batch = 2 * s.publicRows / 5;  // q = 0.4: below the rows a run has (49 + about m/2), as the run requires
  s.steps = kSteps;
  s.bins = kBins;
  s.frameEvery = kSteps;
  setAuditedRun(s, a, AccountantKind::Pld, 200);  // what "auto" resolves to for the histogram release
  s.editData = [included, m](FlowData& d) {
    const long in = long(std::count(included.begin(), included.end(), true));
    d.privateData = Points::Zero(kOrigin + in, 2);
    long row = kOrigin;
    for (long i = 0; i < m; ++i)
      if (included[std::size_t(i)]) {
        const double phi = 2 * std::numbers::pi * double(i) / double(m);
        d.privateData(row, 0) = std::cos(phi), d.privateData(row, 1) = std::sin(phi);
        ++row;
      }
  };
  return s;
}


/// The bin of x in B equal bins on [−1, 1], by projectionCounts' formula (flow/projection_histogram.cpp).
long binOf(double x, long bins) {
  return std::clamp(long(std::floor((x + 1.0) * (double(bins) / 2.0))), 0L, bins - 1);
}

}  // namespace

OneRunTarget dpswFlowOneRunTarget(const MechanismAuditSettings& a, std::uint64_t seed) {
  requireFlowRunAudit(a, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds}, "dpswflow-r-one-run");
  const long m = a.trials;
  require(m >= 2 && m <= 200000, "the DPSWflow-r one-run audit takes 2 to 200000 canaries, got ", m);
  // The claim: the correct run's ledger ε and multiplier (a probe run with every canary in; q is public).
  const RunResult probe = runDpswFlowOnOneThread(runSettings(a, std::vector<bool>(std::size_t(m), true)), seed);
  const double q = probe.metrics.at("sample_rate");
  const double multiplier = probeMultiplier(probe, a.fault);
  OneRunTarget t;
  setProbeClaim(t, probe, a.delta, multiplier);
  t.run = [a, q, multiplier, m](const std::vector<bool>& included, Rng& rng) {
    DpswFlowSettings s = runSettings(a, included);
    s.privacy.noiseMultiplier = multiplier;  // the probe's calibration (deterministic), the fault applied
    s.privacy.accountant = AccountantKind::Rdp;  // same sampler and neighbours as pld; no PLD composition again
    std::vector<double> sums(std::size_t(m * kSteps), 0.0);
    std::vector<long> counted(sums.size(), 0);
    double noiseSquares = 0;
    long noiseBins = 0;
    long step = 0;
    s.inspectReleasedCounts = [&](long, std::size_t, const Points& dirs, const Points& counts) {
      ensure(counts.cols() == kBins, "the run released ", counts.cols(), " bins, not ", kBins);
      std::vector<char> reached(std::size_t(dirs.rows() * kBins), 0);
      for (Eigen::Index j = 0; j < dirs.rows(); ++j) {
        const long origin = binOf(0.0, kBins);
        reached[std::size_t(j * kBins + origin)] = 1;
        for (long i = 0; i < m; ++i) {
          const double phi = 2 * std::numbers::pi * double(i) / double(m);
          const long b = binOf(dirs(j, 0) * std::cos(phi) + dirs(j, 1) * std::sin(phi), kBins);
          reached[std::size_t(j * kBins + b)] = 1;
          if (b == origin) continue;  // shares the origin rows' bin: no clean signal there
          const std::size_t k = std::size_t(step * m + i);
          sums[k] += counts(j, b), ++counted[k];
        }
        for (long c = 0; c < kBins; ++c)
          if (!reached[std::size_t(j * kBins + c)]) noiseSquares += counts(j, c) * counts(j, c), ++noiseBins;
      }
      ++step;
    };
    runDpswFlowOnOneThread(s, rng());
    ensure(step == kSteps, "the run released ", step, " steps, not ", kSteps);
    const double var = noiseBins > 0 ? std::max(noiseSquares / double(noiseBins), 1e-12) : 1.0;
    const double logStay = std::log1p(-q), logQ = std::log(q);
    std::vector<double> scores(std::size_t(m), 0.0);
    for (long t = 0; t < kSteps; ++t)
      for (long i = 0; i < m; ++i) {
        const std::size_t k = std::size_t(t * m + i);
        if (counted[k] > 0)
          scores[std::size_t(i)] += logAdd(logStay, logQ + (sums[k] - 0.5 * double(counted[k])) / var);
      }
    return scores;
  };
  return t;
}

}  // namespace dpw
