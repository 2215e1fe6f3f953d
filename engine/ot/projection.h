#pragma once
/// Projections of a point set on a block of directions, out = D·Xᵀ, with each row's range, in one
/// pass over X that needs no copy of it and no zeroed output.
///
/// The same bits as Eigen's product `out.noalias() = D * X.transpose()` for two directions or more (one
/// direction: see projectRows): Eigen's GEMM computes every point of a whole row panel (24 points with
/// AVX-512) with one multiply-add chain per value,
/// acc = +0, acc = fma(x_c, θ_c, acc) for c = 0..d−1, then out = acc·1 + 0 = acc; projectRows runs that chain
/// on the same packets for all whole panels but the last, and leaves the last panel and the remainder
/// points (which Eigen computes with other kernels) to an Eigen product over just those points, which
/// takes the same kernels for them. Builds whose Eigen does not use FMA instructions take Eigen's
/// product for everything. tests/engine/ot/tst_projection.cpp compares every bit with Eigen's product.
#include <cstdint>

#include "core/types.h"
#include "ot/radix_sort.h"

namespace dpw {

/// Each projected value's top radix digit, computed as the value is (ot/radix_sort.h): for row r of
/// the block, tops[r·stride + i] = keys[r](out(r, i)) >> kMsdLowBits. Saves the sort a pass over memory.
struct ProjectionDigits {
  const MsdKey* keys = nullptr;
  std::uint16_t* tops = nullptr;
  Eigen::Index stride = 0;
};

/// out (D.rows() x X.rows()) = D·Xᵀ; lo[r], hi[r] = the smallest and largest value of row r. Fewer than
/// 48 points go by Eigen's product as is. One direction gets the bits it would get in a block of two or
/// more (the first row of the product with the direction twice), not those of Eigen's matrix-vector
/// product, which rounds differently: a direction's projections never depend on its block.
///
/// Returns whether every coordinate of X is finite, found on the coordinates as the pass reads them
/// (a sum of x·0, NaN as soon as one x is NaN or ±inf), so callers need no pass of their own. When it
/// returns false, out, lo and hi are meaningless: the min/max drop NaNs, so the ranges cannot tell.
/// With `digits`, also each value's top digit (ProjectionDigits).
[[nodiscard]] bool projectRows(const PointsRef& D, const PointsRef& X, Points& out, double* lo, double* hi,
                               const ProjectionDigits* digits = nullptr);

/// The same product, bits, ranges and finiteness (into `finite`), computed by all the threads of the
/// enclosing OpenMP parallel region together: every thread calls it with the same shared out (sized
/// D.rows() x X.rows() by the caller, so a block of storage serves blocks of any size), lo, hi and
/// finite, each projects a share of the points, and all return when everything is written. For
/// samples too large to give each thread a block of directions of its own.
void projectRowsTogether(const PointsRef& D, const PointsRef& X, Eigen::Ref<Points> out, double* lo, double* hi,
                         bool& finite, const ProjectionDigits* digits = nullptr);

}  // namespace dpw
