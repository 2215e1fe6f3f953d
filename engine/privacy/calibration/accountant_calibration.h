#pragma once
/// Calibration of a noise multiplier on one accountant: the smallest σ whose ε after T subsampled Gaussian steps
/// meets a target. A run calibrates on its ledger (ledger_calibration.h), which comes here for an accounted
/// ledger of one kind of step; the CLI's `calibrate` and the Python module ask for the number directly.
#include <string>

#include "privacy/accountants/accountant.h"

namespace dpw {

/// Smallest noise multiplier σ whose accountant ε after `steps` steps at rate q is ≤ `epsilon` at
/// `delta`, by smallestBelow (privacy/calibration/root_finding.h: bracket by doubling/halving from [0.5, 1], then
/// TOMS 748): the σ returned meets the target (ε(σ) ≤ `epsilon`) and lies within 1e-9 relative of the
/// smallest σ that does (for an ε(σ) that decreases in σ). An ε = ∞ (the PLD at a small σ) or a PLD
/// too large to build (PldTooLarge, ε in the hundreds) counts as ε above the target; where that edge, not
/// the target, ends the feasible σ (ε there more than 1% below the target), the σ returned lies within 1e-3
/// relative of the edge (root_finding.h). If every σ down to 1e-6 meets the target, returns that small σ.
/// @throws InvalidArgument on bad values, an accountant whose loss grows with σ (wdp), or when no
/// σ < 1e7 reaches the target.
double calibrateNoiseMultiplier(const std::string& accountantId, double epsilon, double delta, double sampleRate,
                                long steps);
/// The same, for the typed kind (the id version parses once and calls it).
double calibrateNoiseMultiplier(AccountantKind kind, double epsilon, double delta, double sampleRate, long steps);
/// The same on any accountant with no step recorded (`empty`, cloned at every σ tried; e.g. one that is not
/// registered): the implementation the others call.
double calibrateNoiseMultiplier(const Accountant& empty, double epsilon, double delta, double sampleRate, long steps);

}  // namespace dpw
