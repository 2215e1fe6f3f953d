#include "fair_regression/chzhen_baseline.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/run_stop.h"

namespace dpw {

ChzhenBaseline::ChzhenBaseline(const std::vector<double>& scores, const std::vector<int>& groups, int groupCount,
                               Rng& rng) {
  ensure(scores.size() == groups.size(), "baseline: ", scores.size(), " scores but ", groups.size(), " groups");
  require(groupCount >= 1, "baseline needs at least one group");
  std::vector<std::vector<double>> byGroup(groupCount);
  for (std::size_t i = 0; i < scores.size(); ++i) {
    if ((i & 0xFFFF) == 0) throwIfRunStopped();
    ensure(groups[i] >= 0 && groups[i] < groupCount, "baseline: group label ", groups[i], " out of range");
    byGroup[groups[i]].push_back(scores[i]);
  }
  for (int a = 0; a < groupCount; ++a) {
    auto& v = byGroup[a];
    StopAskingBits<Rng> bits(rng);  // the same draws: the same halves
    std::shuffle(v.begin(), v.end(), bits);
    const std::size_t half = v.size() / 2;
    std::vector<double> A(v.begin(), v.begin() + half), B(v.begin() + half, v.end());
    std::sort(A.begin(), A.end());
    throwIfRunStopped();  // each sort of 2·10⁶ scores: ~0.2 s
    std::sort(B.begin(), B.end());
    rankHalf_.push_back(std::move(A));
    quantileHalf_.push_back(std::move(B));
    weights_.push_back(double(v.size()) / double(scores.size()));
  }
}

double ChzhenBaseline::predict(double score, int group, Rng& rng) const {
  ensure(group >= 0 && group < int(rankHalf_.size()), "baseline: group ", group, " out of range");
  require(std::isfinite(score), "baseline: score ", score, " is not finite");
  const auto& A = rankHalf_[group];
  const auto lower = std::lower_bound(A.begin(), A.end(), score), upper = std::upper_bound(A.begin(), A.end(), score);
  const long less = long(lower - A.begin()), equal = long(upper - lower);
  const long v = std::uniform_int_distribution<long>(1, equal + 1)(rng);
  const double u = double(less + v) / double(A.size() + 1);
  double out = 0, used = 0;
  for (std::size_t b = 0; b < quantileHalf_.size(); ++b) {
    const auto& B = quantileHalf_[b];
    if (B.empty()) continue;  // a group with no training row has no quantiles (and weight 0)
    used += weights_[b];
    const long idx = std::clamp(long(std::ceil(u * double(B.size()))) - 1, 0L, long(B.size()) - 1);
    out += weights_[b] * B[idx];
  }
  return used > 0 ? out / used : score;
}

}  // namespace dpw
