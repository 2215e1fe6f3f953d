// Sliced W2 at scale (issue #22 item 4), everything as ratios measured in this one process:
//  - BM_SlicedDecade: t(n = 10^6) / t(n = 10^5), d = 8, k = 500 (rounds alternate the order); the goal is
//    at most 12 (linear would be 10).
//  - BM_SlicedFloor: t(n = m = 10^7, d = 8, k = 50) against the floor of ot/sliced_floor.h measured in the
//    same iteration: the projection's 1.6·10^10 flops at the measured rate of the projection's own product
//    (Eigen, 16 directions x 2048 points in L2, all threads) plus the MSD radix sort's passes over memory
//    (40 bytes per projected value: top digits read, scatter read + write, buckets read + write) at the
//    measured copy speed of all threads. The goal is a ratio of at most 2.
// Every ratio is given by the wall clock (ratio_wall) and by the process's CPU time (ratio_cpu: the
// floor's rates per CPU second), which is the one to read when other jobs share the cores. Run:
//   OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive build/bench/bench_sliced_scaling
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "core/rng.h"
#include "ot/directions.h"
#include "ot/sliced_floor.h"
#include "ot/sliced_wasserstein.h"

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

/// CPU seconds of the whole process (all threads): on a shared machine the wall clock also counts the
/// time slices other jobs take, so the ratios are given both ways.
double cpuSeconds() { return dpw::processCpuSeconds(); }

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
  Timing sw, floor;
  double gflops = 0, gbps = 0, bytesPerValue = 0;
  long rounds = 0;
  for (auto _ : state) {
    const dpw::SlicedFloor f = dpw::measureSlicedFloor(n, n, d, k);
    const Timing t = p.seconds();
    sw.wall += t.wall, sw.cpu += t.cpu;
    floor.wall += f.secondsWall(), floor.cpu += f.secondsCpu();
    gflops += f.flopRateWall * 1e-9, gbps += f.copyRateWall * 1e-9, bytesPerValue = f.bytesPerValue;
    ++rounds;
    state.SetIterationTime(t.wall);
  }
  const double r = double(rounds);
  state.counters["sw_s"] = sw.wall / r;
  state.counters["sw_cpu_s"] = sw.cpu / r;
  state.counters["floor_s"] = floor.wall / r;
  state.counters["floor_cpu_s"] = floor.cpu / r;
  state.counters["ratio_wall"] = sw.wall / floor.wall;
  state.counters["ratio_cpu"] = sw.cpu / floor.cpu;
  state.counters["proj_gflops"] = gflops / r;
  state.counters["copy_gbps"] = gbps / r;
  state.counters["bytes_per_value"] = bytesPerValue;
}
BENCHMARK(BM_SlicedFloor)->Iterations(2)->UseManualTime()->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();
