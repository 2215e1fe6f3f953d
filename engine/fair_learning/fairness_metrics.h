#pragma once
/// Fairness and accuracy measures of [FairLearn] Appendix B, on a test sample.
///
/// With decisions G ∈ {0, 1}, sensitive attribute A ∈ {0, 1} and label Y:
///   disparate impact  DI = P(G = 1 | A = 0) / P(G = 1 | A = 1)                    (eq. 17)
///   equality of odds  EO_k = P(G = 1 | A = 0, Y = k) / P(G = 1 | A = 1, Y = k)   (eqs. 19, 20)
///   over-diagonal share OD_j = #{g²(x) > −g¹(x), A = j} / n_j                  (App. B.2)
/// A ratio whose denominator is 0 is +inf (or NaN for 0/0), reported as is. Cost O(n).
#include <vector>

#include "core/types.h"

namespace dpw {

/// Share of i with decision[i] == label[i]. @throws InternalError on size mismatch, InvalidArgument on empty input.
double accuracy(const std::vector<int>& decision, const std::vector<int>& label);

/// DI of eq. 17. @throws InternalError on size mismatch, InvalidArgument on empty input.
double disparateImpact(const std::vector<int>& decision, const std::vector<int>& a);

/// EO_k of eqs. 19–20 for label value k. @throws InternalError on size mismatch, InvalidArgument on empty input.
double equalOddsRatio(const std::vector<int>& decision, const std::vector<int>& a, const std::vector<int>& y, int k);

/// OD_j of App. B.2 for 2-D outputs (n x 2). @throws InternalError on bad sizes, InvalidArgument on an empty group.
double overDiagonalShare(const PointsRef& outputs, const std::vector<int>& a, int group);

/// W₂² between the 1-D scores of the two groups (A = 0 vs A = 1), optionally restricted to label k
/// (k < 0: all). @throws InvalidArgument if a group is empty.
double groupW2Squared(const VectorRef& scores, const std::vector<int>& a, const std::vector<int>& y = {}, int k = -1);

/// Mean over rows of ‖x̂_i − x_i‖² restricted to the first `columns` columns (RL_c of App. B.3).
/// @throws InternalError on bad sizes, InvalidArgument on an empty sample.
double reconstructionLoss(const PointsRef& reconstructed, const PointsRef& original, int columns);

}  // namespace dpw
