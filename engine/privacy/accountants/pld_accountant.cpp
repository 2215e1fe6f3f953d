#include "privacy/accountants/pld_accountant.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <functional>
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
  add({Kind::Gaussian, sigma, q}, steps);
}

void PldAccountant::addLaplaceReleases(double scale, long count) {
  require(scale > 0 && std::isfinite(scale), "the Laplace scale (in units of the sensitivity) must be a finite number > 0, got ",
          scale);
  require(count >= 0, "the number of releases must be >= 0, got ", count);
  add({Kind::Laplace, scale, 1.0}, count);
}

void PldAccountant::add(Key key, long steps) {
  if (steps == 0) return;
  if (batches_.size() > folded_ && batches_.back().key == key)
    batches_.back().steps += steps;
  else
    batches_.push_back({key, steps});
}

void PldAccountant::fold() const {
  for (; folded_ < batches_.size(); ++folded_) {
    const Batch& b = batches_[folded_];
    auto it = single_.find(b.key);
    if (it == single_.end()) {
      const auto [kind, param, q] = b.key;
      const double interval = interval_;
      auto pair = cachedPldStep<std::pair<PldPmf, PldPmf>>(
          {0, int(kind), param, q, interval}, [kind, param, q, interval] {
            PldPmf rem, add;
            if (kind == Kind::Laplace) {
              rem = laplacePld(param, interval);
            } else {
              // The two adjacencies are independent: built side by side on two cores.
              bothAdjacencies([&] { rem = subsampledGaussianPld(param, q, PldAdjacency::Remove, interval); },
                              [&] { if (q < 1) add = subsampledGaussianPld(param, q, PldAdjacency::Add, interval); });
            }
            // Laplace and the Gaussian at q = 1: both adjacencies have the same loss law.
            if (kind == Kind::Laplace || q == 1) add = rem;
            return std::make_pair(std::move(rem), std::move(add));
          });
      it = single_.emplace(b.key, std::move(pair)).first;
    }
    const PldPmf& rem1 = it->second->first;
    const PldPmf& add1 = it->second->second;
    PldPmf rem, add;
    bothAdjacencies([&] { rem = b.steps == 1 ? rem1 : selfCompose(rem1, b.steps); },
                    [&] { add = b.steps == 1 ? add1 : selfCompose(add1, b.steps); });
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
