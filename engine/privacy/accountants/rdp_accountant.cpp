#include "privacy/accountants/rdp_accountant.h"

#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/accountants/wdp_analysis.h"

namespace dpw {

RdpAccountant::RdpAccountant(Sampling sampling, RdpConversion conversion)
    : sampling_(sampling), conversion_(conversion), orders_(defaultRdpOrders()), total_(orders_.size(), 0.0) {}

std::string RdpAccountant::id() const {
  if (sampling_ == Sampling::WithoutReplacement) return "rdp-wor";
  return conversion_ == RdpConversion::Mironov ? "rdp-mironov" : "rdp";
}

std::string RdpAccountant::name() const {
  const std::string conv = conversion_ == RdpConversion::Mironov ? "Mironov 2017 conversion" : "Balle et al. 2020 conversion";
  return sampling_ == Sampling::WithoutReplacement
             ? "RDP (fixed-size sampling without replacement, replace-one, Wang et al. 2019 Thm 9 with Thm 27 terms, capped by the Gaussian; " + conv + ")"
             : "RDP (Poisson, add/remove; " + conv + ")";
}

std::string RdpAccountant::shortName() const {
  if (sampling_ == Sampling::WithoutReplacement) return "RDP w/o replacement";
  return conversion_ == RdpConversion::Mironov ? "RDP (Mironov)" : "RDP (Balle et al.)";
}

void RdpAccountant::addGaussianSteps(double sigma, double q, long steps) {
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(steps >= 0, "the number of steps must be >= 0, got ", steps);
  if (sigma != cachedSigma_ || q != cachedQ_) {
    cachedStep_.resize(orders_.size());
    for (size_t i = 0; i < orders_.size(); ++i)
      cachedStep_[i] = sampling_ == Sampling::Poisson ? rdpPoissonGaussian(q, sigma, orders_[i])
                                                      : rdpWithoutReplacementGaussian(q, sigma, orders_[i]);
    cachedSigma_ = sigma;
    cachedQ_ = q;
  }
  if (steps == 0) return;  // the per-step curve stays cached (a warm accountant); 0·∞ would be NaN
  for (size_t i = 0; i < orders_.size(); ++i) total_[i] += double(steps) * cachedStep_[i];
}

void RdpAccountant::addRdpCurve(const std::vector<double>& rdpPerStep, long steps) {
  ensure(rdpPerStep.size() == orders_.size(), "an RDP curve needs ", orders_.size(), " values, got ",
          rdpPerStep.size());
  require(steps >= 0, "the number of steps must be >= 0, got ", steps);
  for (size_t i = 0; i < orders_.size(); ++i) total_[i] += double(steps) * rdpPerStep[i];
}

void RdpAccountant::addLaplaceSteps(double lambda, long steps) {
  require(lambda > 0 && std::isfinite(lambda), "the Laplace scale over sensitivity must be a finite number > 0, got ", lambda);
  std::vector<double> curve(orders_.size());
  for (size_t i = 0; i < orders_.size(); ++i) curve[i] = rdpLaplaceMechanism(lambda, orders_[i]);
  addRdpCurve(curve, steps);
}

double RdpAccountant::epsilon(double delta) const { return epsilonFromRdp(orders_, total_, delta, conversion_).epsilon; }

double RdpAccountant::bestOrder(double delta) const { return epsilonFromRdp(orders_, total_, delta, conversion_).order; }

double RdpAccountant::delta(double epsilon) const { return deltaFromRdp(orders_, total_, epsilon, conversion_); }

// The Rényi accountants' ε hold for the discrete Gaussian as far as their curves do (DiscreteGaussianCover):
// composition at q = 1; rdp-wor's subsampling takes any curve.
const AccountantInfo kRdpAccountant = {
    .kind = AccountantKind::Rdp,
    .id = "rdp",
    .relation = Neighbouring::AddRemove,
    .batches = BatchSampling::OfRelation,
    .claim = AccountantClaim::Bound,
    .rank = 1,
    .epsilonCost = EpsilonCost::Cheap,
    .discreteGaussian = DiscreteGaussianCover::Unsubsampled,
    .make = []() -> std::unique_ptr<Accountant> {
      return std::make_unique<RdpAccountant>(RdpAccountant::Sampling::Poisson, RdpConversion::BalleEtAl2020);
    }};

const AccountantInfo kRdpMironovAccountant = {
    .kind = AccountantKind::RdpMironov,
    .id = "rdp-mironov",
    .relation = Neighbouring::AddRemove,
    .batches = BatchSampling::OfRelation,
    .claim = AccountantClaim::Bound,
    .rank = 2,
    .epsilonCost = EpsilonCost::Cheap,
    .discreteGaussian = DiscreteGaussianCover::Unsubsampled,
    .make = []() -> std::unique_ptr<Accountant> {
      return std::make_unique<RdpAccountant>(RdpAccountant::Sampling::Poisson, RdpConversion::Mironov);
    }};

const AccountantInfo kRdpWorAccountant = {
    .kind = AccountantKind::RdpWor,
    .id = "rdp-wor",
    .relation = Neighbouring::ReplaceOne,
    .batches = BatchSampling::OfRelation,
    .claim = AccountantClaim::Bound,
    .rank = 1,
    .epsilonCost = EpsilonCost::Cheap,
    .discreteGaussian = DiscreteGaussianCover::EveryRate,
    .make = []() -> std::unique_ptr<Accountant> {
      return std::make_unique<RdpAccountant>(RdpAccountant::Sampling::WithoutReplacement, RdpConversion::Mironov);
    }};

}  // namespace dpw
