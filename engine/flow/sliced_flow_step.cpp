#include "flow/sliced_flow_step.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "ot/quantile.h"
#include "ot/radix_sort.h"

namespace dpw {
namespace {

constexpr Eigen::Index kBlock = 16;  // directions projected together (one small GEMM)
constexpr Eigen::Index kChunks = 8;  // fixed work partition: results independent of the thread count
constexpr Eigen::Index kDiffusionBlock = 1024;  // particles per diffusion noise stream

void validate(const PointsRef& X, const PointsRef& Y, const PointsRef& directions, const FlowStepOptions& o) {
  require(X.rows() > 0, "the particle set is empty");
  require(Y.rows() > 0, "the data set is empty");
  require(directions.rows() > 0, "the number of projections k must be at least 1, got 0");
  require(X.cols() == Y.cols(), "particles have dimension ", X.cols(), " but data have ", Y.cols());
  require(directions.cols() == X.cols(), "directions have dimension ", directions.cols(), " but points have ",
          X.cols());
  require(X.allFinite(), "the particles contain NaN or infinite values");
  require(Y.allFinite(), "the data contain NaN or infinite values");
  require(directions.allFinite(), "directions contain NaN or infinite values");
  require(o.quantiles >= 2, "the number of quantiles P must be at least 2, got ", o.quantiles);
  require(o.noiseStd >= 0 && std::isfinite(o.noiseStd), "noise standard deviation must be >= 0, got ", o.noiseStd);
}

void addNoise(double* p, Eigen::Index n, double sd, Rng& rng) {
  Mechanism::gaussianStd(sd).addTo(std::span<double>(p, std::size_t(n)), rng);
}

/// Quantiles of sorted x at u = i/(P−1), i = 0..P−1 (engine/ot/quantile.h convention), into q.
void uniformQuantiles(std::span<const double> sorted, std::vector<double>& q) {
  const int P = int(q.size());
  for (int i = 0; i < P; ++i) q[i] = quantileOfSorted(sorted, i == P - 1 ? 1.0 : double(i) / double(P - 1));
}

/// For one direction: writes gᵢ = p̃ᵢ − T(F(p̃ᵢ)) for every particle (original order) into g.
/// `proj` holds the noisy particle projections, `sortedTarget` the sorted noisy data projections.
struct DirectionWorkspace {
  std::vector<std::uint32_t> order;
  std::vector<std::uint64_t> orderScratch;
  std::vector<double> sorted, qp, qt, u, targetScratch;
};

void driftCoefficients(const double* proj, Eigen::Index n, std::span<const double> sortedTarget, int P,
                       DirectionWorkspace& w, double* g) {
  radixArgsort(std::span<const double>(proj, n), w.order, w.orderScratch);
  w.sorted.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) w.sorted[i] = proj[w.order[i]];
  w.qp.resize(P);
  w.qt.resize(P);
  uniformQuantiles(w.sorted, w.qp);
  uniformQuantiles(sortedTarget, w.qt);
  // Walk the sorted particles: F = numpy.interp(x, qp, u) with hi = first index with qp[hi] > x
  // (the rightmost of a run of equal qp, as engine/ot/quantile.h's interpolate), then
  // T = numpy.interp(F, u, qt) on the uniform grid, indexed directly.
  const double scale = double(P - 1);
  int hi = 0;
  for (Eigen::Index r = 0; r < n; ++r) {
    const double x = w.sorted[r];
    double F;
    if (x < w.qp[0]) {
      F = 0.0;
    } else if (x >= w.qp[P - 1]) {
      F = 1.0;
    } else {
      while (w.qp[hi] <= x) ++hi;  // terminates: qp[P−1] > x
      const int lo = hi - 1;
      const double t = (x - w.qp[lo]) / (w.qp[hi] - w.qp[lo]);
      const double ulo = double(lo) / scale, uhi = hi == P - 1 ? 1.0 : double(hi) / scale;
      F = ulo + t * (uhi - ulo);
    }
    double T;
    const double pos = F * scale;
    if (pos >= scale) {
      T = w.qt[P - 1];
    } else {
      const int lo = int(pos);
      const double t = pos - double(lo);
      T = w.qt[lo] + t * (w.qt[lo + 1] - w.qt[lo]);
    }
    g[w.order[r]] = x - T;
  }
}

}  // namespace

Points slicedFlowDrift(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                       const FlowStepOptions& o) {
  validate(X, Y, directions, o);
  const Points* pre = o.sortedNoisyTargets;
  require(pre == nullptr || (pre->rows() == directions.rows() && pre->cols() > 0), "the released target projections have ",
          pre ? pre->rows() : 0, " rows for ", directions.rows(), " directions");
  const Eigen::Index n = X.rows(), m = pre ? pre->cols() : Y.rows(), k = directions.rows(), d = X.cols();
  // Up to kBlock directions per block; beyond one block, at least kChunks equal blocks, so the fixed
  // partition balances over the threads (k = 50 as 16+16+16+2 left one of two threads idle a third of
  // the time). The noise of direction j is stream j whatever the blocks.
  const Eigen::Index blocks =
      k <= kBlock ? 1 : std::max<Eigen::Index>((k + kBlock - 1) / kBlock, std::min<Eigen::Index>(k / 2, kChunks));
  const Eigen::Index blockSize = (k + blocks - 1) / blocks;
  const Eigen::Index chunks = std::min<Eigen::Index>(blocks, kChunks);
  std::vector<Points> partial(chunks);
#pragma omp parallel
  {
    Points pu, pv, G;  // projections (jn x n, jn x m) and drift coefficients (jn x n) of one block
    DirectionWorkspace w;
    std::vector<double> radixScratch;
#pragma omp for schedule(dynamic, 1)
    for (Eigen::Index c = 0; c < chunks; ++c) {
      partial[c].setZero(n, d);
      for (Eigen::Index b = c * blocks / chunks; b < (c + 1) * blocks / chunks; ++b) {
        const Eigen::Index j0 = b * blockSize, jn = std::min(blockSize, k - j0);
        if (jn <= 0) continue;
        pu.noalias() = directions.middleRows(j0, jn) * X.transpose();
        if (!pre) pv.noalias() = directions.middleRows(j0, jn) * Y.transpose();
        G.resize(jn, n);
        for (Eigen::Index r = 0; r < jn; ++r) {
          double* rowU = pu.row(r).data();
          if (!o.secureNoise.isNone()) {  // secure mode: exact discrete Gaussian on a grid, OS entropy
            OsEntropy words;
            o.secureNoise.addTo(std::span<double>(rowU, std::size_t(n)), words);
            if (!pre) o.secureNoise.addTo(std::span<double>(pv.row(r).data(), std::size_t(m)), words);
          } else if (o.noiseStd > 0) {
            Rng rng = makeRng(o.noiseSeed, std::uint64_t(j0 + r));
            addNoise(rowU, n, o.noiseStd, rng);
            if (!pre) addNoise(pv.row(r).data(), m, o.noiseStd, rng);
          }
          if (pre) {
            driftCoefficients(rowU, n, std::span<const double>(pre->row(j0 + r).data(), m), o.quantiles, w,
                              G.row(r).data());
            continue;
          }
          double* rowV = pv.row(r).data();
          radixSort(std::span<double>(rowV, m), radixScratch);
          driftCoefficients(rowU, n, std::span<const double>(rowV, m), o.quantiles, w, G.row(r).data());
        }
        partial[c].noalias() += G.transpose() * directions.middleRows(j0, jn);  // Σⱼ gⱼ θⱼᵀ
      }
    }
  }
  Points drift = std::move(partial[0]);
  for (Eigen::Index c = 1; c < chunks; ++c) drift += partial[c];
  drift /= double(k);
  return drift;
}

void slicedFlowStep(Points& X, const PointsRef& Y, const PointsRef& directions, const FlowStepOptions& o) {
  require(o.stepSize > 0 && std::isfinite(o.stepSize), "the step size h must be > 0, got ", o.stepSize);
  require(o.regularisation >= 0 && std::isfinite(o.regularisation),
          "the regularisation λ must be >= 0, got ", o.regularisation);
  const Points drift = slicedFlowDrift(X, Y, directions, o);
  X.noalias() -= o.stepSize * drift;
  if (o.regularisation > 0) {
    const double sd = std::sqrt(2.0 * o.stepSize * o.regularisation);
    const Eigen::Index n = X.rows(), d = X.cols();
    const Eigen::Index blocks = (n + kDiffusionBlock - 1) / kDiffusionBlock;
#pragma omp parallel for schedule(static)
    for (Eigen::Index b = 0; b < blocks; ++b) {  // stream b: particles [b B, (b + 1) B)
      Rng rng = makeRng(o.diffusionSeed, std::uint64_t(b));
      const Eigen::Index i0 = b * kDiffusionBlock, rows = std::min(kDiffusionBlock, n - i0);
      addNoise(X.row(i0).data(), rows * d, sd, rng);
    }
  }
}

}  // namespace dpw
