#include "privacy/accountants/pld_accountant.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <functional>
#include <limits>
#include <sstream>

#include "core/error.h"
#include "privacy/accountants/pld_laplace_analysis.h"
#include "privacy/accountants/pld_step_cache.h"

namespace dpw {

namespace {
// Runs the REMOVE and the ADD work side by side (OpenMP sections, two cores); an exception (PldTooLarge) cannot
// leave an OpenMP region, so it is caught there and rethrown here.
void bothAdjacencies(const std::function<void()>& remove, const std::function<void()>& add) {
  std::exception_ptr failed[2];
#pragma omp parallel sections
  {
#pragma omp section
    try {
      remove();
    } catch (...) {
      failed[0] = std::current_exception();
    }
#pragma omp section
    try {
      add();
    } catch (...) {
      failed[1] = std::current_exception();
    }
  }
  for (const auto& f : failed)
    if (f) std::rethrow_exception(f);
}
}  // namespace

std::string PldAccountant::name() const {
  std::ostringstream os;
  os << "PLD (Poisson, add/remove; connect-the-dots " << (estimate() == PldEstimate::Optimistic ? "lower" : "upper")
     << " bound on a privacy-loss grid of " << interval() << ")";
  return os.str();
}

void PldAccountant::record(const StepKey& key, long steps) {
  const auto [it, added] = pending_.try_emplace(key, batches_.size());
  if (!added) {
    long& total = batches_[it->second].steps;
    require(total <= std::numeric_limits<long>::max() - steps, "more than 2^63 steps recorded");
    total += steps;
  } else {
    batches_.push_back({key, steps});
  }
}

void PldAccountant::fold() const {
  pending_.clear();
  if (folded_ == batches_.size()) return;
  // Everything recorded since the last fold, and the PLD folded then, composed at once per adjacency (composeMany:
  // one FFT per distinct step and one inverse, whatever the number of distinct steps).
  std::vector<std::pair<const PldPmf*, long>> removeParts, addParts;
  if (remove_) {
    removeParts.emplace_back(&*remove_, 1);
    addParts.emplace_back(&*add_, 1);
  }
  for (; folded_ < batches_.size(); ++folded_) {
    const Batch& b = batches_[folded_];
    const auto& [rem, add] = single(b.key);
    removeParts.emplace_back(&rem, b.steps);
    addParts.emplace_back(&add, b.steps);
  }
  const auto join = [](const std::vector<std::pair<const PldPmf*, long>>& parts) {
    return parts.size() == 1 && parts[0].second == 1 ? *parts[0].first : composeMany(parts);
  };
  PldPmf rem, add;
  bothAdjacencies([&] { rem = join(removeParts); }, [&] { add = join(addParts); });
  remove_ = std::move(rem);
  add_ = std::move(add);
}

const std::pair<PldPmf, PldPmf>& PldAccountant::single(const StepKey& key) const {
  auto it = single_.find(key);
  if (it == single_.end()) {
    const auto [kind, param, q] = key;
    const double interval = this->interval();
    auto pair = cachedPldStep<std::pair<PldPmf, PldPmf>>(
        {cacheTag(0), int(kind), param, q, interval}, [kind, param, q, interval, estimate = estimate()] {
          PldPmf rem, add;
          if (kind == StepMechanism::Laplace) {
            rem = laplacePld(param, interval, estimate);
          } else if (kind == StepMechanism::DiscreteLaplace) {
            rem = discreteLaplacePld(param, long(q), interval, estimate);
          } else {
            // The two adjacencies are independent: built side by side on two cores.
            bothAdjacencies([&] { rem = subsampledGaussianPld(param, q, PldAdjacency::Remove, interval, estimate); },
                            [&] { if (q < 1) add = subsampledGaussianPld(param, q, PldAdjacency::Add, interval, estimate); });
          }
          // The Laplace laws and the Gaussian at q = 1: both adjacencies have the same loss law.
          if (kind != StepMechanism::Gaussian || q == 1) add = rem;
          return std::make_pair(std::move(rem), std::move(add));
        });
    it = single_.emplace(key, std::move(pair)).first;
  }
  return *it->second;
}

std::vector<PldAccountantBase::Parts> PldAccountant::stepParts() const {
  Parts removeParts, addParts;
  for (const Batch& b : batches_) {
    const auto& [rem, add] = single(b.key);
    removeParts.emplace_back(&rem, b.steps);
    addParts.emplace_back(&add, b.steps);
  }
  if (removeParts.empty()) return {};
  return {removeParts, addParts};
}

std::vector<const PldPmf*> PldAccountant::composed() const {
  fold();
  if (!remove_) return {};
  return {&*remove_, &*add_};
}

const AccountantInfo kPldAccountant = {
    .kind = AccountantKind::Pld,
    .id = "pld",
    .relation = Neighbouring::AddRemove,
    .claim = AccountantClaim::Bound,
    .rank = 0,
    .epsilonCost = EpsilonCost::Costly,
    .discreteGaussian = DiscreteGaussianCover::None,
    .make = []() -> std::unique_ptr<Accountant> {
      return std::make_unique<PldAccountant>();
    }};

}  // namespace dpw
