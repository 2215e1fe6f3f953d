#include "ot/radix_sort.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <numeric>
#include <utility>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

#include "core/huge_pages.h"

namespace dpw {
namespace {

constexpr int kBits = 11;  // 2048 buckets: both histograms fit in L1
constexpr int kPasses = 2;
constexpr std::uint32_t kBuckets = 1u << kBits;
constexpr std::size_t kSmall = 256;

/// Monotone linear key: the position of x in [lo, hi] on a uniform grid of 2^bits cells, clamped to
/// the grid (22 bits for the LSD passes, 30 for the MSD path, where it is radix_sort.h's MsdKey). IEEE
/// subtraction, multiplication by a positive number, clamping and truncation are all monotone, so x ≤ y
/// gives key(x) ≤ key(y) for every x, inside [lo, hi] or not. Unlike a key made of float bits, both
/// digits of a linear key are spread evenly for the bell-shaped projections sliced Wasserstein sorts,
/// which keeps the scatter passes fast.
using LinearKey = MsdKey;

/// Returns false when the range is degenerate or overflows (caller falls back to std::sort).
bool makeKey(double lo, double hi, LinearKey& key, int bits = kBits * kPasses) {
  const double range = hi - lo;
  if (!(range > 0) || !std::isfinite(range)) return false;
  const double max = double((std::uint32_t(1) << bits) - 1);
  key = {lo, max / range, max};
  return std::isfinite(key.scale) && key.scale > 0;
}

/// The range of the values when the radix path will be taken (n > kSmall), else a placeholder.
std::pair<double, double> valueRange(std::span<const double> values) {
  if (values.size() <= kSmall) return {0.0, 0.0};
  return minMaxOf(values);
}

inline std::uint32_t digit(std::uint32_t key, int pass) { return (key >> (pass * kBits)) & (kBuckets - 1); }

using Histograms = std::array<std::array<std::uint32_t, kBuckets>, kPasses>;

/// Turns counts into start offsets; returns false when one bucket holds everything (pass skipped).
bool prefixSums(std::array<std::uint32_t, kBuckets>& h, std::size_t n) {
  std::uint32_t sum = 0;
  for (auto& c : h) {
    if (c == n) return false;
    const std::uint32_t t = c;
    c = sum;
    sum += t;
  }
  return true;
}

/// Slides a[j] back into the sorted a[0..j); returns how many places it moved.
template <typename T, typename Less = std::less<T>>
std::size_t slideBack(T* a, std::size_t j, Less less = {}) {
  const T x = a[j];
  const std::size_t from = j;
  while (j > 0 && less(x, a[j - 1])) {
    a[j] = a[j - 1];
    --j;
  }
  a[j] = x;
  return from - j;
}

/// Finishes the sort within runs of equal keys. Bounded: when the input has many equal keys (data
/// concentrated far below the key's resolution) it hands over to std::sort, so the worst case stays
/// O(n log n).
template <typename T, typename Less>
void insertionFix(T* a, std::size_t n, Less less) {
  std::size_t moves = 0;
  const std::size_t budget = 8 * n;
  for (std::size_t i = 1; i < n; ++i) {
    if (!less(a[i], a[i - 1])) continue;
    moves += slideBack(a, i, less);
    if (moves > budget) {
      std::sort(a, a + n, less);
      return;
    }
  }
}

/// insertionFix for doubles, with the common step without a branch: each value is compare-exchanged with
/// the running maximum hi (kept in a register) and the smaller, lo, is written one place back; only a lo
/// below the largest lo written before it (three values or more in one key cell) takes the branchy
/// slide. The result is the same sorted sequence (equal doubles are interchangeable for every caller).
/// Bounded like insertionFix. Starts at value `from` with the running maximum `hi` and `moves` made, so
/// the vector form below can hand over its tail.
void insertionFixDoublesScalar(double* a, std::size_t n, std::size_t from, double hi, std::size_t moves) {
  const std::size_t budget = 8 * n;
  for (std::size_t i = from; i < n; ++i) {
    const double v = a[i];
    const double lo = v < hi ? v : hi;
    hi = v < hi ? hi : v;
    a[i - 1] = lo;
    if (i >= 2 && lo < a[i - 2]) [[unlikely]] {
      moves += slideBack(a, i - 1);
      if (moves > budget) {
        a[i] = hi;
        std::sort(a, a + n);
        return;
      }
    }
  }
  a[n - 1] = hi;
}

#if defined(__AVX512F__)
// The zero-masked forms with every lane kept: the plain ones take an undefined pass-through that GCC 12
// warns about.
constexpr __mmask8 kAllLanes = 0xFF;
inline __m512d maxOf(__m512d x, __m512d y) { return _mm512_maskz_max_pd(kAllLanes, x, y); }
inline __m512d minOf(__m512d x, __m512d y) { return _mm512_maskz_min_pd(kAllLanes, x, y); }
/// Lane j: (x, before) shifted up by `places` lanes: x[j − places], or before[8 + j − places] below.
template <int places>
inline __m512d shiftedUp(__m512d x, __m512d before) {
  return _mm512_castsi512_pd(
      _mm512_maskz_alignr_epi64(kAllLanes, _mm512_castpd_si512(x), _mm512_castpd_si512(before), 8 - places));
}
/// Lane j: max(x[0..j]), from three shifted maxima.
inline __m512d prefixMax(__m512d x) {
  const __m512d none = _mm512_set1_pd(-std::numeric_limits<double>::infinity());
  x = maxOf(x, shiftedUp<1>(x, none));
  x = maxOf(x, shiftedUp<2>(x, none));
  return maxOf(x, shiftedUp<4>(x, none));
}
#endif

/// insertionFixDoublesScalar eight values a step. Its chain: hi after value i is max(a[0..i]), the value
/// written back is lo_i = min(a[i], hi before it), and lo_i slides iff it lies below the largest lo
/// written before it. Both are prefix maxima, which AVX-512 takes eight at a time, so the chain costs one
/// step per eight values. The slides wait until the vector pass is done (the steps that need one are
/// listed without a branch) and then run in order: a lo that needs none is at least every value before
/// it, so each slide still meets a sorted prefix. After the counting pass (one to two cells a value)
/// about one step in four lists a slide; taking them at once cost a mispredicted branch on the pass's
/// longest chain. Measured in one process, alternating calls (slicedW2Squared, normal data, d = 8, two
/// threads, CPU time): 0.945-0.956x the scalar pass's time at 10^6 points, 0.95-0.98x at 10^7. Used on
/// the MSD buckets (sortBucket); the LSD path keeps insertionFix (about 40 cells a value, its branch is
/// predicted).
void insertionFixDoubles(double* a, std::size_t n) {
  if (n < 2) return;
  std::size_t i = 1, moves = 0;
  double hi = a[0];
#if defined(__AVX512F__)
  const std::size_t budget = 8 * n;
  const __m512i lane7 = _mm512_set1_epi64(7);
  __m512d hiBefore = _mm512_set1_pd(a[0]);                                      // max of the values read
  __m512d loBefore = _mm512_set1_pd(-std::numeric_limits<double>::infinity());  // max of the lo written
  thread_local std::vector<std::uint64_t> pending;  // (place of a step's first lo) · 256 + its slide mask
  if (pending.size() < n / 8 + 1) pending.resize(n / 8 + 1);
  std::size_t steps = 0;
  for (; i + 8 <= n; i += 8) {
    const __m512d v = _mm512_loadu_pd(a + i);
    const __m512d his = maxOf(prefixMax(v), hiBefore);
    const __m512d lo = minOf(v, shiftedUp<1>(his, hiBefore));
    const __m512d los = maxOf(prefixMax(lo), loBefore);
    const __mmask8 slides = _mm512_cmp_pd_mask(lo, shiftedUp<1>(los, loBefore), _CMP_LT_OQ);
    _mm512_storeu_pd(a + i - 1, lo);
    pending[steps] = (std::uint64_t(i - 1) << 8) | slides;  // kept only if a lo must slide
    steps += slides != 0;
    hiBefore = _mm512_maskz_permutexvar_pd(kAllLanes, lane7, his);
    loBefore = _mm512_maskz_permutexvar_pd(kAllLanes, lane7, los);
  }
  hi = _mm512_cvtsd_f64(hiBefore);
  for (std::size_t s = 0; s < steps; ++s) {
    const std::size_t first = std::size_t(pending[s] >> 8);
    for (unsigned lanes = unsigned(pending[s] & 0xFF); lanes; lanes &= lanes - 1)
      moves += slideBack(a, first + std::size_t(std::countr_zero(lanes)));
    if (moves > budget) {
      a[i - 1] = hi;  // the running maximum's place; a[i..n) is still unread
      std::sort(a, a + n);
      return;
    }
  }
#endif
  insertionFixDoublesScalar(a, n, i, hi, moves);
}

/// Keys are computed once, in a loop that vectorises, and moved along with the values in the first
/// pass so the second needs none (measured: value-only sliced W2 20-25% faster than recomputing the key
/// in every pass).
void sortWithKey(std::span<double> values, std::vector<double>& scratch, const LinearKey& key) {
  static_assert(kPasses == 2, "the passes below are written out for two digits");
  const std::size_t n = values.size();
  scratch.resize(n);
  thread_local std::vector<std::uint32_t> keysA, keysB;
  keysA.resize(n);
  keysB.resize(n);
  std::uint32_t* ka = keysA.data();
  const double* v = values.data();
  const LinearKey k = key;             // a local copy: the loop below then vectorises
  for (std::size_t i = 0; i < n; ++i) ka[i] = k(v[i]);  // keys once, not once per pass
  Histograms h{};
  for (std::size_t i = 0; i < n; ++i) {
    ++h[0][digit(ka[i], 0)];
    ++h[1][digit(ka[i], 1)];
  }
  double* dst = scratch.data();
  std::uint32_t* kb = keysB.data();
  const bool p0 = prefixSums(h[0], n), p1 = prefixSums(h[1], n);
  if (p0 && p1) {
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t j = h[0][digit(ka[i], 0)]++;
      dst[j] = v[i];
      kb[j] = ka[i];
    }
    for (std::size_t i = 0; i < n; ++i) values[h[1][digit(kb[i], 1)]++] = dst[i];
  } else if (p0 || p1) {
    const int pass = p0 ? 0 : 1;
    for (std::size_t i = 0; i < n; ++i) dst[h[pass][digit(ka[i], pass)]++] = v[i];
    std::memcpy(values.data(), dst, n * sizeof(double));
  }
  insertionFix(values.data(), n, std::less<double>());
}

/// Past this size the LSD passes' working set (values, scratch and two key arrays: 24 bytes a value,
/// 3 MB here) leaves the caches a core can count on, and every scatter goes to memory; the MSD sort
/// below then wins (CPU time per value, one thread, normal data: 1.6x slower than LSD at 10^5,
/// 0.78x at 3·10^5, 0.76x at 10^6, 0.40x at 10^7).
constexpr std::size_t kLarge = std::size_t(1) << 17;
constexpr int kTopBits = 10;  // MSD digit: 1024 buckets (few enough write streams for the TLB)
/// The MSD key has 30 bits: the 20 left to each bucket give a bucket of any size up to kMaxBucket one
/// to two counting cells a value. (With the LSD key's 22 bits only 12 were left, 4096 cells: the
/// central buckets of 10^6 to 10^7 normal values, 4·10^3 to 4·10^4 values, had about one cell a value
/// or fewer.) Measured, one
/// thread, CPU time of sortedSquaredDifferenceSum on normal values, three alternating runs, load 11:
/// 10^7 values 8.2-9.2 → 7.7-8.1 ns a value; 10^6 7.2-7.8 → 6.7-7.7 (two to four cells: no faster,
/// the counting's prefix sum then costs more than the insertion pass saves; with the vector insertion
/// pass 1.1x slower, and a half to one cell a value no faster).
constexpr int kLowBits = kMsdLowBits;
constexpr int kMsdBits = kTopBits + kLowBits;
/// Larger buckets (skewed data) take the LSD sort. 2^16, not 2^14: the central buckets of 10^7 normal
/// values (~4·10^4 values) then take the counting pass too (sortedSquaredDifferenceSum alone, 10^7
/// values, one thread, load 8: 8.3-8.6 → 7.7-8.2 ns a value).
constexpr std::size_t kMaxBucket = 65536;
constexpr int kCellBits = 0;  // 2^bits in (len, 2 len] cells for a bucket of len values
constexpr std::uint32_t kTopBuckets = 1u << kTopBits;

/// count[c] ← count[0] + … + count[c − 1], the counting sort's starts. With AVX-512 sixteen counts a
/// step (an in-register scan of four shifted adds, then the carry), where the scalar chain takes a cycle
/// a count: the buckets' prefix sums go from 1.37 to 0.58 clock ticks a value (10^7 normal values,
/// one thread), about 5% of sortedSquaredDifferenceSum.
void exclusivePrefixSum(std::uint32_t* count, std::uint32_t cells) {
  std::uint32_t c = 0, sum = 0;
#if defined(__AVX512F__)
  // The zero-masked forms: the plain ones take an undefined pass-through that GCC 12 warns about.
  constexpr __mmask16 kAll = 0xFFFF;
  const __m512i zero = _mm512_setzero_si512(), last = _mm512_set1_epi32(15);
  __m512i carry = zero;
  for (; c + 16 <= cells; c += 16) {
    const __m512i x = _mm512_loadu_si512(count + c);
    __m512i s = _mm512_add_epi32(x, _mm512_maskz_alignr_epi32(kAll, x, zero, 15));  // lane i: x[i] + x[i − 1]
    s = _mm512_add_epi32(s, _mm512_maskz_alignr_epi32(kAll, s, zero, 14));
    s = _mm512_add_epi32(s, _mm512_maskz_alignr_epi32(kAll, s, zero, 12));
    s = _mm512_add_epi32(s, _mm512_maskz_alignr_epi32(kAll, s, zero, 8));  // inclusive sums of the 16
    _mm512_storeu_si512(count + c, _mm512_add_epi32(carry, _mm512_sub_epi32(s, x)));
    carry = _mm512_add_epi32(carry, _mm512_maskz_permutexvar_epi32(kAll, last, s));
  }
  alignas(64) std::uint32_t carried[16];
  _mm512_store_si512(carried, carry);
  sum = carried[0];
#endif
  for (; c < cells; ++c) {
    const std::uint32_t t = count[c];
    count[c] = sum;
    sum += t;
  }
}

/// Sorts one MSD bucket src[0..len) into dst[0..len) exactly, in cache: the low 20 bits of each value's
/// linear key (recomputed here, a loop that vectorises), one counting pass on their top bits (one to
/// two cells per value), then the insertion pass. Big buckets (skewed data) take the two-pass LSD sort on
/// their own range.
void sortBucket(const double* src, double* dst, std::size_t len, const LinearKey& key) {
  if (len <= 16) {
    std::memcpy(dst, src, len * sizeof(double));
    insertionFixDoubles(dst, len);
    return;
  }
  if (len > kMaxBucket) {
    std::memcpy(dst, src, len * sizeof(double));
    thread_local std::vector<double> big;
    double lo = src[0], hi = src[0];
    for (std::size_t i = 1; i < len; ++i) lo = std::min(lo, src[i]), hi = std::max(hi, src[i]);
    LinearKey own{};
    if (makeKey(lo, hi, own)) sortWithKey(std::span<double>(dst, len), big, own);
    else std::sort(dst, dst + len);
    return;
  }
  const int bits = std::min(kLowBits, int(std::bit_width(len)) + kCellBits);
  const int shift = kLowBits - bits;
  thread_local std::vector<std::uint32_t> cells, counts;  // 256 KB and 512 KB at most (L2)
  cells.resize(kMaxBucket);
  counts.resize(std::size_t(1) << (std::bit_width(kMaxBucket) + kCellBits));
  std::uint32_t* cell = cells.data();
  std::uint32_t* count = counts.data();
  const LinearKey k = key;
  for (std::size_t i = 0; i < len; ++i) cell[i] = (k(src[i]) & ((1u << kLowBits) - 1)) >> shift;
  std::fill(count, count + (1u << bits), 0u);
  for (std::size_t i = 0; i < len; ++i) ++count[cell[i]];
  exclusivePrefixSum(count, 1u << bits);
  for (std::size_t i = 0; i < len; ++i) dst[count[cell[i]]++] = src[i];
  insertionFixDoubles(dst, len);
}

using TopStarts = std::array<std::uint32_t, kTopBuckets + 1>;

/// The MSD scatter: v[0..n) into out[0..n) by the top digits top[0..n); bucket b is then
/// out[start[b]..start[b + 1]). Each store prefetches its bucket's line four ahead into L2:
/// sortedSquaredDifferenceSum 0.81-0.96x the time (in-process A/B, 10^6 and 10^7 normal values).
void scatterByTops(const double* v, const std::uint16_t* top, double* out, std::size_t n, TopStarts& start) {
  std::fill(start.begin(), start.end(), 0u);
  for (std::size_t i = 0; i < n; ++i) ++start[top[i] + 1];
  for (std::uint32_t b = 0; b < kTopBuckets; ++b) start[b + 1] += start[b];
  std::array<std::uint32_t, kTopBuckets> next;
  std::copy(start.begin(), start.end() - 1, next.begin());
  const std::size_t last = n - 1;  // prefetches stay inside the array (n > 2^17 here)
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t j = next[top[i]]++;
    __builtin_prefetch(out + std::min<std::size_t>(j + 32, last), 1, 2);  // the bucket's line four ahead, into L2
    out[j] = v[i];
  }
}

/// The MSD pass: each value's top digit under `key` (a pass over v, into `tops`), then scatterByTops.
void scatterTop(const double* v, double* out, std::size_t n, const LinearKey& key, TopStarts& start,
                std::vector<std::uint16_t>& tops) {
  reserveOnHugePages(tops, n);
  tops.resize(n);
  const LinearKey k = key;
  std::uint16_t* top = tops.data();
  for (std::size_t i = 0; i < n; ++i) top[i] = std::uint16_t(k(v[i]) >> kLowBits);  // vectorises
  scatterByTops(v, top, out, n, start);
}

/// Arrays past L2: one MSD pass on the top 10 bits of the linear key scatters into `scratch` (the only
/// scatter over memory), then every bucket, a few KB, is sorted in cache back into its place in `values`.
void sortLargeWithKey(std::span<double> values, std::vector<double>& scratch, const LinearKey& key) {
  const std::size_t n = values.size();
  scratch.resize(n);
  TopStarts start;
  double* t = scratch.data();
  thread_local std::vector<std::uint16_t> tops;  // each value's top digit, computed once
  scatterTop(values.data(), t, n, key, start, tops);
  if (n > (std::size_t(1) << 22)) std::vector<std::uint16_t>().swap(tops);  // 20 MB and up: not kept
  for (std::uint32_t b = 0; b < kTopBuckets; ++b)
    sortBucket(t + start[b], values.data() + start[b], start[b + 1] - start[b], key);
}

/// One sample's MSD buckets read in rank order, each sorted into a small buffer (in cache) when the
/// walk reaches it; the sorted array itself is never written to memory.
struct BucketCursor {
  const double* src;
  const TopStarts* start;
  LinearKey key;
  std::vector<double>* buffer;
  std::uint32_t bucket = 0;
  std::size_t begin = 0, end = 0;
  /// Moves to the bucket holding rank i (the next non-empty one), sorted into the buffer.
  void advance() {
    const TopStarts& s = *start;
    while (s[bucket + 1] == end) ++bucket;
    begin = s[bucket];
    end = s[bucket + 1];
    if (buffer->size() < end - begin) buffer->resize(end - begin);
    sortBucket(src + begin, buffer->data(), end - begin, key);
    ++bucket;
  }
};

/// Σ (a₍ᵢ₎ − b₍ᵢ₎)² in rank order over two samples of n values scattered by their top digits (bucket b
/// of a is a[startA[b]..startA[b + 1]), likewise b), each bucket sorted in cache when the walk reaches it.
double walkBuckets(const double* a, const TopStarts& startA, const LinearKey& keyA, const double* b,
                   const TopStarts& startB, const LinearKey& keyB, std::size_t n) {
  thread_local std::vector<double> bufA, bufB;
  BucketCursor ca{a, &startA, keyA, &bufA}, cb{b, &startB, keyB, &bufB};
  double cost = 0;
  for (std::size_t i = 0; i < n;) {
    if (i == ca.end) ca.advance();
    if (i == cb.end) cb.advance();
    const std::size_t e = std::min(ca.end, cb.end);
    const double* x = bufA.data() - ca.begin;
    const double* y = bufB.data() - cb.begin;
    for (; i < e; ++i) {  // one accumulator in rank order: the same sum as over the sorted arrays
      const double diff = x[i] - y[i];
      cost += diff * diff;
    }
  }
  return cost;
}

void fallbackArgsort(std::span<const double> values, std::vector<std::uint32_t>& order) {
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return values[a] < values[b]; });
}

void argsortWithKey(std::span<const double> values, std::vector<std::uint32_t>& order,
                    std::vector<std::uint64_t>& scratch, const LinearKey& key) {
  const std::size_t n = values.size();
  // Pack (key, index) into one word so a pass moves 8 bytes.
  scratch.resize(2 * n);
  std::uint64_t* src = scratch.data();
  std::uint64_t* dst = scratch.data() + n;
  const double* v = values.data();
  const LinearKey k = key;  // a local copy: the loop below then vectorises
  for (std::size_t i = 0; i < n; ++i) src[i] = (std::uint64_t(k(v[i])) << 32) | std::uint32_t(i);
  Histograms h{};
  for (std::size_t i = 0; i < n; ++i) {
    const auto ki = std::uint32_t(src[i] >> 32);
    ++h[0][digit(ki, 0)];
    ++h[1][digit(ki, 1)];
  }
  for (int pass = 0; pass < kPasses; ++pass) {
    if (!prefixSums(h[pass], n)) continue;
    for (std::size_t i = 0; i < n; ++i) dst[h[pass][digit(std::uint32_t(src[i] >> 32), pass)]++] = src[i];
    std::swap(src, dst);
  }
  for (std::size_t i = 0; i < n; ++i) order[i] = std::uint32_t(src[i]);
  insertionFix(order.data(), n, [&](std::uint32_t a, std::uint32_t b) { return values[a] < values[b]; });
}

}  // namespace

void radixSort(std::span<double> values, std::vector<double>& scratch) {
  const auto [lo, hi] = valueRange(values);
  radixSort(values, scratch, lo, hi);
}

void radixSort(std::span<double> values, std::vector<double>& scratch, double lo, double hi) {
  LinearKey key{};
  const bool large = values.size() > kLarge;
  if (values.size() <= kSmall || !makeKey(lo, hi, key, large ? kMsdBits : kBits * kPasses))
    std::sort(values.begin(), values.end());
  else if (large)
    sortLargeWithKey(values, scratch, key);
  else
    sortWithKey(values, scratch, key);
}

namespace {

/// The scratch's value array sized for n values, first touched on huge pages.
double* scratchValues(SquaredDifferenceScratch& scratch, std::size_t n) {
  reserveOnHugePages(scratch.values, n);
  if (scratch.values.size() < n) scratch.values.resize(n);
  return scratch.values.data();
}

}  // namespace

double sortedSquaredDifferenceSum(std::span<double> u, std::span<double> v, SquaredDifferenceScratch& scratch,
                                  double loU, double hiU, double loV, double hiV) {
  const std::size_t n = u.size();
  LinearKey ku{}, kv{};
  double cost = 0;
  if (n != v.size() || n <= kLarge || !makeKey(loU, hiU, ku, kMsdBits) ||
      !makeKey(loV, hiV, kv, kMsdBits)) {
    radixSort(u, scratch.values, loU, hiU);
    radixSort(v, scratch.values, loV, hiV);
    const std::size_t len = std::min(n, v.size());
    for (std::size_t i = 0; i < len; ++i) {
      const double diff = u[i] - v[i];
      cost += diff * diff;
    }
    return cost;
  }
  double* const t = scratchValues(scratch, n);
  TopStarts su, sv;
  scatterTop(u.data(), t, n, ku, su, scratch.tops);
  scatterTop(v.data(), u.data(), n, kv, sv, scratch.tops);  // u's values now live in scratch: u is free
  return walkBuckets(t, su, ku, u.data(), sv, kv, n);
}

double sortedSquaredDifferenceSum(std::span<double> u, std::span<double> v, SquaredDifferenceScratch& scratch,
                                  const TopDigits& digitsU, const TopDigits& digitsV) {
  const std::size_t n = u.size();
  double* const t = scratchValues(scratch, n);
  TopStarts su, sv;
  scatterByTops(u.data(), digitsU.tops, t, n, su);
  scatterByTops(v.data(), digitsV.tops, u.data(), n, sv);  // u's values now live in scratch: u is free
  return walkBuckets(t, su, digitsU.key, u.data(), sv, digitsV.key, n);
}

bool makeMsdKey(double lo, double hi, MsdKey& key) { return makeKey(lo, hi, key, kMsdBits); }

bool sortsByTopDigits(std::size_t n) { return n > kLarge; }

void radixArgsort(std::span<const double> values, std::vector<std::uint32_t>& order,
                  std::vector<std::uint64_t>& scratch) {
  const auto [lo, hi] = valueRange(values);
  radixArgsort(values, order, scratch, lo, hi);
}

void radixArgsort(std::span<const double> values, std::vector<std::uint32_t>& order,
                  std::vector<std::uint64_t>& scratch, double lo, double hi) {
  order.resize(values.size());
  LinearKey key{};
  if (values.size() <= kSmall || !makeKey(lo, hi, key))
    fallbackArgsort(values, order);
  else
    argsortWithKey(values, order, scratch, key);
}

std::pair<double, double> minMaxOf(std::span<const double> values) {
  // Four independent lanes, so the compiler keeps the min/max chains in vector registers.
  const std::size_t n = values.size();
  const double* v = values.data();
  double lo4[4] = {v[0], v[0], v[0], v[0]}, hi4[4] = {v[0], v[0], v[0], v[0]};
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4)
    for (int l = 0; l < 4; ++l) {
      lo4[l] = v[i + l] < lo4[l] ? v[i + l] : lo4[l];
      hi4[l] = v[i + l] > hi4[l] ? v[i + l] : hi4[l];
    }
  for (; i < n; ++i) lo4[0] = std::min(lo4[0], v[i]), hi4[0] = std::max(hi4[0], v[i]);
  return {std::min(std::min(lo4[0], lo4[1]), std::min(lo4[2], lo4[3])),
          std::max(std::max(hi4[0], hi4[1]), std::max(hi4[2], hi4[3]))};
}

}  // namespace dpw
