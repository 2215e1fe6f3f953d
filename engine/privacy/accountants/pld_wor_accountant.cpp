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
  std::vector<std::pair<const PldPmf*, long>> parts;
  for (const auto& [key, count] : steps_) {
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
    parts.emplace_back(it->second.get(), count);
  }
  // Every distinct step at once (composeMany: one FFT each and one inverse).
  if (parts.size() == 1 && parts[0].second == 1) composed_ = *parts[0].first;
  else if (!parts.empty()) composed_ = composeMany(parts);
  dirty_ = false;
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
