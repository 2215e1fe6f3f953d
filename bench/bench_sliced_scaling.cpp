// Sliced W2 at scale (issue #22 item 4), everything as ratios measured in this one process:
//  - BM_SlicedDecade: t(n = 10^6) / t(n = 10^5), d = 8, k = 500 (rounds alternate the order); the goal is
//    at most 12 (linear would be 10).
//  - BM_SlicedFloor: t(n = m = 10^7, d = 8, k = 50) against a floor measured on this machine in the same
//    iteration: the projection's flops at the measured peak rate plus two passes over every projected
//    value (read and write 8 bytes each, what an LSD radix sort of 11-bit digits needs at the least) at
//    the measured copy speed. The goal is a ratio of at most 2.
// Peak: 2 threads, each 16 independent 8-wide FMA chains in registers (no memory traffic). Copy speed:
// 2 threads copying 512 MB to another 512 MB (read + write counted; write-allocate traffic not counted,
// so the speed is what a program sees). Every ratio is given by the wall clock (ratio_wall) and by the
// process's CPU time (ratio_cpu: the floor's rates per CPU second), which is the one to read when other
// jobs share the cores. Run:
//   OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive build/bench/bench_sliced_scaling
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>
#include <vector>

#include "core/rng.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

/// CPU seconds of the whole process (all threads): on a shared machine the wall clock also counts the
/// time slices other jobs take, so the ratios are given both ways.
double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

struct Timing {
  double wall = 0, cpu = 0;
};

struct Problem {
  dpw::Points X, Y, theta;
  Problem(long n, long d, long k, std::uint64_t seed) {
    dpw::Rng rng = dpw::makeRng(seed);
    X = dpw::standardNormal(n, d, rng);
    Y = dpw::standardNormal(n, d, rng).array() + 1.0;
    theta = dpw::randomDirections(k, d, rng);
  }
  Timing seconds() const {
    const auto t0 = Clock::now();
    const double c0 = cpuSeconds();
    benchmark::DoNotOptimize(dpw::slicedW2Squared(X, Y, theta).value);
    return {since(t0), cpuSeconds() - c0};
  }
};

/// Flops per second (wall, and per CPU second) of the threads running independent FMA chains held in
/// registers.
Timing peakFlops() {
  constexpr int kLanes = 128;  // 16 vectors of 8 doubles per thread
  constexpr long kIters = 20'000'000;
  double total = 0;
  const auto t0 = Clock::now();
  const double c0 = cpuSeconds();
#pragma omp parallel reduction(+ : total)
  {
    alignas(64) double acc[kLanes];
    for (int l = 0; l < kLanes; ++l) acc[l] = 1.0 + 1e-3 * l;
    const double a = 0.999999, b = 1e-7;
    for (long it = 0; it < kIters; ++it) {
#pragma omp simd aligned(acc : 64)
      for (int l = 0; l < kLanes; ++l) acc[l] = acc[l] * a + b;
    }
    double s = 0;
    for (int l = 0; l < kLanes; ++l) s += acc[l];
    benchmark::DoNotOptimize(s);
    total += 2.0 * kLanes * double(kIters);
  }
  return {total / since(t0), total / (cpuSeconds() - c0)};
}

/// Bytes per second (read + written; wall, and per CPU second) of the threads copying 512 MB.
Timing copySpeed() {
  static std::vector<double> src(std::size_t(64) << 20, 1.0), dst(std::size_t(64) << 20, 0.0);
  const long n = long(src.size());
  Timing best;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = Clock::now();
    const double c0 = cpuSeconds();
#pragma omp parallel for schedule(static)
    for (long c = 0; c < 64; ++c) {
      const long i0 = c * (n / 64);
      std::memcpy(dst.data() + i0, src.data() + i0, std::size_t(n / 64) * sizeof(double));
    }
    benchmark::ClobberMemory();
    const double bytes = 2.0 * double(n) * sizeof(double);
    best.wall = std::max(best.wall, bytes / since(t0));
    best.cpu = std::max(best.cpu, bytes / (cpuSeconds() - c0));
  }
  return best;
}

void BM_SlicedDecade(benchmark::State& state) {
  static const Problem small(100000, 8, 500, 1), large(1000000, 8, 500, 2);
  long round = 0;
  Timing ts, tl;
  for (auto _ : state) {
    Timing a, b;
    if (round++ % 2 == 0) a = small.seconds(), b = large.seconds();
    else b = large.seconds(), a = small.seconds();
    ts.wall += a.wall, ts.cpu += a.cpu, tl.wall += b.wall, tl.cpu += b.cpu;
    state.SetIterationTime(a.wall + b.wall);
  }
  state.counters["t_1e5_s"] = ts.wall / double(round);
  state.counters["t_1e6_s"] = tl.wall / double(round);
  state.counters["ratio_wall"] = tl.wall / ts.wall;
  state.counters["ratio_cpu"] = tl.cpu / ts.cpu;
}
BENCHMARK(BM_SlicedDecade)->Iterations(3)->UseManualTime()->Unit(benchmark::kSecond);

void BM_SlicedFloor(benchmark::State& state) {
  constexpr long n = 10'000'000, d = 8, k = 50;
  static const Problem p(n, d, k, 3);
  const double values = double(k) * double(2 * n);  // projected values sorted
  const double flops = 2.0 * double(d) * values;    // one FMA per coordinate of each
  const double bytes = 2.0 * 2.0 * 8.0 * values;    // 2 passes, each reading and writing 8 bytes a value
  Timing sw, floor, peak, copy;
  long rounds = 0;
  for (auto _ : state) {
    const Timing pk = peakFlops(), cp = copySpeed(), t = p.seconds();
    sw.wall += t.wall, sw.cpu += t.cpu;
    floor.wall += flops / pk.wall + bytes / cp.wall;
    floor.cpu += flops / pk.cpu + bytes / cp.cpu;
    peak.wall += pk.wall, peak.cpu += pk.cpu, copy.wall += cp.wall, copy.cpu += cp.cpu;
    ++rounds;
    state.SetIterationTime(t.wall);
  }
  const double r = double(rounds);
  state.counters["sw_s"] = sw.wall / r;
  state.counters["floor_s"] = floor.wall / r;
  state.counters["ratio_wall"] = sw.wall / floor.wall;
  state.counters["ratio_cpu"] = sw.cpu / floor.cpu;
  state.counters["peak_gflops"] = peak.wall / r * 1e-9;
  state.counters["copy_gbps"] = copy.wall / r * 1e-9;
}
BENCHMARK(BM_SlicedFloor)->Iterations(2)->UseManualTime()->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();
