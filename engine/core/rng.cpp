#include "core/rng.h"

namespace dpw {

Points standardNormal(Eigen::Index n, Eigen::Index d, Rng& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  Points out(n, d);
  double* p = out.data();
  for (Eigen::Index i = 0; i < n * d; ++i) p[i] = normal(rng);
  return out;
}

}  // namespace dpw
