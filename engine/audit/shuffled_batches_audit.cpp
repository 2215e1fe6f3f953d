#include "audit/shuffled_batches_audit.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <vector>

#include "core/error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/calibration/ledger_calibration.h"

namespace dpw {

namespace {

double accountedEpsilon(AccountantKind kind, double sigma, double q, long steps, double delta) {
  auto acc = makeAccountant(kind);
  acc->addGaussianSteps(sigma, q, steps);
  return acc->epsilon(delta);
}

}  // namespace

ShuffledBatchesClaims shuffledBatchesClaims(double sigma, double delta) {
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be > 0 and finite, got ", sigma);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  const double q = 1.0 / double(kShuffledBatches);
  const long T = kShuffledBatches * kShuffledEpochs;
  // Shuffled once: E whole-data Gaussian releases of sensitivity 1 are one Gaussian release in R^E whose mean
  // moves by √E, i.e. one release with multiplier σ/√E, exactly (μ-GDP composes exactly for Gaussians): its exact ε,
  // in closed form (a PLD at q = 1 over E steps took 0.27 s, a fifth of lesson 2.3's time to its first frame).
  return {accountedEpsilon(AccountantKind::Pld, sigma, q, T, delta),
          accountedEpsilon(AccountantKind::RandomAllocation, sigma, q, T, delta),
          exactGaussianEpsilon(sigma / std::sqrt(double(kShuffledEpochs)), delta)};
}

AuditTarget shuffledBatchesAuditTarget(const MechanismAuditSettings& a, std::uint64_t) {
  require(a.epsilon > 0 && std::isfinite(a.epsilon), "the audited ε must be finite and > 0, got ", a.epsilon);
  require(a.delta > 0 && a.delta < 1, "delta must lie in (0, 1), got ", a.delta);
  requireAuditFault(a.fault, {AuditFault::ShuffledAsPoisson}, "shuffled-batches-run");
  const bool asPoisson = a.fault == AuditFault::ShuffledAsPoisson;
  // The run's calibration to the target ε: with bug (e) by the Poisson accountant it claims (pld, the tightest
  // proven one for that sampler); correct, exactly, as the one Gaussian release with multiplier σ/√E above.
  const LedgerAtMultiplier poissonLedgerAt = [&](double z) {
    PrivacyLedger ledger(AccountantKind::Pld, a.delta);
    ledger.record({NoiseMechanism::Gaussian, z, 1.0, Neighbouring::AddRemove, Sampler::Poisson,
                   1.0 / double(kShuffledBatches), kShuffledBatches * kShuffledEpochs});
    return ledger;
  };
  const double sigma = asPoisson ? calibrateMultiplier(poissonLedgerAt, a.epsilon)
                                 : analyticGaussianNoiseStd(a.epsilon, a.delta, std::sqrt(double(kShuffledEpochs)));
  const ShuffledBatchesClaims claims = shuffledBatchesClaims(sigma, a.delta);
  AuditTarget t;
  t.claimedEpsilon = asPoisson ? claims.poisson : claims.onePerEpoch;
  t.claimedDelta = a.delta;
  t.noiseScale = sigma;  // sensitivity 1 (the clip)
  t.metrics = {{"noise_multiplier", sigma},
               {"epsilon_poisson", claims.poisson},
               {"epsilon_random_allocation", claims.randomAllocation},
               {"epsilon_shuffled_once", claims.onePerEpoch}};
  const Mechanism noise = Mechanism::gaussianStd(sigma);
  t.trial = [noise, sigma](bool neighbour, Rng& rng) {
    constexpr long k = kShuffledBatches, b = kShuffledRows / kShuffledBatches, E = kShuffledEpochs;
    std::vector<double> rows(kShuffledRows, 0.0);
    if (!neighbour) rows[0] = 1.0;  // the canary, at the clip (D' replaces it by a zero row)
    std::vector<long> order(kShuffledRows);
    std::iota(order.begin(), order.end(), 0L);
    std::shuffle(order.begin(), order.end(), rng);  // shuffled once; the same k batches every epoch
    std::vector<double> sums(k, 0.0), slot(k, 0.0), released(k);
    for (long i = 0; i < k; ++i)
      for (long r = 0; r < b; ++r) sums[std::size_t(i)] += rows[std::size_t(order[std::size_t(i * b + r)])];
    for (long e = 0; e < E; ++e) {
      released = sums;
      noise.addTo(released, rng);  // one Gaussian release per step
      for (long i = 0; i < k; ++i) slot[std::size_t(i)] += released[std::size_t(i)];
    }
    // log (1/k) Σ_i exp((S_i − E/2)/σ²): the likelihood ratio of "the canary is in one slot" against "in none".
    double score = (slot[0] - 0.5 * double(E)) / (sigma * sigma);
    for (long i = 1; i < k; ++i) score = logAdd(score, (slot[std::size_t(i)] - 0.5 * double(E)) / (sigma * sigma));
    return score - std::log(double(k));
  };
  return t;
}

}  // namespace dpw
