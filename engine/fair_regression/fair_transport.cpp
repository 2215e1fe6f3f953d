#include "fair_regression/fair_transport.h"

#include <algorithm>
#include <random>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/run_stop.h"

namespace dpw {

FairTransport::FairTransport(const BarycenterSolution& solution, const Binning& binning) : binning_(binning) {
  const int k = binning.bins();
  for (const Points& gamma : solution.couplings) {
    ensure(gamma.rows() == k && gamma.cols() == k, "coupling is ", gamma.rows(), " x ", gamma.cols(),
            " but there are ", k, " bins");
    Points g = Points::Zero(k, k), c(k, k);
    for (int i = 0; i < k; ++i) {
      const double row = gamma.row(i).sum();
      if (row > 1e-14) g.row(i) = gamma.row(i) / row;
      else g(i, i) = 1.0;  // empty bin: identity
      double run = 0;
      for (int j = 0; j < k; ++j) c(i, j) = (run += g(i, j));
      c(i, k - 1) = 1.0;
    }
    g_.push_back(std::move(g));
    cumulative_.push_back(std::move(c));
  }
}

double FairTransport::predict(double score, int group, Rng& rng) const {
  ensure(group >= 0 && group < groups(), "group ", group, " is not in 0..", groups() - 1);
  const int i = binning_.index(score);
  const double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
  const auto& c = cumulative_[group];
  int j = 0;
  while (j + 1 < binning_.bins() && c(i, j) <= u) ++j;
  return binning_.centre(j);
}

std::vector<double> FairTransport::predict(const std::vector<double>& scores, const std::vector<int>& groups,
                                           Rng& rng) const {
  ensure(scores.size() == groups.size(), "predict: ", scores.size(), " scores but ", groups.size(), " groups");
  std::vector<double> out(scores.size());
  for (std::size_t r = 0; r < scores.size(); ++r) {
    if ((r & 0x3FFF) == 0) throwIfRunStopped();  // a row costs up to k comparisons (k ≤ 2000 bins)
    out[r] = predict(scores[r], groups[r], rng);
  }
  return out;
}

}  // namespace dpw
