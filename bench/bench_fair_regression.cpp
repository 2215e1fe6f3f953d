// [FairReg] post-processing at the sizes of issue #4: one barycenter LP (Law School, 4 groups) at
// k = 36 (target < 50 ms) and k = 180 (target < 2 s), a warm-started α sweep, and the whole Law table
// (6 ε x 50 seeds, k = 36, target < 30 s on 2 cores). BM_ReferenceSort (std::sort of 10^6 doubles)
// runs in the same process: report ratios against it, the machine is shared.
// Reads the bundled Law School data set (data/data_files.h says where it is looked for).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/rng.h"
#include "data/data_files.h"
#include "data/law_school.h"
#include "fair_regression/barycenter_lp.h"
#include "fair_regression/fair_pipeline.h"
#include "fair_regression/fair_sweep.h"

namespace {

const dpw::GroupedScores& law() {
  static const dpw::GroupedScores d = dpw::loadLawSchool(dpw::bundledDataFile("bar_pass_prediction.csv"));
  return d;
}

dpw::GroupDistributions distributions(int k) {
  dpw::Rng unused = dpw::makeRng(0);
  return dpw::privateGroupDistributions(law(), dpw::Binning(law().lo, law().hi, k), dpw::HistogramNoise{}, unused);
}

void BM_ReferenceSort(benchmark::State& state) {
  dpw::Rng rng = dpw::makeRng(1);
  std::vector<double> v(1000000);
  for (double& x : v) x = std::uniform_real_distribution<double>()(rng);
  for (auto _ : state) {
    std::vector<double> w = v;
    std::sort(w.begin(), w.end());
    benchmark::DoNotOptimize(w.data());
  }
}
BENCHMARK(BM_ReferenceSort)->Unit(benchmark::kMillisecond)->UseRealTime();

// Build + cold solve of one LP at α = 0 (what one seed of the table costs).
void BM_BarycenterLp(benchmark::State& state) {
  const dpw::GroupDistributions d = distributions(int(state.range(0)));
  double objective = 0;
  for (auto _ : state) {
    dpw::BarycenterLp lp(d);
    objective = lp.solve(0.0).objective;
  }
  state.counters["objective"] = objective;
}
BENCHMARK(BM_BarycenterLp)->Arg(36)->Arg(180)->Unit(benchmark::kMillisecond)->UseRealTime();

// The paper's 24-value α grid on one LP, warm-started; time per sweep.
void BM_AlphaSweepWarm(benchmark::State& state) {
  const dpw::GroupDistributions d = distributions(int(state.range(0)));
  const auto alphas = dpw::paperAlphaGrid();
  for (auto _ : state) {
    dpw::BarycenterLp lp(d);
    for (double a : alphas) benchmark::DoNotOptimize(lp.solve(a).objective);
  }
}
BENCHMARK(BM_AlphaSweepWarm)->Arg(36)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same grid with a fresh model per α (no warm start), for the ratio.
void BM_AlphaSweepCold(benchmark::State& state) {
  const dpw::GroupDistributions d = distributions(int(state.range(0)));
  const auto alphas = dpw::paperAlphaGrid();
  for (auto _ : state)
    for (double a : alphas) benchmark::DoNotOptimize(dpw::solveBarycenterLp(d, a).objective);
}
BENCHMARK(BM_AlphaSweepCold)->Arg(36)->Unit(benchmark::kMillisecond)->UseRealTime();

// The whole Law table: 6 ε x 50 seeds, k = 36, α = 0 (plus binning and raw rows), OpenMP threads.
void BM_LawTable(benchmark::State& state) {
  dpw::FairSweepSettings s;
  s.bins = {36};
  s.epsilons = {std::numeric_limits<double>::infinity(), 10, 5, 1, 0.5, 0.1};
  s.seeds = 50;
  s.baseline = false;
  for (auto _ : state) benchmark::DoNotOptimize(dpw::runFairSweep(law(), s).rawKs.mean);
}
BENCHMARK(BM_LawTable)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
