// Fair regression's outputs, release vs evaluation (core/output_classes.h), and what its privacy statement
// treats as public; fairRegressionMethod() returns its MethodInfo through withFairRegressionOutputs.
#include "methods/fair_regression.h"

namespace dpw {

MethodInfo withFairRegressionOutputs(MethodInfo m) {
  // Released: the noisy group histograms and what is computed from them (LP, transports). The scores
  // of the test split are private rows: every accuracy/fairness number is an evaluation.
  m.outputs.release = {"lp_objective_seed0", "rows", "groups", "seeds", "regressor_rows", "epsilon"};
  m.outputs.evaluation = {"mse_*", "ks_*", "raw_*", "binning_*", "baseline_*", "fair_eps_*", "regressor_fit_mse",
                          "scores_clipped"};
  m.outputs.evaluationCharts = {"groups_before", "groups_after", "tradeoff", "private_vs_true"};
  // One transport plan per group: transport_<group>, up to the four groups of the built-in data sets.
  m.outputs.charts = {"groups_before", "groups_after", "tradeoff", "private_vs_true", "transport_0", "transport_1",
                      "transport_2", "transport_3", "audit_scores"};
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
  return m;
}

}  // namespace dpw
