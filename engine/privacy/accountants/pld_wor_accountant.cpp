#include "privacy/accountants/pld_wor_accountant.h"

#include <limits>
#include <sstream>

#include "core/error.h"

#include "privacy/accountants/pld_laplace_analysis.h"
#include "privacy/accountants/pld_step_cache.h"
#include "privacy/accountants/pld_wor_analysis.h"

namespace dpw {

std::string PldWorAccountant::name() const {
  std::ostringstream os;
  os << "PLD (fixed-size sampling without replacement, replace-one; C_p(G) of Dong-Roth-Su Thm 4.2 composed exactly, "
        "connect-the-dots "
     << (estimate() == PldEstimate::Optimistic ? "lower" : "upper") << " bound on a privacy-loss grid of " << interval()
     << ")";
  return os.str();
}

void PldWorAccountant::record(const StepKey& key, long count) {
  long& total = steps_[key];
  require(total <= std::numeric_limits<long>::max() - count, "more than 2^63 steps recorded");
  total += count;
  dirty_ = true;
}

void PldWorAccountant::fold() const {
  if (!dirty_) return;
  composed_.reset();
  // Every distinct step at once (composeMany: one FFT each and one inverse).
  if (const std::vector<Parts> all = stepParts(); !all.empty()) {
    const Parts& parts = all[0];
    composed_ = parts.size() == 1 && parts[0].second == 1 ? *parts[0].first : composeMany(parts);
  }
  dirty_ = false;
}

const PldPmf& PldWorAccountant::single(const StepKey& key) const {
  auto it = single_.find(key);
  if (it == single_.end()) {
    const auto [kind, param, q] = key;
    const double interval = this->interval();
    it = single_
             .emplace(key, cachedPldStep<PldPmf>({cacheTag(1), int(kind), param, q, interval},
                                                   [kind, param, q, interval, estimate = estimate()] {
                        if (kind == StepMechanism::Laplace) return laplacePld(param, interval, estimate);
                        if (kind == StepMechanism::DiscreteLaplace)
                          return discreteLaplacePld(param, long(q), interval, estimate);
                        return withoutReplacementGaussianPld(param, q, interval, estimate);
                      }))
             .first;
  }
  return *it->second;
}

std::vector<PldAccountantBase::Parts> PldWorAccountant::stepParts() const {
  Parts parts;
  for (const auto& [key, count] : steps_) parts.emplace_back(&single(key), count);
  if (parts.empty()) return {};
  return {parts};
}

std::vector<const PldPmf*> PldWorAccountant::composed() const {
  fold();
  if (!composed_) return {};
  return {&*composed_};
}

const AccountantInfo kPldWorAccountant = {
    .kind = AccountantKind::PldWor,
    .id = "pld-wor",
    .relation = Neighbouring::ReplaceOne,
    .claim = AccountantClaim::Bound,
    .rank = 0,
    .epsilonCost = EpsilonCost::Costly,
    .discreteGaussian = DiscreteGaussianCover::None,
    .make = []() -> std::unique_ptr<Accountant> {
      return std::make_unique<PldWorAccountant>();
    }};

}  // namespace dpw
