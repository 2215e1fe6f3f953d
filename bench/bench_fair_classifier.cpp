// The fair classifier of issue #5 at the paper's size: n = 30000, 16 features, T = 500, per-group
// batches n_j/5, statistical parity and equality of odds, ε = 1 (calibrated, clipped, noised) and
// ε = ∞. Target: a whole run (data generation, training, charts every 50 steps, test metrics) under 2 s
// on 2 cores. Reference in the same process: the same run with α = 0 and ε = ∞ (plain SGD on the
// loss, no W₂ gradient, no clipping): the ratio is what to watch on a shared machine.
#include <benchmark/benchmark.h>

#include <cmath>

#include "core/run_observer.h"
#include "methods/fair_learning.h"

namespace {

void runOnce(benchmark::State& state, const char* penalty, double alpha, double epsilon) {
  dpw::FairLearningSettings s;  // paper defaults: n = 30000, T = 500, C = 5, M = L = 1, lr 0.05
  s.penalty = dpw::fairnessNotions().parse(penalty);
  s.alpha = alpha;
  s.epsilon = epsilon;
  for (auto _ : state) {
    dpw::CollectingObserver obs;
    benchmark::DoNotOptimize(dpw::runFairLearning(s, 1, obs).metrics.at("accuracy"));
  }
}

void BM_ReferencePlainSgd(benchmark::State& state) { runOnce(state, "sp", 0.0, INFINITY); }
BENCHMARK(BM_ReferencePlainSgd)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

void BM_FairClassifierSpPrivate(benchmark::State& state) { runOnce(state, "sp", 0.5, 1.0); }
BENCHMARK(BM_FairClassifierSpPrivate)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

void BM_FairClassifierSpNonPrivate(benchmark::State& state) { runOnce(state, "sp", 0.5, INFINITY); }
BENCHMARK(BM_FairClassifierSpNonPrivate)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

void BM_FairClassifierEoPrivate(benchmark::State& state) { runOnce(state, "eo", 0.5, 1.0); }
BENCHMARK(BM_FairClassifierEoPrivate)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
