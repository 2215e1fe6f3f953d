#include "privacy/accountants/pld_accountant_base.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/recent_values.h"
#include "privacy/accountants/interactive_pld_grid.h"

namespace dpw {

namespace {

/// ε(δ) of the last few PLD histories asked, shared by every accountant in the process (the one-step PLDs are
/// shared too: pld_step_cache.h). A run reads one ε several times, each from a fresh accountant: its ε curve's
/// last point, its metric, its statement and its claim (lesson 5.2: ~0.24 s of 5.5), and a calibration's last
/// evaluation is the ε its run then states. An answer is the number a fresh accountant computed for the same
/// history recorded in the same order (the analysis, grid, estimate and δ in the key). Thread-safe.
struct EpsilonQuestion {
  std::string analysis;
  double interval, delta;
  int estimate;
  std::vector<std::tuple<int, double, double, long>> history;
  bool operator==(const EpsilonQuestion&) const = default;
};

}  // namespace

PldAccountantBase::PldAccountantBase(double interval, PldEstimate estimate) : interval_(interval), estimate_(estimate) {
  require(interval > 0 && interval < 1, "the PLD discretisation interval must lie in (0, 1), got ", interval);
}

void PldAccountantBase::addGaussianSteps(double sigma, double q, long steps) {
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(steps >= 0, "the number of steps must be >= 0, got ", steps);
  if (steps > 0) remember({StepMechanism::Gaussian, sigma, q}, steps);
}

void PldAccountantBase::addLaplaceReleases(double scale, long count) {
  require(scale > 0 && std::isfinite(scale), "the Laplace scale (in units of the sensitivity) must be a finite number > 0, got ",
          scale);
  require(count >= 0, "the number of releases must be >= 0, got ", count);
  if (count > 0) remember({StepMechanism::Laplace, scale, 1.0}, count);
}

void PldAccountantBase::addDiscreteLaplaceReleases(double parameter, long sensitivity, long count) {
  require(parameter > 0 && std::isfinite(parameter),
          "the discrete Laplace noise parameter must be a finite number > 0, got ", parameter);
  require(sensitivity >= 1, "the discrete Laplace sensitivity must be an integer >= 1, got ", sensitivity);
  require(count >= 0, "the number of releases must be >= 0, got ", count);
  if (count > 0) remember({StepMechanism::DiscreteLaplace, parameter, double(sensitivity)}, count);
}

void PldAccountantBase::remember(const StepKey& step, long count) {
  record(step, count);
  history_.emplace_back(int(std::get<0>(step)), std::get<1>(step), std::get<2>(step), count);
}

double PldAccountantBase::epsilon(double delta) const {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  if (history_.empty()) return 0;  // nothing recorded: composed() has no PLD
  static RecentValues<EpsilonQuestion, double, 32> answers;
  return answers.get({id(), interval_, delta, int(estimate_), history_}, [&] {
    const std::vector<const PldPmf*> plds = composed();
    double worst = pldEpsilon(*plds[0], delta);
    for (std::size_t i = 1; i < plds.size(); ++i) worst = std::max(worst, pldEpsilon(*plds[i], delta));
    return worst;
  });
}

double PldAccountantBase::delta(double epsilon) const {
  require(epsilon >= 0, "epsilon must be >= 0, got ", epsilon);
  const std::vector<const PldPmf*> plds = composed();
  if (plds.empty()) return 0;
  double worst = pldDelta(*plds[0], epsilon);
  for (std::size_t i = 1; i < plds.size(); ++i) worst = std::max(worst, pldDelta(*plds[i], epsilon));
  return worst;
}

double PldAccountantBase::compositionPoints() const {
  double points = 0;
  for (const Parts& parts : stepParts()) points = std::max(points, composedPoints(parts));
  return points;
}

double PldAccountantBase::epsilonFloor(double delta) const {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  if (history_.empty()) return 0;
  const double points = compositionPoints();
  if (points <= kInteractivePldPoints) return 0;
  double interval = interval_;
  while (points * (interval_ / interval) > kInteractivePldPoints) interval *= 2;
  if (interval >= 1) return 0;
  const std::unique_ptr<PldAccountantBase> floor = withGrid(interval, PldEstimate::Optimistic);
  for (const auto& [kind, parameter, q, count] : history_) floor->remember({StepMechanism(kind), parameter, q}, count);
  try {
    return floor->epsilon(delta);
  } catch (const PldTooLarge&) {
    return 0;  // no floor found cheaply: ε itself answers
  }
}

std::unique_ptr<Accountant> PldAccountantBase::coarser() const {
  return interval_ < kCoarseInterval ? withGrid(kCoarseInterval, estimate_) : nullptr;
}

}  // namespace dpw
