#pragma once
/// Uniform discretisation of scores into k bins on [lo, hi] ([FairReg] Alg. 1, the discretiser h).
///
/// width = (hi - lo) / k; bin(s) = clamp(floor((s - lo) / width), 0, k - 1) computed in double
/// (reference §3 step 1), so s = hi falls in the last bin; centre(b) = lo + (b + 1/2) width.
#include <vector>

namespace dpw {

class Binning {
 public:
  /// @throws InvalidArgument unless lo < hi are finite and k >= 1.
  Binning(double lo, double hi, int k);
  int bins() const { return k_; }
  double lo() const { return lo_; }
  double hi() const { return hi_; }
  double width() const { return width_; }
  /// Bin of a score. @throws InvalidArgument if s is not finite or lies outside [lo, hi].
  int index(double s) const;
  double centre(int b) const { return lo_ + (b + 0.5) * width_; }
  /// k + 1 bin edges lo, lo + width, ..., hi.
  std::vector<double> edges() const;

 private:
  double lo_, hi_, width_;
  int k_;
};

}  // namespace dpw
