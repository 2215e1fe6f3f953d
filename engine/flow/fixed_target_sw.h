#pragma once
/// SW₂² of changing samples against one fixed target, the target's side computed once: the live curve
/// of a flow (particles → held-out data along fixed probe directions) at every published frame.
///
/// The value is slicedW2Squared(X, Y, directions) of engine/ot/sliced_wasserstein.h without noise: per
/// direction θⱼ the 1-D W₂² of the sorted projections Xθⱼ and Yθⱼ (w2SquaredSorted), averaged over
/// the directions. Y's sorted projections are kept, so a frame sorts only X's (half the work when X
/// and Y have the same size). Projections go in blocks of 16 directions (one small GEMM each, as there);
/// tests/engine/flow/tst_fixed_target_sw.cpp compares the value with slicedW2Squared's.
#include <vector>

#include "core/types.h"

namespace dpw {

class FixedTargetSlicedW2 {
 public:
  /// @throws InvalidArgument if Y or the directions are empty, of different dimensions or not finite.
  FixedTargetSlicedW2(const PointsRef& Y, const PointsRef& directions);
  /// SW₂²(X, Y) along the directions. @throws InvalidArgument if X is empty or not finite; InternalError if
  /// it has another dimension (the run's own points).
  double operator()(const PointsRef& X) const;

 private:
  Points directions_;
  Points sortedTarget_;  // k x m, row j ascending
};

}  // namespace dpw
