// Sliced W2 at scale (issue #22 item 4), everything as ratios measured in this one process:
//  - BM_SlicedDecade: t(n = 10^6) / t(n = 10^5), d = 8, k = 500 (rounds alternate the order); the goal is
//    at most 12 (linear would be 10).
//  - BM_SlicedFloor: t(n = m = 10^7, d = 8, k = 50) against a floor measured on this machine in the same
//    iteration: the projection's flops at the measured peak rate plus two passes over every projected
//    value (read and write 8 bytes each, what an LSD radix sort of 11-bit digits needs at the least) at
//    the measured copy speed. The goal is a ratio of at most 2.
// Peak: 2 threads, each 16 independent 8-wide FMA chains in registers (no memory traffic). Copy speed:
// 2 threads copying 512 MB to another 512 MB (read + write counted; write-allocate traffic not counted,
// so the speed is what a program sees). Run:
//   OMP_NUM_THREADS=2 build/bench/bench_sliced_scaling --benchmark_repetitions=3
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

#include "core/rng.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

struct Problem {
  dpw::Points X, Y, theta;
  Problem(long n, long d, long k, std::uint64_t seed) {
    dpw::Rng rng = dpw::makeRng(seed);
    X = dpw::standardNormal(n, d, rng);
    Y = dpw::standardNormal(n, d, rng).array() + 1.0;
    theta = dpw::randomDirections(k, d, rng);
  }
  double seconds() const {
    const auto t0 = Clock::now();
    benchmark::DoNotOptimize(dpw::slicedW2Squared(X, Y, theta).value);
    return since(t0);
  }
};

/// Flops per second of 2 threads running independent FMA chains held in registers.
double peakFlops() {
  constexpr int kLanes = 128;  // 16 vectors of 8 doubles per thread
  constexpr long kIters = 4'000'000;
  double total = 0;
  const auto t0 = Clock::now();
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
  return total / since(t0);
}

/// Bytes per second (read + written) of 2 threads copying 512 MB.
double copySpeed() {
  static std::vector<double> src(std::size_t(64) << 20, 1.0), dst(std::size_t(64) << 20, 0.0);
  const long n = long(src.size());
  double best = 0;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = Clock::now();
#pragma omp parallel for schedule(static)
    for (long c = 0; c < 64; ++c) {
      const long i0 = c * (n / 64);
      std::memcpy(dst.data() + i0, src.data() + i0, std::size_t(n / 64) * sizeof(double));
    }
    benchmark::ClobberMemory();
    best = std::max(best, 2.0 * double(n) * sizeof(double) / since(t0));
  }
  return best;
}

void BM_SlicedDecade(benchmark::State& state) {
  static const Problem small(100000, 8, 500, 1), large(1000000, 8, 500, 2);
  long round = 0;
  double ts = 0, tl = 0;
  for (auto _ : state) {
    double a, b;
    if (round++ % 2 == 0) a = small.seconds(), b = large.seconds();
    else b = large.seconds(), a = small.seconds();
    ts += a, tl += b;
    state.SetIterationTime(a + b);
  }
  state.counters["t_1e5_s"] = ts / double(round);
  state.counters["t_1e6_s"] = tl / double(round);
  state.counters["ratio_1e6_over_1e5"] = tl / ts;
}
BENCHMARK(BM_SlicedDecade)->Iterations(3)->UseManualTime()->Unit(benchmark::kSecond);

void BM_SlicedFloor(benchmark::State& state) {
  constexpr long n = 10'000'000, d = 8, k = 50;
  static const Problem p(n, d, k, 3);
  const double values = double(k) * double(2 * n);   // projected values sorted
  const double flops = 2.0 * double(d) * values;     // one FMA per coordinate of each
  double sw = 0, floor = 0, peak = 0, copy = 0;
  long rounds = 0;
  for (auto _ : state) {
    const double pk = peakFlops(), cp = copySpeed();
    const double t = p.seconds();
    const double f = flops / pk + 2.0 * 2.0 * 8.0 * values / cp;  // 2 passes of read + write, 8 bytes
    sw += t, floor += f, peak += pk, copy += cp, ++rounds;
    state.SetIterationTime(t);
  }
  state.counters["sw_s"] = sw / double(rounds);
  state.counters["floor_s"] = floor / double(rounds);
  state.counters["ratio_to_floor"] = sw / floor;
  state.counters["peak_gflops"] = peak / double(rounds) * 1e-9;
  state.counters["copy_gbps"] = copy / double(rounds) * 1e-9;
}
BENCHMARK(BM_SlicedFloor)->Iterations(2)->UseManualTime()->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();
