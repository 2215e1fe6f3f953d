#pragma once
/// Storage conventions shared by the whole engine.
///
/// Point sets are n x d matrices with one point per row, stored row-major so that a point is
/// contiguous and `Eigen::Ref<const Points>` never copies a particle set.
#include <Eigen/Core>

namespace dpw {

using Points = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;  ///< n x d
using Vector = Eigen::VectorXd;
using PointsRef = Eigen::Ref<const Points>;
using VectorRef = Eigen::Ref<const Vector>;

}  // namespace dpw
