#pragma once
/// The one root finder of engine/privacy: every calibration (analytic Gaussian μ, discrete Gaussian ρ)
/// solves "the largest x with f(x) ≤ target" for a monotone f through this function.
///
/// Method: the bracket is grown geometrically from [lo, hi] until f changes side, then narrowed by
/// TOMS 748 (Alefeld, Potra & Shi 1995; Boost.Math `tools::toms748_solve`), which converges
/// superlinearly on smooth f and never leaves the bracket (so it is as safe as bisection). The answer
/// is the end of the final bracket on the feasible side (f(x) ≤ target), so a calibration built on it
/// never claims more privacy than the tolerance allows. Cost: typically 10-20 evaluations of f for a
/// relative width of 1e-13 (bisection needs ~45).
#include <functional>

namespace dpw {

/// For f increasing on (0, ∞): the largest x (to relative width `relTol`) with f(x) ≤ target, searched
/// from the bracket [lo, hi] (0 < lo < hi) which is widened by factors of 2 (hi up, lo down) while
/// f(hi) ≤ target or f(lo) > target. Returns `lo` after 200 halvings if f(lo) > target still (no
/// feasible point found; the caller checks), and throws if f(hi) ≤ target after 200 doublings.
/// @throws InvalidArgument unless 0 < lo < hi and 0 < relTol < 1, or if no bracket is found upward.
double largestBelow(const std::function<double(double)>& f, double target, double lo, double hi,
                    double relTol = 1e-13);

}  // namespace dpw
