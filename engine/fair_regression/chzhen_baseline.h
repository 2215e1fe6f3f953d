#pragma once
/// The non-private fair regression baseline of Chzhen, Denis, Hebiri, Oneto & Pontil (NeurIPS 2020,
/// "Fair regression with Wasserstein barycenters", Alg. 1), as described in reference §3: the
/// training scores of each group are split at random into halves A_a, B_a; a score s of group a is
/// ranked in A_a, u = (#{A_a < s} + V) / (|A_a| + 1) with V uniform on {1, ..., #{A_a = s} + 1}
/// (random tie-breaking, standing in for the paper's jitter), and the output is
/// Σ_b w_b Q_{B_b}(u), the weighted mean of the other halves' empirical quantiles at that rank
/// (w_b = group frequency). No privacy. Cost: fit O(n log n), predict O(m log n).
#include <vector>

#include "core/rng.h"

namespace dpw {

class ChzhenBaseline {
 public:
  /// A group with fewer than 2 training rows is not refused (whether it has rows is private, issue #35): with
  /// one row its half B holds it, with none it adds nothing to the mean (weights renormalised over the others).
  /// @throws InternalError on length mismatch or a label out of range; InvalidArgument without groups.
  ChzhenBaseline(const std::vector<double>& scores, const std::vector<int>& groups, int groupCount, Rng& rng);
  /// @throws InternalError if the group is out of range, InvalidArgument if the score is not finite.
  double predict(double score, int group, Rng& rng) const;

 private:
  std::vector<std::vector<double>> rankHalf_, quantileHalf_;
  std::vector<double> weights_;
};

}  // namespace dpw
