#pragma once
/// DPSWflow-r and DPSWflow: the differentially private sliced-Wasserstein gradient flows of
/// [DPSWFlow] Alg. 1 and Alg. 2, on a 2-D toy or on Fashion-MNIST latents (flow_data.h).
///
/// Particles start from N(0, I_d) and move by sliced_flow_step.h, T steps:
/// - DPSWflow-r (Alg. 1): every step k fresh directions and a fresh minibatch of the private data
///   (Poisson sampling with rate q = batch/m for accountant "rdp", a uniform fixed-size batch for
///   "rdp-wor"); noise std s = multiplier · Δ(k); T subsampled Gaussian steps composed by the
///   accountant (flow_accounting.h); with ε given, the multiplier is calibrated by it. By default
///   (release = histogram) the step releases noisy histograms of the batch projections
///   (projection_histogram.h) instead of the paper's noisy projections.
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
#include <functional>
#include <vector>
#include <limits>
#include <string>

#include "core/choice_table.h"
#include "core/method.h"
#include "flow/flow_data.h"
#include "flow/flow_privacy.h"

namespace dpw {

enum class FlowVariant { Resampled, Pool };

/// How the k directions of a step are drawn (parameter `directions`).
/// - Random: i.i.d. uniform on the sphere, Δ from the CLT / Bernstein bound of flow_privacy.h (the
///   paper's and reference code's choice; δ/2 of the budget is spent on the bound).
/// - Orthonormal: ⌈k/d⌉ stacked Haar orthonormal bases (flow_directions.h): exact Δ = 2 √⌈k/d⌉, no δ
///   spent on the bound (the whole δ goes to the accountant).
enum class FlowDirections { Orthonormal, Random };

/// DPSWflow: when the noise on the data projections of the pool is drawn (parameter `data_noise`).
/// - Once: the K x m noisy pool projections are released once and reused every step (the particle side
///   gets fresh noise); the run's privacy is that one release's ([DPSWFlow] Alg. 2, "free iterations").
/// - EveryStep: fresh noise on the data every step; the T releases compose (the previous behaviour).
enum class PoolDataNoise { Once, EveryStep };

/// DPSWflow-r: what each step releases about its batch (parameter `release`).
/// - Histogram (default): k noisy histograms of the batch's projections, Δ = √(2k) exactly
///   (projection_histogram.h); the particles get no noise. Beyond the paper, from measurements.
/// - Projections: the paper's mechanism, Gaussian noise on every projected row and particle
///   ([DPSWFlow] §3.2, Eq. 20), Δ = 2w (flow_privacy.h).
enum class FlowRelease { Histogram, Projections };

/// When particles are normalised onto the unit sphere, for targets that lie on it by construction
/// (parameter `project_support`): at the end, after every step, or never (the paper).
enum class ProjectSupport { Final, EveryStep, Off };

// Id tables of the flow's choice settings (flow_choices.cpp): parsed once in fromParams, shared by the
// ParamSpecs, the CLI and the Python module.
const ChoiceTable<FlowDirections>& flowDirectionDraws();  ///< "orthonormal", "random"
const ChoiceTable<PoolDataNoise>& poolDataNoises();       ///< "once", "every_step"
const ChoiceTable<FlowRelease>& flowReleases();           ///< "histogram", "projections"
const ChoiceTable<ProjectSupport>& projectSupports();     ///< "final", "every_step", "off"

struct DpswFlowSettings {
  FlowVariant variant = FlowVariant::Resampled;
  long particles = 5000;        ///< n
  long projections = 0;         ///< k directions per step (0: d)
  long pool = 70;               ///< K, DPSWflow only
  long quantiles = 100;         ///< P
  double stepSize = 3.0;        ///< h (h₀ of the schedule)
  double regularisation = 0.0;  ///< λ
  long batch = 250;             ///< DPSWflow-r minibatch (expected size for Poisson sampling)
  /// DPSWflow-r: a public nominal row count for q = batch / publicRows (0: the private row count m,
  /// which the statement then lists as public). Poisson sampling at a public q needs no other count.
  long publicRows = 0;
  long steps = 500;             ///< T
  FlowPrivacySettings privacy;
  FlowTargetSettings data;
  long frameEvery = 10;
  /// false (a caller that shows no frame: flow-privacy-utility's runs): frames at the last step only, which
  /// the final metrics read (not a parameter). The early and periodic frames took half a 100-step run's CPU.
  bool liveFrames = true;
  // Choices beyond the paper (defaults chosen from measurements, docs/flow-results.md).
  FlowDirections directions = FlowDirections::Orthonormal;
  PoolDataNoise dataNoise = PoolDataNoise::Once;  ///< DPSWflow only
  FlowRelease release = FlowRelease::Histogram;    ///< DPSWflow-r only (DPSWflow: projections)
  long bins = 32;                                  ///< B, histogram release: bins on [−1, 1]
  double histogramCutoff = 2.0;                    ///< τ: counts below τ noise std read as empty
  /// τ of the step schedule h_t = h / (1 + t/τ) (t = 0, 1, ...); 0 = constant step. Step sizes are
  /// post-processing: they cost no privacy.
  double stepDecay = 20;
  /// Fraction of the final steps over which each particle's position is averaged (Polyak–Ruppert
  /// iterate averaging, post-processing); 0 = report the last iterate.
  double averageTail = 0;
  /// When the target's rows lie on the unit sphere by construction (FlowData::unitSphere, public), the
  /// particles are normalised onto it (every step: a projected flow). Post-processing of released
  /// quantities with public knowledge: costs no privacy.
  ProjectSupport projectSupport = ProjectSupport::Final;
  /// Test hook (not a parameter): DPSWflow with data noise once calls it every step with the step, the
  /// group, the pool indices of the step's directions and the released noisy data projections it uses.
  std::function<void(long step, std::size_t group, const std::vector<Eigen::Index>& poolIndex,
                     const Points& sortedNoisyTargets)>
      inspectReleasedTargets;
  /// Test hook (not a parameter): DPSWflow-r calls it every step with the step, the group and the
  /// group's private rows in that step's batch (the inclusion pattern the accountant counts on).
  std::function<void(long step, std::size_t group, const std::vector<Eigen::Index>& batchRows)> inspectBatchRows;
  /// Audit hook (not a parameter): DPSWflow-r with the histogram release calls it every step with the
  /// step, the group, the step's directions (k x d, public) and the released noisy counts (k x B, before the
  /// cutoff): what a white-box auditor reads (methods/flow/dpsw_flow_run_audit.h). DPSWflow with the
  /// histogram release calls it once per group, before the first step (step 0), with the K pool directions
  /// and the K x B counts released once (methods/flow/dpsw_pool_run_audit.h).
  std::function<void(long step, std::size_t group, const Points& directions, const Points& noisyCounts)>
      inspectReleasedCounts;
  /// Audit hook (not a parameter): DPSWflow with the projections release and data noise once calls it once per
  /// group, before the first step, with the K pool directions and the K x m noisy data projections released
  /// once, each direction's row sorted (the release; methods/flow/dpsw_pool_run_audit.h).
  std::function<void(std::size_t group, const Points& pool, const Points& sortedNoisyProjections)>
      inspectReleasedProjections;
  /// Test hook (not a parameter): edits the loaded target before the run (e.g. replaces one private row, to
  /// probe that the released and public outputs do not move with it).
  std::function<void(FlowData&)> editData;

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
