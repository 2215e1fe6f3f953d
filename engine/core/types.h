#pragma once
/// Storage conventions shared by the whole engine.
///
/// Point sets are n x d matrices with one point per row, stored row-major so that a point is
/// contiguous and `Eigen::Ref<const Points>` never copies a particle set.
// GCC 12's own AVX-512 intrinsics (avx512fintrin.h, `__m256d __Y = __Y;`), inlined through Eigen's
// packet math with -march=native, raise thousands of false -Wmaybe-uninitialized warnings. They are
// silenced here, for the intrinsics and Eigen headers only: the pragma state is attached to those
// headers' lines, so our own code keeps the warning. Include Eigen through this header first.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <Eigen/Core>
#pragma GCC diagnostic pop

namespace dpw {

using Points = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;  ///< n x d
using Vector = Eigen::VectorXd;
using PointsRef = Eigen::Ref<const Points>;
using VectorRef = Eigen::Ref<const Vector>;

}  // namespace dpw
