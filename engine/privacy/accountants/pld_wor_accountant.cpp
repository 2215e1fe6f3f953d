#include "privacy/accountants/pld_wor_accountant.h"

#include <cmath>
#include <sstream>

#include "core/error.h"
#include "privacy/accountants/pld_laplace_analysis.h"
#include "privacy/accountants/pld_step_cache.h"
#include "privacy/accountants/pld_wor_analysis.h"

namespace dpw {

PldWorAccountant::PldWorAccountant(double interval) : interval_(interval) {
  require(interval > 0 && interval < 1, "the PLD discretisation interval must lie in (0, 1), got ", interval);
}

std::string PldWorAccountant::name() const {
  std::ostringstream os;
  os << "PLD (fixed-size sampling without replacement, replace-one; C_p(G) of Dong-Roth-Su Thm 4.2 composed exactly, "
        "connect-the-dots upper bound, Δ = "
     << interval_ << ")";
  return os.str();
}

void PldWorAccountant::addGaussianSteps(double sigma, double q, long steps) {
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(steps >= 0, "the number of steps must be >= 0, got ", steps);
  if (steps == 0) return;
  steps_[{Kind::Gaussian, sigma, q}] += steps;
  dirty_ = true;
}

void PldWorAccountant::addLaplaceReleases(double scale, long count) {
  require(scale > 0 && std::isfinite(scale), "the Laplace scale (in units of the sensitivity) must be a finite number > 0, got ",
          scale);
  require(count >= 0, "the number of releases must be >= 0, got ", count);
  if (count == 0) return;
  steps_[{Kind::Laplace, scale, 1.0}] += count;
  dirty_ = true;
}

void PldWorAccountant::fold() const {
  if (!dirty_) return;
  composed_.reset();
  for (const auto& [key, count] : steps_) {
    auto it = single_.find(key);
    if (it == single_.end()) {
      const auto [kind, param, q] = key;
      const double interval = interval_;
      it = single_
               .emplace(key, cachedPldStep<PldPmf>({1, int(kind), param, q, interval}, [kind, param, q, interval] {
                          return kind == Kind::Laplace ? laplacePld(param, interval)
                                                       : withoutReplacementGaussianPld(param, q, interval);
                        }))
               .first;
    }
    PldPmf batch = count == 1 ? *it->second : selfCompose(*it->second, count);
    composed_ = composed_ ? compose(*composed_, batch) : std::move(batch);
  }
  dirty_ = false;
}

double PldWorAccountant::epsilon(double delta) const {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  fold();
  return composed_ ? pldEpsilon(*composed_, delta) : 0.0;
}

double PldWorAccountant::delta(double epsilon) const {
  require(epsilon >= 0, "epsilon must be >= 0, got ", epsilon);
  fold();
  return composed_ ? pldDelta(*composed_, epsilon) : 0.0;
}

}  // namespace dpw
