#include "ot/sliced_floor.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>
#include <vector>

#include "core/huge_pages.h"

namespace dpw {
namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

volatile double observed = 0;  // the products' checksum goes here, so they are not optimised away

constexpr std::size_t kLargeSort = std::size_t(1) << 17;  // radix_sort.cpp: the MSD path starts above this

/// F: the projection's product, 16 directions x 2048 points in L2, on every thread.
void measureFlops(Eigen::Index d, SlicedFloor& f) {
  constexpr Eigen::Index kDirs = 16, kPoints = 2048;
  const int reps = int(std::max<Eigen::Index>(20, 200'000'000 / (2 * kDirs * kPoints * d)));  // ~0.2 Gflop a thread
  double total = 0, sink = 0;
  const auto t0 = Clock::now();
  const double c0 = processCpuSeconds();
#pragma omp parallel reduction(+ : total, sink)
  {
    const Points D = Points::Constant(kDirs, d, 0.25), X = Points::Constant(kPoints, d, 0.5);
    Points out(kDirs, kPoints);
    for (int r = 0; r < reps; ++r) {
      out.noalias() = D * X.transpose();
      sink += out(r % kDirs, r % kPoints);
    }
    total += 2.0 * double(kDirs * kPoints * d) * reps;
  }
  f.flopRateWall = total / since(t0);
  f.flopRateCpu = total / (processCpuSeconds() - c0);
  observed = sink;
}

/// W: all threads copying 256 MB into another 256 MB, the best of 3.
void measureCopy(SlicedFloor& f) {
  const std::size_t n = std::size_t(32) << 20;  // doubles
  std::vector<double> src, dst;  // on huge pages, as slicedW2Squared's large arrays (core/huge_pages.h)
  reserveOnHugePages(src, n);
  reserveOnHugePages(dst, n);
  src.assign(n, 1.0);
  dst.assign(n, 0.0);
  constexpr long kPieces = 64;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = Clock::now();
    const double c0 = processCpuSeconds();
#pragma omp parallel for schedule(static)
    for (long c = 0; c < kPieces; ++c) {
      const std::size_t i0 = std::size_t(c) * (n / kPieces);
      std::memcpy(dst.data() + i0, src.data() + i0, (n / kPieces) * sizeof(double));
    }
    const double bytes = 2.0 * double(n) * sizeof(double);
    f.copyRateWall = std::max(f.copyRateWall, bytes / since(t0));
    f.copyRateCpu = std::max(f.copyRateCpu, bytes / (processCpuSeconds() - c0));
  }
  if (dst[n / 2] != 1.0) f.copyRateWall = 0;  // the copy is used
}

}  // namespace

double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

SlicedFloor measureSlicedFloor(Eigen::Index n, Eigen::Index m, Eigen::Index d, Eigen::Index k) {
  SlicedFloor f;
  const double values = double(k) * double(n + m);
  f.flops = 2.0 * double(d) * values;
  auto bytesFor = [](Eigen::Index rows) { return std::size_t(rows) > kLargeSort ? 40.0 : 0.0; };
  f.bytes = double(k) * (double(n) * bytesFor(n) + double(m) * bytesFor(m));
  f.bytesPerValue = f.bytes / values;
  measureFlops(d, f);
  measureCopy(f);
  return f;
}

}  // namespace dpw
