// Privacy audits (issue #36): the Gaussian-DP estimator's goal (≥ 0.9 of the claim at claims 1, 4 and 8
// in at most 30 s each, on correct Gaussian releases) and the flow-step audit's cost a trial (goal: back
// to about 2 ms a trial or better, from 6 ms). Counters: the bounds (distribution-free and within the
// Gaussian-DP family), their ratio to the claim, the time per trial. Reference in the same process: 10^6
// Gaussian draws, so the ratios survive a shared or slower machine.
//   build/bench/bench_audits --benchmark_filter=Gdp
#include <benchmark/benchmark.h>

#include <random>

#include "audit/mechanism_audits.h"
#include "audit/one_run_targets.h"
#include "core/method.h"
#include "flow/flow_step_audit.h"

namespace {

// One audit through the method's entry point (auditMechanism, seed 2024) and its counters: the claim, both
// estimators' bounds and their ratios to the claim, and with `perTrial` the time a trial.
void runAudit(benchmark::State& state, const dpw::MechanismAuditSettings& s, bool perTrial = false) {
  dpw::allMethods();
  dpw::MechanismAudit a;
  for (auto _ : state) a = dpw::auditMechanism(s, 2024);
  state.counters["claim"] = a.claimedEpsilon;
  state.counters["gdp_bound"] = a.gdp.epsilonLowerBound;
  state.counters["gdp_ratio"] = a.gdp.epsilonLowerBound / a.claimedEpsilon;
  state.counters["cp_bound"] = a.result.epsilonLowerBound;
  state.counters["cp_ratio"] = a.result.epsilonLowerBound / a.claimedEpsilon;
  if (perTrial)
    state.counters["s_per_trial"] = benchmark::Counter(double(2 * s.trials), benchmark::Counter::kIsIterationInvariantRate |
                                                                                 benchmark::Counter::kInvert);
}

// The settings most entries take from their arguments: claim ε = range(0), trials (or canaries) a side = range(1).
dpw::MechanismAuditSettings fromArgs(const benchmark::State& state, const char* mechanism) {
  dpw::MechanismAuditSettings s;
  s.mechanism = mechanism;
  s.epsilon = double(state.range(0));
  s.trials = long(state.range(1));
  return s;
}

// Correct Gaussian releases (10^6 trials at claim 1, 10^5 above: tst_gdp_audit.cpp says why).
void BM_GdpAuditGaussian(benchmark::State& state) { runAudit(state, fromArgs(state, "gaussian")); }
BENCHMARK(BM_GdpAuditGaussian)->Args({1, 1000000})->Args({4, 100000})->Args({8, 100000})
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// Every other registered one-unit audit at its default settings and claim 1 (2 for DP-SWD, as the docs' table).
void BM_UnitAudit(benchmark::State& state, const char* mechanism, long trials) {
  dpw::MechanismAuditSettings s;
  s.mechanism = mechanism;
  s.epsilon = s.mechanism == "dpswd-projection" ? 2.0 : 1.0;
  s.trials = trials;
  runAudit(state, s, true);
}
BENCHMARK_CAPTURE(BM_UnitAudit, dpsgd_canary, "dpsgd-canary", 100000)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK_CAPTURE(BM_UnitAudit, flow_histogram, "flow-histogram", 200000)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK_CAPTURE(BM_UnitAudit, dpswd_projection, "dpswd-projection", 60000)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK_CAPTURE(BM_UnitAudit, flow_step, "flow-step", 2000)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// The end-to-end audit of a whole DPSWflow-r run (methods/flow/dpsw_flow_run_audit.h).
void BM_FlowRunAudit(benchmark::State& state) { runAudit(state, fromArgs(state, "dpswflow-r-run")); }
BENCHMARK(BM_FlowRunAudit)->Args({1, 1000})->Args({4, 1000})->Args({8, 1000})
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// Whole runs of DPSWflow (the pool, methods/flow/dpsw_pool_run_audit.h: one histogram release, read white box)
// and DPSWgen (methods/flow/dpsw_generator_run_audit.h: every step's DP-SWD release), fault range(2) (an AuditFault).
void BM_WholeRunAudit(benchmark::State& state, const char* mechanism) {
  dpw::MechanismAuditSettings s = fromArgs(state, mechanism);
  s.fault = dpw::AuditFault(state.range(2));
  runAudit(state, s);
}
constexpr long kQuarter = long(dpw::AuditFault::NoiseQuarter), kAddRemove = long(dpw::AuditFault::ReplaceAsAddRemove),
               kRateTenth = long(dpw::AuditFault::RateTenth);
BENCHMARK_CAPTURE(BM_WholeRunAudit, dpswflow_run, "dpswflow-run")->Args({1, 10000, 0})->Args({4, 10000, 0})
    ->Args({8, 10000, 0})->Args({1, 10000, kQuarter})->Args({1, 10000, kAddRemove})
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK_CAPTURE(BM_WholeRunAudit, dpswgen_run, "dpswgen-run")->Args({1, 2000, 0})->Args({4, 2000, 0})
    ->Args({8, 2000, 0})->Args({1, 2000, kQuarter})->Args({1, 2000, kRateTenth})
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// The one-run audits of whole runs. A fair-classifier DP-SGD training (fair_learning/dpsgd_one_run_audit.h: q = 0.5,
// T = 50, white-box Dirac canaries), claim ε = range(0), range(1) canaries. Goal (issue #36): ≥ 0.5 of the claim
// at ε = 8. The proven one-run bound (one_run_ratio) stops near 0.3 there for any m (audit/one_run_audit.h);
// the f-DP one-run bound (audit/one_run_fdp.h) with the claim's (ε, δ) curve (fdp_ratio, proven) reads about
// the same at 1000 canaries, with the Gaussian curve (fdp_gaussian_ratio, refutes μ-GDP) 0.36-0.44; the
// Gaussian-DP reading of the canary scores (gdp_ratio, an estimate) is the one that reaches it. The order
// statistics of Xiang et al. (audit/one_run_tight.h; tight_ratio with the (ε, δ) pair, tight_gaussian_ratio
// with G_μ) assume the canaries independent, which these runs meet only approximately.
void BM_OneRunAudit(benchmark::State& state, const char* mechanism) {
  dpw::allMethods();
  const dpw::MechanismAuditSettings s = fromArgs(state, mechanism);
  dpw::OneRunAudit a;
  for (auto _ : state) a = dpw::runOneRunAudit(s, 2024);
  state.counters["claim"] = a.claimedEpsilon;
  state.counters["one_run_bound"] = a.steinke.epsilonLowerBound;
  state.counters["one_run_ratio"] = a.steinke.epsilonLowerBound / a.claimedEpsilon;
  state.counters["fdp_ratio"] = a.fdpApproximateDp.epsilonLowerBound / a.claimedEpsilon;
  state.counters["fdp_gaussian_ratio"] = a.fdpGaussian.epsilonLowerBound / a.claimedEpsilon;
  state.counters["tight_ratio"] = a.tightApproximateDp.epsilonLowerBound / a.claimedEpsilon;
  state.counters["tight_gaussian_ratio"] = a.tightGaussian.epsilonLowerBound / a.claimedEpsilon;
  state.counters["gdp_bound"] = a.gdp.epsilonLowerBound;
  state.counters["gdp_ratio"] = a.gdp.epsilonLowerBound / a.claimedEpsilon;
  state.counters["canaries"] = double(a.canaries);
}
BENCHMARK_CAPTURE(BM_OneRunAudit, dpsgd_run, "dpsgd-run-one-run")->Args({8, 1000})->Args({8, 2000})->Args({4, 1000})
    ->Args({1, 1000})->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
// The same for a whole DPSWflow-r run (methods/flow/dpsw_flow_one_run_audit.h: q = 0.4, T = 30, B = 4096).
BENCHMARK_CAPTURE(BM_OneRunAudit, dpswflow_r_run, "dpswflow-r-one-run")->Args({8, 1000})->Args({8, 4000})
    ->Args({4, 1000})->Args({1, 1000})->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// The flow-step audit's own entry (auditFlowStep, k = d = 2, 64 particles): time a trial pair.
void BM_FlowStepAuditTrial(benchmark::State& state) {
  dpw::FlowStepAuditSettings s;
  s.trials = 2000;
  for (auto _ : state) benchmark::DoNotOptimize(dpw::auditFlowStep(s, 7).result.epsilonLowerBound);
  state.counters["s_per_trial"] =
      benchmark::Counter(double(2 * s.trials), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_FlowStepAuditTrial)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// Reference workload: 10^6 standard normal draws.
void BM_ReferenceGaussianDraws1e6(benchmark::State& state) {
  std::mt19937_64 g(1);
  std::normal_distribution<double> n;
  for (auto _ : state) {
    double s = 0;
    for (int i = 0; i < 1000000; ++i) s += n(g);
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_ReferenceGaussianDraws1e6)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
