#pragma once
/// Randomised optimal transports read off the LP couplings, and fair prediction
/// ([FairReg] Alg. 1 lines 8-10; reference §3 step 5).
///
/// g_a[i][j] = γ_a[i][j] / Σ_j γ_a[i][j]; a row with no mass (bin i empty for group a) maps i to itself.
/// Prediction for (s, a): draw bin j from row bin(s) of g_a, output centre(j) = lo + (j + 1/2) width.
#include <vector>

#include "core/rng.h"
#include "core/types.h"
#include "fair_regression/barycenter_lp.h"
#include "fair_regression/binning.h"

namespace dpw {

class FairTransport {
 public:
  /// @throws InternalError if the couplings are not k x k with k = binning.bins().
  FairTransport(const BarycenterSolution& solution, const Binning& binning);
  /// Row-stochastic transport of group a (k x k).
  const Points& transport(int group) const { return g_[group]; }
  int groups() const { return int(g_.size()); }
  /// One randomised prediction; consumes one uniform draw from `rng`.
  /// @throws InvalidArgument if the score is outside the bounds; InternalError if the group is out of range.
  double predict(double score, int group, Rng& rng) const;
  /// Predictions for many rows, in order, from one stream.
  std::vector<double> predict(const std::vector<double>& scores, const std::vector<int>& groups, Rng& rng) const;

 private:
  Binning binning_;
  std::vector<Points> g_;
  std::vector<Points> cumulative_;  ///< row-wise cumulative sums of g_
};

}  // namespace dpw
