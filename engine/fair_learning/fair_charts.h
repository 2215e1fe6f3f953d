#pragma once
/// Chart frames of the fair-learning runs: the groups' score histograms and the groups' points.
#include <string>
#include <vector>

#include "core/frame.h"
#include "core/types.h"
#include "fair_learning/synthetic_bias.h"

namespace dpw {

/// A per-group histogram of scores in [0, 1] (40 bins), as probability masses; `byLabel`: one per (label, group).
HistogramFrame scoreHistogram(const Vector& scores, const FairDataset& D, bool byLabel);

/// The first `maxPoints` rows of the n x 2 points P (a network's column-major batch), labelled, for a points chart.
PointsFrame groupPoints(const Eigen::MatrixXd& P, const std::vector<int>& label, std::vector<std::string> names,
                        const char* xl, const char* yl, long maxPoints = 2000);

}  // namespace dpw
