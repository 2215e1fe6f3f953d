#include "privacy/accountants/wdp_accountant.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"
#include "privacy/accountants/wdp_analysis.h"

namespace dpw {

WdpAccountant::WdpAccountant(double mu, double beta, std::vector<double> pairDistances)
    : mu_(mu), beta_(beta), pairs_(std::move(pairDistances)) {
  require(mu >= 1 && std::isfinite(mu), "the WDP order mu must be a finite number >= 1, got ", mu);
  require(beta > 0 && std::isfinite(beta), "beta must be a finite number > 0, got ", beta);
  require(!pairs_.empty(), "the Wasserstein accountant needs at least one pair of neighbouring gradients");
  for (double d : pairs_) require(d >= 0 && std::isfinite(d), "a pair distance must be >= 0, got ", d);
}

std::string WdpAccountant::name() const {
  std::ostringstream os;
  os << "WDP (Wasserstein accountant, mu = " << mu_ << ", beta = " << beta_ << ", " << pairs_.size()
     << (pairs_.size() == 1 ? " pair" : " pairs") << "; not an (eps, delta)-DP bound)";
  return os.str();
}

void WdpAccountant::addGaussianSteps(double sigma, double q, long steps) {
  require(steps >= 0, "the number of steps must be >= 0, got ", steps);
  require(sigma > 0 && std::isfinite(sigma), "the noise standard deviation must be a finite number > 0, got ", sigma);
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  if (sigma != cachedSigma_ || q != cachedQ_) {
    cachedLoss_ = wdpStepLoss(pairs_, sigma, q, mu_);
    cachedSigma_ = sigma;
    cachedQ_ = q;
  }
  loss_ += double(steps) * cachedLoss_;
}

double WdpAccountant::epsilon(double delta) const {
  if (loss_ == 0) {
    require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
    return 0;
  }
  return wdpEpsilon(loss_, beta_, delta);
}

double WdpAccountant::delta(double epsilon) const {
  require(epsilon >= 0, "epsilon must be >= 0, got ", epsilon);
  if (loss_ == 0) return 0;
  return std::min(1.0, std::exp(-beta_ * (epsilon - loss_)));
}

const AccountantInfo kWdpAccountant = {
    .kind = AccountantKind::Wdp,
    .id = "wdp",
    .relation = Neighbouring::AddRemove,
    .batches = BatchSampling::OfRelation,
    .claim = AccountantClaim::NotDp,
    .rank = 0,
    .epsilonCost = EpsilonCost::Cheap,
    .discreteGaussian = DiscreteGaussianCover::None,
    .make = []() -> std::unique_ptr<Accountant> {
      return std::make_unique<WdpAccountant>();
    }};

}  // namespace dpw
