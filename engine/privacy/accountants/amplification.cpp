#include "privacy/accountants/amplification.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace dpw {

double groupSamplingRate(const std::vector<long>& batchSizes, const std::vector<long>& groupSizes) {
  require(!groupSizes.empty() && batchSizes.size() == groupSizes.size(),
          "one batch size per group is needed, got ", batchSizes.size(), " batch sizes for ", groupSizes.size(), " groups");
  double p = 0;
  for (size_t i = 0; i < groupSizes.size(); ++i) {
    require(batchSizes[i] >= 1 && batchSizes[i] <= groupSizes[i], "group ", i, ": the batch size must lie in [1, ",
            groupSizes[i], "], got ", batchSizes[i]);
    p = std::max(p, double(batchSizes[i]) / double(groupSizes[i]));
  }
  return p;
}

EpsilonDelta amplifyBySubsampling(double epsilon, double delta, double p) {
  require(epsilon >= 0, "epsilon must be >= 0, got ", epsilon);
  require(delta >= 0 && delta <= 1, "delta must lie in [0, 1], got ", delta);
  require(p > 0 && p <= 1, "the sampling rate p must lie in (0, 1], got ", p);
  return {std::log1p(p * std::expm1(epsilon)), p * delta};
}

}  // namespace dpw
