#include "flow/histogram_release_audit.h"

#include <cmath>
#include <memory>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "flow/flow_accounting.h"
#include "flow/flow_directions.h"
#include "flow/projection_histogram.h"

namespace dpw {

namespace {

constexpr long kBins = 32;

// The public setting of the audited release and the attacker's score of one run (see the header).
struct HistogramReleaseScorer {
  Points theta;
  Eigen::RowVectorXd u;
  std::vector<Eigen::Index> binD, binDPrime;  // per direction: the bin of u and of −u
  double sensitivity = 0, noiseStd = 0;
  NoiseSource source = NoiseSource::Seeded;

  bool addRemove = true;  // D' = {} (add/remove, Δ = √k) or D' = {−u} (replace-one, Δ = √(2k))

  /// `accountedSensitivity`: the Δ the noise is calibrated for (the accountant's relation); the pair's own
  /// Δ is √k (add/remove) or √(2k) (replace-one), larger when a fault accounts a replace-one pair as add/remove.
  HistogramReleaseScorer(long k, long d, double multiplier, double noiseFactor, double accountedSensitivity,
                         NoiseSource noise, bool addRemoveNeighbours, std::uint64_t seed)
      : source(noise), addRemove(addRemoveNeighbours) {
    Rng setup = makeRng(seed, 0);
    theta = orthonormalDirectionBlocks(k, d, setup);
    u = Eigen::RowVectorXd::Zero(d);
    u(0) = 1;
    sensitivity = accountedSensitivity;
    noiseStd = multiplier * sensitivity * noiseFactor;
    const Points plus = projectionCounts(u, theta, kBins), minus = projectionCounts(-u, theta, kBins);
    for (Eigen::Index j = 0; j < k; ++j) {
      Eigen::Index b = 0, bp = 0;
      plus.row(j).maxCoeff(&b);
      minus.row(j).maxCoeff(&bp);
      binD.push_back(b);
      binDPrime.push_back(bp);
    }
  }

  double score(bool neighbour, Rng& rng) const {
    const Points rows = !neighbour ? Points(u) : addRemove ? Points(0, u.cols()) : Points(-u);
    const Points released = releaseProjectionHistograms(rows, theta, kBins, noiseStd, sensitivity, source, rng);
    double sum = 0;
    for (std::size_t j = 0; j < binD.size(); ++j) {
      const Eigen::Index r = Eigen::Index(j);
      if (addRemove)
        sum += released(r, binD[j]);
      else if (binD[j] != binDPrime[j])
        sum += released(r, binD[j]) - released(r, binDPrime[j]);
    }
    return sum;
  }
};

}  // namespace

AuditTarget histogramReleaseAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed) {
  require(s.epsilon > 0 && std::isfinite(s.epsilon), "the audited ε must be finite and > 0, got ", s.epsilon);
  require(s.projections >= 1 && s.dimension >= 1, "k and d must be at least 1, got ", s.projections, " and ",
          s.dimension);
  requireAuditFault(s.fault, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds, AuditFault::ReplaceAsAddRemove},
                    "flow-histogram");
  // The neighbours are the accountant's own (its declared relation); the claim is the release's ledger's ε
  // (that accountant's at the multiplier it calibrates), not the typed target.
  const bool accountedReplaceOne = accountantInfo(s.accountant).relation == Neighbouring::ReplaceOne;
  // The fault replace-as-add-remove: the pair is replace-one (D' = {−u}) while the accountant, an
  // add/remove one, calibrates for Δ = √k (the bug of issue #36 (f)).
  const bool pairReplaceOne = accountedReplaceOne || s.fault == AuditFault::ReplaceAsAddRemove;
  require(s.fault != AuditFault::ReplaceAsAddRemove || !accountedReplaceOne,
          "the fault replace-as-add-remove needs an add/remove accountant (rdp, rdp-mironov, pld, gdp), got '",
          accountantId(s.accountant), "'");
  const double accounted = projectionHistogramSensitivity(s.projections, !accountedReplaceOne);
  const PrivacyLedger ledger = oneFlowStepLedger(s.accountant, s.epsilon, s.delta, accounted);
  auto scorer = std::make_shared<const HistogramReleaseScorer>(s.projections, s.dimension,
                                                               ledger.events().back().multiplier,
                                                               auditNoiseFactor(s.fault), accounted, s.noiseSource,
                                                               !pairReplaceOne, seed);
  AuditTarget t;
  t.claimedEpsilon = ledger.epsilon();
  t.claimedDelta = ledger.delta();
  t.noiseScale = scorer->noiseStd;
  t.trial = [scorer](bool neighbour, Rng& rng) { return scorer->score(neighbour, rng); };
  return t;
}

}  // namespace dpw
