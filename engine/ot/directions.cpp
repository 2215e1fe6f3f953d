#include "ot/directions.h"

#include "core/error.h"

namespace dpw {

Points randomDirections(Eigen::Index k, Eigen::Index d, Rng& rng) {
  require(k >= 1, "the number of projections k must be at least 1, got ", k);
  require(d >= 1, "the dimension d must be at least 1, got ", d);
  Points theta = standardNormal(k, d, rng);
  for (Eigen::Index j = 0; j < k; ++j) {
    double norm = theta.row(j).norm();
    while (norm == 0.0) {  // probability zero, but never divide by it
      theta.row(j) = standardNormal(1, d, rng);
      norm = theta.row(j).norm();
    }
    theta.row(j) /= norm;
  }
  return theta;
}

}  // namespace dpw
