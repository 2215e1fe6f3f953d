#include "privacy/accountants/pld_accountant.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"

namespace dpw {

PldAccountant::PldAccountant(double interval) : interval_(interval) {
  require(interval > 0 && interval < 1, "the PLD discretisation interval must lie in (0, 1), got ", interval);
}

std::string PldAccountant::name() const {
  std::ostringstream os;
  os << "PLD (Poisson, add/remove; connect-the-dots upper bound, Δ = " << interval_ << ")";
  return os.str();
}

void PldAccountant::addGaussianSteps(double sigma, double q, long steps) {
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(steps >= 0, "the number of steps must be >= 0, got ", steps);
  if (steps == 0) return;
  if (batches_.size() > folded_ && batches_.back().sigma == sigma && batches_.back().q == q)
    batches_.back().steps += steps;
  else
    batches_.push_back({sigma, q, steps});
}

void PldAccountant::fold() const {
  for (; folded_ < batches_.size(); ++folded_) {
    const Batch& b = batches_[folded_];
    auto it = single_.find({b.sigma, b.q});
    if (it == single_.end()) {
      PldPmf rem = subsampledGaussianPld(b.sigma, b.q, PldAdjacency::Remove, interval_);
      PldPmf add = b.q == 1 ? rem : subsampledGaussianPld(b.sigma, b.q, PldAdjacency::Add, interval_);
      it = single_.emplace(std::make_pair(b.sigma, b.q), std::make_pair(std::move(rem), std::move(add))).first;
    }
    PldPmf rem = b.steps == 1 ? it->second.first : selfCompose(it->second.first, b.steps);
    PldPmf add = b.steps == 1 ? it->second.second : selfCompose(it->second.second, b.steps);
    remove_ = remove_ ? compose(*remove_, rem) : std::move(rem);
    add_ = add_ ? compose(*add_, add) : std::move(add);
  }
}

double PldAccountant::epsilon(double delta) const {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  fold();
  if (!remove_) return 0;
  return std::max(pldEpsilon(*remove_, delta), pldEpsilon(*add_, delta));
}

double PldAccountant::delta(double epsilon) const {
  require(epsilon >= 0, "epsilon must be >= 0, got ", epsilon);
  fold();
  if (!remove_) return 0;
  return std::max(pldDelta(*remove_, epsilon), pldDelta(*add_, epsilon));
}

}  // namespace dpw
