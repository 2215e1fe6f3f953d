#include "flow/fixed_target_sw.h"

#include <algorithm>
#include <span>

#include "core/error.h"
#include "core/internal_error.h"
#include "ot/radix_sort.h"
#include "ot/wasserstein_1d.h"

namespace dpw {
namespace {

constexpr Eigen::Index kBlock = 16;  // directions projected together (one small GEMM)

/// Sorted projections (k x n, row j ascending) of X on the directions, blocks of kBlock in parallel.
void sortedProjections(const PointsRef& X, const Points& directions, Points& out) {
  const Eigen::Index k = directions.rows(), n = X.rows();
  out.resize(k, n);
  const Eigen::Index blocks = (k + kBlock - 1) / kBlock;
#pragma omp parallel
  {
    std::vector<double> scratch;
#pragma omp for schedule(dynamic, 1)
    for (Eigen::Index b = 0; b < blocks; ++b) {
      const Eigen::Index j0 = b * kBlock, jn = std::min(kBlock, k - j0);
      out.middleRows(j0, jn).noalias() = directions.middleRows(j0, jn) * X.transpose();
      for (Eigen::Index j = j0; j < j0 + jn; ++j) {
        const auto row = out.row(j);
        radixSort(std::span<double>(out.row(j).data(), std::size_t(n)), scratch, row.minCoeff(), row.maxCoeff());
      }
    }
  }
}

void requireSample(const PointsRef& X, Eigen::Index d, const char* name) {
  require(X.rows() > 0, "the ", name, " is empty");
  ensure(X.cols() == d, "the ", name, " has dimension ", X.cols(), " but the directions have ", d);
  require(X.allFinite(), "the ", name, " contains NaN or infinite values");
}

}  // namespace

FixedTargetSlicedW2::FixedTargetSlicedW2(const PointsRef& Y, const PointsRef& directions) : directions_(directions) {
  require(directions.rows() > 0, "the number of directions must be at least 1, got 0");
  require(directions.allFinite(), "directions contain NaN or infinite values");
  requireSample(Y, directions.cols(), "target sample");
  sortedProjections(Y, directions_, sortedTarget_);
}

double FixedTargetSlicedW2::operator()(const PointsRef& X) const {
  requireSample(X, directions_.cols(), "sample");
  // Kept between frames (200 x 10⁴ doubles page-faulted afresh each call cost ~40% of a frame's curve).
  // A reference, so the threads below read this thread's buffer, not their own thread_local one.
  thread_local Points buffer;
  Points& sorted = buffer;
  sortedProjections(X, directions_, sorted);
  const Eigen::Index k = directions_.rows(), n = X.rows(), m = sortedTarget_.cols();
  Eigen::VectorXd perDirection(k);
#pragma omp parallel for schedule(static)
  for (Eigen::Index j = 0; j < k; ++j)
    perDirection[j] = w2SquaredSorted(std::span<const double>(sorted.row(j).data(), std::size_t(n)),
                                      std::span<const double>(sortedTarget_.row(j).data(), std::size_t(m)));
  return perDirection.mean();  // as slicedW2Squared's value
}

}  // namespace dpw
