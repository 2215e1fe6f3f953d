// The human names of the outputs (methods/output_labels.h): one table for every method, so the GUI's
// results table, the comparison grid and the exports say "β at α = 0.1, discrete Gaussian" where the key
// says "beta_at_0_1_discrete_gaussian". A key's class (release or evaluation) is the method's (its
// factory's MethodInfo::outputs); its name is the same in every method that produces it.
#include <map>
#include <string_view>

#include "methods/output_labels.h"

namespace dpw {

namespace {

using Labels = std::map<std::string, OutputLabel, std::less<>>;

const Labels& exactLabels() {
  static const Labels labels = {
      // Privacy
      {"epsilon", {"ε spent", "ε", "", "privacy spent: ε at the run's δ"}},
      {"delta", {"δ", "δ", "probability", "the δ of the (ε, δ) guarantee"}},
      {"epsilon_spent", {"ε spent (draws)", "ε spent", "", "ε spent by the draws shown, by basic composition"}},
      {"epsilon_per_step", {"ε per step", "ε/step", "", "ε of one step alone"}},
      {"epsilon_basic_composition", {"ε by basic composition", "ε basic", "", "the steps' ε summed (a loose upper bound)"}},
      {"epsilon_chosen_accountant", {"ε by the chosen (unproven) accountant", "ε chosen", "",
                                     "ε by the accountant the form chose, which is not a proven bound for this sampling"}},
      {"joint_epsilon", {"joint ε of all arms", "ε joint", "", "ε of every arm's release together (composition)"}},
      {"joint_delta", {"joint δ of all arms", "δ joint", "probability", "δ of every arm's release together"}},
      {"claimed_epsilon", {"ε claimed", "ε claimed", "", "the ε the mechanism is calibrated for"}},
      {"claimed_delta", {"δ claimed", "δ claimed", "probability", "the δ the mechanism is calibrated for"}},
      {"epsilon_lower_bound", {"ε lower bound (audit)", "ε ≥", "", "the audit's lower bound on ε (Clopper-Pearson)"}},
      {"epsilon_lower_bound_gdp", {"ε lower bound, Gaussian-DP fit (audit)", "ε ≥ GDP", "",
                                   "the audit's lower bound on ε within the Gaussian-DP family"}},
      {"epsilon_point_estimate", {"ε point estimate (audit)", "ε est.", "", "the audit's ε from the observed error rates (no confidence)"}},
      {"mu_lower_bound", {"μ lower bound (audit)", "μ ≥", "", "the audit's lower bound on the Gaussian-DP parameter μ"}},
      {"violation", {"claim violated (1 = yes)", "violated", "yes/no", "1 if the audit's lower bound exceeds the claimed ε"}},
      {"violation_gdp", {"claim violated, Gaussian-DP fit (1 = yes)", "violated GDP", "yes/no",
                         "1 if the Gaussian-DP lower bound exceeds the claimed ε"}},
      {"trials", {"runs per data set", "runs", "", "runs of the mechanism on D and on D′"}},
      {"audit_points", {"audit points", "points", "", "(α, β) boxes the audit measured"}},
      {"audit_boxes_below_curve", {"audit boxes below the curve", "below", "",
                                   "measured boxes lying wholly below the trade-off curve (a violation)"}},
      {"audit_noise_std", {"audited noise standard deviation", "noise std", "data units",
                           "standard deviation of the audited mechanism's noise"}},
      {"audit_mu_lower_bound", {"μ lower bound (audit)", "μ ≥", "", "the audit's lower bound on μ"}},
      {"mu_gdp", {"μ (Gaussian DP)", "μ", "", "the Gaussian-DP parameter of the composition"}},
      {"beta_pld_at_0_1", {"β at α = 0.1, PLD", "β(0.1) PLD", "probability", "the best test's type II error at type I error 0.1, by PLD"}},
      {"beta_gdp_at_0_1", {"β at α = 0.1, Gaussian DP", "β(0.1) GDP", "probability", "the best test's type II error at type I error 0.1, by GDP"}},
      {"wdp_gaussian_at_max_order", {"WDP of one Gaussian step at the largest order", "WDP", "",
                                     "the Wasserstein-DP cost of one Gaussian step at the largest order"}},
      {"rdp_gaussian_at_max_order", {"RDP of one Gaussian step at the largest order", "RDP", "",
                                     "the Rényi-DP cost of one Gaussian step at the largest order"}},
      // One-run and whole-run audits (audit/one_run_targets.h, audit/shuffled_batches_audit.h)
      {"epsilon_lower_bound_one_run", {"ε lower bound, one run (Steinke et al.)", "ε ≥ 1 run", "",
                                       "the one-run audit's proven lower bound on ε (Steinke, Nasr & Jagielski 2023)"}},
      {"epsilon_lower_bound_fdp", {"ε lower bound, one run, f-DP (ε, δ) curve", "ε ≥ f-DP", "",
                                   "the one-run f-DP bound (Mahloujifar et al. 2024) refuting the (ε, δ) claim"}},
      {"epsilon_lower_bound_fdp_gaussian", {"ε lower bound, one run, f-DP Gaussian curve", "ε ≥ f-DP G", "",
                                            "the one-run f-DP bound refuting a μ-GDP claim (not the ledger's claim)"}},
      {"epsilon_lower_bound_tight", {"ε lower bound, one run, order statistics (ε, δ) pair", "ε ≥ tight", "",
                                     "Xiang et al. 2025's one-run bound with the (ε, δ) pair; assumes the canaries independent"}},
      {"epsilon_lower_bound_tight_gaussian", {"ε lower bound, one run, order statistics Gaussian pair", "ε ≥ tight G", "",
                                              "Xiang et al. 2025's bound refuting μ-GDP with independent canaries (not the ledger's claim)"}},
      {"violation_tight", {"claim violated, order statistics (1 = yes)", "violated tight", "yes/no",
                           "1 if the (ε, δ)-pair order-statistics bound exceeds the claimed ε"}},
      {"violation_tight_gaussian", {"μ-GDP claim violated, order statistics (1 = yes)", "violated tight G", "yes/no",
                                    "1 if the Gaussian-pair order-statistics bound exceeds the claimed ε"}},
      {"violation_fdp", {"claim violated, f-DP (1 = yes)", "violated f-DP", "yes/no",
                         "1 if the f-DP (ε, δ) bound exceeds the claimed ε"}},
      {"violation_fdp_gaussian", {"μ-GDP claim violated (1 = yes)", "violated G", "yes/no",
                                  "1 if the f-DP Gaussian-curve bound exceeds the claimed ε"}},
      {"canaries", {"canaries", "canaries", "", "canaries planted in the one run (each in with probability 1/2)"}},
      {"guesses", {"guesses made", "guesses", "", "canaries the auditor guessed in or out (it abstains on the rest)"}},
      {"correct_guesses", {"correct guesses", "correct", "", "guesses that matched the canary's coin"}},
      {"epsilon_poisson", {"ε if the batches were Poisson", "ε Poisson", "", "ε by the Poisson PLD at q = batch/n (not a bound for shuffled batches)"}},
      {"epsilon_random_allocation", {"ε by random allocation", "ε RA", "", "ε proven for batches shuffled each epoch (random-allocation accountant)"}},
      {"epsilon_shuffled_once", {"ε for batches shuffled once", "ε once", "", "ε proven when each row is in one fixed batch per epoch (q = 1 per epoch)"}},
      // fair-regression-run (methods/fair_regression_run_audit.h)
      {"amplified_epsilon_blind_split", {"ε for an auditor blind to the split", "ε blind", "",
                                         "ln(1 + γ(e^ε − 1)): what an auditor who does not know which rows trained can see"}},
      {"csv_rows_dropped", {"CSV rows dropped", "dropped", "rows", "rows whose group or label is not a declared value, dropped before anything else"}},
      // Teaching methods: randomized response, clipped mean, exponential mechanism, OT on the line
      {"truth_probability", {"chance of answering truthfully", "P[truth]", "probability", "e^ε/(1+e^ε): each person reports the truth with this chance"}},
      {"likelihood_ratio_bound", {"largest likelihood ratio", "ratio", "", "the most one answer can shift the odds about a person (e^ε)"}},
      {"truthful_share", {"share answering truthfully", "truthful", "share", "share of people whose report was their true answer (one draw)"}},
      {"yes_report_probability", {"chance of a yes report", "P[yes]", "probability", "the chance a report says yes, given the true share"}},
      {"raw_share_mean", {"share of yes reports (mean)", "raw", "share", "the reports' yes share, averaged over the draws (biased toward 1/2)"}},
      {"estimate_mean", {"corrected estimate (mean)", "estimate", "share", "the unbiased estimate of the true share, averaged over the draws"}},
      {"estimate_std", {"corrected estimate's spread (measured)", "std", "share", "standard deviation of the estimate over the draws"}},
      {"estimate_std_closed_form", {"corrected estimate's spread (formula)", "std formula", "share", "q(1−q)/(n(2q−1)²), square-rooted"}},
      {"central_std", {"spread with a central Laplace count", "central std", "share", "the same ε spent centrally: Laplace noise on the count, as a share"}},
      {"local_over_central", {"local ÷ central spread", "local/central", "", "how much noisier local DP is than the central count at the same ε"}},
      {"clip", {"clipping bound C", "C", "data units", "each value is clipped to [0, C] before summing"}},
      {"true_mean", {"true mean", "mean", "data units", "the data's mean (not private)"}},
      {"clipped_mean", {"mean of the clipped values", "clipped mean", "data units", "the mean after clipping, before noise"}},
      {"clipped_share", {"share clipped", "clipped", "share", "share of values above C"}},
      {"bias", {"clipping bias (measured)", "bias", "data units", "clipped mean − true mean"}},
      {"bias_closed_form", {"clipping bias (formula)", "bias formula", "data units", "−μ e^(−C/μ) for exponential data"}},
      {"release_mean", {"released mean (mean over draws)", "release", "data units", "the noisy mean, averaged over the draws"}},
      {"release_std", {"released mean's spread", "release std", "data units", "standard deviation of the noisy mean over the draws"}},
      {"rmse", {"error of the release (measured)", "RMSE", "data units", "root mean squared error of the released mean against the true mean"}},
      {"rmse_closed_form", {"error of the release (formula)", "RMSE formula", "data units", "√(bias² + noise variance)"}},
      {"best_clip", {"best clipping bound", "best C", "data units", "the C with the smallest error at this ε and n"}},
      {"best_rmse", {"error at the best clipping bound", "best RMSE", "data units", "the smallest error over C"}},
      {"options", {"options", "k", "", "the number of options to choose from"}},
      {"top_probability", {"chance of the top option", "P[top]", "probability", "the exponential mechanism's chance of picking the best option"}},
      {"runner_up_probability", {"chance of the runner-up", "P[2nd]", "probability", "its chance of picking the second best"}},
      {"top_share_drawn", {"share of draws picking the top option", "top drawn", "share", "over the draws shown"}},
      {"draws_total_variation", {"draws vs law: total variation", "TV", "probability", "distance between the draws' shares and the selection law"}},
      {"max_log_ratio", {"largest log ratio over neighbours", "max log ratio", "", "the largest ln(P/P′) over one changed vote (at most ε)"}},
      {"expected_shortfall", {"expected shortfall", "shortfall", "votes", "expected utility lost against the best option"}},
      {"shortfall_bound", {"shortfall bound", "bound", "votes", "(2Δ/ε)(ln k + t), exceeded with chance at most e^(−t)"}},
      {"wp", {"Wasserstein distance W_p", "W_p", "data units", "the optimal transport cost's p-th root"}},
      {"wp_power", {"transport cost W_p^p", "W_p^p", "", "the cost of the monotone (quantile) coupling"}},
      {"wp_quantile_integral", {"W_p^p from the quantile functions", "∫|F⁻¹−G⁻¹|^p", "", "the same cost as an integral between quantile functions"}},
      {"independent_cost", {"cost of the independent plan", "independent", "", "the cost when every point is spread over every target"}},
      {"plan_nonzeros", {"paths in the plan", "paths", "", "non-zero cells of the optimal plan (at most n + m − 1)"}},
      {"crossing_paths", {"crossing paths", "crossings", "", "pairs of transport paths that cross (0 for an optimal plan on the line)"}},
      {"plan_row_error", {"plan's row-sum error", "row error", "", "largest gap between a row's mass and its point's weight"}},
      {"plan_column_error", {"plan's column-sum error", "column error", "", "largest gap between a column's mass and its target's weight"}},
      {"mean_gap", {"gap between the means", "mean gap", "data units", "target mean − source mean"}},
      // Teaching methods: membership inference against ε, per-example clipping in DP-SGD
      {"gdp_mu", {"μ of the Gaussian release", "μ", "", "sensitivity ÷ noise std: the release is μ-GDP"}},
      {"mi_tpr_half", {"true-positive rate at threshold ½ (measured)", "TPR ½", "probability", "share of releases with the target in that the attacker calls in"}},
      {"mi_fpr_half", {"false-positive rate at threshold ½ (measured)", "FPR ½", "probability", "share of releases without the target that the attacker calls in"}},
      {"mi_tpr_half_closed_form", {"true-positive rate at threshold ½ (formula)", "TPR ½ formula", "probability", "Φ(1/(2σ))"}},
      {"mi_advantage", {"attack's advantage (measured)", "advantage", "probability", "largest TPR − FPR over thresholds, measured on the releases drawn"}},
      {"mi_advantage_closed_form", {"best attack's advantage (formula)", "advantage formula", "probability", "2Φ(μ/2) − 1 for the Gaussian release"}},
      {"mi_advantage_bound", {"advantage bound of (ε, δ)-DP", "bound", "probability", "(e^ε − 1 + 2δ)/(e^ε + 1): no attack does better"}},
      {"mi_roc_gap", {"measured ROC vs f-DP curve", "ROC gap", "probability", "largest |measured TPR − (1 − G_μ(measured FPR))| over thresholds"}},
      {"mi_advantage_over_bound_max", {"measured advantage ÷ its bound (largest)", "adv/bound", "", "over the ε of the advantage chart; at most 1"}},
      {"batch", {"batch size B", "B", "examples", "examples in the step"}},
      {"gradient_norm_max", {"longest per-example gradient", "max ‖g‖", "gradient units", "the largest gradient norm in the batch"}},
      {"gradient_norm_median", {"median per-example gradient", "median ‖g‖", "gradient units", "the median gradient norm in the batch"}},
      {"clipped_examples", {"examples clipped", "clipped", "examples", "examples whose gradient is longer than C"}},
      {"true_step_norm", {"length of the true mean gradient", "‖ḡ‖", "gradient units", "the mean gradient without clipping or noise"}},
      {"clipped_step_norm", {"length of the clipped mean", "‖clipped mean‖", "gradient units", "the mean of the clipped gradients, before noise"}},
      {"clip_bias", {"clipping bias", "bias", "gradient units", "‖clipped mean − true mean gradient‖"}},
      {"clip_bias_share", {"clipping bias ÷ true step", "bias share", "", "the bias as a share of the true mean gradient's length"}},
      {"clip_angle_degrees", {"turn from clipping", "angle", "degrees", "angle between the clipped mean and the true mean gradient"}},
      {"step_noise_rms", {"noise on the step", "noise", "gradient units", "√2 σ C / B: root mean squared length of the noise on the mean step"}},
      {"step_rmse", {"error of the noisy step (measured)", "RMSE", "gradient units", "root mean squared distance of the noisy steps from the true mean gradient"}},
      {"step_rmse_closed_form", {"error of the noisy step (formula)", "RMSE formula", "gradient units", "√(bias² + 2σ²C²/B²)"}},
      {"best_step_clip", {"best clipping bound", "best C", "gradient units", "the C with the smallest step error at this σ and B"}},
      {"best_step_rmse", {"step error at the best C", "best RMSE", "gradient units", "the smallest step error over C"}},
      {"descent_share", {"noisy steps still downhill", "downhill", "share", "share of noisy steps with a positive inner product with the true gradient"}},
      // Noise
      {"noise_multiplier", {"noise multiplier σ", "σ", "", "noise multiplier: noise standard deviation ÷ sensitivity"}},
      {"noise_std", {"noise standard deviation", "noise std", "data units", "standard deviation of the noise added"}},
      {"sensitivity", {"sensitivity Δ", "Δ", "data units", "the most one person changes the released quantity"}},
      {"sample_rate", {"sampling rate q", "q", "probability", "the chance a row is in a step's batch"}},
      {"laplace_scale", {"Laplace scale b", "b", "count", "b = Δ/ε of the Laplace mechanism (its std is √2 b)"}},
      {"gaussian_sigma", {"Gaussian σ", "σ", "count", "standard deviation of the Gaussian mechanism"}},
      {"discrete_laplace_scale", {"discrete Laplace scale t", "t", "count", "scale t of the discrete Laplace mechanism"}},
      {"discrete_gaussian_sigma", {"discrete Gaussian σ", "σ", "count", "σ of the discrete Gaussian mechanism"}},
      {"gaussian_delta", {"δ of the Gaussian at ε (measured)", "δ Gauss", "probability", "hockey-stick divergence of the Gaussian laws at ε"}},
      {"gaussian_delta_closed_form", {"δ of the Gaussian at ε (closed form)", "δ Gauss cf", "probability",
                                      "the analytic Gaussian mechanism's δ at ε"}},
      {"discrete_laplace_delta", {"δ of the discrete Laplace at ε", "δ dLap", "probability", "hockey-stick divergence at ε (0: pure ε-DP)"}},
      {"discrete_gaussian_delta", {"δ of the discrete Gaussian at ε", "δ dGauss", "probability", "hockey-stick divergence at ε"}},
      {"laplace_max_loss", {"largest Laplace privacy loss", "max loss", "nats", "the largest |ln p(y|D′)/p(y|D)| of the Laplace laws (≤ ε)"}},
      {"gaussian_loss_exceeds_from", {"Gaussian loss exceeds ε from y =", "y > ", "count", "the count beyond which the Gaussian's privacy loss exceeds ε"}},
      {"draws_mean_d", {"mean of the draws on D", "mean D", "count", "the average released count on D"}},
      {"draws_mean_d_prime", {"mean of the draws on D′", "mean D′", "count", "the average released count on D′"}},
      // Sliced Wasserstein / flows
      {"sw2_heldout", {"SW₂² to held-out data", "SW₂²", "squared data units", "sliced W₂² from the result to held-out data"}},
      {"sw2_floor", {"SW₂² floor (data vs held-out)", "floor", "squared data units", "sliced W₂² between the data and held-out data (sampling floor)"}},
      {"sw2_to_target", {"SW₂² to target", "SW₂²", "squared data units", "sliced W₂² from the result to the target"}},
      {"sw2_at_max", {"SW₂² at the largest size", "SW₂²", "squared data units", "sliced W₂² at the right end of the sweep"}},
      {"dpswd_sigma1_at_max", {"DP-SWD (σ₁) at the largest size", "DP-SWD σ₁", "squared data units", "the noisy sliced distance with σ₁"}},
      {"dpswd_sigma2_at_max", {"DP-SWD (σ₂) at the largest size", "DP-SWD σ₂", "squared data units", "the noisy sliced distance with σ₂"}},
      {"dpswd_increasing", {"DP-SWD grows with the noise (1 = yes)", "grows", "yes/no", "1 if both noisy curves end above where they start"}},
      {"frechet_public", {"Fréchet distance (public features)", "Fréchet", "", "Fréchet distance to the public half in public LDA features"}},
      {"frechet_floor", {"Fréchet floor (public vs held-out)", "floor", "", "Fréchet distance between two real samples (sampling floor)"}},
      {"nn_accuracy", {"1-NN accuracy of the synthetic data", "1-NN", "probability", "a nearest-neighbour classifier trained on the synthetic rows"}},
      {"nn_accuracy_real", {"1-NN accuracy of the real data", "1-NN real", "probability", "the same classifier trained on real rows"}},
      {"steps_per_second", {"steps per second", "steps/s", "1/s", "run speed"}},
      {"seconds", {"run time", "time", "s", "wall-clock time of the run"}},
      {"final_loss", {"final loss", "loss", "", "training loss at the last step"}},
      // Projections
      {"mean", {"mean of the projected sensitivity", "mean", "", "sample mean of the projections' sensitivity"}},
      {"variance", {"variance of the projected sensitivity", "var", "", "sample variance"}},
      {"mean_theory", {"mean (theory)", "mean th.", "", "the closed-form mean"}},
      {"variance_theory", {"variance (theory)", "var th.", "", "the closed-form variance"}},
      {"clt_w2", {"bound w (CLT)", "w CLT", "", "the CLT-based bound on the sensitivity"}},
      {"bernstein_w2", {"bound w (Bernstein)", "w Bern.", "", "the Bernstein bound on the sensitivity"}},
      {"chernoff_w2", {"bound w (Chernoff)", "w Chern.", "", "the Chernoff bound on the sensitivity"}},
      {"above_clt", {"share above the CLT bound", "> CLT", "probability", "share of draws above the CLT bound"}},
      {"above_bernstein", {"share above the Bernstein bound", "> Bern.", "probability", "share of draws above the Bernstein bound"}},
      {"above_chernoff", {"share above the Chernoff bound", "> Chern.", "probability", "share of draws above the Chernoff bound"}},
      // Fair learning
      {"accuracy", {"accuracy", "ACC", "probability", "accuracy on the test set (share of correct predictions)"}},
      {"baseline_accuracy", {"accuracy without the penalty (baseline)", "ACC base", "probability", "the unpenalised model's test accuracy"}},
      {"disparate_impact", {"disparate impact", "DI", "ratio", "disparate impact: ratio of the groups' positive rates (1 = parity)"}},
      {"baseline_disparate_impact", {"disparate impact without the penalty (baseline)", "DI base", "ratio", "the unpenalised model's DI"}},
      {"w2_groups", {"violation W₂²(groups)", "W₂²", "squared output units", "squared Wasserstein-2 distance between the groups' outputs (0 = same law)"}},
      {"w2_groups_y0", {"violation W₂² | Y = 0", "W₂²|Y=0", "squared output units", "W₂² between the groups' outputs among the Y = 0 points"}},
      {"w2_groups_y1", {"violation W₂² | Y = 1", "W₂²|Y=1", "squared output units", "W₂² between the groups' outputs among the Y = 1 points"}},
      {"eo_0", {"EO₀", "EO₀", "ratio", "equalised-odds ratio among the Y = 0 points (1 = parity)"}},
      {"eo_1", {"EO₁", "EO₁", "ratio", "equalised-odds ratio among the Y = 1 points (1 = parity)"}},
      {"sw2_groups", {"violation SW₂²(groups)", "SW₂²", "squared output units", "sliced W₂² between the groups' outputs (0 = same law)"}},
      {"sw2_groups_scale_free", {"violation SW₂²(groups), scale-free", "SW₂² rel.", "ratio", "SW₂² between the groups ÷ the outputs' second moment"}},
      {"sw2_groups_whitened", {"violation SW₂²(groups), whitened", "SW₂² wh.", "", "SW₂² between the groups of the whitened codes"}},
      {"group_probe_accuracy", {"group probe accuracy", "probe", "probability", "a logistic probe's accuracy at telling the group from the code (0.5 = none)"}},
      {"latent_second_moment", {"code second moment", "E‖z‖²", "", "mean squared norm of the codes"}},
      {"mse", {"MSE", "MSE", "squared output units", "mean squared error on the test set"}},
      {"od_0", {"OD₀", "OD₀", "probability", "share of group 0's predictions above the anti-diagonal g² = −g¹"}},
      {"od_1", {"OD₁", "OD₁", "probability", "share of group 1's predictions above the anti-diagonal g² = −g¹"}},
      {"reconstruction_loss", {"reconstruction", "rec.", "", "the autoencoder's reconstruction loss on the test set"}},
      {"reconstruction_loss_core", {"reconstruction (core features)", "rec. core", "", "reconstruction loss on the non-group features"}},
      {"objective", {"objective L = (1 − α)·CL + α·W", "L", "", "objective at the last step: (1 − α)·CL + α·W"}},
      {"loss_term", {"loss term CL", "CL", "", "loss term of the objective (the task's loss)"}},
      {"penalty_term", {"penalty W", "W", "", "penalty term of the objective (Wasserstein distance between the groups)"}},
      {"csv_cells_clamped", {"CSV cells clamped to their bounds", "clamped", "", "cells outside their declared bounds"}},
      {"csv_cells_imputed", {"CSV cells imputed", "imputed", "", "missing or NaN cells set to their bounds' midpoint"}},
      // Fair regression
      {"lp_objective_seed0", {"transport cost of the LP (seed 0)", "LP cost", "", "the optimal value of the barycentre LP on seed 0"}},
      {"rows", {"rows", "rows", "", "rows of the data set"}},
      {"groups", {"groups", "groups", "", "groups in the data set"}},
      {"seeds", {"seeds", "seeds", "", "independent repetitions"}},
      {"regressor_rows", {"rows the regressor was fitted on", "fit rows", "", "rows of the least-squares fit (public)"}},
      {"regressor_fit_mse", {"regressor fit MSE", "fit MSE", "squared score units", "the least-squares regressor's error on its rows"}},
      {"scores_clipped", {"scores clipped to the bounds", "clipped", "", "scores moved onto [lo, hi]"}},
      {"ks", {"KS violation", "KS", "probability", "Kolmogorov–Smirnov distance between the groups' outputs"}},
      {"raw_mse", {"MSE of the raw scores", "MSE raw", "squared score units", "error of the unfair regressor's scores"}},
      {"raw_ks", {"KS violation of the raw scores", "KS raw", "probability", "KS distance of the unfair scores"}},
      {"binning_mse", {"MSE of the binned scores", "MSE bins", "squared score units", "error after binning alone (no transport)"}},
      {"binning_ks", {"KS violation of the binned scores", "KS bins", "probability", "KS distance after binning alone"}},
      {"baseline_mse", {"MSE of the non-private fair baseline", "MSE base", "squared score units", "error of the fair method with ε = ∞"}},
      {"baseline_ks", {"KS violation of the non-private fair baseline", "KS base", "probability", "KS distance of the fair method with ε = ∞"}},
  };
  return labels;
}

bool endsWith(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}
bool startsWith(std::string_view s, std::string_view head) { return s.substr(0, head.size()) == head; }

std::string accountantName(std::string_view id) {
  static const std::map<std::string, std::string, std::less<>> names = {
      {"pld", "PLD"}, {"pld_wor", "PLD, without replacement"}, {"rdp", "RDP"}, {"rdp_wor", "RDP, without replacement"},
      {"rdp_mironov", "RDP (Mironov)"}, {"gdp", "Gaussian DP"}, {"gdp_uniform", "Gaussian DP, uniform batches"},
      {"wdp", "Wasserstein DP"}, {"random_allocation", "random allocation"}};
  auto it = names.find(id);
  return it == names.end() ? std::string() : it->second;
}

std::string lawName(std::string_view id) {
  static const std::map<std::string, std::string, std::less<>> names = {
      {"laplace", "Laplace"}, {"gaussian", "Gaussian"}, {"discrete_laplace", "discrete Laplace"},
      {"discrete_gaussian", "discrete Gaussian"}};
  auto it = names.find(id);
  return it == names.end() ? std::string() : it->second;
}

std::string armName(std::string_view id) {
  static const std::map<std::string, std::string, std::less<>> names = {
      {"flow_defaults", "DPSWflow-r (defaults)"}, {"flow_paper", "DPSWflow-r (paper's choices)"}, {"generator", "DPSWgen"}};
  auto it = names.find(id);
  return it == names.end() ? std::string() : it->second;
}

}  // namespace

OutputLabel outputLabel(const std::string& key) {
  const std::string_view k = key;
  if (auto it = exactLabels().find(k); it != exactLabels().end()) return it->second;
  // Over the seeds: "<x>_mean", "<x>_std".
  for (const auto& [tail, words] : {std::pair<std::string_view, const char*>{"_mean", "mean over seeds"},
                                    {"_std", "std over seeds"}})
    if (endsWith(k, tail)) {
      OutputLabel inner = outputLabel(std::string(k.substr(0, k.size() - tail.size())));
      if (inner.title.empty()) break;
      const bool mean = tail == "_mean";
      inner.title += std::string(" (") + words + ")";
      if (!mean) inner.brief += " sd";
      inner.meaning += std::string(", ") + words;
      return inner;
    }
  if (startsWith(k, "fair_eps_")) {  // "fair_eps_<ε>_mse", "fair_eps_<ε>_ks"
    const std::string_view rest = k.substr(9);
    const auto cut = rest.rfind('_');
    if (cut != std::string_view::npos) {
      OutputLabel inner = outputLabel(std::string(rest.substr(cut + 1)));
      if (!inner.title.empty()) {
        const std::string eps(rest.substr(0, cut));
        inner.title += " at ε = " + eps;
        inner.brief += " ε=" + eps;
        inner.meaning += ", of the private fair method at ε = " + eps;
        return inner;
      }
    }
  }
  if (startsWith(k, "beta_at_0_1_")) {
    const std::string law = lawName(k.substr(12));
    if (!law.empty())
      return {"β at α = 0.1, " + law, "β(0.1) " + law, "probability",
              "the best attacker's type II error at type I error 0.1, against the " + law + " mechanism"};
  }
  if (startsWith(k, "epsilon_")) {
    const std::string acc = accountantName(k.substr(8));
    if (!acc.empty()) return {"ε by " + acc, "ε " + acc, "", "ε by the " + acc + " accountant"};
  }
  if (const auto at = k.rfind("_eps"); at != std::string_view::npos) {  // flow-privacy-utility: "<arm>_eps<ε>"
    const std::string arm = armName(k.substr(0, at));
    if (!arm.empty()) {
      const std::string eps(k.substr(at + 4));
      return {arm + " quality at ε = " + eps, arm + " ε=" + eps, "",
              "the arm's quality (SW₂² to held-out or Fréchet distance) at ε = " + eps + " (lower is better)"};
    }
  }
  return {};
}

}  // namespace dpw
