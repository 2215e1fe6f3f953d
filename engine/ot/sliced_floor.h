#pragma once
/// A floor for the time of slicedW2Squared (value alone), measured on the running machine (issue #22
/// item 4): the projection's flops at the measured rate of the projection's own product on data in
/// cache, plus the sort's passes over memory at the measured copy speed.
///
///   floor = 2 d k (n + m) / F  +  B k (n + m) / W
/// F: flops per second of all threads each running Eigen's product of 16 directions with a tile of
/// 2048 points held in L2 (the projection's kernel with no memory traffic). W: bytes per second (read +
/// written, write-allocate traffic not counted) of all threads copying 256 MB into another 256 MB, the
/// best of 3 (a STREAM-like copy), on huge pages where the kernel offers them, as the call's own large
/// arrays are (core/huge_pages.h). B: the bytes the sort moves through memory per projected value, for
/// the sort actually used (radix_sort.h): past 2^17 values the MSD sort reads the values for their top
/// digits (8), scatters them (8 read + 8 written) and sorts each bucket back (8 + 8): B = 40; below, the
/// arrays stay in cache and the LSD passes are not counted against memory: B = 0 (the floor is then the
/// flops alone, a looser bound). Rates are given per wall second and per CPU second of the process: on
/// a shared machine other jobs take time slices, and the CPU-time floor is the one to compare with the
/// CPU time of the call.
#include "core/types.h"

namespace dpw {

struct SlicedFloor {
  double flops = 0;                 ///< 2 d k (n + m)
  double bytes = 0;                 ///< B k (n + m)
  double bytesPerValue = 0;         ///< B
  double flopRateWall = 0, flopRateCpu = 0;  ///< F per wall second, per CPU second
  double copyRateWall = 0, copyRateCpu = 0;  ///< W per wall second, per CPU second
  double secondsWall() const { return flops / flopRateWall + bytes / copyRateWall; }
  double secondsCpu() const { return flops / flopRateCpu + bytes / copyRateCpu; }
};

/// Measures F and W now (about a second) and returns the floor for samples of n and m points in
/// dimension d and k directions.
SlicedFloor measureSlicedFloor(Eigen::Index n, Eigen::Index m, Eigen::Index d, Eigen::Index k);

/// Seconds of CPU time used so far by the whole process (all threads).
double processCpuSeconds();

}  // namespace dpw
