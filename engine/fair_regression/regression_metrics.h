#pragma once
/// Error and unfairness of predictions ([FairReg] §5): MSE against the targets, and the statistical
/// parity violation SP = max over group pairs of the two-sample Kolmogorov-Smirnov statistic
/// sup_t |F_a(t) − F_a'(t)| of the group-conditional empirical output distributions (Def. 2.2).
#include <vector>

namespace dpw {

/// mean((x − y)²). @throws InternalError on length mismatch, InvalidArgument on empty input.
double meanSquaredError(const std::vector<double>& x, const std::vector<double>& y);

/// Two-sample KS statistic (ties handled exactly). Cost O((n + m) log(n + m)).
/// @throws InvalidArgument if a sample is empty.
double ksTwoSample(std::vector<double> x, std::vector<double> y);

/// max_{a < a'} KS(outputs | a, outputs | a') over the groups that have rows (0 if fewer than two have:
/// whether a declared group has rows is private, so an empty one is skipped, never refused; issue #35).
/// @throws InternalError on length mismatch or a label out of range.
double maxPairwiseKs(const std::vector<double>& outputs, const std::vector<int>& groups, int groupCount);

}  // namespace dpw
