// Accountant speed (issue 3 targets): ε after 10^4 steps of the subsampled Gaussian (q = 0.01,
// σ = 1.1, δ = 1e-5) by RDP and GDP (< 1 ms) and PLD (< 200 ms), and RDP calibration (< 50 ms).
// Each accounting starts from a fresh accountant (the RDP grid and the PLD are built inside the
// timing). Reference in the same process: 10^5 evaluations of the normal CDF (erfc), so the ratios
// survive a shared or slower machine.
#include <benchmark/benchmark.h>

#include <cmath>

#include "privacy/accountants/accountant.h"
#include "privacy/accountants/normal_tail.h"

namespace {

constexpr double kQ = 0.01, kSigma = 1.1, kDelta = 1e-5;
constexpr long kSteps = 10000;

void BM_EpsilonRdp(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(dpw::epsilonAfterGaussianSteps("rdp", kSigma, kQ, kSteps, kDelta));
}
BENCHMARK(BM_EpsilonRdp)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_EpsilonRdpWithoutReplacement(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(dpw::epsilonAfterGaussianSteps("rdp-wor", kSigma, kQ, kSteps, kDelta));
}
BENCHMARK(BM_EpsilonRdpWithoutReplacement)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_EpsilonGdp(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(dpw::epsilonAfterGaussianSteps("gdp", kSigma, kQ, kSteps, kDelta));
}
BENCHMARK(BM_EpsilonGdp)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_EpsilonPld(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(dpw::epsilonAfterGaussianSteps("pld", kSigma, kQ, kSteps, kDelta));
}
BENCHMARK(BM_EpsilonPld)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_CalibrateRdp(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(dpw::calibrateNoiseMultiplier("rdp", 3.0, kDelta, kQ, kSteps));
}
BENCHMARK(BM_CalibrateRdp)->Unit(benchmark::kMillisecond)->UseRealTime();

// Reference workload: 10^5 normal CDFs.
void BM_ReferenceNormalCdf1e5(benchmark::State& state) {
  for (auto _ : state) {
    double s = 0;
    for (int i = 0; i < 100000; ++i) s += dpw::normalCdf(-5.0 + 1e-4 * i);
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_ReferenceNormalCdf1e5)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
