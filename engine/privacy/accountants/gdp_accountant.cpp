#include "privacy/accountants/gdp_accountant.h"

#include <cmath>

#include "core/error.h"
#include "privacy/accountants/gdp_analysis.h"

namespace dpw {

std::string GdpAccountant::name() const {
  return sampling_ == Sampling::Poisson ? "GDP (Poisson, Dong-Roth-Su CLT approximation)"
                                        : "GDP (uniform fixed-size sampling, CLT approximation of [FairLearn])";
}

void GdpAccountant::addGaussianSteps(double sigma, double q, long steps) {
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  const double mu = sampling_ == Sampling::Poisson ? gdpMuPoisson(q, sigma, steps) : gdpMuUniform(q, sigma, steps);
  muSquared_ += mu * mu;
}

double GdpAccountant::mu() const { return std::sqrt(muSquared_); }

double GdpAccountant::epsilon(double delta) const { return gdpEpsilon(mu(), delta); }

double GdpAccountant::delta(double epsilon) const { return gdpDelta(mu(), epsilon); }

const AccountantInfo kGdpAccountant = {
    .kind = AccountantKind::Gdp,
    .id = "gdp",
    .relation = Neighbouring::AddRemove,
    .batches = BatchSampling::OfRelation,
    .claim = AccountantClaim::Approximation,
    .rank = 0,
    .epsilonCost = EpsilonCost::Cheap,
    .discreteGaussian = DiscreteGaussianCover::None,
    .make = []() -> std::unique_ptr<Accountant> {
      return std::make_unique<GdpAccountant>(GdpAccountant::Sampling::Poisson);
    }};

const AccountantInfo kGdpUniformAccountant = {
    .kind = AccountantKind::GdpUniform,
    .id = "gdp-uniform",
    .relation = Neighbouring::ReplaceOne,
    .batches = BatchSampling::OfRelation,
    .claim = AccountantClaim::Approximation,
    .rank = 0,
    .epsilonCost = EpsilonCost::Cheap,
    .discreteGaussian = DiscreteGaussianCover::None,
    .make = []() -> std::unique_ptr<Accountant> {
      return std::make_unique<GdpAccountant>(GdpAccountant::Sampling::Uniform);
    }};

}  // namespace dpw
