#pragma once
/// The privacy-loss grid an interactive run composes its PLDs on, so that Stop, asked between compositions, is
/// answered within a second (#40). A composition costs about 0.3 µs a grid point on the 2-core machine (one FFT of
/// the Chernoff window per part and one inverse, pld_analysis.h: composedPoints); the accountants' own grid
/// (Δ = 1e-4) needs up to 2^25 points, ~3 s, for ε in the hundreds. A run that composes at most
/// kInteractivePldPoints at once asks for Stop at least every ~0.2 s idle and ~0.2-0.5 s beside a busy process.
/// Where the fine grid needs more, the coarser one (PldAccountantBase::kCoarseInterval, 10x: the same pessimistic
/// construction, so ε is still an upper bound, looser by T·Δ at worst and by ~1e-5 relative in practice) carries
/// the run; where that needs more too, the run is refused before any composition.
#include <functional>
#include <optional>

namespace dpw {

/// The most grid points one interactive composition may span (2^19; 2^20 left 1.08 s between two questions
/// beside a busy process, the accountant explorer's largest run).
inline constexpr double kInteractivePldPoints = double(1 << 19);

/// The finer of `fine` and PldAccountantBase::kCoarseInterval on which `points(interval)` (the grid points of the
/// run's largest composition on that grid, e.g. PldAccountantBase::compositionPoints) is at most
/// kInteractivePldPoints; nullopt if neither. The coarse grid is measured first and the fine one only when the
/// coarse count, scaled by the grids' ratio, is within 2x of the limit: a fine one-step PLD that alone takes seconds
/// to build (σ = 0.05, q = 1: 7.9e6 points) is never built. A `points` that throws PldTooLarge counts as too many.
std::optional<double> interactivePldInterval(const std::function<double(double interval)>& points, double fine = 1e-4);

}  // namespace dpw
