#include "methods/flow/flow_step_audit.h"

#include <cmath>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "methods/flow/flow_accounting.h"
#include "methods/flow/flow_directions.h"
#include "methods/flow/sliced_flow_step.h"

namespace dpw {

FlowStepAudit auditFlowStep(const FlowStepAuditSettings& s, std::uint64_t seed) {
  require(s.epsilon > 0 && std::isfinite(s.epsilon), "the audited ε must be finite and > 0, got ", s.epsilon);
  require(s.trials >= 200, "an audit needs at least 200 trials per data set, got ", s.trials);
  require(s.projections >= 1 && s.dimension >= 1, "k and d must be at least 1, got ", s.projections, " and ",
          s.dimension);
  require(s.particles >= 2, "the audit needs at least 2 particles, got ", s.particles);
  const Eigen::Index k = s.projections, d = s.dimension, n = s.particles;
  Rng setup = makeRng(seed, 0);
  const Points theta = orthonormalDirectionBlocks(k, d, setup);
  const Points X = standardNormal(n, d, setup);
  Eigen::RowVectorXd u = Eigen::RowVectorXd::Zero(d);
  u(0) = 1;
  FlowStepAudit audit;
  audit.sensitivity = orthonormalBlockSensitivity(long(k), long(d));
  const double multiplier = flowCalibrateMultiplier(s.accountant, s.epsilon, s.delta, 1.0, 1);
  audit.noiseStd = multiplier * audit.sensitivity / (s.noiseQuarter ? 4.0 : 1.0);
  // Public part of the score: uᵀ Θᵀ mean(Θ X).
  const Eigen::VectorXd meanProj = (X * theta.transpose()).colwise().mean().transpose();
  const Eigen::VectorXd w = theta * u.transpose();  // Θ u
  const double publicPart = w.dot(meanProj);
  auto score = [&](bool neighbour, std::uint64_t trial) {
    Points Y(1, d);
    Y.row(0) = neighbour ? -u : u;
    FlowStepOptions o;
    o.noiseStd = audit.noiseStd;
    o.noiseSeed = seed * 0x9E3779B97F4A7C15ULL + 2 * trial + (neighbour ? 1 : 0);
    o.quantiles = 2;
    const Points drift = slicedFlowDrift(X, Y, theta, o);
    const Eigen::VectorXd md = drift.colwise().mean().transpose();
    return publicPart - double(k) * u.dot(md.transpose());  // = uᵀΘᵀ t̃ − uᵀΘᵀ ξ̄
  };
  std::vector<double> scoresD, scoresDPrime;
  scoresD.reserve(std::size_t(s.trials));
  scoresDPrime.reserve(std::size_t(s.trials));
  for (long t = 0; t < s.trials; ++t) {
    scoresD.push_back(score(false, std::uint64_t(t)));
    scoresDPrime.push_back(score(true, std::uint64_t(t)));
  }
  audit.result = auditFromScores(std::move(scoresD), std::move(scoresDPrime), s.delta, s.confidence);
  return audit;
}

}  // namespace dpw
