// Sliced W2 at the size of issue #2: n = m = 10^4, d = 8, k = 500; value alone, with gradients, and
// a std::sort reference in the same process (the ratio is what to watch).
#include <benchmark/benchmark.h>

#include <algorithm>

#include "core/rng.h"
#include "dpswd/dpswd_release.h"
#include "ot/directions.h"
#include "ot/wasserstein_1d.h"

namespace {

struct Problem {
  dpw::Points X, Y, theta;
  Problem(long n, long d, long k) {
    dpw::Rng rng = dpw::makeRng(0);
    X = dpw::standardNormal(n, d, rng);
    Y = dpw::standardNormal(n, d, rng).array() + 1.0;
    theta = dpw::randomDirections(k, d, rng);
  }
};

const Problem& problem() {
  static const Problem p(10000, 8, 500);
  return p;
}

void BM_SlicedValue(benchmark::State& state) {
  const auto& p = problem();
  for (auto _ : state) benchmark::DoNotOptimize(dpw::slicedW2Squared(p.X, p.Y, p.theta).value);
}
BENCHMARK(BM_SlicedValue)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SlicedWithGradients(benchmark::State& state) {
  const auto& p = problem();
  for (auto _ : state) benchmark::DoNotOptimize(dpw::slicedW2SquaredWithGradients(p.X, p.Y, p.theta).value);
}
BENCHMARK(BM_SlicedWithGradients)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SlicedDpSwd(benchmark::State& state) {
  const auto& p = problem();
  for (auto _ : state) benchmark::DoNotOptimize(dpw::slicedW2Squared(p.X, p.Y, p.theta, {1.0, 7}).value);
}
BENCHMARK(BM_SlicedDpSwd)->Unit(benchmark::kMillisecond)->UseRealTime();

// Reference: the same computation, single-threaded, with std::sort instead of the radix sort.
void BM_SlicedValueStdSortSerial(benchmark::State& state) {
  const auto& p = problem();
  for (auto _ : state) {
    const dpw::Points pu = p.theta * p.X.transpose(), pv = p.theta * p.Y.transpose();
    double total = 0;
    std::vector<double> u(pu.cols()), v(pv.cols());
    for (Eigen::Index j = 0; j < pu.rows(); ++j) {
      std::copy(pu.row(j).data(), pu.row(j).data() + pu.cols(), u.begin());
      std::copy(pv.row(j).data(), pv.row(j).data() + pv.cols(), v.begin());
      std::sort(u.begin(), u.end());
      std::sort(v.begin(), v.end());
      total += dpw::w2SquaredSorted(u, v);
    }
    benchmark::DoNotOptimize(total);
  }
}
BENCHMARK(BM_SlicedValueStdSortSerial)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
