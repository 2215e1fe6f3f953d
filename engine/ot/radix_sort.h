#pragma once
/// Sorting of doubles fast enough for sliced Wasserstein, where sorting dominates the cost.
///
/// LSD radix sort on a 22-bit linear key, key(x) = ⌊(x − lo) 2²² / (hi − lo)⌋ clamped to the grid
/// (2 passes of 11 bits, a pass with one occupied bucket skipped), then an insertion pass on the exact double
/// values. The key is monotone in x, so after the radix passes only runs of equal keys can be out of
/// order: the insertion pass makes the result exactly sorted in double precision at O(n + inversions)
/// cost, handing over to std::sort if the inversions exceed 8n (data concentrated far below the key's
/// resolution, or a range that overflows). NaNs are not allowed (callers validate input). Small
/// inputs use std::sort. radixSort on more than 2^17 values goes MSD-first instead, on a 30-bit linear
/// key (one scatter over memory on its top 10 bits, then each bucket sorted in cache on its low 20 bits
/// and the insertion pass): the same exact result, 0.4-0.8x the LSD time once the arrays leave the caches.
#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace dpw {

/// Smallest and largest of a non-empty span, in one pass (the radix sorts' key range and the order
/// statistics' buckets read it).
std::pair<double, double> minMaxOf(std::span<const double> values);

/// Sorts `values` ascending. `scratch` is resized as needed and may be reused across calls.
void radixSort(std::span<double> values, std::vector<double>& scratch);

/// The same with the key range given by the caller (e.g. computed while the values were produced),
/// which saves a pass. The result is exactly sorted whatever lo and hi are: the clamped key stays
/// monotone; a range far from the values' only costs speed.
void radixSort(std::span<double> values, std::vector<double>& scratch, double lo, double hi);

/// The work arrays of sortedSquaredDifferenceSum: n values and, past 2^17 values, n top digits. A caller
/// that sums many directions keeps one per thread for the whole computation, so the arrays are allocated
/// and first touched once (on huge pages, core/huge_pages.h), not once a direction.
struct SquaredDifferenceScratch {
  std::vector<double> values;
  std::vector<std::uint16_t> tops;
};

/// Σᵢ (u₍ᵢ₎ − v₍ᵢ₎)² over the ascending orders of u and v (equal sizes), summed in rank order with one
/// accumulator, so bit for bit the sum over the arrays sorted by radixSort; [loU, hiU] and [loV, hiV] are
/// the key ranges as for radixSort. Both spans are scratch: their contents are left unspecified. Past
/// 2^17 values both arrays are scattered on their top digit and the buckets of u and v are then sorted
/// in cache and consumed together in rank order, so the sorted arrays are never written to memory.
/// Unequal sizes sum over the first min(n, m) ranks (callers use it for n = m only).
double sortedSquaredDifferenceSum(std::span<double> u, std::span<double> v, SquaredDifferenceScratch& scratch,
                                  double loU, double hiU, double loV, double hiV);

/// The MSD path's key (ot/radix_sort.cpp), public so that a producer of the values can compute their top
/// digits as it writes them: key(x) = ⌊clamp((x − lo)·scale, 0, max)⌋ on 30 bits, a value's bucket its
/// top 10 bits (key >> kMsdLowBits). Monotone in x for any lo and scale > 0, so a key made from a
/// range that does not hold every value still sorts exactly (clamped values only sort slower).
struct MsdKey {
  double lo = 0, scale = 0, max = 0;
  std::uint32_t operator()(double x) const { return std::uint32_t(std::min(std::max((x - lo) * scale, 0.0), max)); }
  double hi() const { return lo + max / scale; }  ///< the top of the range the key resolves
};
inline constexpr int kMsdLowBits = 20;

/// The MSD key of the range [lo, hi]; false when the range is degenerate or overflows.
bool makeMsdKey(double lo, double hi, MsdKey& key);

/// Whether sortedSquaredDifferenceSum takes the MSD path for n values a side (it then reads given top
/// digits; below, they would not be used).
bool sortsByTopDigits(std::size_t n);

/// Top digits of values computed where the values were produced (ot/projection.h): tops[i] =
/// key(values[i]) >> kMsdLowBits.
struct TopDigits {
  MsdKey key;
  const std::uint16_t* tops = nullptr;
};

/// sortedSquaredDifferenceSum with both arrays' top digits given (sortsByTopDigits(n) must hold): the
/// pass over memory that computes them is skipped. The same value, bit for bit, whatever the keys.
double sortedSquaredDifferenceSum(std::span<double> u, std::span<double> v, SquaredDifferenceScratch& scratch,
                                  const TopDigits& digitsU, const TopDigits& digitsV);

/// Fills `order` with the permutation that sorts `values` ascending (values[order[0]] is smallest);
/// `values` is not modified. `scratch` is reused across calls.
void radixArgsort(std::span<const double> values, std::vector<std::uint32_t>& order,
                  std::vector<std::uint64_t>& scratch);

/// radixArgsort with the key range given by the caller, as radixSort above.
void radixArgsort(std::span<const double> values, std::vector<std::uint32_t>& order,
                  std::vector<std::uint64_t>& scratch, double lo, double hi);

}  // namespace dpw
