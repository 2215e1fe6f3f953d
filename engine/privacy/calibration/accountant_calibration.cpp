#include "privacy/calibration/accountant_calibration.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "core/error.h"
#include "privacy/accountants/pld_analysis.h"  // PldTooLarge
#include "privacy/calibration/root_finding.h"

namespace dpw {
namespace {
constexpr double kCalibrationRelTol = 1e-9;  // relative width of the final σ bracket (accountant_calibration.h)
// How far below the coarse pass's σ (Accountant::coarser) the accountant's own ε is then searched (measured for
// the PLD accountants, the only ones with a coarser grid: the fine σ is 1e-5..6e-4 below the coarse one at the
// flow and fair-learning defaults; a bracket that does not hold falls back to the blind one).
constexpr double kCoarseBracket = 2e-3;


// An ε computation as calibration sees it: a PLD too large to build means ε in the hundreds, above any target; a
// costly ε whose cheap floor (Accountant::epsilonFloor) is above the target already is that floor: infeasible, as
// the ε would say, in a fraction of its time (the root finder keeps its bracket by the sign; near the answer, where
// it interpolates, the floor is below the target and ε itself is computed).
double epsilonOrInfinity(const Accountant& empty, double sigma, double q, long steps, double delta, double target) {
  try {
    auto acc = empty.clone();
    acc->addGaussianSteps(sigma, q, steps);
    if (const double floor = acc->epsilonFloor(delta); floor > target) return floor;
    return acc->epsilon(delta);
  } catch (const PldTooLarge&) {
    return std::numeric_limits<double>::infinity();
  }
}

// The first calibration pass on the accountant's coarser grid, if it has one (a PLD's ε costs ~10⁵ normal CDFs
// and two FFTs per σ, so calibrating on its own grid (Δ = 1e-4) from a blind bracket takes ~13 of them, 0.7 s
// CPU at the flow defaults; on the 10x coarser grid, the same pessimistic construction, each is ~10x cheaper).
// Returns 0 (no guess) for an accountant without a coarser grid or when the coarse search fails.
double coarseSigma(const Accountant& empty, double epsilon, double delta, double q, long steps) {
  const std::unique_ptr<Accountant> coarse = empty.coarser();
  if (!coarse) return 0;
  const auto eps = [&](double sigma) { return epsilonOrInfinity(*coarse, sigma, q, steps, delta, epsilon); };
  const double sigma = smallestBelow(eps, epsilon, 0.5, 1.0, 1e-6, 1e7, 1e-6);
  return std::isfinite(sigma) && sigma > 2e-6 ? sigma : 0;
}
}  // namespace

double calibrateNoiseMultiplier(AccountantKind kind, double epsilon, double delta, double sampleRate, long steps) {
  // One empty accountant of the kind, cloned at every σ the root finder tries (no id lookup per step).
  return calibrateNoiseMultiplier(*makeAccountant(kind), epsilon, delta, sampleRate, steps);
}

double calibrateNoiseMultiplier(const Accountant& emptyAccountant, double epsilon, double delta, double sampleRate,
                                long steps) {
  require(epsilon > 0 && std::isfinite(epsilon), "the target epsilon must be a finite number > 0, got ", epsilon);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  require(sampleRate > 0 && sampleRate <= 1, "the sampling rate q must lie in (0, 1], got ", sampleRate);
  require(steps >= 1, "the number of steps must be at least 1, got ", steps);
  const std::unique_ptr<Accountant> empty = emptyAccountant.clone();
  require(empty->decreasesWithNoise(), "accountant '", empty->id(),
          "' cannot be calibrated: its loss does not decrease as the noise grows");
  // Memoised: the bracket checked below is evaluated again by the root finder.
  std::map<double, double> seen;
  const auto eps = [&](double sigma) {
    if (const auto it = seen.find(sigma); it != seen.end()) return it->second;
    const double e = epsilonOrInfinity(*empty, sigma, sampleRate, steps, delta, epsilon);
    seen.emplace(sigma, e);
    return e;
  };
  // ε decreases in σ: the smallest σ with ε(σ) ≤ target, bracket grown by doubling/halving from [lo, hi]
  // (default [0.5, 1]) within [1e-6, 1e7]; an ε = ∞ (PLD at a small σ) counts as above the target (root_finding.h).
  double lo = 0.5, hi = 1.0;
  if (const double guess = coarseSigma(*empty, epsilon, delta, sampleRate, steps); guess > 0) {
    // The coarse grid is the more pessimistic: σ is below its guess, mostly. A bracket that does not hold (far
    // from the guess, e.g. at ε in the hundreds) falls back to the blind one rather than doubling from here.
    const double gLo = std::max(1e-6, guess * (1 - kCoarseBracket)), gHi = std::min(1e7, guess * (1 + 1e-6));
    if (eps(gHi) <= epsilon && !(eps(gLo) <= epsilon)) {
      lo = gLo;
      hi = gHi;
    }
  }
  const double sigma = smallestBelow(eps, epsilon, lo, hi, 1e-6, 1e7, kCalibrationRelTol);
  require(std::isfinite(sigma), "no noise multiplier below 1e7 reaches epsilon ", epsilon, " at delta ", delta);
  return sigma;
}

double calibrateNoiseMultiplier(const std::string& accountantId, double epsilon, double delta, double sampleRate,
                                long steps) {
  return calibrateNoiseMultiplier(parseAccountant(accountantId), epsilon, delta, sampleRate, steps);
}

}  // namespace dpw
