#pragma once
/// How to judge a learnt representation z of [FairLearn] App. B.3 (eq. 23): a logistic probe fitted on
/// part of the test codes, and the whitening that makes distances between the groups invariant to affine
/// maps of the code. Evaluation only: no privacy is claimed for these numbers (they read the test set).
#include <utility>
#include <vector>

#include "core/types.h"
#include "nn/dense_network.h"

namespace dpw {

/// Logistic regression by Newton's method (IRLS, 30 iterations) on [Z, 1] predicting the 0/1 `label`,
/// fitted on the first 60 % of the rows and evaluated on the other 40 % (App. B.3). Returns (accuracy,
/// disparate impact of the predictions between the groups `group`) on the held-out rows. With label =
/// group it measures how well the group is linearly readable from Z (chance ≈ the larger group's share).
/// Cost O(30 n d²).
std::pair<double, double> logisticProbe(const nn::Matrix& Z, const std::vector<int>& label, const std::vector<int>& group);

/// Σ^{-1/2}(z − μ) with the rows' own mean and covariance: distances on it do not change under any
/// invertible affine map of the code. Cost O(n d²).
nn::Matrix whitened(const nn::Matrix& Z);

}  // namespace dpw
