#include "privacy/accountants/random_allocation_accountant.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/accountants/rdp_analysis.h"

namespace dpw {

RandomAllocationAccountant::RandomAllocationAccountant() {
  closed_.remove.assign(randomAllocationOrders().size(), 0.0);
  closed_.add.assign(randomAllocationOrders().size(), 0.0);
}

std::string RandomAllocationAccountant::name() const {
  return "Random allocation (shuffled batches: each row in one of floor(1/q) batches per epoch, add/remove; "
         "Feldman & Shenfeld 2025 RDP, Balle et al. 2020 conversion)";
}

void RandomAllocationAccountant::closeEpoch(Totals& into, long batches, double sigma) const {
  if (batches != cachedBatches_ || sigma != cachedSigma_) {
    cachedCurves_ = allocationEpochCurves(batches, sigma);
    cachedBatches_ = batches;
    cachedSigma_ = sigma;
  }
  for (std::size_t i = 0; i < into.remove.size(); ++i) {
    into.remove[i] += cachedCurves_.remove[i];
    into.add[i] += cachedCurves_.add[i];
  }
  into.muSquared += 1 / (double(batches) * sigma * sigma);
  into.shift += (1 - 1 / double(batches)) / (2 * sigma * sigma);
}

void RandomAllocationAccountant::addGaussianSteps(double sigma, double q, long steps) {
  const long k = allocationBatches(q);  // checks q
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(steps >= 0, "the number of steps must be >= 0, got ", steps);
  if (steps == 0) return;
  if (openSteps_ > 0 && k != openBatches_) {  // a new batch size ends the open epoch
    closeEpoch(closed_, openBatches_, openSigma_);
    ++closedEpochs_;
    openSteps_ = 0;
  }
  if (openSteps_ > 0) {  // fill the open epoch, charged at its smallest σ
    const long fill = std::min(steps, k - openSteps_);
    openSigma_ = std::min(openSigma_, sigma);
    openSteps_ += fill;
    steps -= fill;
    if (openSteps_ == k) {
      closeEpoch(closed_, k, openSigma_);
      ++closedEpochs_;
      openSteps_ = 0;
    }
  }
  const long whole = steps / k;
  if (whole > 0) {
    Totals one{std::vector<double>(closed_.remove.size(), 0.0), std::vector<double>(closed_.add.size(), 0.0), 0, 0};
    closeEpoch(one, k, sigma);
    for (std::size_t i = 0; i < closed_.remove.size(); ++i) {
      closed_.remove[i] += double(whole) * one.remove[i];
      closed_.add[i] += double(whole) * one.add[i];
    }
    closed_.muSquared += double(whole) * one.muSquared;
    closed_.shift += double(whole) * one.shift;
    closedEpochs_ += whole;
  }
  if (const long rest = steps % k; rest > 0) {
    openBatches_ = k;
    openSigma_ = sigma;
    openSteps_ = rest;
  }
}

RandomAllocationAccountant::Totals RandomAllocationAccountant::totals() const {
  Totals t = closed_;
  if (openSteps_ > 0) closeEpoch(t, openBatches_, openSigma_);
  return t;
}

namespace {
bool nothingSpent(const std::vector<double>& curve) {
  return std::all_of(curve.begin(), curve.end(), [](double r) { return r == 0; });
}
}  // namespace

double RandomAllocationAccountant::removeEpsilon(double delta) const {
  const Totals t = totals();
  return epsilonFromRdp(randomAllocationOrders(), t.remove, delta, RdpConversion::BalleEtAl2020).epsilon;
}

double RandomAllocationAccountant::addEpsilon(double delta) const {
  const Totals t = totals();
  const double rdp = epsilonFromRdp(randomAllocationOrders(), t.add, delta, RdpConversion::BalleEtAl2020).epsilon;
  if (nothingSpent(t.add)) return rdp;
  // Jensen's bound: (ε, δ_μ(ε − c)); the smallest such ε is c + ε_μ(δ) where ε_μ(δ) ≥ 0, and gdpEpsilon's 0
  // where δ_μ(0) ≤ δ already makes c an upper bound.
  const double jensen = t.shift + gdpEpsilon(std::sqrt(t.muSquared), delta);
  return std::min(rdp, jensen);
}

double RandomAllocationAccountant::epsilon(double delta) const {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  return std::max(removeEpsilon(delta), addEpsilon(delta));
}

double RandomAllocationAccountant::delta(double epsilon) const {
  require(epsilon >= 0, "epsilon must be >= 0, got ", epsilon);
  const Totals t = totals();
  if (nothingSpent(t.remove) && nothingSpent(t.add)) return 0;
  const auto& orders = randomAllocationOrders();
  const double remove = deltaFromRdp(orders, t.remove, epsilon, RdpConversion::BalleEtAl2020);
  const double add = std::min(deltaFromRdp(orders, t.add, epsilon, RdpConversion::BalleEtAl2020),
                              gaussianHockeyStick(std::sqrt(t.muSquared), epsilon - t.shift));
  return std::max(remove, add);
}

ShuffledAsPoisson shuffledBatchesAsPoisson(double sigma, double q, long steps, double delta) {
  require(steps >= 1, "the number of steps must be at least 1, got ", steps);
  ShuffledAsPoisson r{};
  r.poissonClaim = epsilonAfterGaussianSteps(AccountantKind::Pld, sigma, q, steps, delta);
  const long k = allocationBatches(q);
  r.shuffledLowerBound = shuffledEpsilonLowerBound(k, sigma, std::max(1L, std::min(steps / k, 100000L)), delta);
  r.allocationBound = epsilonAfterGaussianSteps(AccountantKind::RandomAllocation, sigma, q, steps, delta);
  return r;
}

// Proven for the continuous Gaussian on shuffled batches; not claimed for secure mode's discrete law (its
// remove-direction RDP is a sum over compositions of the continuous Gaussian's moments only at integer
// shifts: not checked). Offered by no method: their samplers are Poisson or fixed-size.
const AccountantInfo kRandomAllocationAccountant = {
    .kind = AccountantKind::RandomAllocation,
    .id = "random-allocation",
    .relation = Neighbouring::AddRemove,
    .batches = BatchSampling::RandomAllocation,
    .claim = AccountantClaim::Bound,
    .rank = 0,
    .epsilonCost = EpsilonCost::Cheap,
    .discreteGaussian = DiscreteGaussianCover::None,
    .make = []() -> std::unique_ptr<Accountant> { return std::make_unique<RandomAllocationAccountant>(); }};

}  // namespace dpw
