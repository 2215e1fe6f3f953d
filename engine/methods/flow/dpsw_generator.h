#pragma once
/// DPSWgen: a generator network trained on the DP-SWD loss, the baseline of [DPSWFlow] §4.2 (after
/// [DP-SWD] §5, Alg. 1).
///
/// Every step: a minibatch Y_b of the private data (Poisson rate q = batch/m for "rdp", fixed size for
/// "rdp-wor"), k fresh directions Θ, b generated points G = g_φ(Z), Z ~ N(0, I_latent); the loss is
/// DP-SWD(G, Y_b) = (1/k) Σⱼ W₂²(G θⱼ + N(0, s²), Y_b θⱼ + N(0, s²)) (engine/ot/sliced_wasserstein.h);
/// ∂loss/∂G comes from its gradients, is back-propagated through the MLP (nn/dense_network.h) and φ takes
/// an Adam step (nn/adam.h). The data enter only through their noisy projections, so the privacy is that of DPSWflow-r
/// with the same (k, q, s, T) (flow_accounting.h). Per-class mode trains one generator per label.
#include <cstdint>
#include <functional>
#include <limits>
#include <string>

#include "core/method.h"
#include "flow/flow_data.h"
#include "flow/flow_privacy.h"

namespace dpw {

struct DpswGeneratorSettings {
  long latent = 8;              ///< dimension of Z
  long width = 128;             ///< hidden layer width
  long depth = 2;               ///< hidden layers
  double learningRate = 1e-3;   ///< Adam
  long projections = 70;        ///< k per step
  long batch = 250;             ///< data minibatch and generated batch
  long steps = 2000;            ///< T
  long samples = 5000;          ///< generated points for the metrics and charts
  FlowPrivacySettings privacy;
  FlowTargetSettings data;
  long frameEvery = 50;
  /// false (a caller that shows no frame: flow-privacy-utility's runs): frames at the last step only, which
  /// the final metrics read (not a parameter).
  bool liveFrames = true;
  /// Test hook (not a parameter): edits the loaded target before the run (e.g. relabels private rows).
  std::function<void(FlowData&)> editData;
  /// Test hook (not a parameter): per class, called with the class and its generated batch size.
  std::function<void(std::size_t label, long generatedBatch)> inspectGenerator;
  /// Audit hook (not a parameter): called every step with the step, the class, the step's directions
  /// (k x d, public) and the released noisy projections of the data batch (k x b; column i: batch row i, in
  /// the batch's uniformly random order), as drawn and used: what a white-box auditor reads
  /// (methods/flow/dpsw_generator_run_audit.h).
  std::function<void(long step, std::size_t group, const Points& directions, const Points& noisyBatchProjections)>
      inspectReleasedProjections;

  static DpswGeneratorSettings fromParams(const ParamValues& p);
};

/// Trains the generator. Metrics as runDpswFlow (sw2_heldout of `samples` generated points, sw2_floor,
/// noise_std, sensitivity, noise_multiplier, epsilon, nn_accuracy in per-class mode) plus final_loss.
/// @throws InvalidArgument on bad settings.
RunResult runDpswGenerator(const DpswGeneratorSettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo dpswGeneratorMethod();

}  // namespace dpw
