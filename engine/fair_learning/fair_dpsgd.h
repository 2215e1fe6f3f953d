#pragma once
/// One DP-SGD step on (1 − α) loss + α (sliced) W₂² fairness penalty, [FairLearn] §5–6 and App. B–C.
///
/// Objective on a batch B (the union of the per-cell batches):
///   F(θ) = (1 − α) (1/|B|) Σ_{i∈B} ℓ_i(θ) + (α/R) Σ_{k<R} SW₂²(g_θ#P_{B_{0,k}}, g_θ#P_{B_{1,k}}),
/// R = 1 for statistical parity (eq. 5, 18, 22, 23), R = number of labels for equality of odds (eq. 6, 21).
/// SW₂² = W₂² when the penalised output is 1-D (rank-weight coupling of [FairLearn] Prop. 3.1/3.2 for
/// unequal sizes), otherwise the Monte-Carlo sliced distance on k fresh random directions per step.
///
/// Privatised gradient (eq. 3, Thm 6.1): per-example loss gradients clipped to norm C; outputs U_i
/// projected on the ball of radius M before the W₂ gradient is taken; the per-example Jacobian rows
/// ∇_θ g^c(x_i) clipped to L/√d each (Remark A.2, giving spectral norm ≤ L; the reference code computes
/// this clip but never applies it, DPW Lab applies it); then Gaussian noise N(0, (σ Δ)² I) (privacy/mechanisms/mechanisms.h) with Δ from
/// privacy/sensitivity/fair_sensitivity.h (Thm 6.1 SP/EO; Thm A.1(b) with L₂ = 0 for matching to a fixed reference).
/// Without privacy (`privatise = false`, ε = ∞) nothing is clipped and no noise is added.
/// A batch row the network cannot evaluate (a non-finite input or loss target, or an activation that
/// overflows) enters as the zero input with weight 0 in both terms, and a per-example norm that is NaN or
/// ∞ clips to 0: a rule of the row alone, so Δ holds and one such row never makes the sum NaN.
///
/// Per-example norms use the ghost-norm identity of nn::DenseNetwork, so the n x P per-example matrix is
/// never formed: a step costs O(|B| P (1 + d)) plus the sorts of the W₂ gradient, O(k |B| log |B|).
#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "core/types.h"
#include "nn/adam.h"
#include "nn/dense_network.h"
#include "privacy/ledger/privacy_ledger.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

enum class FairLoss {
  BinaryCrossEntropy,  ///< ℓ = bce(g(x), y), g a sigmoid output (logistic model, eq. 18/21)
  SquaredError,        ///< ℓ = ‖g(x) − t‖² with targets t (2-D regression, eq. 22)
  Reconstruction,      ///< ℓ = ‖ψ(φ(x)) − x‖² (autoencoder, eq. 23): targets are the inputs
  None                 ///< no loss term (distribution matching, App. C)
};

/// The data one training run sees, with its cells. cells[2k] and cells[2k+1] are the two groups
/// compared by the k-th penalty term (R = cells.size()/2 terms). When `reference` is non-empty, the
/// second side of the single pair is a fixed sample (rows of `reference`, e.g. the circle of App. C)
/// that does not go through the network (h = identity).
struct FairTrainingData {
  nn::Matrix X;       ///< n x d inputs
  nn::Matrix target;  ///< n x t loss targets (labels for BCE, Y^C for regression, X for reconstruction)
  std::vector<std::vector<Eigen::Index>> cells;
  nn::Matrix reference;  ///< m x d_out fixed second sample (matching only)
};

/// How the privatised gradient g is applied (post-processing: either choice keeps the guarantee).
enum class Optimizer {
  Sgd,  ///< θ ← θ − lr g
  Adam  ///< nn::Adam (nn/adam.h): Kingma & Ba 2015, β₁ = 0.9, β₂ = 0.999, ε = 1e-8, bias-corrected
};

struct FairStepSettings {
  double alpha = 0.5;            ///< weight of the penalty
  double learningRate = 0.05;
  bool privatise = true;         ///< false: ε = ∞, no clipping and no noise
  double clipGradient = 5;       ///< C
  double clipOutput = 1;         ///< M
  double clipJacobian = 1;       ///< L
  /// Seeded: N(0, (σΔ)² I) from `rng` (teaching mode). OsEntropy: the exact discrete Gaussian on a grid
  /// (Mechanism::discreteGaussianOnGrid(σΔ, Δ, P), privacy/mechanisms/mechanisms.h) from the OS (secure mode).
  NoiseSource noiseSource = NoiseSource::Seeded;
  double clipAfterNoise = 0;     ///< > 0: clip the noisy gradient to this norm (post-processing, App. C)
  FairLoss loss = FairLoss::BinaryCrossEntropy;
  int penaltyLayer = 0;          ///< layer whose output is penalised (0 = network output; the latent of an autoencoder)
  double outputShift = 0;        ///< subtracted from the penalised output (sigmoid − 1/2 of eq. 22)
  long projections = 50;         ///< k directions when the penalised output has dimension > 1
  Optimizer optimizer = Optimizer::Sgd;
  /// Penalise the scale-free SW₂² / m, m = mean ‖U_i‖² over the penalised batch rows, instead of SW₂²
  /// (which z → cz scales by c², so a network that can undo the scale meets it by shrinking). Its
  /// gradient couples every row through m and has no sensitivity bound here: refused when privatised and
  /// with a reference sample. A diagnostic of the fair representation (docs/fair-learning-results.md).
  bool scaleFreePenalty = false;
};

/// The fixed per-cell batch sizes of a run: max(1, round(fraction × n_cell)) ([FairLearn] §7: n′_j ≈ n_j/5).
/// @throws InvalidArgument if fraction ∉ (0, 1] or a cell is empty; InternalError unless the cells come in pairs.
std::vector<long> cellBatchSizes(const FairTrainingData& data, double fraction);

/// q = max over cells of batch / size (Lemma 5.1).
double cellSampleRate(const FairTrainingData& data, const std::vector<long>& batchSizes);

struct FairGradient {
  Vector loss;                ///< (1 − α) × clipped mean loss gradient
  Vector penalty;             ///< clipped penalty gradient (already weighted by α/R)
  double lossValue = 0;       ///< mean loss on the batch (unweighted)
  double penaltyValue = 0;    ///< (1/R) Σ_k SW₂² on the batch (unweighted, clipped outputs)
  double maxClippedLossGradient = 0;  ///< max_i ‖clipped ∇ℓ_i‖ (≤ C when privatised)
  double maxClippedOutput = 0;        ///< max_i ‖U_i‖ after the projection (≤ M when privatised)
  double maxClippedJacobianRow = 0;   ///< max_{i,c} ‖clipped ∇_θ g^c(x_i)‖ (≤ L/√d when privatised)
  double maxRawLossGradient = 0, maxRawOutput = 0, maxRawJacobianRow = 0;  ///< before clipping
  long lossBatch = 0;
  long minCellBatch = 0;
};

/// The (clipped, noiseless) gradient of F on the given per-cell batches (indices into data.X;
/// batches.size() == cells.size()). `rng` draws the directions when the output has dimension > 1.
/// @throws InvalidArgument on α ∉ [0, 1] or bounds < 0; InternalError on an empty batch.
FairGradient fairGradient(const nn::DenseNetwork& net, const FairTrainingData& data,
                          const std::vector<std::vector<Eigen::Index>>& batches, const FairStepSettings& s, Rng& rng);

struct FairStepReport {
  FairGradient gradient;
  double objective = 0;    ///< (1 − α) loss + α penalty on the batch
  double sensitivity = 0;  ///< Δ of Thm 6.1 (or Thm A.1 for matching) for this step's batch sizes
  double noiseStd = 0;     ///< σ × Δ (0 without privacy; the grid law's std in secure mode)
  Vector noise;            ///< the noise vector added (for tests; size P, zero without privacy)
  Vector released;         ///< the noisy gradient the optimizer applied (after the clip after noise, if any)
  /// The state of `rng` just before the gradient drew its directions: with `batches`, a caller can recompute
  /// this step's clipped gradient on other data (the audits' replay, methods/fair_learning_run_audit.h).
  Rng gradientRng;
  /// The rows of each cell's batch (drawn from the OS in secure mode, from `rng` in teaching mode).
  std::vector<std::vector<Eigen::Index>> batches;
};

/// Sensitivity of the step for these settings and batch sizes ([FairLearn] Thm 6.1; Thm A.1(b) with
/// L₂ = 0 when data.reference is used). @throws InvalidArgument on bad settings or sizes.
double fairStepSensitivity(const FairTrainingData& data, const FairStepSettings& s, const std::vector<long>& batchSizes);

/// Draws the per-cell batches without replacement (fixed sizes), computes the clipped gradient, adds
/// the noise of std σ × sensitivity (σ = `noiseMultiplier`, the run's: the multiplier its ledger's event holds;
/// then the optional clip after noise) and applies g + noise with the optimizer (Adam needs `adam`, kept by the
/// caller across steps). @throws as fairGradient; InternalError on σ < 0, batch sizes outside [1, cell], or if
/// Adam is asked for without an optimiser.
FairStepReport fairDpSgdStep(nn::DenseNetwork& net, const FairTrainingData& data, const std::vector<long>& batchSizes,
                             const FairStepSettings& s, double noiseMultiplier, Rng& rng, nn::Adam* adam = nullptr);

/// The privacy ledger of `steps` DP-SGD steps of this family: the Gaussian at `multiplier` (`law`: in secure mode
/// the grid discrete Gaussian, gaussianLawOf) on gradients of sensitivity Δ (fairStepSensitivity), fixed-size
/// batches without replacement in each cell at rate q = max n′/n, replace-one neighbours within a cell
/// ([FairLearn] Def. 2.1, Lemma 5.1), read by `accountant` at δ (privacy_ledger.h: ledgerAnalysis). The
/// fair-learning methods' live ε, final ε and statement and the DP-SGD canary audit's claim read it.
PrivacyLedger fairDpSgdLedger(AccountantKind accountant, double delta, double multiplier, double sensitivity,
                              double sampleRate, long steps, NoiseMechanism law = NoiseMechanism::Gaussian);
/// The release fairDpSgdLedger records: `steps` Gaussian steps (`law`) at `multiplier` on gradients of
/// sensitivity Δ, fixed-size batches without replacement at rate q, replace-one neighbours.
PrivacyEvent fairDpSgdRelease(double multiplier, double sensitivity, double sampleRate, long steps,
                              NoiseMechanism law = NoiseMechanism::Gaussian);

}  // namespace dpw
