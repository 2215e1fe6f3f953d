#include "flow/sliced_flow_step.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <span>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/rng.h"
#include "ot/quantile.h"
#include "ot/order_statistics.h"
#include "ot/radix_sort.h"

namespace dpw {
namespace {

constexpr Eigen::Index kBlock = 16;  // directions projected together (one small GEMM)
constexpr Eigen::Index kChunks = 8;  // fixed work partition: results independent of the thread count
constexpr Eigen::Index kDiffusionBlock = 1024;  // particles per diffusion noise stream
constexpr Eigen::Index kSelectionRatio = 40;   // particle side by selection when n > 40 P, else by sorting
constexpr Eigen::Index kLookupSlice = 1 << 15; // particles per task of the CDF lookup
constexpr Eigen::Index kKeepScratch = 1 << 21; // per-thread scratch kept between calls up to n + m of this
// Particles per task of the one-block path: a multiple of Eigen's 24-row GEMM panel (the slices' products
// then run the same kernel paths on the same rows as one product over all particles) and of kDiffusionBlock.
constexpr Eigen::Index kSlice = 24 * kDiffusionBlock;

void validate(const PointsRef& X, const PointsRef& Y, const PointsRef& directions, const FlowStepOptions& o) {
  require(X.rows() > 0, "the particle set is empty");
  require(Y.rows() > 0, "the data set is empty");
  require(directions.rows() > 0, "the number of projections k must be at least 1, got 0");
  require(X.cols() == Y.cols(), "particles have dimension ", X.cols(), " but data have ", Y.cols());
  require(directions.cols() == X.cols(), "directions have dimension ", directions.cols(), " but points have ",
          X.cols());
  require(X.allFinite(), "the particles contain NaN or infinite values");
  // DPSWflow passes the particles as Y when the targets are released (Y unread): checked once, not twice.
  const bool sameAsX = Y.data() == X.data() && Y.rows() == X.rows() && Y.cols() == X.cols() &&
                       Y.outerStride() == X.outerStride();
  require(sameAsX || Y.allFinite(), "the data contain NaN or infinite values");
  require(directions.allFinite(), "directions contain NaN or infinite values");
  require(o.quantiles >= 2, "the number of quantiles P must be at least 2, got ", o.quantiles);
  require(o.noiseStd >= 0 && std::isfinite(o.noiseStd), "noise standard deviation must be >= 0, got ", o.noiseStd);
  const Points* pre = o.sortedNoisyTargets;
  ensure(pre == nullptr || (pre->rows() == directions.rows() && pre->cols() > 0), "the released target projections have ",
          pre ? pre->rows() : 0, " rows for ", directions.rows(), " directions");
}

void addNoise(double* p, Eigen::Index n, double sd, Rng& rng) {
  Mechanism::gaussianStd(sd).addTo(std::span<double>(p, std::size_t(n)), rng);
}

/// quantileOfSorted (engine/ot/quantile.cpp) at u = i/(P−1), i = 0..P−1, on sorted samples of n values:
/// its positions pos = u (n − 1), lo = ⌊pos⌋, t = pos − lo are the same for every direction and step,
/// so they are computed once per (n, P) (P divisions and floors saved per direction and side), and
/// each quantile is quantileOfSorted's own expression: the same bits.
struct UniformQuantileGrid {
  std::size_t n = 0;
  int P = 0;
  std::vector<std::size_t> lo;
  std::vector<double> t;
  void prepare(std::size_t size, int quantiles) {
    if (size == n && quantiles == P) return;
    n = size, P = quantiles;
    lo.resize(P), t.resize(P);
    for (int i = 0; i < P; ++i) {
      const double u = i == P - 1 ? 1.0 : double(i) / double(P - 1);
      const double pos = std::clamp(u, 0.0, 1.0) * double(n - 1);
      lo[i] = static_cast<std::size_t>(std::floor(pos));
      t[i] = pos - double(lo[i]);
    }
  }
  /// q[i] for the ascending sample `sorted` (n values).
  void quantiles(const double* sorted, double* q) const {
    for (int i = 0; i < P; ++i) {
      const std::size_t l = lo[i];
      q[i] = l + 1 >= n ? sorted[n - 1] : sorted[l] + t[i] * (sorted[l + 1] - sorted[l]);
    }
  }
};

/// The diffusion noise √(2 h λ) ξ (sd) of particles [b B, (b + 1) B), B = kDiffusionBlock: stream b of `seed`.
void diffuse(Points& X, Eigen::Index b, double sd, std::uint64_t seed) {
  Rng rng = makeRng(seed, std::uint64_t(b));
  const Eigen::Index i0 = b * kDiffusionBlock, rows = std::min(kDiffusionBlock, X.rows() - i0);
  addNoise(X.row(i0).data(), rows * X.cols(), sd, rng);
}

struct DirectionWorkspace {
  OrderStatisticsWorkspace select;
  UniformQuantileGrid particleGrid, dataGrid;
  std::vector<double> radixScratch;
  std::vector<double> qp, qt, u, sorted;
  std::vector<std::uint32_t> firstIndex, order;
  std::vector<std::uint64_t> orderScratch;
};

/// gᵢ = x − T(F(x)) for a particle at x with qp[hi − 1] ≤ x < qp[hi] (or x outside [qp₀, qp_last]):
/// F = numpy.interp(x, qp, u), T = numpy.interp(F, u, qt) on the uniform grid, indexed directly.
/// u[j] = j / (P − 1), u[P − 1] = 1 is tabulated (the same divisions, done once per direction).
struct Interpolation {
  const double *qp, *qt, *u;
  int P;
  double a, b, scale;  // qp₀, qp_last, P − 1
  double F(double x, int hi) const {
    if (x < a) return 0.0;
    if (x >= b) return 1.0;
    const int lo = hi - 1;
    const double t = (x - qp[lo]) / (qp[hi] - qp[lo]);
    const double ulo = u[lo], uhi = u[hi];
    return ulo + t * (uhi - ulo);
  }
  double coefficient(double x, int hi) const {
    const double pos = F(x, hi) * scale;
    if (pos >= scale) return x - qt[P - 1];
    const int lo = int(pos);
    const double t = pos - double(lo);
    return x - (qt[lo] + t * (qt[lo + 1] - qt[lo]));
  }
};

/// The particle side by sorting (P comparable to n: the quantiles read most order statistics anyway):
/// a stable radix argsort, the quantiles of the sorted projections, then a monotone walk for hi
/// (the first index with qp[hi] > x, the rightmost of a run of equal qp as numpy.interp).
void coefficientsBySorting(const double* proj, Eigen::Index n, const Interpolation& base, DirectionWorkspace& w,
                           double* g) {
  radixArgsort(std::span<const double>(proj, n), w.order, w.orderScratch);
  w.sorted.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) w.sorted[i] = proj[w.order[i]];
  w.particleGrid.prepare(std::size_t(n), base.P);
  w.particleGrid.quantiles(w.sorted.data(), w.qp.data());
  Interpolation f = base;
  f.qp = w.qp.data(), f.a = w.qp[0], f.b = w.qp[f.P - 1];
  int hi = 0;
  for (Eigen::Index r = 0; r < n; ++r) {
    const double x = w.sorted[r];
    if (x >= f.a && x < f.b)
      while (f.qp[hi] <= x) ++hi;  // terminates: qp[P−1] > x
    g[w.order[r]] = f.coefficient(x, hi);
  }
}

/// The particle side by selection (n ≫ P, e.g. 10⁶ particles and P = 100): qp from the 2P order
/// statistics it reads (engine/ot/order_statistics.h), no sort; each particle, in input order, finds
/// hi through a uniform grid of C cells over [a, b] = [qp₀, qp_last]: cell(x) = ⌊(x − a) C / (b − a)⌋
/// clamped to C − 1 is monotone in x, so every qp in an earlier cell than x is < x; firstIndex[c] =
/// the first j whose cell is ≥ c, and hi is found scanning up from firstIndex[cell(x)] past the qp ≤ x
/// in x's own cell. The same hi, hence the same bits, as the sorted walk. Prepared once per direction
/// (qp, the grid), then `coefficients` serves any slice of the particles, in any thread.
struct SelectionLookup {
  Interpolation f{};
  const std::uint32_t* firstIndex = nullptr;
  double cellScale = 0, top = 0;
  int steps = 0;  // the most qp in one cell: enough branch-free scan steps for every x
  bool grid = false;

  SelectionLookup() = default;
  /// Fills w.qp and w.firstIndex (which must then outlive this lookup), selecting with `select`.
  SelectionLookup(const double* proj, Eigen::Index n, const Interpolation& base, DirectionWorkspace& w,
                  OrderStatisticsWorkspace& select)
      : f(base) {
    const int P = base.P;
    uniformQuantilesUnsorted(std::span<const double>(proj, n), w.qp, select);
    const double* qp = f.qp = w.qp.data();
    const double a = f.a = qp[0], b = f.b = qp[P - 1];
    const std::uint32_t C = std::bit_ceil(std::uint32_t(8 * P));  // most cells hold at most one qp
    cellScale = double(C) / (b - a), top = double(C - 1);
    grid = b > a && std::isfinite(cellScale) && std::isfinite(b - a);
    if (grid) {
      w.firstIndex.resize(C + 1);
      int j = 0;
      for (std::uint32_t c = 0; c <= C; ++c) {
        while (j < P - 1 && cell(qp[j]) < c) ++j;
        w.firstIndex[c] = std::uint32_t(j);
        if (c > 0) steps = std::max(steps, int(w.firstIndex[c] - w.firstIndex[c - 1]));
      }
      grid = steps <= 16;  // else many equal qp (ties): binary search, O(log P) whatever the runs
    }
    firstIndex = w.firstIndex.data();
  }
  std::uint32_t cell(double x) const { return std::uint32_t(std::min((x - f.a) * cellScale, top)); }
  /// g[i] for the particles i in [i0, i1).
  void coefficients(const double* proj, Eigen::Index i0, Eigen::Index i1, double* g) const {
    const double* qp = f.qp;
    const double a = f.a, b = f.b;
    for (Eigen::Index i = i0; i < i1; ++i) {
      const double x = proj[i];
      int hi = 0;
      if (x >= a && x < b) {  // then b > a, and qp[P−1] = b > x bounds the scan
        if (grid) {
          // A step past qp[hi] > x adds nothing: a fixed count of steps, no data-dependent branch.
          hi = int(firstIndex[cell(x)]);
          for (int s = 0; s < steps; ++s) hi += qp[hi] <= x ? 1 : 0;
        } else {
          hi = int(std::upper_bound(qp, qp + f.P, x) - qp);
        }
      }
      g[i] = f.coefficient(x, hi);
    }
  }
};

void coefficientsBySelection(const double* proj, Eigen::Index n, const Interpolation& base, DirectionWorkspace& w,
                             double* g) {
  const SelectionLookup lookup(proj, n, base, w, w.select);
  // Each particle's coefficient depends on nothing but qp, so slices of particles can go to other
  // threads: with fewer directions than threads the threads without a direction block wait at the
  // loop's barrier and take these tasks.
  if (n >= 2 * kLookupSlice) {
#pragma omp taskloop grainsize(kLookupSlice)
    for (Eigen::Index i0 = 0; i0 < n; i0 += kLookupSlice) lookup.coefficients(proj, i0, std::min(n, i0 + kLookupSlice), g);
  } else {
    lookup.coefficients(proj, 0, n, g);
  }
}

/// w.qt = the P quantiles of the m noisy data projections v (scratch: reordered here). When the 2P
/// order statistics they read are a twentieth of the values or more, engine/ot/order_statistics.h would
/// radix-sort a copy of them whole; sorted in place instead (no copy) with the same stable sort
/// (radixSort on the same range, above its 256-value std::sort cut-off), and read through the cached
/// positions: the same bits. Otherwise (few ranks, at most 256 values, a degenerate or tiny range) by
/// uniformQuantilesUnsorted.
void dataQuantiles(double* v, Eigen::Index m, int P, DirectionWorkspace& w, OrderStatisticsWorkspace& select) {
  const std::span<double> values(v, std::size_t(m));
  if (m > 256 && 20 * std::min<Eigen::Index>(2 * Eigen::Index(P), m) >= m) {
    const auto [lo, hi] = minMaxOf(values);
    // A range radixSort keys without overflow (else it and the selection fall back to different sorts,
    // which could order tied ±0.0 differently).
    if (hi - lo > 1e-300 && std::isfinite(hi - lo)) {
      radixSort(values, w.radixScratch, lo, hi);
      w.dataGrid.prepare(std::size_t(m), P);
      w.dataGrid.quantiles(v, w.qt.data());
      return;
    }
  }
  uniformQuantilesUnsorted(values, w.qt, select);
}

/// u[j] = j / (P − 1), u[P − 1] = 1 into w.u, and the interpolation reading w.u and w.qt.
Interpolation uniformGrid(int P, DirectionWorkspace& w) {
  w.qp.resize(P);
  w.u.resize(P);
  const double scale = double(P - 1);
  for (int j = 0; j < P - 1; ++j) w.u[j] = double(j) / scale;
  w.u[P - 1] = 1.0;
  return Interpolation{nullptr, w.qt.data(), w.u.data(), P, 0.0, 0.0, scale};
}

/// Direction j's noise on its n particle projections at rowU and, without released targets, on its m
/// data projections at rowV; then into qt the P quantiles of the noisy data projections (the released
/// row j of o.sortedNoisyTargets when given).
void noisyTargetQuantiles(double* rowU, Eigen::Index n, double* rowV, Eigen::Index m, Eigen::Index j,
                          const FlowStepOptions& o, DirectionWorkspace& w, OrderStatisticsWorkspace& select) {
  const Points* pre = o.sortedNoisyTargets;
  if (!o.secureNoise.isNone()) {  // secure mode: exact discrete Gaussian on a grid, OS entropy
    OsEntropy words;
    o.secureNoise.addTo(std::span<double>(rowU, std::size_t(n)), words);
    if (!pre) o.secureNoise.addTo(std::span<double>(rowV, std::size_t(m)), words);
  } else if (o.noiseStd > 0) {
    // makeRng's stream, its words a state at a time (the same numbers as Mechanism::addTo)
    BlockRng rng = makeBlockRng(o.noiseSeed, std::uint64_t(j));
    addGaussianPolar(std::span<double>(rowU, std::size_t(n)), o.noiseStd, rng);
    if (!pre) addGaussianPolar(std::span<double>(rowV, std::size_t(m)), o.noiseStd, rng);
  }
  w.qt.resize(o.quantiles);
  if (pre) {
    w.dataGrid.prepare(std::size_t(m), o.quantiles);
    w.dataGrid.quantiles(pre->row(j).data(), w.qt.data());
  } else {
    dataQuantiles(rowV, m, o.quantiles, w, select);
  }
}

/// For one direction: gᵢ = p̃ᵢ − T(F(p̃ᵢ)) for every particle (original order) into g; `proj` holds the
/// noisy particle projections, w.qt the P quantiles of the noisy data projections.
void driftCoefficients(const double* proj, Eigen::Index n, int P, DirectionWorkspace& w, double* g) {
  const Interpolation base = uniformGrid(P, w);
  // Selection pays once the 2P wanted order statistics are a small share of the n values (measured at
  // n = 10⁴, P = 1000: sorting 1.6x faster; the grid lookup's dependent loads cost more than the walk).
  if (n > kSelectionRatio * Eigen::Index(P))
    coefficientsBySelection(proj, n, base, w, g);
  else
    coefficientsBySorting(proj, n, base, w, g);
}

/// Whether the drift is computed by driftInSlices: one block of directions (k ≤ kBlock, e.g. DPSWflow-r's
/// default k = d = 2), the particle side by selection, and at least two slices of particles.
bool inSlices(Eigen::Index n, Eigen::Index k, int P) {
  return k <= kBlock && n > kSelectionRatio * Eigen::Index(P) && n >= 2 * kSlice;
}

/// The drift of one block of directions, for many particles (inSlices), in three parallel passes that
/// keep both cores busy where the block path gives the whole block to one thread (at 10⁶ particles, k = 2,
/// the other thread only shared the lookups): (1) projections p = Θ Xᵀ by slices of particles; (2) per
/// direction, in parallel: noise, target quantiles, particle quantiles by selection; (3) per slice: the
/// coefficients gⱼᵢ of every direction, the slice's drift rows Gᵀ Θ / k, handed to consume(i0, rows)
/// in the same pass, while they are in cache. The same operations on every value as the block path
/// (the same products, kernel paths and order), so the same bits (tests/engine/flow/tst_flow_drift_selection.cpp
/// for the drift, tst_sliced_flow_step.cpp for the step with diffusion). Input already validated by the caller.
template <class Consume>
void driftInSlices(const PointsRef& X, const PointsRef& Y, const PointsRef& directions, const FlowStepOptions& o,
                   Consume&& consume) {
  const Points* pre = o.sortedNoisyTargets;
  const Eigen::Index n = X.rows(), m = pre ? pre->cols() : Y.rows(), k = directions.rows(), d = X.cols();
  const Eigen::Index slices = n / kSlice;  // the last slice takes the remainder: none shorter than kSlice
  auto sliceStart = [&](Eigen::Index s) { return s == slices ? n : s * kSlice; };
  // The calling thread's scratch, kept between calls (as the block path's), shared with the team by reference
  // (inside the parallel region a thread_local name would be each thread's own).
  thread_local Points puKept, pvKept, GKept;
  thread_local std::vector<DirectionWorkspace> tablesKept;
  Points &pu = puKept, &pv = pvKept, &G = GKept;  // projections (k x n, k x m), coefficients (k x n)
  std::vector<DirectionWorkspace>& tables = tablesKept;  // per direction: qp, qt, u, the lookup grid
  tables.resize(std::size_t(k));
  pu.resize(k, n);
  G.resize(k, n);
  if (!pre) pv.noalias() = directions * Y.transpose();
  std::vector<SelectionLookup> lookups(static_cast<std::size_t>(k));  // filled by their direction's thread
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (Eigen::Index s = 0; s < slices; ++s) {
      const Eigen::Index i0 = sliceStart(s), rows = sliceStart(s + 1) - i0;
      pu.middleCols(i0, rows).noalias() = directions * X.middleRows(i0, rows).transpose();
    }
#pragma omp for schedule(dynamic, 1)
    for (Eigen::Index r = 0; r < k; ++r) {
      thread_local OrderStatisticsWorkspace select;
      DirectionWorkspace& t = tables[std::size_t(r)];
      double* rowU = pu.row(r).data();
      noisyTargetQuantiles(rowU, n, pre ? nullptr : pv.row(r).data(), m, r, o, t, select);
      lookups[std::size_t(r)] = SelectionLookup(rowU, n, uniformGrid(o.quantiles, t), t, select);
      if (n + m > kKeepScratch) select = OrderStatisticsWorkspace();
    }
#pragma omp for schedule(static)
    for (Eigen::Index s = 0; s < slices; ++s) {
      const Eigen::Index i0 = sliceStart(s), rows = sliceStart(s + 1) - i0;
      for (Eigen::Index r = 0; r < k; ++r)
        lookups[std::size_t(r)].coefficients(pu.row(r).data(), i0, i0 + rows, G.row(r).data());
      thread_local Points drift;  // as the block path: partial = 0 + Gᵀ Θ, drift = partial / k
      drift.setZero(rows, d);
      drift.noalias() += G.middleCols(i0, rows).transpose() * directions;
      drift /= double(k);
      consume(i0, std::as_const(drift));
    }
  }
  if (n + m > kKeepScratch) pu = Points(), pv = Points(), G = Points(), tables.clear();
}


/// The drift of slicedFlowDrift, handed over in row blocks: finish(r0, rows, sum) receives drift rows
/// [r0, r0 + rows) in `sum` (rows x d), inside the one parallel region of the step, so a caller can use
/// them (store, or move the particles) without a second region or an n x d matrix. Input already
/// validated by the caller.
template <class Finish>
void driftInRowBlocks(const PointsRef& X, const PointsRef& Y, const PointsRef& directions, const FlowStepOptions& o,
                      Finish finish) {
  const Points* pre = o.sortedNoisyTargets;
  const Eigen::Index n = X.rows(), m = pre ? pre->cols() : Y.rows(), k = directions.rows(), d = X.cols();
  // Up to kBlock directions per block; beyond one block, at least kChunks equal blocks, so the fixed
  // partition balances over the threads (k = 50 as 16+16+16+2 left one of two threads idle a third of
  // the time). The noise of direction j is stream j whatever the blocks.
  const Eigen::Index blocks =
      k <= kBlock ? 1 : std::max<Eigen::Index>((k + kBlock - 1) / kBlock, std::min<Eigen::Index>(k / 2, kChunks));
  const Eigen::Index blockSize = (k + blocks - 1) / blocks;
  const Eigen::Index chunks = std::min<Eigen::Index>(blocks, kChunks);
  // Small samples: the directions of a block run as OpenMP tasks, so a thread that has run out of
  // blocks takes directions of a block still in progress (k = 50 is 7 blocks of 7 and one of 1: two
  // threads would otherwise split them 28 : 22; k ≤ 16 is one block, which one thread ran alone).
  // Each direction's coefficients fill its own row of the block's G, whichever thread computes them,
  // and the block's product waits for all of them, so the bits are those of the loop. Not with the
  // selection path's own lookup tasks (n ≥ 2 kLookupSlice): a thread waiting for those could start
  // another direction on the same workspace.
  const bool directionTasks = n < 2 * kLookupSlice && k > 1;
  // Scratch kept per thread between calls (OpenMP's threads persist) while n + m ≤ 2^21: fresh buffers
  // page-faulted every call (~7% of a step at n = 10⁴, d = 8; half the CPU time of a 10⁶-particle step,
  // k = 2: 96-102 vs 45-49 ms measured). The price: at 10⁶ particles, d = 2, k = 2 about 50 MB stay
  // held per thread between steps (more with more directions per block); larger runs free it per call.
  thread_local std::vector<Points> partialCache;
  std::vector<Points>& partial = partialCache;
  partial.resize(std::size_t(chunks));
  // drift = (partial₀ + partial₁ + … ) / k, element by element in that order (so no bit depends on the
  // threads), over row blocks in parallel: at n = 10⁴, d = 8 one thread summing 8 partials took ~10%
  // of the step.
  constexpr Eigen::Index kRows = 512;
#pragma omp parallel
  {
    thread_local Points pu, pv, G;  // projections (jn x n, jn x m) and drift coefficients (jn x n) of one block
    thread_local Points sum;        // kRows x d rows of the drift
    // A lambda does not capture a thread_local: `w` in the task below is the workspace of the thread
    // running it.
    thread_local DirectionWorkspace w;
#pragma omp for schedule(dynamic, 1)
    for (Eigen::Index c = 0; c < chunks; ++c) {
      partial[c].setZero(n, d);
      for (Eigen::Index b = c * blocks / chunks; b < (c + 1) * blocks / chunks; ++b) {
        const Eigen::Index j0 = b * blockSize, jn = std::min(blockSize, k - j0);
        if (jn <= 0) continue;
        pu.noalias() = directions.middleRows(j0, jn) * X.transpose();
        if (!pre) pv.noalias() = directions.middleRows(j0, jn) * Y.transpose();
        G.resize(jn, n);
        // This thread's block (a task may run on another thread: the names pu, pv, G there are its own).
        Points* const U = &pu;
        Points* const V = &pv;
        Points* const C = &G;
        auto direction = [&, U, V, C](Eigen::Index r) {
          double* rowU = U->row(r).data();
          noisyTargetQuantiles(rowU, n, pre ? nullptr : V->row(r).data(), m, j0 + r, o, w, w.select);
          driftCoefficients(rowU, n, o.quantiles, w, C->row(r).data());
        };
        if (directionTasks) {
#pragma omp taskloop grainsize(1)
          for (Eigen::Index r = 0; r < jn; ++r) direction(r);
        } else {
          for (Eigen::Index r = 0; r < jn; ++r) direction(r);
        }
        partial[c].noalias() += G.transpose() * directions.middleRows(j0, jn);  // Σⱼ gⱼ θⱼᵀ
      }
    }
    if (n + m > kKeepScratch) pu = Points(), pv = Points(), G = Points(), w = DirectionWorkspace();
#pragma omp for schedule(static)
    for (Eigen::Index r0 = 0; r0 < n; r0 += kRows) {
      const Eigen::Index rows = std::min(kRows, n - r0);
      sum = partial[0].middleRows(r0, rows);
      for (Eigen::Index c = 1; c < chunks; ++c) sum += partial[c].middleRows(r0, rows);
      sum /= double(k);
      finish(r0, rows, std::as_const(sum));
    }
  }
  if (n + m > kKeepScratch) partial.clear();  // large runs: page faults are a small share, memory is not
}

}  // namespace

Points slicedFlowDrift(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                       const FlowStepOptions& o) {
  validate(X, Y, directions, o);
  Points drift(X.rows(), X.cols());
  if (inSlices(X.rows(), directions.rows(), o.quantiles)) {
    driftInSlices(X, Y, directions, o, [&](Eigen::Index i0, const Points& rows) { drift.middleRows(i0, rows.rows()) = rows; });
    return drift;
  }
  driftInRowBlocks(X, Y, directions, o,
                   [&](Eigen::Index r0, Eigen::Index rows, const Points& sum) { drift.middleRows(r0, rows) = sum; });
  return drift;
}

void slicedFlowStep(Points& X, const PointsRef& Y, const PointsRef& directions, const FlowStepOptions& o) {
  require(o.stepSize > 0 && std::isfinite(o.stepSize), "the step size h must be > 0, got ", o.stepSize);
  require(o.regularisation >= 0 && std::isfinite(o.regularisation),
          "the regularisation λ must be >= 0, got ", o.regularisation);
  validate(X, Y, directions, o);
  const double sd = std::sqrt(2.0 * o.stepSize * o.regularisation);
  if (inSlices(X.rows(), directions.rows(), o.quantiles)) {  // each slice moved as soon as its drift is known
    driftInSlices(X, Y, directions, o, [&](Eigen::Index i0, const Points& drift) {
      X.middleRows(i0, drift.rows()).noalias() -= o.stepSize * drift;
      if (o.regularisation > 0)  // kSlice is a multiple of kDiffusionBlock: whole streams
        for (Eigen::Index b = i0 / kDiffusionBlock; b * kDiffusionBlock < i0 + drift.rows(); ++b)
          diffuse(X, b, sd, o.diffusionSeed);
    });
    return;
  }
  // X ← X − h drift, row block by row block as the drift is summed (elementwise: the same bits on any
  // thread). X is read by the projections until the region's barrier before the sums, so moving it
  // there is safe.
  driftInRowBlocks(X, Y, directions, o, [&](Eigen::Index r0, Eigen::Index rows, const Points& sum) {
    X.middleRows(r0, rows).noalias() -= o.stepSize * sum;
  });
  if (o.regularisation > 0) {
    const Eigen::Index blocks = (X.rows() + kDiffusionBlock - 1) / kDiffusionBlock;
#pragma omp parallel for schedule(static)
    for (Eigen::Index b = 0; b < blocks; ++b) diffuse(X, b, sd, o.diffusionSeed);
  }
}

}  // namespace dpw
