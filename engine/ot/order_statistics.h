#pragma once
/// Order statistics of an unsorted sample by bucket selection, without sorting it.
///
/// The values at a few ranks (fewer than a twentieth of the values) of the ascending order are found
/// in O(n) passes: a monotone linear key
/// key(x) = ⌊(x − lo) B / (hi − lo)⌋ (clamped to B − 1, lo and hi the sample's min and max) puts every
/// value in one of B buckets with x ≤ y ⇒ key(x) ≤ key(y); one counting pass gives each bucket's first
/// rank, so the bucket holding a rank is known; only the buckets holding a wanted rank are gathered
/// (in input order) and sorted (stable insertion sort, std::stable_sort for big buckets), and the
/// rank is read off. The result is exactly the element a stable ascending sort would put at that
/// rank (so even the sign of a zero among tied ±0.0 is the stable sort's). NaNs are not allowed
/// (callers validate input). Small samples (≤ 256) or a degenerate range are stably sorted whole; more
/// ranks than a twentieth of the values are read from one radix sort (engine/ot/radix_sort.h, stable
/// above 256 values), which at that density is faster than sorting nearly every bucket.
///
/// uniformQuantilesUnsorted is engine/ot/quantile.h's quantileOfSorted at u = linspace(0, 1, P) on
/// the sorted sample, computed from the 2P order statistics its interpolations read, with the same
/// arithmetic: the same bits as sorting first.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace dpw {

/// Scratch reused across calls (no allocation once warm).
struct OrderStatisticsWorkspace {
  std::vector<std::uint32_t> keys, count, offset;
  std::vector<double> gathered, at, radixScratch;
  std::vector<std::size_t> ranks;
};

/// out[j] = the element of rank ranks[j] (0-based) in the stable ascending order of `values`.
/// `ranks` must be non-decreasing and < values.size(); out.size() == ranks.size().
void selectOrderStatistics(std::span<const double> values, std::span<const std::size_t> ranks, std::span<double> out,
                           OrderStatisticsWorkspace& w);

/// q[i] = quantileOfSorted(sorted(values), i == P − 1 ? 1 : i / (P − 1)), i = 0..P−1 (P = q.size() ≥ 2),
/// bit for bit, without sorting. values must be non-empty.
void uniformQuantilesUnsorted(std::span<const double> values, std::span<double> q, OrderStatisticsWorkspace& w);

}  // namespace dpw
