#pragma once
/// The one root finder of engine/privacy: every calibration (analytic Gaussian μ, discrete Gaussian ρ,
/// the accountants' noise multiplier σ, the GDP ε(δ) inverse) solves "the extreme x with f(x) ≤ target"
/// for a monotone f through these two functions.
///
/// Method: the bracket is grown geometrically from [lo, hi] until f changes side, then narrowed by
/// TOMS 748 (Alefeld, Potra & Shi 1995; Boost.Math `tools::toms748_solve`), which converges
/// superlinearly on smooth f and never leaves the bracket (so it is as safe as bisection, also on the
/// kinks of a minimum over RDP orders). The answer is the end of the final bracket on the feasible
/// side (f(x) ≤ target), so a calibration built on it never claims more privacy than it has; its
/// distance to the exact root is below the relative width `relTol`. Cost: typically 10-20
/// evaluations of f for a relative width of 1e-13 (bisection needs ~45).
///
/// Non-finite values: f(x) = +∞ or NaN counts as infeasible ("too little noise": e.g. the PLD
/// accountant's ε = ∞ at a small σ). While the infeasible end of the bracket has a non-finite value,
/// the bracket is halved geometrically (bisection in log x) until that end is finite, so TOMS 748 only
/// interpolates between finite values; a non-finite value met later (f not monotone in floating
/// point) is replaced by the infeasible end's value, which keeps the signs right. A value exactly at
/// the target is feasible and not taken as the root: the search goes on to the edge of the feasible set
/// (f may equal the target on a whole interval: the PLD's ε is a staircase on its 1e-4 loss grid).
/// Where the feasible set ends because f cannot be computed beyond it (non-finite there) while f at the
/// feasible end is more than 1% below the target, the answer is a feasible x within relative width 1e-3
/// of that end (relTol if wider): it still meets the target, and no x is much tighter.
#include <functional>

namespace dpw {

/// For f increasing on (0, ∞): the largest x (to relative width `relTol`) with f(x) ≤ target, searched
/// from the bracket [lo, hi] (0 < lo < hi) which is widened by factors of 2 (hi up, lo down) while
/// f(hi) ≤ target or f(lo) > target (non-finite: > target). Returns `lo` after 200 halvings if f(lo) >
/// target still (no feasible point found; the caller checks), and throws if f(hi) ≤ target after 200
/// doublings.
/// @throws InvalidArgument unless 0 < lo < hi, or if no bracket is found upward; InternalError unless
/// 0 < relTol < 1 (a constant of the caller).
double largestBelow(const std::function<double(double)>& f, double target, double lo, double hi,
                    double relTol = 1e-13);

/// For f decreasing on (0, ∞) (e.g. ε(σ) of an accountant): the smallest x (to relative width
/// `relTol`) with f(x) ≤ target; non-finite f(x) counts as > target. The bracket [lo, hi]
/// (0 < lo < hi) is widened by factors of 2: hi up while f(hi) > target, as long as hi ≤ xMax
/// (returns +∞ if no x ≤ xMax tried is feasible: the caller throws its own message); lo down while
/// f(lo) ≤ target, as long as lo ≥ xMin (returns that lo if every x tried down to xMin is feasible).
/// @throws InvalidArgument unless 0 < lo < hi, 0 < xMin ≤ lo and hi ≤ xMax (a user's extreme multiplier can
/// reach them through the discrete Gaussian's releaseEpsilon); InternalError unless 0 < relTol < 1.
double smallestBelow(const std::function<double(double)>& f, double target, double lo, double hi, double xMin,
                     double xMax, double relTol = 1e-13);

}  // namespace dpw
