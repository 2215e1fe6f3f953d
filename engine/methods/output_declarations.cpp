// Release vs evaluation for every output of every method, and what each method's privacy statement
// treats as public (core/output_classes.h, methods/output_filter.h). One table, so a test can check that
// every key a run produces is classified (tests/engine/core/tst_output_classes.cpp).
#include <stdexcept>

#include "core/method.h"

namespace dpw {

void declareOutputs(MethodInfo& m) {
  OutputClasses& o = m.outputs;
  const std::string& id = m.id;
  if (id == "dpswflow-r" || id == "dpswflow") {
    // The particles are released (post-processing of the noisy histograms/projections); the held-out
    // sample and the reference sample (toys: a fresh draw of the public generator; Fashion-MNIST: the
    // public half) are public, so every number here belongs to the release.
    o.release = {"sw2_heldout", "sw2_floor", "noise_std", "sensitivity", "noise_multiplier", "sample_rate",
                 "steps_per_second", "seconds", "epsilon", "epsilon_per_step", "epsilon_basic_composition",
                 "frechet_public", "frechet_floor", "nn_accuracy", "nn_accuracy_real", "epsilon_chosen_accountant"};
    m.treatedAsPublic = {"the private row count m (it sets q = batch/m unless public_rows gives a nominal count)",
                         "the dimension d and the data bounds (rows scaled into the unit ball by a public constant)",
                         "the class list (per class: the ten Fashion-MNIST labels, one flow each, rows or not; the "
                         "per-class row counts are not public and shape no release)",
                         "the batch size: a Poisson batch whose projections are released has exactly that many rows "
                         "(a random subset of the rows drawn, or zero rows added), so no release shows the draw",
                         "the held-out and reference samples the quality is measured on",
                         "the seed: it reproduces only particles, directions and synthetic data"};
  } else if (id == "dpswgen") {
    o.release = {"sw2_heldout", "sw2_floor", "final_loss", "noise_std", "sensitivity", "noise_multiplier",
                 "sample_rate", "seconds", "epsilon", "frechet_public", "frechet_floor", "nn_accuracy",
                 "epsilon_chosen_accountant"};
    m.treatedAsPublic = {"the private row count m (it sets q = batch/m)", "the dimension d and the data bounds",
                         "the class list (per class: the ten Fashion-MNIST labels; the per-class row counts are not "
                         "public and shape no release: each generator's batch is batch/10)",
                         "the batch size: a Poisson batch has exactly that many rows (a random subset of the rows "
                         "drawn, or zero rows added), so the released projections never show the draw",
                         "the held-out and reference samples the quality is measured on",
                         "the seed: it reproduces only the generator's initialisation, directions and synthetic data"};
  } else if (id == "flow-privacy-utility") {
    o.release = {"*"};  // each point is a flow's or generator's release-side quality (their own classes)
    m.treatedAsPublic = {"as each arm's run (row count, dimension, bounds, held-out sample)"};
  } else if (id == "fair-regression") {
    // Released: the noisy group histograms and what is computed from them (LP, transports). The scores
    // of the test split are private rows: every accuracy/fairness number is an evaluation.
    o.release = {"lp_objective_seed0", "rows", "groups", "seeds", "regressor_rows", "epsilon"};
    o.evaluation = {"mse_*", "ks_*", "raw_*", "binning_*", "baseline_*", "fair_eps_*", "regressor_fit_mse",
                    "scores_clipped"};
    o.evaluationCharts = {"groups_before", "groups_after", "tradeoff", "private_vs_true"};
    m.treatedAsPublic = {"the number of rows n of the file and the group list (Law School: its four race1 values; "
                         "Communities: racepctblack > 0.06 or not; CSV: group_values, declared by the user, default "
                         "0,1); a CSV row whose score is missing or NaN, or whose group is not a declared value, is "
                         "dropped from the histogram but still counted in n, so the split sizes, the histogram's "
                         "1/n, its noise and δ auto never depend on such a row",
                         "Law School and Communities as the published data sets they are: the rows and columns "
                         "they keep are read from the file, so data_path must name a copy of the published file "
                         "(private data goes through dataset csv, whose groups and bounds are declared)",
                         "the score bounds lo, hi and the bins (a score outside them, ±∞ included, is clamped to "
                         "the nearer bound, row by row)",
                         "the rows the least-squares regressor is fitted on (as [FairReg] takes f as given), with "
                         "the column means that impute its missing features"};
  } else if (id == "fair-classifier" || id == "fair-regression-2d" || id == "fair-representation" ||
             id == "private-matching") {
    o.release = {"noise_multiplier", "sensitivity", "noise_std", "sample_rate", "epsilon", "epsilon_chosen_accountant",
                 "sw2_to_target"};
    // The objective terms are computed on the private batch before noise; the test-set numbers on test rows.
    o.evaluation = {"objective", "loss_term", "penalty_term", "accuracy", "disparate_impact", "eo_0", "eo_1",
                    "w2_groups", "w2_groups_y0", "w2_groups_y1", "mse", "od_0", "od_1", "sw2_groups",
                    "reconstruction_loss", "reconstruction_loss_core", "latent_second_moment",
                    "sw2_groups_scale_free", "group_probe_accuracy", "sw2_groups_whitened", "baseline_accuracy",
                    "baseline_disparate_impact", "csv_cells_clamped", "csv_cells_imputed", "csv_rows_dropped"};
    o.evaluationCharts = {"loss", "scores", "outputs", "latent", "group_distance"};
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
  } else if (id == "accountant-explorer" || id == "projection-sensitivity" || id == "dpswd-explorer" ||
             id == "privacy-audit" || id == "privacy-tradeoff" || id == "count-query" ||
             id == "randomized-response" || id == "clipped-mean" || id == "exponential-mechanism" ||
             id == "ot-basics" || id == "membership-inference" || id == "dpsgd-clipping") {
    // No private data: accountants and bounds, synthetic samples drawn from the seed, audits on fixed
    // neighbouring data sets.
    o.release = {"*"};
    if (id == "privacy-audit")
      m.treatedAsPublic = {"the audit's two neighbouring data sets (synthetic worst cases, fixed by the mechanism "
                           "audited): an audit measures a mechanism, it releases nothing about a person"};
    if (id == "count-query")
      m.treatedAsPublic = {"the two counts of D and D′ (typed into the form: a classroom example, nobody's data)"};
    if (id == "clipped-mean")
      m.treatedAsPublic = {"the number of values n and the clipping bound C (the values are simulated: a classroom "
                           "example, nobody's data)"};
    if (id == "exponential-mechanism")
      m.treatedAsPublic = {"the list of options (the votes are typed into the form: a classroom example, nobody's "
                           "data)"};
    if (id == "membership-inference")
      m.treatedAsPublic = {"everyone's rows but the target's (the attacker's knowledge in DP's worst case; the count "
                           "is simulated: a classroom example, nobody's data)"};
    if (id == "dpsgd-clipping")
      m.treatedAsPublic = {"the batch size B, the clipping bound C and the model's weights (the examples are "
                           "simulated: a classroom example, nobody's data)"};
    if (id == "randomized-response")
      m.treatedAsPublic = {"the number of people asked and the question (the people are simulated: a classroom "
                           "example, nobody's data)"};
  } else {
    throw std::logic_error("output_declarations.cpp: method '" + id + "' declares no output classes");
  }
}

}  // namespace dpw
