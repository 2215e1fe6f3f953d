#include "flow/flow_step_audit.h"

#include <cmath>
#include <memory>
#include <vector>

#include "core/error.h"
#include "core/one_thread.h"
#include "core/rng.h"
#include "flow/flow_accounting.h"
#include "flow/flow_directions.h"
#include "flow/sliced_flow_step.h"

namespace dpw {

namespace {

// The public setting of one audited step and the attacker's score of one run (see the header).
struct FlowStepScorer {
  Eigen::Index k, d;
  Points theta, X;
  Eigen::RowVectorXd u;
  double publicPart = 0, sensitivity = 0, noiseStd = 0;

  FlowStepScorer(long projections, long dimension, long particles, double multiplier, double noiseFactor,
                 std::uint64_t seed)
      : k(projections), d(dimension) {
    Rng setup = makeRng(seed, 0);
    theta = orthonormalDirectionBlocks(k, d, setup);
    X = standardNormal(particles, d, setup);
    u = Eigen::RowVectorXd::Zero(d);
    u(0) = 1;
    sensitivity = orthonormalBlockSensitivity(long(k), long(d));
    noiseStd = multiplier * sensitivity * noiseFactor;
    // Public part of the score: uᵀ Θᵀ mean(Θ X).
    const Eigen::VectorXd meanProj = (X * theta.transpose()).colwise().mean().transpose();
    const Eigen::VectorXd w = theta * u.transpose();  // Θ u
    publicPart = w.dot(meanProj);
  }

  double score(bool neighbour, std::uint64_t noiseSeed) const {
    Points Y(1, d);
    Y.row(0) = neighbour ? -u : u;
    FlowStepOptions o;
    o.noiseStd = noiseStd;
    o.noiseSeed = noiseSeed;
    o.quantiles = 2;
    // One thread per step: at these sizes (64 particles, one row) the step's own parallel region costs
    // more than the work, badly so on a shared machine, where a barrier waits for a descheduled thread
    // (4.3 ms a trial against 0.6 ms of CPU measured at k = d = 2 on the 2-core machine: bench_audits).
    // The bits do not depend on the thread count (sliced_flow_step.h).
    Points drift;
    onOneThread([&] { drift = slicedFlowDrift(X, Y, theta, o); });
    const Eigen::VectorXd md = drift.colwise().mean().transpose();
    return publicPart - double(k) * u.dot(md.transpose());  // = uᵀΘᵀ t̃ − uᵀΘᵀ ξ̄
  }
};

void requireAuditable(double epsilon, long k, long d, long n) {
  require(epsilon > 0 && std::isfinite(epsilon), "the audited ε must be finite and > 0, got ", epsilon);
  require(k >= 1 && d >= 1, "k and d must be at least 1, got ", k, " and ", d);
  require(n >= 2, "the audit needs at least 2 particles, got ", n);
}

}  // namespace

FlowStepAudit auditFlowStep(const FlowStepAuditSettings& s, std::uint64_t seed) {
  requireAuditable(s.epsilon, s.projections, s.dimension, s.particles);
  require(s.trials >= 200, "an audit needs at least 200 trials per data set, got ", s.trials);
  const double multiplier =
      oneFlowStepLedger(s.accountant, s.epsilon, s.delta, orthonormalBlockSensitivity(s.projections, s.dimension))
          .events()
          .back()
          .multiplier;
  const FlowStepScorer scorer(s.projections, s.dimension, s.particles, multiplier, s.noiseQuarter ? 0.25 : 1.0, seed);
  FlowStepAudit audit;
  audit.sensitivity = scorer.sensitivity;
  audit.noiseStd = scorer.noiseStd;
  std::vector<double> scoresD, scoresDPrime;
  scoresD.reserve(std::size_t(s.trials));
  scoresDPrime.reserve(std::size_t(s.trials));
  for (long t = 0; t < s.trials; ++t) {
    const std::uint64_t base = seed * 0x9E3779B97F4A7C15ULL + 2 * std::uint64_t(t);
    scoresD.push_back(scorer.score(false, base));
    scoresDPrime.push_back(scorer.score(true, base + 1));
  }
  audit.result = auditFromScores(std::move(scoresD), std::move(scoresDPrime), s.delta, s.confidence);
  return audit;
}

AuditTarget flowStepAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed) {
  requireAuditable(s.epsilon, s.projections, s.dimension, 64);
  requireAuditFault(s.fault, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds}, "flow-step");
  require(s.noiseSource == NoiseSource::Seeded, "the flow-step audit runs the teaching-mode (seeded) step");
  // The claim is the step's ledger's ε (the accountant's at the calibrated multiplier), not the typed target.
  const PrivacyLedger ledger =
      oneFlowStepLedger(AccountantKind::Rdp, s.epsilon, s.delta, orthonormalBlockSensitivity(s.projections, s.dimension));
  auto scorer = std::make_shared<const FlowStepScorer>(s.projections, s.dimension, 64, ledger.events().back().multiplier,
                                                       auditNoiseFactor(s.fault), seed);
  AuditTarget t;
  t.claimedEpsilon = ledger.epsilon();
  t.claimedDelta = ledger.delta();
  t.noiseScale = scorer->noiseStd;
  t.trial = [scorer](bool neighbour, Rng& rng) { return scorer->score(neighbour, rng()); };
  return t;
}

}  // namespace dpw
