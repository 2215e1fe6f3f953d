#include "fair_regression/binning.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace dpw {

Binning::Binning(double lo, double hi, int k) : lo_(lo), hi_(hi), width_(0), k_(k) {
  require(std::isfinite(lo) && std::isfinite(hi) && lo < hi, "score bounds must satisfy lo < hi, got [", lo, ", ", hi,
          "]");
  require(k >= 1, "the number of bins k must be at least 1, got ", k);
  width_ = (hi - lo) / k;
}

int Binning::index(double s) const {
  require(std::isfinite(s) && s >= lo_ && s <= hi_, "a score lies outside the bounds [", lo_, ", ", hi_,
          "] (the value is not shown: private data)");
  return std::clamp(int(std::floor((s - lo_) / width_)), 0, k_ - 1);
}

std::vector<double> Binning::edges() const {
  std::vector<double> e(k_ + 1);
  for (int b = 0; b <= k_; ++b) e[b] = lo_ + b * width_;
  e[k_] = hi_;
  return e;
}

}  // namespace dpw
