#include "ot/sliced_wasserstein.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <memory>
#include <omp.h>
#include <span>
#include <vector>

#include "core/error.h"
#include "core/run_stop.h"
#include "core/huge_pages.h"
#include "ot/projection.h"
#include "ot/radix_sort.h"
#include "ot/wasserstein_1d.h"

namespace dpw {
namespace {

constexpr Eigen::Index kBlock = 16;  // directions projected together (one small GEMM)
/// The smallest block (huge samples, value only): two directions, so the points are read once per two
/// directions at least. (A block of one, such as the last of k = 17 in blocks of 16, gets the same bits:
/// ot/projection.h.)
constexpr Eigen::Index kMinBlock = 2;
constexpr Eigen::Index kChunks = 8;  // fixed work partition: results independent of the thread count
/// The projections one shared block may hold (valueWithSharedBlocks): 2^27 doubles, 1 GB. At
/// n = m = 10^7 that is 6 directions a block instead of 2: the points are read once per 6 directions,
/// not per 2, and each thread sorts 3 directions of a block instead of 1. Measured (dpwlab-cli sw,
/// d = 8, k = 48-50, same process and machine, paired runs): blocks of 6-8 take 0.80-0.94x the time of
/// blocks of 2, for 0.4 GB more peak memory (2.31 GB instead of 1.91).
constexpr Eigen::Index kSharedBlockValues = Eigen::Index(1) << 27;

using RowMatrix = Points;

/// Everything but the finiteness of the points, which `run` learns from its projection pass.
void validateShapes(const PointsRef& X, const PointsRef& Y, const PointsRef& directions) {
  require(X.rows() > 0, "the first point set is empty");
  require(Y.rows() > 0, "the second point set is empty");
  require(directions.rows() > 0, "at least one projection direction is needed");
  require(X.cols() == Y.cols(), "point sets have different dimensions: ", X.cols(), " and ", Y.cols());
  require(directions.cols() == X.cols(), "directions have dimension ", directions.cols(), " but points have ",
          X.cols());
  require(directions.allFinite(), "directions contain NaN or infinite values");
}

void requireFinite(const PointsRef& X, const PointsRef& Y) {
  require(X.allFinite(), "the first point set contains NaN or infinite values");
  require(Y.allFinite(), "the second point set contains NaN or infinite values");
}

/// A rows x cols block of projections whose storage is advised onto huge pages before anything touches
/// it (core/huge_pages.h).
RowMatrix blockOnHugePages(Eigen::Index rows, Eigen::Index cols) {
  RowMatrix block(rows, cols);
  adviseHugePages(block.data(), std::size_t(block.size()) * sizeof(double));
  return block;
}

/// Per-row range of a projection block, so the sorts need no pass of their own to find it.
struct RowRanges {
  Eigen::VectorXd lo, hi;
};

/// out (rows × n) = D · Xᵀ for a block of directions D and each row's min and max, in one pass over X
/// (ot/projection.h: the bits of Eigen's product, without its copy of X and its zeroed output).
/// Returns whether every coordinate of X is finite.
bool projectBlock(const Eigen::Ref<const RowMatrix>& D, const PointsRef& X, RowMatrix& out, RowRanges& range,
                  const ProjectionDigits* digits = nullptr) {
  range.lo.resize(D.rows());
  range.hi.resize(D.rows());
  return projectRows(D, X, out, range.lo.data(), range.hi.data(), digits);
}

/// Widens [lo, hi] to the values p[0..n) (after the noise moved them).
void widenRange(const double* p, Eigen::Index n, double& lo, double& hi) {
  for (Eigen::Index i = 0; i < n; ++i) lo = std::min(lo, p[i]), hi = std::max(hi, p[i]);
}

/// The noise of direction j on both samples' projections u[0..n), v[0..m) (`noise`'s law and draws), then
/// each range widened to the noisy values.
void addNoise(const ProjectionNoise& noise, Eigen::Index j, double* u, Eigen::Index n, double* v, Eigen::Index m,
              double& uLo, double& uHi, double& vLo, double& vHi) {
  noise.add(j, std::span<double>(u, std::size_t(n)), std::span<double>(v, std::size_t(m)));
  widenRange(u, n, uLo, uHi);
  widenRange(v, m, vLo, vHi);
}

bool noisy(const ProjectionNoise* noise) { return noise != nullptr; }

/// Top digits for a block's projections are computed by the projection itself (ot/projection.h) when
/// the value path will sort them by top digits: n = m past 2^17 points, no noise (which moves the values
/// after the projection).
bool digitsWhileProjecting(Eigen::Index n, Eigen::Index m, const ProjectionNoise* o) {
  return n == m && sortsByTopDigits(std::size_t(n)) && !noisy(o);
}

/// The radix keys of a block's projections before they exist: each direction's range over an evenly
/// spaced subsample of at most 2^13 points, widened by 30% of its width on each side (2^13 normal values
/// reach about 3.8σ, 10^7 about 5.3σ). False when a range is degenerate.
bool provisionalKeys(const Eigen::Ref<const RowMatrix>& D, const PointsRef& X, std::vector<MsdKey>& keys) {
  const Eigen::Index rows = D.rows(), n = X.rows(), step = std::max<Eigen::Index>(1, n >> 13);
  keys.resize(std::size_t(rows));
  for (Eigen::Index r = 0; r < rows; ++r) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (Eigen::Index i = 0; i < n; i += step) {
      const double p = D.row(r).dot(X.row(i));
      lo = std::min(lo, p), hi = std::max(hi, p);
    }
    const double margin = 0.3 * (hi - lo);
    if (!makeMsdKey(lo - margin, hi + margin, keys[std::size_t(r)])) return false;
  }
  return true;
}

/// Whether the projections' top digits, made under `key` before their range [lo, hi] was known, serve
/// the sort: the range lies inside the key's (no value clamped) and fills at least 60% of it (the
/// buckets at most 1/0.6 times as wide as the exact range's). Else the sort makes its own digits; the
/// value is the same either way.
bool digitsServe(const MsdKey& key, double lo, double hi) {
  return lo >= key.lo && hi <= key.hi() && (hi - lo) >= 0.6 * (key.hi() - key.lo);
}

/// The 1-D W₂² of u and v of equal size (scratch: their contents are left unspecified), sorted and
/// summed bucket by bucket, never written back sorted; with the projection's top digits when they serve.
double equalSizeValue(std::span<double> u, std::span<double> v, double uLo, double uHi, double vLo, double vHi,
                      SquaredDifferenceScratch& scratch, const TopDigits* du, const TopDigits* dv) {
  const double sum = du && dv && digitsServe(du->key, uLo, uHi) && digitsServe(dv->key, vLo, vHi)
                         ? sortedSquaredDifferenceSum(u, v, scratch, *du, *dv)
                         : sortedSquaredDifferenceSum(u, v, scratch, uLo, uHi, vLo, vHi);
  return sum * (1.0 / double(u.size()));
}

/// Direction j's value from its projections u (n) and v (m) with ranges [uLo, uHi], [vLo, vHi]: the
/// noise, then the sorts. u and v are scratch.
double directionValue(Eigen::Index j, std::span<double> u, std::span<double> v, double uLo, double uHi, double vLo,
                      double vHi, const ProjectionNoise* o, SquaredDifferenceScratch& scratch) {
  if (noisy(o)) addNoise(*o, j, u.data(), Eigen::Index(u.size()), v.data(), Eigen::Index(v.size()), uLo, uHi, vLo, vHi);
  if (u.size() == v.size()) return equalSizeValue(u, v, uLo, uHi, vLo, vHi, scratch, nullptr, nullptr);
  radixSort(u, scratch.values, uLo, uHi);  // the projections are scratch: sorted in place
  radixSort(v, scratch.values, vLo, vHi);
  return w2SquaredSorted(u, v);
}

/// The value alone for samples so large (n + m > 2^23) that a block of its own for each thread would not
/// fit the general path's memory: the threads take the blocks one at a time together, each projecting a
/// share of the points of the block's directions (ot/projection.h, projectRowsTogether), then sorting
/// its own directions of the block. One shared block holds up to kSharedBlockValues projections (at
/// 10^7 points, 6 directions: 0.96 GB). Each direction's value, and so every bit of the result, does
/// not depend on the block (the same dot products, noise and sort).
void valueWithSharedBlocks(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                           const ProjectionNoise* o, SlicedResult& out) {
  const Eigen::Index n = X.rows(), m = Y.rows(), k = directions.rows();
  const Eigen::Index blockSize = std::clamp<Eigen::Index>(kSharedBlockValues / (n + m), kMinBlock, kBlock);
  const Eigen::Index blocks = (k + blockSize - 1) / blockSize;
  // The block's projections (blockSize x n, blockSize x m), allocated once and first touched on huge
  // pages; a last, smaller block uses their first rows.
  RowMatrix pu = blockOnHugePages(blockSize, n), pv = blockOnHugePages(blockSize, m);
  RowRanges ru, rv;
  ru.lo.resize(blockSize), ru.hi.resize(blockSize), rv.lo.resize(blockSize), rv.hi.resize(blockSize);
  bool finiteX = true, finiteY = true, stopped = false;
  const RunObserver* const stopAsker = runStopObserver();
#pragma omp parallel
  {
    SquaredDifferenceScratch scratch;
    for (Eigen::Index b = 0; b < blocks; ++b) {  // every thread runs every block
      // Stop, asked by the calling thread and read by all between two barriers (core/run_stop.h): at 10⁷ points
      // a call of 200 directions took ~50 s without a question.
#pragma omp master
      stopped = stopAsker && stopAsker->cancelRequested();
#pragma omp barrier
      if (stopped) break;
      const Eigen::Index j0 = b * blockSize, jn = std::min(blockSize, k - j0);
      Eigen::Map<RowMatrix> bu(pu.data(), jn, n), bv(pv.data(), jn, m);
      projectRowsTogether(directions.middleRows(j0, jn), X, bu, ru.lo.data(), ru.hi.data(), finiteX);
      projectRowsTogether(directions.middleRows(j0, jn), Y, bv, rv.lo.data(), rv.hi.data(), finiteY);
      if (!finiteX || !finiteY) break;  // the same for every thread: read between two barriers
#pragma omp for schedule(dynamic, 1)
      for (Eigen::Index r = 0; r < jn; ++r)
        out.perDirection[j0 + r] =
            directionValue(j0 + r, std::span<double>(bu.row(r).data(), n), std::span<double>(bv.row(r).data(), m),
                           ru.lo(r), ru.hi(r), rv.lo(r), rv.hi(r), o, scratch);
    }
  }
  if (stopped) throw Cancelled();
  if (!finiteX || !finiteY) requireFinite(X, Y);
}

SlicedResult run(const PointsRef& X, const PointsRef& Y, const PointsRef& directions, const ProjectionNoise* o,
                 bool gradients) {
  validateShapes(X, Y, directions);
  throwIfRunStopped();  // and between blocks below (core/run_stop.h)
  const Eigen::Index n = X.rows(), m = Y.rows(), k = directions.rows(), d = X.cols();
  SlicedResult out;
  out.perDirection.resize(k);
  // Directions go in blocks of up to kBlock (one small GEMM each); blocks go in a fixed number of
  // chunks, each with its own gradient accumulator, summed in chunk order at the end. The partition
  // does not depend on the thread count, so neither does any bit of the result. For the value alone
  // the block shrinks with the samples (to 8 directions from n + m = 2^22 on, 4 from 2^23), so a
  // thread holds at most 2^25 doubles (256 MB) of projections instead of 16 (n + m); past 2^23 the
  // threads share larger blocks instead (valueWithSharedBlocks): at 10^7 points the projections take
  // 0.96 GB, not 5 GB. Every block reads the points once (64 bytes a point at d = 8, 4 to 32 bytes a
  // projected value), so blocks are as large as that memory allows: at 10^6 points blocks of 8 rather
  // than 4 took 0.94-0.96x the CPU time, blocks of 16 rather than 8 0.93-0.96x the wall time (paired
  // dpwlab-cli sw runs, k = 500), for 0.26 GB more. Each direction's value does not depend on the block
  // (the same dot products, noise and sort). With n = m past 2^17 and no noise, the projection also
  // writes each value's top radix digit (provisionalKeys, ProjectionDigits; 2 bytes a value, 64 MB a
  // thread at 10^6), which spares the sort its first pass over memory: 0.91-0.93x the wall time at 10^6,
  // k = 500 (three paired dpwlab-cli sw runs). The shared blocks do without: at 10^7 the 0.24 GB of
  // digits, first-touched every call, cost what the saved pass gave (three pairs, no difference).
  const Eigen::Index blockSize =
      gradients ? kBlock : std::clamp<Eigen::Index>((Eigen::Index(1) << 25) / (n + m), kMinBlock, kBlock);
  if (!gradients && n + m > (Eigen::Index(1) << 23)) {
    valueWithSharedBlocks(X, Y, directions, o, out);
    out.value = out.perDirection.mean();
    return out;
  }
  const Eigen::Index blocks = (k + blockSize - 1) / blockSize;
  const Eigen::Index chunks = std::min<Eigen::Index>(blocks, kChunks);
  std::vector<Points> partialX(gradients ? chunks : 0), partialY(gradients ? chunks : 0);
  // The points' finiteness comes out of every projection pass (a separate check cost ~7% of the time
  // at 10^7 points, k = 8); the first non-finite block stops the work and the call refuses below with
  // the message of the separate check, before any result leaves.
  std::atomic<bool> nonFinite = false;
  std::atomic<bool> stopped = false;  // asked by the calling thread (OpenMP's thread 0) between blocks (core/run_stop.h)
  const RunObserver* const stopAsker = runStopObserver();

#pragma omp parallel
  {
    RowMatrix pu, pv, gu, gv;  // projections and 1-D gradients of one block (kBlock x n, kBlock x m)
    RowRanges ru, rv;          // their per-row ranges
    const bool digits = !gradients && digitsWhileProjecting(n, m, o);
    const auto tu = std::make_unique_for_overwrite<std::uint16_t[]>(digits ? std::size_t(blockSize * n) : 0);
    const auto tv = std::make_unique_for_overwrite<std::uint16_t[]>(digits ? std::size_t(blockSize * m) : 0);
    if (!gradients) {  // this thread's blocks, first touched on huge pages (a last, smaller block reallocates)
      pu = blockOnHugePages(blockSize, n);
      pv = blockOnHugePages(blockSize, m);
      adviseHugePages(tu.get(), digits ? std::size_t(blockSize * n) * sizeof(std::uint16_t) : 0);
      adviseHugePages(tv.get(), digits ? std::size_t(blockSize * m) * sizeof(std::uint16_t) : 0);
    }
    std::vector<MsdKey> ku, kv;  // their top digits and keys (ProjectionDigits)
    std::vector<double> su(gradients ? n : 0), sv(gradients ? m : 0), gsu(gradients ? n : 0),
        gsv(gradients ? m : 0);
    SquaredDifferenceScratch scratch;
    std::vector<std::uint32_t> ou, ov;
    std::vector<std::uint64_t> oscratch;
#pragma omp for schedule(dynamic, 1)
    for (Eigen::Index c = 0; c < chunks; ++c) {
      if (gradients) {
        partialX[c].setZero(n, d);
        partialY[c].setZero(m, d);
      }
      for (Eigen::Index b = c * blocks / chunks; b < (c + 1) * blocks / chunks; ++b) {
        if (nonFinite.load(std::memory_order_relaxed) || stopped.load(std::memory_order_relaxed)) break;
        if (stopAsker && omp_get_thread_num() == 0 && stopAsker->cancelRequested()) {
          stopped.store(true, std::memory_order_relaxed);
          break;
        }
        const Eigen::Index j0 = b * blockSize, jn = std::min(blockSize, k - j0);
        const auto D = directions.middleRows(j0, jn);
        const bool keysMade = digits && provisionalKeys(D, X, ku) && provisionalKeys(D, Y, kv);
        const ProjectionDigits du{ku.data(), tu.get(), n}, dv{kv.data(), tv.get(), m};
        const bool finiteX = projectBlock(D, X, pu, ru, keysMade ? &du : nullptr);  // jn x n
        const bool finiteY = projectBlock(D, Y, pv, rv, keysMade ? &dv : nullptr);  // jn x m
        if (!finiteX || !finiteY) {
          nonFinite.store(true, std::memory_order_relaxed);
          break;
        }
        if (gradients) {
          gu.resize(jn, n);
          gv.resize(jn, m);
        }
        for (Eigen::Index r = 0; r < jn; ++r) {
          const Eigen::Index j = j0 + r;
          double* rowU = pu.row(r).data();
          double* rowV = pv.row(r).data();
          if (noisy(o)) addNoise(*o, j, rowU, n, rowV, m, ru.lo(r), ru.hi(r), rv.lo(r), rv.hi(r));
          if (!gradients && n == m) {  // sorted and summed bucket by bucket, never written back sorted
            const TopDigits tdu{keysMade ? ku[std::size_t(r)] : MsdKey{}, tu.get() + r * n};
            const TopDigits tdv{keysMade ? kv[std::size_t(r)] : MsdKey{}, tv.get() + r * m};
            out.perDirection[j] = equalSizeValue(std::span<double>(rowU, n), std::span<double>(rowV, m), ru.lo(r),
                                                 ru.hi(r), rv.lo(r), rv.hi(r), scratch, keysMade ? &tdu : nullptr,
                                                 keysMade ? &tdv : nullptr);
            continue;
          }
          if (!gradients) {  // the projection block is scratch: sort it in place
            radixSort(std::span<double>(rowU, n), scratch.values, ru.lo(r), ru.hi(r));
            radixSort(std::span<double>(rowV, m), scratch.values, rv.lo(r), rv.hi(r));
            out.perDirection[j] =
                w2SquaredSorted(std::span<const double>(rowU, n), std::span<const double>(rowV, m));
            continue;
          }
          radixArgsort(std::span<const double>(rowU, n), ou, oscratch, ru.lo(r), ru.hi(r));
          radixArgsort(std::span<const double>(rowV, m), ov, oscratch, rv.lo(r), rv.hi(r));
          for (Eigen::Index i = 0; i < n; ++i) su[i] = rowU[ou[i]];
          for (Eigen::Index i = 0; i < m; ++i) sv[i] = rowV[ov[i]];
          double* gU = gu.row(r).data();
          double* gV = gv.row(r).data();
          if (n == m) {  // R = I/n: gradients 2 (u₍ᵢ₎ − v₍ᵢ₎)/n, written straight to the original order
            const double w = 2.0 / double(n);
            double cost = 0;
            for (Eigen::Index i = 0; i < n; ++i) {
              const double diff = su[i] - sv[i];
              cost += diff * diff;
              gU[ou[i]] = w * diff;
              gV[ov[i]] = -w * diff;
            }
            out.perDirection[j] = cost / double(n);
            continue;
          }
          std::fill(gsu.begin(), gsu.end(), 0.0);
          std::fill(gsv.begin(), gsv.end(), 0.0);
          out.perDirection[j] = w2SquaredSortedAccumulate(su, sv, gsu, gsv);
          for (Eigen::Index i = 0; i < n; ++i) gU[ou[i]] = gsu[i];
          for (Eigen::Index i = 0; i < m; ++i) gV[ov[i]] = gsv[i];
        }
        if (gradients) {  // chain rule through the projection: Σⱼ gⱼ θⱼᵀ for this block
          partialX[c].noalias() += gu.transpose() * directions.middleRows(j0, jn);
          partialY[c].noalias() += gv.transpose() * directions.middleRows(j0, jn);
        }
      }
    }
  }
  if (stopped) throw Cancelled();
  if (nonFinite) requireFinite(X, Y);
  out.value = out.perDirection.mean();
  if (gradients) {
    out.gradX = std::move(partialX[0]);
    out.gradY = std::move(partialY[0]);
    for (Eigen::Index c = 1; c < chunks; ++c) {
      out.gradX += partialX[c];
      out.gradY += partialY[c];
    }
    out.gradX /= double(k);
    out.gradY /= double(k);
  }
  return out;
}

}  // namespace

SlicedResult slicedW2Squared(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                             const ProjectionNoise* noise) {
  return run(X, Y, directions, noise, false);
}

SlicedResult slicedW2SquaredWithGradients(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                                          const ProjectionNoise* noise) {
  return run(X, Y, directions, noise, true);
}

}  // namespace dpw
