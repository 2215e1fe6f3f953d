// The four fair-learning methods: their parameters (with the paper's settings as defaults) and how
// they map onto FairLearningSettings.
#include <cmath>

#include "methods/fair_learning.h"
#include "privacy/privacy_params.h"

namespace dpw {

namespace {

using K = ParamKind;

bool has(const ParamValues& p, const std::string& key) { return p.values().count(key) > 0; }

std::vector<ParamSpec> commonParams(double steps, double lr, double C, double M, double L, bool withAlpha) {
  std::vector<ParamSpec> v;
  if (withAlpha)
    v.push_back({"alpha", "Fairness weight α", K::Real, 0.5, 0, 1, false, {}, {}, "",
                 "Weight of the Wasserstein penalty in (1 − α) loss + α W₂² ([FairLearn] eq. 5/6); 0 = no fairness."});
  v.push_back(epsilonParam({1.0, 0.01, 1e4, true}, "Target ε after T steps; the noise multiplier is calibrated for it "
                                                   "([FairLearn] §5.3). inf = no privacy: no clipping and no noise."));
  v.push_back(deltaParam({0, 0, 0.5, "auto (0.1/n)"},
                         "Target δ; auto (0 in scenario files) means 0.1/n, the paper's choice (App. B)."));
  v.push_back({"accountant", "Accountant", K::Choice, 0, -INFINITY, INFINITY, false, fairLearningAccountantIds(),
               fairLearningAccountantIds().front(), "",
               "How ε is computed, for the sampler these methods run (fixed-size batches per group without "
               "replacement, replace-one neighbours within a group). auto: the tightest proven accountant, pld-wor "
               "(in secure mode rdp-wor, proven for its discrete Gaussian; with another choice secure mode reads and "
               "calibrates on rdp-wor and shows the chosen one's ε for comparison). "
               "pld-wor: the paper's f-DP accounting (Dong-Roth-Su Thm 4.2) composed exactly by its privacy loss "
               "distribution, a bound. gdp-uniform: the same by the CLT of Bu et al. (reference §4), the paper's "
               "choice, an approximation, not a bound. rdp-wor: Wang et al. 2019 Thm 9, a bound, which needs much "
               "more noise. The Poisson add/remove accountants (rdp, gdp, pld) do not apply.",
               true, true});
  v.push_back({"steps", "Steps T", K::Integer, steps, 1, 1e6, false, {}, {}, "steps", "DP-SGD iterations (App. B)."});
  v.push_back({"learning_rate", "Learning rate", K::Real, lr, 1e-6, 10, false, {}, {}, "", "Step size (App. B)."});
  v.push_back({"optimizer", "Optimizer", K::Choice, 0, -INFINITY, INFINITY, false, optimizers().ids(), optimizers().id(Optimizer::Sgd), "",
               "How the private gradient is applied (post-processing, so privacy is unchanged). The paper does not "
               "name its optimiser; sgd is plain gradient descent, adam is Kingma & Ba.", true, true});
  v.push_back({"clip_gradient", "Gradient clip C", K::Real, C, 0, 1e6, false, {}, {}, "",
               "Per-example loss gradients are clipped to this norm ([FairLearn] Thm 6.1).", true, true});
  v.push_back({"clip_output", "Output clip M", K::Real, M, 0, 1e6, false, {}, {}, "",
               "Model outputs are projected on the ball of this radius before the W₂ gradient (eq. 3).", true, true});
  v.push_back({"clip_jacobian", "Jacobian clip L", K::Real, L, 0, 1e6, false, {}, {}, "",
               "Each output component's parameter gradient is clipped to L/√d, so the Jacobian's spectral norm is "
               "≤ L (Remark A.2).", true, true});
  v.push_back({"batch_fraction", "Batch fraction", K::Real, 0.2, 1e-4, 1, false, {}, {}, "",
               "Per-group (per-cell) batch n′_j ≈ fraction × n_j, drawn without replacement (paper: 1/5).", true, true});
  v.push_back({"n", "Training points n", K::Integer, 30000, 10, 1e7, false, {}, {}, "points",
               "Size of the synthetic training set (App. B: 30000)."});
  v.push_back({"n_test", "Test points", K::Integer, 10000, 10, 1e7, false, {}, {}, "points",
               "Independent test sample for the metrics.", true, true});
  v.push_back({"bias_p", "Bias p", K::Real, 0.7, 0, 1, false, {}, {}, "",
               "P(A = Y) in the synthetic data (App. B: 0.7); 0.5 means no bias.", true, true});
  v.push_back(withSpecial({"noise_multiplier", "Noise multiplier σ", K::Real, -1, -1, 1e6, false, {}, {}, "",
                           "from ε (−1 in scenario files): calibrated for the target ε (normal use). A number σ ≥ 0: "
                           "use this σ and let the accountant report ε.",
                           true, true},
                          -1, "from ε"));
  v.push_back(noiseSourceParam("the exact discrete Gaussian (Canonne, Kamath & Steinke 2020) on a grid of step "
                               "Δ/(64√P) added to the gradient (the grid adds 1/64 to the sensitivity, the noise covers it),"));
  v.push_back({"frame_every", "Chart interval", K::Integer, 50, 1, 1e6, false, {}, {}, "steps",
               "Steps between chart updates.", false, true});
  return v;
}

// Data source parameters (classifier, representation): the App. B synthetic data or a CSV file.
void addDataParams(std::vector<ParamSpec>& v, bool withLabel) {
  v.push_back({"dataset", "Data set", K::Choice, 0, -INFINITY, INFINITY, false, fairDataSources().ids(),
               fairDataSources().id(FairDataSource::Synthetic), "",
               "synthetic: the biased data of [FairLearn] App. B (n, bias p); csv: a file with the columns below."});
  v.push_back(usedOnlyWhen({"data_path", "Data file", K::Text, 0, -INFINITY, INFINITY, false, {}, "", "",
               "CSV only: the file (relative paths from the current directory)."},
                           "dataset", {"csv"}));
  v.push_back(usedOnlyWhen({"feature_columns", "Feature columns", K::Text, 0, -INFINITY, INFINITY, false, {}, "", "",
               "CSV only: comma-separated numeric columns; empty = the columns named in Feature bounds (at ε = inf "
               "without bounds: every numeric column except label and group)."},
                           "dataset", {"csv"}));
  v.push_back(usedOnlyWhen({"feature_bounds", "Feature bounds (public)", K::Text, 0, -INFINITY, INFINITY, false, {}, "", "",
               "CSV only: public bounds of each feature, comma-separated column:lo:hi (for example age:17:90, "
               "hours:0:99), known without looking at the private rows (a questionnaire's range, a unit's limits). "
               "Every value is clamped to them (a missing or NaN value becomes the midpoint) and mapped onto "
               "[-1, 1] before anything else, so neighbouring data sets get the same map. Required when ε < inf; "
               "at ε = inf without them the bounds are the training rows' min and max (ε = inf claims nothing)."},
                           "dataset", {"csv"}));
  if (withLabel) {
    v.push_back(usedOnlyWhen({"label_column", "Label column", K::Text, 0, -INFINITY, INFINITY, false, {}, "", "",
                 "CSV only: the binary label, coded by Label values."},
                             "dataset", {"csv"}));
    v.push_back(usedOnlyWhen({"label_values", "Label values (public)", K::Text, 0, -INFINITY, INFINITY, false, {}, "0,1", "",
                 "CSV only: the label's two values, the one coded Y = 0 first (for example no,yes), declared without "
                 "looking at the rows. A row whose label is another value (or missing) is dropped before anything else."},
                             "dataset", {"csv"}));
  }
  v.push_back(usedOnlyWhen({"group_column", "Group column", K::Text, 0, -INFINITY, INFINITY, false, {}, "", "",
               "CSV only: the binary sensitive attribute, coded by Group values."},
                           "dataset", {"csv"}));
  v.push_back(usedOnlyWhen({"group_values", "Group values (public)", K::Text, 0, -INFINITY, INFINITY, false, {}, "0,1", "",
               "CSV only: the group's two values, the one coded A = 0 first (for example male,female), declared "
               "without looking at the rows. A row whose group is another value (or missing) is dropped before "
               "anything else, so no single row decides whether the run happens."},
                           "dataset", {"csv"}));
  v.push_back(usedOnlyWhen({"test_fraction", "Test fraction", K::Real, 0.3, 0.01, 0.99, false, {}, {}, "",
               "CSV only: share of the rows held out for the metrics.", true, true},
                           "dataset", {"csv"}));
}

ParamSpec projectionsParam() {
  return {"projections", "Projections k", K::Integer, 50, 1, 10000, false, {}, {}, "directions",
          "Random directions of the Monte-Carlo sliced W₂ penalty (App. B: 50).", true, true};
}

FairLearningSettings readCommon(FairTask task, const ParamValues& p) {
  FairLearningSettings s;
  s.task = task;
  if (has(p, "alpha")) s.alpha = p.real("alpha");
  s.epsilon = p.real("epsilon");
  s.delta = p.real("delta");
  s.accountant = parseFairLearningAccountant(p.text("accountant"), readNoiseSource(p));
  s.steps = p.integer("steps");
  s.learningRate = p.real("learning_rate");
  s.optimizer = optimizers().parse(p.text("optimizer"));
  s.clipGradient = p.real("clip_gradient");
  s.clipOutput = p.real("clip_output");
  s.clipJacobian = p.real("clip_jacobian");
  s.batchFraction = p.real("batch_fraction");
  s.n = p.integer("n");
  s.nTest = p.integer("n_test");
  s.p = p.real("bias_p");
  s.noiseMultiplier = p.real("noise_multiplier");
  s.noiseSource = readNoiseSource(p);
  s.frameEvery = p.integer("frame_every");
  if (has(p, "projections")) s.projections = p.integer("projections");
  if (has(p, "penalty_form")) s.penaltyForm = penaltyForms().parse(p.text("penalty_form"));
  if (has(p, "penalty")) s.penalty = fairnessNotions().parse(p.text("penalty"));
  if (has(p, "clip_after_noise")) s.clipAfterNoise = p.real("clip_after_noise");
  if (has(p, "dataset")) {
    s.dataset = fairDataSources().parse(p.text("dataset"));
    s.dataPath = p.text("data_path");
    s.featureColumns = p.text("feature_columns");
    s.featureBounds = p.text("feature_bounds");
    if (has(p, "label_column")) s.labelColumn = p.text("label_column"), s.labelValues = p.text("label_values");
    s.groupColumn = p.text("group_column"), s.groupValues = p.text("group_values");
    s.testFraction = p.real("test_fraction");
  }
  return s;
}

MethodInfo make(FairTask task, std::string id, std::string title, std::string paper, std::string summary,
                std::vector<ParamSpec> params) {
  MethodInfo m;
  m.id = std::move(id);
  m.title = std::move(title);
  m.paper = std::move(paper);
  m.summary = std::move(summary);
  m.params = std::move(params);
  // ε spent: the privacy curve of the selected accountant (one series), final value in "epsilon".
  m.privacy.chart = "privacy";
  m.privacy.metric = "epsilon";
  // Released: the noisy model and what follows from it. The objective terms are computed on the private
  // batch before noise, the test-set numbers on test rows: evaluations (core/output_classes.h).
  m.outputs.release = {"noise_multiplier", "sensitivity", "noise_std", "sample_rate", "epsilon",
                       "epsilon_chosen_accountant", "sw2_to_target"};
  m.outputs.evaluation = {"objective", "loss_term", "penalty_term", "accuracy", "disparate_impact", "eo_0", "eo_1",
                          "w2_groups", "w2_groups_y0", "w2_groups_y1", "mse", "od_0", "od_1", "sw2_groups",
                          "reconstruction_loss", "reconstruction_loss_core", "latent_second_moment",
                          "sw2_groups_scale_free", "group_probe_accuracy", "sw2_groups_whitened", "baseline_accuracy",
                          "baseline_disparate_impact", "csv_cells_clamped", "csv_cells_imputed", "csv_rows_dropped"};
  m.outputs.evaluationCharts = {"loss", "scores", "outputs", "latent", "group_distance"};
  m.treatedAsPublic = {"the cell sizes (rows per group, or per label and group) and the row count n",
                       "the dimensions and the clipping bounds C, M, L",
                       "CSV data: the two values of the group column and of the label column, declared by the "
                       "user (group_values, label_values; default 0,1), the first coded 0; a row whose group or "
                       "label is not a declared value (missing included) is dropped before anything else, and "
                       "the cell sizes and n are those of the rows kept",
                       "CSV data: each feature's bounds, declared by the user (feature_bounds; only a run with "
                       "ε = ∞ may fit them on the training rows); row by row and "
                       "before anything else, a value outside them (±∞ included) is clamped to the nearer bound, "
                       "a missing or NaN value becomes their midpoint, and the column is mapped onto [−1, 1] by "
                       "the affine map of its bounds"};
  // Grid metrics: first the numbers [FairLearn] prints above each panel of Figs. 5, 7, 9, 11 (noise σ,
  // loss L and its term CL; then the test metrics), then the rest of the summary table.
  switch (task) {
    case FairTask::Classifier:
      m.grid = {{"epsilon", "alpha", "steps", "learning_rate", "clip_gradient", "batch_fraction"},
                {"noise_multiplier", "objective", "loss_term", "accuracy", "disparate_impact", "w2_groups", "eo_0",
                 "eo_1", "w2_groups_y0", "w2_groups_y1", "penalty_term", "epsilon"},
                "scores"};
      m.outputs.charts = {"loss", "privacy", "scores"};
      break;
    case FairTask::Regression2d:
      m.grid = {{"epsilon", "alpha", "steps", "learning_rate", "projections"},
                {"noise_multiplier", "objective", "loss_term", "mse", "accuracy", "sw2_groups", "od_0", "od_1",
                 "penalty_term", "epsilon"},
                "outputs"};
      m.outputs.charts = {"loss", "privacy", "outputs"};
      break;
    case FairTask::Representation:
      m.grid = {{"epsilon", "alpha", "steps", "learning_rate", "projections"},
                {"noise_multiplier", "objective", "loss_term", "reconstruction_loss", "accuracy", "disparate_impact",
                 "sw2_groups", "penalty_term", "epsilon"},
                "latent"};
      m.outputs.charts = {"loss", "privacy", "latent", "group_distance"};
      break;
    default:
      m.grid = {{"epsilon", "projections", "steps", "learning_rate", "clip_output"},
                {"sw2_to_target", "noise_multiplier", "objective", "epsilon"},
                "outputs"};
      m.outputs.charts = {"loss", "privacy", "outputs"};
      break;
  }
  m.run = [task](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runFairLearning(FairLearningSettings::fromParams(task, p), seed, obs);
  };
  return m;
}

}  // namespace

FairLearningSettings FairLearningSettings::fromParams(FairTask task, const ParamValues& p) { return readCommon(task, p); }

MethodInfo fairClassifierMethod() {
  auto params = commonParams(500, 0.05, 5, 1, 1, true);
  params.insert(params.begin() + 1,
                {"penalty", "Fairness notion", K::Choice, 0, -INFINITY, INFINITY, false,
                 fairnessNotions().ids(), fairnessNotions().id(FairnessNotion::StatisticalParity), "",
                 "sp = statistical parity (eq. 18), eo = equality of odds (eq. 21). Statistical parity compares the score distributions of the two groups; equality of odds compares "
                 "them within each label and averages ([FairLearn] App. B.1)."});
  addDataParams(params, true);
  return make(FairTask::Classifier, "fair-classifier", "Fair private classifier", "[FairLearn] §6, App. B.1",
              "A logistic classifier learns a biased label: the sensitive attribute A leaks into the features and "
              "agrees with the label 70 % of the time. The penalty α W₂² pulls the score distributions of the two "
              "groups together (or, for equality of odds, within each label). The gradient of that penalty is made "
              "private by clipping outputs, Jacobians and loss gradients and adding noise scaled to its sensitivity "
              "(Thm 6.1). At the default α = 0.5 the histograms of the two groups lie closer than without the penalty "
              "(α = 0) and the disparate impact is nearer 1, at a small price in accuracy; privacy (ε = 1) changes "
              "little. Compare α values in a grid to see the trend.",
              std::move(params));
}

MethodInfo fairRegression2dMethod() {
  auto params = commonParams(1000, 0.05, 10, 1 / std::sqrt(2.0), std::sqrt(2.0), true);
  params.push_back(projectionsParam());
  return make(FairTask::Regression2d, "fair-regression-2d", "Fair private 2-D regression", "[FairLearn] App. B.2, eq. 22",
              "A small network (hidden 64, sigmoid output minus 1/2) predicts a 2-D response whose distribution "
              "depends on the group. The sliced W₂ penalty between the groups' 2-D predictions makes them alike; "
              "the share of each group's points above the drawn anti-diagonal g² = −g¹ (OD₀, OD₁) shows how much.",
              std::move(params));
}

MethodInfo fairRepresentationMethod() {
  // Defaults that take the group out of the code at ε = 1 (tests/engine/methods/tst_method_defaults.cpp):
  // α = 0.9, adam, 100 steps (fewer steps, less noise per step at the same ε).
  auto params = commonParams(100, 0.01, 10, 2, std::sqrt(2.0), true);
  for (auto& p : params) {
    if (p.key == "alpha") p.defaultValue = 0.9;
    if (p.key == "optimizer") p.defaultText = optimizers().id(Optimizer::Adam);
    if (p.key == "frame_every") p.defaultValue = 10;
  }
  params.push_back(projectionsParam());
  params.push_back({"penalty_form", "Penalty form", K::Choice, 0, -INFINITY, INFINITY, false, penaltyForms().ids(),
                    penaltyForms().id(PenaltyForm::Sw2), "",
                    "sw2: the paper's SW₂² between the groups' codes (eq. 23); the code's scale is fixed (orthonormal "
                    "encoder), so it cannot be met by shrinking the code. sw2-scale-free: SW₂²/E‖z‖², which has no "
                    "sensitivity bound, so only without privacy (ε = ∞), as a diagnostic.",
                    true, true});
  addDataParams(params, true);
  return make(FairTask::Representation, "fair-representation", "Fair private representation",
              "[FairLearn] App. B.3, eq. 23",
              "An autoencoder compresses the 16 features to a 2-number code z = Wx + b. W has orthonormal rows "
              "(restored after every step, post-processing), so the code cannot be shrunk: the paper's free encoder "
              "met the penalty by shrinking z while the group stayed readable. The sliced W₂ penalty between the "
              "groups' codes then removes the group from the code: a probe trained on the codes predicts A little "
              "better than chance, and a classifier of Y trained on them treats the groups more alike (disparate "
              "impact toward 1), at a price in accuracy shown beside the same classifier on the raw features.",
              std::move(params));
}

MethodInfo privateMatchingMethod() {
  // Defaults that learn the circle (tests/engine/methods/tst_method_defaults.cpp): App. C's n = 100000 per
  // sample with batches of 1000 (noise per step ∝ 1/n at a fixed batch), adam, 250 steps.
  auto params = commonParams(250, 0.01, 1, 1, 2 * std::sqrt(2.0), false);
  for (auto& p : params) {
    if (p.key == "n") {
      p.defaultValue = 100000;
      p.help = "Points in each sample (App. C: 100000). The noise a step adds is ∝ 1/n at a fixed batch size.";
    }
    if (p.key == "batch_fraction") p.defaultValue = 0.01;
    if (p.key == "optimizer") p.defaultText = optimizers().id(Optimizer::Adam);
    if (p.key == "frame_every") p.defaultValue = 10;
    if (p.key == "clip_gradient") p.help = "Unused: matching has no loss term.";
  }
  params.push_back(projectionsParam());
  params.push_back(withSpecial({"clip_after_noise", "Clip after noise", K::Real, 0.0, 0, 1e6, false, {}, {}, "",
                                "A number > 0: the noisy gradient is clipped again to this norm (post-processing, "
                                "App. C; the paper does not give the value). off (0 in scenario files), the default: "
                                "adam rescales the step anyway. Never applied at ε = ∞.",
                                true, true},
                               0, "off"));
  return make(FairTask::Matching, "private-matching", "Private distribution matching", "[FairLearn] App. C",
              "A network pushes Gaussian noise onto a circle by minimising the sliced W₂ distance: the generated "
              "points g(X) spread from a blob onto the circle of radius 3/4. Both samples are private: the generated "
              "side through clipped outputs and Jacobians (Thm A.1 with L₂ = 0 for the fixed circle). With n = 100000 "
              "points per sample (App. C) the noise of ε = 1 bends the blob toward the circle without closing it: SW₂² "
              "from g(X) to it falls from about 0.25 (the blob) to 0.01-0.03 depending on the seed (a blurred ring or "
              "a crescent), against 0.0007 without noise.",
              std::move(params));
}

}  // namespace dpw
