#include "flow/flow_directions.h"

#include <cmath>
#include <random>

#include <Eigen/QR>

#include "core/error.h"

namespace dpw {

Points orthonormalDirectionBlocks(Eigen::Index k, Eigen::Index d, Rng& rng) {
  require(k >= 1, "the number of directions k must be at least 1, got ", k);
  require(d >= 1, "the dimension d must be at least 1, got ", d);
  std::normal_distribution<double> normal(0.0, 1.0);
  Points out(k, d);
  for (Eigen::Index j0 = 0; j0 < k; j0 += d) {
    Eigen::MatrixXd G(d, d);
    for (Eigen::Index i = 0; i < d; ++i)
      for (Eigen::Index c = 0; c < d; ++c) G(i, c) = normal(rng);
    Eigen::HouseholderQR<Eigen::MatrixXd> qr(G);
    Eigen::MatrixXd Q = qr.householderQ();
    const Eigen::MatrixXd R = qr.matrixQR().triangularView<Eigen::Upper>();
    for (Eigen::Index c = 0; c < d; ++c)  // Q diag(sign(R_cc)): Haar-distributed (Mezzadri 2007)
      if (R(c, c) < 0) Q.col(c) = -Q.col(c);
    const Eigen::Index rows = std::min<Eigen::Index>(d, k - j0);
    out.middleRows(j0, rows) = Q.transpose().topRows(rows);  // rows of Qᵀ are orthonormal
  }
  return out;
}

double orthonormalBlockSensitivity(long k, long d) {
  require(k >= 1, "the number of directions k must be at least 1, got ", k);
  require(d >= 1, "the dimension d must be at least 1, got ", d);
  return 2.0 * std::sqrt(double((k + d - 1) / d));
}

}  // namespace dpw
