#pragma once
/// DPSWflow-r and DPSWflow: the differentially private sliced-Wasserstein gradient flows of
/// [DPSWFlow] Alg. 1 and Alg. 2, on a 2-D toy or on Fashion-MNIST latents (flow_data.h).
///
/// Particles start from N(0, I_d) and move by sliced_flow_step.h, T steps:
/// - DPSWflow-r (Alg. 1): every step k fresh directions and a fresh minibatch of the private data
///   (Poisson sampling with rate q = batch/m for accountant "rdp", a uniform fixed-size batch for
///   "rdp-wor"); noise std s = multiplier · Δ(k); T subsampled Gaussian steps composed by the
///   accountant (flow_accounting.h); with ε given, the multiplier is calibrated by it.
/// - DPSWflow (Alg. 2): a pool of K directions drawn once, a subset of k without replacement every
///   step, the whole private data; s from the one-shot Gaussian mechanism with Δ of the pool
///   (flow_privacy.h). Every step releases fresh noisy projections, so T steps compose: the run
///   reports the per-step ε, basic composition (T ε, T δ_m + δ_b) and the accountant's composition
///   at q = 1. Convention "reference" reproduces the public code (subset drawn once with
///   replacement, no composition claimed) and says so.
/// Per-class mode (Fashion-MNIST): one flow per label on that label's private rows (disjoint
/// partitions: the same ε by parallel composition), n/10 particles each, the batch scaled so q is
/// unchanged; the labelled particles then classify the test latents by 1-nearest neighbour.
/// Cost per step O(k (n + b) d) plus sorting (sliced_flow_step.h).
#include <cstdint>
#include <limits>
#include <string>

#include "core/method.h"
#include "methods/flow/flow_data.h"
#include "methods/flow/flow_privacy.h"

namespace dpw {

enum class FlowVariant { Resampled, Pool };

struct DpswFlowSettings {
  FlowVariant variant = FlowVariant::Resampled;
  long particles = 5000;        ///< n
  long projections = 30;        ///< k directions per step
  long pool = 70;               ///< K, DPSWflow only
  long quantiles = 100;         ///< P
  double stepSize = 1.0;        ///< h
  double regularisation = 0.0;  ///< λ
  long batch = 250;             ///< DPSWflow-r minibatch (expected size for Poisson sampling)
  long steps = 500;             ///< T
  FlowPrivacySettings privacy;
  FlowTargetSettings data;
  long frameEvery = 10;

  static DpswFlowSettings fromParams(const ParamValues& p, FlowVariant variant);
};

/// Runs the flow. Metrics: sw2_heldout (SW₂² to the held-out data on 200 fixed directions, in data
/// units), sw2_floor (the same between private and held-out data), noise_std, sensitivity,
/// noise_multiplier, epsilon (NaN when no accountant), steps_per_second, and nn_accuracy /
/// nn_accuracy_real in per-class mode. @throws InvalidArgument on bad settings (k = 0, P < 2, ...).
RunResult runDpswFlow(const DpswFlowSettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo dpswFlowResampledMethod();
MethodInfo dpswFlowPoolMethod();

}  // namespace dpw
