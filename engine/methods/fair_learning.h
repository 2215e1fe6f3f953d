#pragma once
/// Fair learning with DP Wasserstein gradients ([FairLearn] §6–7, App. B–C): four tasks on one runner.
///
///  - fair-classifier: logistic model g_θ(x) = sigmoid(wᵀx + b), BCE loss, penalty W₂² between the score
///    distributions of the groups (statistical parity, eq. 18) or of the groups within each label
///    (equality of odds, eq. 21).
///  - fair-regression-2d: MLP (hidden 64, ReLU; sigmoid output minus 1/2) regressing the centred Y^C,
///    sliced penalty between groups (eq. 22).
///  - fair-representation: autoencoder d → 62 → 2 → 62 → d (ReLU hidden, identity latent and output),
///    reconstruction loss, sliced penalty between the groups' 2-D latents (eq. 23).
///  - private-matching: MLP 2 → 128 → 64 → 64 → 2 pushing N(0, I₂) onto the uniform circle of radius 3/4,
///    loss = SW₂² only, both samples private (App. C; Thm A.1(b) with L₂ = 0), gradient clipped again
///    after the noise.
/// Training is the DP-SGD of fair_learning/fair_dpsgd.h for T steps with fixed per-cell batches n′ ≈ n/5; the
/// noise multiplier is calibrated for (ε, δ) after T steps by the selected accountant (q = max_j n′_j/n_j)
/// unless given explicitly. ε = ∞: no clipping, no noise.
///
/// Privacy claim, and what it rests on (every part must agree):
///  - neighbours: replace one record by another of the same cell, cell sizes public ([FairLearn] Def. 2.1,
///    the k-end relation: ∼₂ with the groups as cells for statistical parity, ∼₂R with (label, group) cells
///    for equality of odds, ∼₂ over (X, Z) for matching);
///  - sampler: in each cell, a batch of fixed size n′_j drawn uniformly without replacement, independently
///    across cells and steps; the replaced record lies in one cell, so the step is a subsampled mechanism
///    of rate n′_j/n_j ≤ q ([FairLearn] Lemma 5.1);
///  - sensitivity: Δ of [FairLearn] Thm 6.1 (eq. 7 SP, eq. 8 EO) or Thm A.1(b) with L₂ = 0 (matching),
///    for that relation and the batch sizes, enforced by clipping (fair_learning/fair_dpsgd.h);
///  - accountant: one for fixed-size sampling without replacement under replace-one neighbours (see
///    fairLearningAccountantIds()); by default (`auto`) the tightest proven one, pld-wor: Dong-Roth-Su
///    Thm 4.2 (C_p(G_{1/σ}) per step) composed exactly by its PLD (privacy/accountants/pld_wor_analysis.h).
///    The Poisson add/remove accountants (rdp, rdp-mironov, gdp, pld) do not describe this sampler or
///    relation and are refused.
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/choice_table.h"
#include "core/method.h"
#include "fair_learning/fair_dpsgd.h"
#include "privacy/accountants/accountant.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

enum class FairTask { Classifier, Regression2d, Representation, Matching };

// The choice settings of the family, parsed once in fromParams; each id table is shared by the
// ParamSpecs, the CLI and the Python module (fair_learning_choices.cpp).
/// The classifier's fairness notion (parameter `penalty`): statistical parity, "sp" (eq. 18), or
/// equality of odds, "eo" (eq. 21).
enum class FairnessNotion { StatisticalParity, EqualOdds };
const ChoiceTable<FairnessNotion>& fairnessNotions();
/// The representation's penalty (parameter `penalty_form`): "sw2", the paper's SW₂² (eq. 23), or
/// "sw2-scale-free", SW₂²/E‖z‖² (ε = ∞ only; see FairStepSettings).
enum class PenaltyForm { Sw2, Sw2ScaleFree };
const ChoiceTable<PenaltyForm>& penaltyForms();
/// The data (parameter `dataset`): "synthetic" (App. B) or "csv" (classifier and representation).
enum class FairDataSource { Synthetic, Csv };
const ChoiceTable<FairDataSource>& fairDataSources();
/// How the private gradient is applied (parameter `optimizer`): "sgd" or "adam".
const ChoiceTable<Optimizer>& optimizers();

/// One step of a private fair-learning run as its white-box auditor sees it (FairLearningSettings::inspectStep):
/// the iterate θ_t the step started from, the noisy gradient it released (the Gaussian's output, after the clip
/// after noise if any; never the noise alone), and a replay of the step's own clipped, noiseless gradient at θ_t
/// (its batches, its directions, its clipping) on other training data of the same cells: the auditor's
/// hypotheses D and D′ as the run's own data path loads them.
struct FairStepInspection {
  long step = 0;
  const nn::DenseNetwork& before;
  const Vector& released;
  std::function<Vector(const FairTrainingData& data)> gradientOn;
};

struct FairLearningSettings {
  FairTask task = FairTask::Classifier;
  FairnessNotion penalty = FairnessNotion::StatisticalParity;  ///< classifier only
  double alpha = 0.5;
  double epsilon = std::numeric_limits<double>::infinity();
  double delta = 0;  ///< 0: 0.1/n (the paper's choice)
  /// One of fairLearningAccountantIds() (parsed once by parseFairLearningAccountant); nullopt = "none" (ε not
  /// accounted; needs σ).
  std::optional<AccountantKind> accountant = AccountantKind::PldWor;
  double noiseMultiplier = -1;  ///< < 0: calibrate from ε; ≥ 0: use this σ (the accountant still reports ε)
  NoiseSource noiseSource = NoiseSource::Seeded;  ///< os-entropy: secure mode (exact discrete Gaussian on a grid)
  long steps = 500;
  double learningRate = 0.05;
  double clipGradient = 5, clipOutput = 1, clipJacobian = 1;
  double clipAfterNoise = 1;  ///< matching only (App. C): norm of the noisy gradient after clipping
  long projections = 50;
  Optimizer optimizer = Optimizer::Sgd;  ///< the paper does not name its optimiser
  PenaltyForm penaltyForm = PenaltyForm::Sw2;  ///< representation only
  double batchFraction = 0.2;
  long n = 30000;      ///< training points (matching: points per sample)
  long nTest = 10000;  ///< independent test points
  double p = 0.7;      ///< App. B bias
  int coreFeatures = 8, spuriousFeatures = 8;
  long frameEvery = 50;  ///< steps between chart frames
  FairDataSource dataset = FairDataSource::Synthetic;
  std::string dataPath;               ///< csv: file (relative = current directory)
  std::string featureColumns;         ///< csv: comma-separated; empty = the columns of featureBounds (or, at ε = ∞ without them, every numeric column)
  std::string featureBounds;          ///< csv: public bounds "column:lo:hi, …" (fair_learning/fair_csv.h); required when ε < ∞
  std::string labelColumn, groupColumn;
  std::string groupValues = "0,1", labelValues = "0,1";  ///< csv: the public values coded 0, 1 (fair_csv.h)
  double testFraction = 0.3;          ///< csv: share of rows held out for the metrics
  /// Audit only (methods/fair_learning_run_audit.h), never a parameter: planted fault (a), the CSV
  /// standardised on the private training rows (FairCsvSpec::plantedPrivateStandardisation).
  bool plantedPrivateStandardisation = false;
  /// Audit only: called once with the released model's parameters θ_T after the last step.
  std::function<void(const Vector& parameters)> inspectModel;
  /// Audit only: called after every step of a private run with what the white-box auditor of DP-SGD reads
  /// (every iterate is released: FairStepInspection).
  std::function<void(const FairStepInspection& step)> inspectStep;
  /// Audit only: edits the training data once drawn (the synthetic tasks' worst-case neighbours: one record
  /// replaced by the audit's canary within its cell). The cells must stay as they are.
  std::function<void(FairTrainingData& data)> editTrainingData;
  /// Audit only: when set, the data (synthetic draw or CSV split), the test data and the initialisation are drawn
  /// from this seed instead of the run's, which then drives only the mechanism's own randomness (batches and
  /// noise): a DP audit holds the neighbouring data sets D, D′ (and a data-independent init) fixed across trials.
  std::optional<std::uint64_t> fixedDataSeed;

  /// Reads the parameters of the task's MethodInfo.
  static FairLearningSettings fromParams(FairTask task, const ParamValues& p);
};

/// The accountants valid for the fair-learning sampler (fixed-size batches per cell without replacement,
/// replace-one neighbours within a cell), in menu order:
///  - "auto" (the default): the tightest proven accountant for this relation (tightestProvenAccountant),
///    today pld-wor; in secure mode the tightest one proven for its grid discrete Gaussian at every rate
///    (DiscreteGaussianCover::EveryRate), today rdp-wor.
///  - "pld-wor": the paper's accounting ([FairLearn] §5.3: C_p(G_{1/σ})^{⊗T}, Dong-Roth-Su Thm 4.2 with
///    Lemma 5.1) computed exactly by its PLD (privacy/accountants/pld_wor_analysis.h); a bound. At the fair
///    classifier's defaults σ = 18.09 (the CLT gives 18.16, rdp-wor 114.5).
///  - "gdp-uniform": the same f-DP composition by the CLT of Bu et al. (reference §4), the paper's choice;
///    an approximation, not a bound.
///  - "rdp-wor": Wang-Balle-Kasiviswanathan 2019 Thm 9 (privacy/accountants/rdp_analysis.h), a bound. It
///    amplifies little at q ≈ 0.2 and hundreds of steps, so it needs a much larger σ.
const std::vector<std::string>& fairLearningAccountantIds();

/// Parses an accountant id for the fair-learning methods: one of fairLearningAccountantIds() ("auto" resolved
/// to its kind for the run's noise `source`), or "none" (nullopt). Refuses the others, saying why (Poisson
/// add/remove accountants do not describe the sampler) and which ones they can use. @throws InvalidArgument
/// naming the id.
std::optional<AccountantKind> parseFairLearningAccountant(const std::string& id, NoiseSource source = NoiseSource::Seeded);

/// Trains and evaluates; one step per DP-SGD step. Metrics by task: accuracy, disparate_impact, eo_0,
/// eo_1, w2_groups (W₂² of test scores between groups), w2_groups_y0/y1, mse, od_0, od_1, sw2_groups,
/// reconstruction_loss, reconstruction_loss_core, latent_second_moment (E‖z‖²), sw2_groups_scale_free
/// (SW₂²/E‖z‖², unchanged by z → cz), sw2_groups_whitened (SW₂² of Σ^{-1/2}(z − μ), unchanged by any invertible
/// affine map of z, which the decoder can undo), group_probe_accuracy (logistic probe of A from z), sw2_to_target; always noise_multiplier, noise_std,
/// sensitivity, sample_rate, objective, loss_term, penalty_term, epsilon (+inf without privacy); CSV data:
/// csv_cells_clamped, csv_cells_imputed (cells the bounds clamped, missing or NaN cells set to their midpoint).
/// @throws InvalidArgument on bad settings; Cancelled when the observer asks.
RunResult runFairLearning(const FairLearningSettings& s, std::uint64_t seed, RunObserver& observer);

/// One cell of a grid run (paper Figs. 5, 7, 9, 11: rows ε, columns α).
struct FairGridCell {
  double epsilon = 0;
  double alpha = 0;
  RunResult result;
  std::vector<FramePtr> frames;  ///< newest frame of each chart
};

/// Runs every (ε, α) pair with the same seed (so cells differ only by ε and α), in parallel over cells
/// (OpenMP; results do not depend on the thread count). Row-major: cell r·|alphas| + c has
/// epsilons[r], alphas[c]. @throws InvalidArgument on empty lists or bad settings.
std::vector<FairGridCell> runFairLearningGrid(const FairLearningSettings& base, const std::vector<double>& epsilons,
                                              const std::vector<double>& alphas, std::uint64_t seed);

/// Hooks of a grid run for a viewer (the GUI's comparison grid). Every hook may be called from any of
/// the grid's worker threads at the same time: implementations must be thread-safe and cheap.
struct FairGridHooks {
  std::function<bool()> cancelled;  ///< polled once per step of every running cell
  std::function<void(std::size_t cell, long step, long steps)> progress;  ///< after each step of a cell
  std::function<void(std::size_t cell, const FairGridCell&)> cellDone;    ///< a cell finished (final)
};

/// As above, with hooks. The numbers are identical to the hook-less call (hooks only observe).
/// @throws Cancelled when `hooks.cancelled` returned true (cells already done were reported).
std::vector<FairGridCell> runFairLearningGrid(const FairLearningSettings& base, const std::vector<double>& epsilons,
                                              const std::vector<double>& alphas, std::uint64_t seed,
                                              const FairGridHooks& hooks);

MethodInfo fairClassifierMethod();
MethodInfo fairRegression2dMethod();
MethodInfo fairRepresentationMethod();
MethodInfo privateMatchingMethod();

}  // namespace dpw
