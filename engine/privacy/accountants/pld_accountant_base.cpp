#include "privacy/accountants/pld_accountant_base.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace dpw {

PldAccountantBase::PldAccountantBase(double interval, PldEstimate estimate) : interval_(interval), estimate_(estimate) {
  require(interval > 0 && interval < 1, "the PLD discretisation interval must lie in (0, 1), got ", interval);
}

void PldAccountantBase::addGaussianSteps(double sigma, double q, long steps) {
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(steps >= 0, "the number of steps must be >= 0, got ", steps);
  if (steps > 0) record({StepMechanism::Gaussian, sigma, q}, steps);
}

void PldAccountantBase::addLaplaceReleases(double scale, long count) {
  require(scale > 0 && std::isfinite(scale), "the Laplace scale (in units of the sensitivity) must be a finite number > 0, got ",
          scale);
  require(count >= 0, "the number of releases must be >= 0, got ", count);
  if (count > 0) record({StepMechanism::Laplace, scale, 1.0}, count);
}

void PldAccountantBase::addDiscreteLaplaceReleases(double parameter, long sensitivity, long count) {
  require(parameter > 0 && std::isfinite(parameter),
          "the discrete Laplace noise parameter must be a finite number > 0, got ", parameter);
  require(sensitivity >= 1, "the discrete Laplace sensitivity must be an integer >= 1, got ", sensitivity);
  require(count >= 0, "the number of releases must be >= 0, got ", count);
  if (count > 0) record({StepMechanism::DiscreteLaplace, parameter, double(sensitivity)}, count);
}

double PldAccountantBase::epsilon(double delta) const {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  const std::vector<const PldPmf*> plds = composed();
  if (plds.empty()) return 0;
  double worst = pldEpsilon(*plds[0], delta);
  for (std::size_t i = 1; i < plds.size(); ++i) worst = std::max(worst, pldEpsilon(*plds[i], delta));
  return worst;
}

double PldAccountantBase::delta(double epsilon) const {
  require(epsilon >= 0, "epsilon must be >= 0, got ", epsilon);
  const std::vector<const PldPmf*> plds = composed();
  if (plds.empty()) return 0;
  double worst = pldDelta(*plds[0], epsilon);
  for (std::size_t i = 1; i < plds.size(); ++i) worst = std::max(worst, pldDelta(*plds[i], epsilon));
  return worst;
}

std::unique_ptr<Accountant> PldAccountantBase::coarser() const {
  return interval_ < kCoarseInterval ? withInterval(kCoarseInterval) : nullptr;
}

}  // namespace dpw
