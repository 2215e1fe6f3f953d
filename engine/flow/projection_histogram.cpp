#include "flow/projection_histogram.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {

Points projectionCounts(const PointsRef& rows, const PointsRef& directions, long bins) {
  require(bins >= 1, "the number of histogram bins must be at least 1, got ", bins);
  ensure(rows.cols() == directions.cols(), "rows have dimension ", rows.cols(), " but directions have ",
          directions.cols());
  require(rows.allFinite() && directions.allFinite(), "the rows or directions contain NaN or infinite values");
  // The rows go in blocks, so the projections take k x 8192 doubles, not k x m (at the toys' largest size,
  // m = 10^7 and k = 70, that was 5.6 GB and the run failed with bad_alloc).
  constexpr Eigen::Index kRowsPerBlock = 8192;
  Points counts = Points::Zero(directions.rows(), bins);
  Points proj;
  const double perUnit = double(bins) / 2.0;
  for (Eigen::Index i0 = 0; i0 < rows.rows(); i0 += kRowsPerBlock) {
    const Eigen::Index len = std::min(kRowsPerBlock, rows.rows() - i0);
    proj.noalias() = directions * rows.middleRows(i0, len).transpose();  // k x len
    for (Eigen::Index j = 0; j < proj.rows(); ++j)
      for (Eigen::Index i = 0; i < len; ++i) {
        const long b = std::clamp(long(std::floor((proj(j, i) + 1.0) * perUnit)), 0L, bins - 1);
        counts(j, b) += 1.0;
      }
  }
  return counts;
}

Points releaseProjectionHistograms(const PointsRef& rows, const PointsRef& directions, long bins, double noiseStd,
                                   double sensitivity, NoiseSource source, Rng& rng) {
  require(noiseStd >= 0 && std::isfinite(noiseStd), "the histogram noise std must be >= 0, got ", noiseStd);
  Points counts = projectionCounts(rows, directions, bins);
  gaussianFor(source, noiseStd, sensitivity, long(counts.size()))
      .addTo(std::span<double>(counts.data(), std::size_t(counts.size())), source, rng);
  return counts;
}

double projectionHistogramSensitivity(long k, bool addRemove) {
  require(k >= 1, "the number of directions k must be at least 1, got ", k);
  return std::sqrt((addRemove ? 1.0 : 2.0) * double(k));
}

Points histogramQuantiles(const Points& noisyCounts, double cutoff, long quantiles) {
  require(quantiles >= 2, "the number of quantiles P must be at least 2, got ", quantiles);
  require(cutoff >= 0 && std::isfinite(cutoff), "the histogram cutoff must be >= 0, got ", cutoff);
  require(noisyCounts.allFinite(), "the noisy counts contain NaN or infinite values");
  const Eigen::Index k = noisyCounts.rows(), B = noisyCounts.cols();
  Points out(k, quantiles);
  const double width = 2.0 / double(B);
  Eigen::VectorXd w(B);
  for (Eigen::Index j = 0; j < k; ++j) {
    for (Eigen::Index b = 0; b < B; ++b) w(b) = std::max(noisyCounts(j, b) - cutoff, 0.0);
    if (!(w.sum() > 0))
      for (Eigen::Index b = 0; b < B; ++b) w(b) = std::max(noisyCounts(j, b), 0.0);
    if (!(w.sum() > 0)) w.setOnes();  // no information: uniform on [−1, 1]
    const double total = w.sum();
    // Walk the CDF C(e_b) = Σ_{i<b} w_i / total; Q(u) interpolates linearly inside the bin holding u.
    // (The walk stops at the last non-empty bin, so rounding of the sum cannot carry u = 1 past it.)
    Eigen::Index last = B - 1;
    while (w(last) == 0) --last;
    Eigen::Index b = 0;
    double below = 0;  // C at the left edge of bin b
    for (long q = 0; q < quantiles; ++q) {
      const double u = double(q) / double(quantiles - 1);
      while (b < last && (w(b) == 0 || below + w(b) / total < u)) below += w(b++) / total;
      const double frac = std::clamp((u - below) * total / w(b), 0.0, 1.0);
      out(j, q) = -1.0 + width * (double(b) + frac);
    }
    // Ascending by construction up to rounding; make it exact for the step's monotone walks.
    for (long q = 1; q < quantiles; ++q) out(j, q) = std::max(out(j, q), out(j, q - 1));
  }
  return out;
}

}  // namespace dpw
