// One DPSWflow-r step at the size of issue #6: 10^4 particles, d = 8, k = 70 fresh directions, a
// batch of 250 of 30000 private rows on the unit sphere, P = 1000 quantiles, noise multiplier 1
// (s = 2 w(70, 8, δ)). BM_FlowStep is the step bench/flow_step_same_process.py compares with PyTorch (through the Python binding);
// BM_FlowStepOneThread is the same step on one thread (the ratio shows the OpenMP gain).
#include <benchmark/benchmark.h>
#include <omp.h>

#include "core/rng.h"
#include "flow/flow_data.h"
#include "flow/flow_privacy.h"
#include "flow/sliced_flow_step.h"
#include "ot/directions.h"

namespace {

struct Problem {
  dpw::Points X, Y;
  double noiseStd;
  Problem() {
    dpw::Rng rng = dpw::makeRng(0);
    X = dpw::standardNormal(10000, 8, rng);
    Y = dpw::standardNormal(30000, 8, rng);
    Y.rowwise().normalize();
    noiseStd = dpw::referenceFlowSensitivity(70, 8, 1e-5);
  }
};

const Problem& problem() {
  static const Problem p;
  return p;
}

void step(benchmark::State& state) {
  const auto& p = problem();
  dpw::Points X = p.X;
  std::uint64_t t = 0;
  for (auto _ : state) {
    dpw::Rng rng = dpw::makeRng(1, t++);
    const dpw::Points theta = dpw::randomDirections(70, 8, rng);
    dpw::SeededWords coins(rng);
    const dpw::Points batch = dpw::selectRows(p.Y, dpw::drawMinibatchRows(p.Y.rows(), false, 0, 250, coins));
    dpw::FlowStepOptions o;
    o.noiseStd = p.noiseStd;
    o.noiseSeed = rng();
    o.quantiles = 1000;
    o.stepSize = 3;
    dpw::slicedFlowStep(X, batch, theta, o);
    benchmark::DoNotOptimize(X.data());
  }
}

void BM_FlowStep(benchmark::State& state) { step(state); }
BENCHMARK(BM_FlowStep)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_FlowStepOneThread(benchmark::State& state) {
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  step(state);
  omp_set_num_threads(threads);
}
BENCHMARK(BM_FlowStepOneThread)->Unit(benchmark::kMillisecond)->UseRealTime();

// The 2-D toy step of issue #15, measured alone (no frames): 5000 particles, 5000 data rows (the
// whole toy data set, q = 1), k = 50 fresh directions, P = 1000, noise s = 1 on both projections.
void BM_FlowStepToy(benchmark::State& state) {
  static const auto data = [] {
    dpw::Rng rng = dpw::makeRng(2);
    return std::pair<dpw::Points, dpw::Points>(dpw::standardNormal(5000, 2, rng), 0.5 * dpw::standardNormal(5000, 2, rng));
  }();
  dpw::Points X = data.first;
  std::uint64_t t = 0;
  for (auto _ : state) {
    dpw::Rng rng = dpw::makeRng(3, t++);
    const dpw::Points theta = dpw::randomDirections(50, 2, rng);
    dpw::FlowStepOptions o;
    o.noiseStd = 1.0;
    o.noiseSeed = rng();
    o.quantiles = 1000;
    o.stepSize = 1;
    dpw::slicedFlowStep(X, data.second, theta, o);
    benchmark::DoNotOptimize(X.data());
  }
}
BENCHMARK(BM_FlowStepToy)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
