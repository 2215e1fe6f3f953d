#include "ot/order_statistics.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"
#include "ot/radix_sort.h"

namespace dpw {
namespace {

constexpr std::size_t kSmall = 256;  // up to this, a stable sort of a copy (radixSort would use std::sort: not stable)
constexpr std::uint32_t kMinBuckets = 64, kMaxBuckets = 1u << 16;

/// Stable insertion sort for nearly sorted input (runs of a few values out of order): O(n + moves).
/// Past `budget` moves (values concentrated far below the key's resolution) it hands over to
/// std::stable_sort, so the worst case stays O(n log n).
void stableInsertionSort(double* a, std::size_t n, std::size_t budget) {
  std::size_t moves = 0;
  for (std::size_t i = 1; i < n; ++i) {
    if (!(a[i] < a[i - 1])) continue;  // strict: equal values keep their order (stable)
    const double v = a[i];
    std::size_t j = i;
    while (j > 0 && v < a[j - 1]) {
      a[j] = a[j - 1];
      --j;
    }
    a[j] = v;
    moves += i - j;
    if (moves > budget) {
      std::stable_sort(a, a + n);
      return;
    }
  }
}

void pickFromStableSort(std::span<const double> values, std::span<const std::size_t> ranks, std::span<double> out,
                        OrderStatisticsWorkspace& w) {
  w.gathered.assign(values.begin(), values.end());
  std::stable_sort(w.gathered.begin(), w.gathered.end());
  for (std::size_t j = 0; j < ranks.size(); ++j) out[j] = w.gathered[ranks[j]];
}

struct Wanted {
  std::uint32_t bucket;
  std::size_t firstRank;  // rank of the bucket's first element in the whole sample
  std::size_t start;      // where its elements start in w.gathered
};

constexpr std::uint32_t kNotWanted = ~std::uint32_t(0);

}  // namespace

void selectOrderStatistics(std::span<const double> values, std::span<const std::size_t> ranks, std::span<double> out,
                           OrderStatisticsWorkspace& w) {
  const std::size_t n = values.size();
  ensure(out.size() == ranks.size(), "order statistics: ", ranks.size(), " ranks but ", out.size(), " outputs");
  ensure(std::is_sorted(ranks.begin(), ranks.end()) && (ranks.empty() || ranks.back() < n),
          "order statistics: ranks must be ascending and below the sample size ", n);
  require(n < (std::size_t(1) << 32), "order statistics: at most 2^32 - 1 values");
  if (ranks.empty()) return;
  if (n <= kSmall) return pickFromStableSort(values, ranks, out, w);
  const double* v = values.data();
  const auto [lo, hi] = minMaxOf(values);
  const double range = hi - lo;
  const auto B = std::clamp<std::uint32_t>(std::bit_ceil(std::uint32_t(n)) / 2, kMinBuckets, kMaxBuckets);
  const double scale = double(B) / range;
  if (!(range > 0) || !std::isfinite(range) || !std::isfinite(scale)) return pickFromStableSort(values, ranks, out, w);

  // Many ranks (a twentieth of the values or more, as the flow's 2P = 2000 of 10⁴ projections):
  // selection would sort almost every bucket anyway, and its insertions into buckets of a few values
  // mispredict (measured 2x the radix sort's time at n = 10⁴). The values are sorted whole by
  // engine/ot/radix_sort.h (exact; stable on ties, ±0.0 included, above its std::sort cut-off of
  // 256 values, the only sizes it gets here) and the ranks read off.
  if (20 * ranks.size() >= n) {
    w.gathered.assign(values.begin(), values.end());
    radixSort(w.gathered, w.radixScratch, lo, hi);
    for (std::size_t j = 0; j < ranks.size(); ++j) out[j] = w.gathered[ranks[j]];
    return;
  }

  // Few ranks: keys (a loop that vectorises). x ≥ lo so (x − lo)·scale ≥ 0; subtraction,
  // multiplication by a positive number, min and truncation are monotone, so the key is monotone in x.
  w.keys.resize(n);
  std::uint32_t* keys = w.keys.data();
  const double top = double(B - 1);
  for (std::size_t i = 0; i < n; ++i) keys[i] = std::uint32_t(std::min((v[i] - lo) * scale, top));
  w.count.assign(B, 0);
  for (std::size_t i = 0; i < n; ++i) ++w.count[keys[i]];
  // The buckets holding a wanted rank, and where each one's values will go.
  thread_local std::vector<Wanted> wanted;
  wanted.clear();
  std::size_t total = 0;
  {
    std::uint32_t b = 0;
    std::size_t first = 0;
    for (const std::size_t r : ranks) {
      while (first + w.count[b] <= r) first += w.count[b++];
      if (wanted.empty() || wanted.back().bucket != b) wanted.push_back({b, first, total}), total += w.count[b];
    }
  }
  // Gathered in input order (stable), compacted, past a test that is almost never true; then sorted.
  w.offset.assign(B, kNotWanted);
  std::uint32_t* offset = w.offset.data();
  for (const Wanted& c : wanted) offset[c.bucket] = std::uint32_t(c.start);
  w.gathered.resize(total);
  double* g = w.gathered.data();
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t b = keys[i];
    if (offset[b] != kNotWanted) [[unlikely]] g[offset[b]++] = v[i];
  }
  for (const Wanted& c : wanted) {
    const std::size_t len = w.count[c.bucket];
    stableInsertionSort(g + c.start, len, 8 * len + 64);
  }
  // Within a bucket the gathered values are now in stable order; rank r sits at start + r − firstRank.
  std::size_t c = 0;
  for (std::size_t j = 0; j < ranks.size(); ++j) {
    while (ranks[j] >= wanted[c].firstRank + w.count[wanted[c].bucket]) ++c;
    out[j] = g[wanted[c].start + (ranks[j] - wanted[c].firstRank)];
  }
}

void uniformQuantilesUnsorted(std::span<const double> values, std::span<double> q, OrderStatisticsWorkspace& w) {
  const std::size_t n = values.size();
  const int P = int(q.size());
  require(n > 0, "cannot take a quantile of an empty sample");
  require(P >= 2, "the number of quantiles P must be at least 2, got ", P);
  // Positions as quantileOfSorted computes them (engine/ot/quantile.cpp), and the ranks they read.
  auto position = [&](int i) {
    const double u = i == P - 1 ? 1.0 : double(i) / double(P - 1);
    return std::clamp(u, 0.0, 1.0) * double(n - 1);
  };
  w.ranks.clear();
  for (int i = 0; i < P; ++i) {
    const auto lo = static_cast<std::size_t>(std::floor(position(i)));
    for (const std::size_t r : {lo, lo + 1})
      if (r < n && (w.ranks.empty() || r > w.ranks.back())) w.ranks.push_back(r);
  }
  std::vector<double>& at = w.at;
  at.resize(w.ranks.size());
  selectOrderStatistics(values, w.ranks, at, w);
  std::size_t p = 0;
  for (int i = 0; i < P; ++i) {
    const double pos = position(i);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    while (w.ranks[p] < lo) ++p;
    if (lo + 1 >= n) {
      q[i] = at[p];  // the maximum: sorted.back()
      continue;
    }
    const double t = pos - double(lo);
    q[i] = at[p] + t * (at[p + 1] - at[p]);  // ranks[p + 1] == lo + 1: both were listed
  }
}

}  // namespace dpw
