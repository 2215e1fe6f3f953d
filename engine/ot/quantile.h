#pragma once
/// Empirical quantile functions and CDFs by linear interpolation, as the flow of [DPSWFlow] uses
/// them (reference section 2): the quantile at level u of a sorted sample x₍₀₎ ≤ … ≤ x₍ₙ₋₁₎ is the
/// linear interpolation at position u (n − 1) (numpy's default "linear" method), and a CDF is read
/// back by inverting the piecewise-linear quantile curve.
#include <span>
#include <vector>

namespace dpw {

/// Quantiles of a sorted sample at the P levels u = linspace(0, 1, P). @throws InvalidArgument if the
/// sample is empty or P < 2.
std::vector<double> quantilesAtUniformLevels(std::span<const double> sorted, int P);

/// Quantile of a sorted sample at level u ∈ [0, 1] (linear interpolation at u (n − 1)).
double quantileOfSorted(std::span<const double> sorted, double u);

/// Piecewise-linear interpolation of (xp, fp) at x, clamped to the end values outside [xp₀, xp_last]
/// (numpy.interp). xp must be non-decreasing; on a run of equal xp the rightmost one is used.
double interpolate(double x, std::span<const double> xp, std::span<const double> fp);

/// Levels u = linspace(0, 1, P).
std::vector<double> uniformLevels(int P);

}  // namespace dpw
