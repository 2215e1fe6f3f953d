#pragma once
/// Private fair regression by post-processing: [FairReg] Alg. 1 with its experiments (§5, Tables,
/// Figs. 2-4), as described in reference §3.
///
/// Scores (here the regression targets themselves, as in the paper) are binned into k bins; the
/// joint (group, bin) histogram is released with Laplace noise (pure ε-DP) or Gaussian noise
/// ((ε, δ)-DP); the group distributions are repaired by L∞ isotonic regression; the barycenter LP
/// with KS tolerance α/2 is solved with CLP; each group's scores are moved by the randomised optimal
/// transport to its target. The sweep (α x k x ε x seeds, OpenMP) reports mean and std of MSE and
/// SP violation (max pairwise KS) on the test split, plus the Chzhen et al. (2020) baseline.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/choice_table.h"
#include "core/method.h"
#include "data/grouped_scores.h"
#include "fair_regression/private_histogram.h"

namespace dpw {

/// The data (parameter `dataset`): synthetic groups, Law School, Communities & Crime, or a CSV file.
/// Parsed once in fromParams; the id table (fair_regression_choices.cpp) is the ParamSpec's choices.
enum class FairRegressionData { Synthetic, Law, Communities, Csv };
const ChoiceTable<FairRegressionData>& fairRegressionDataSets();

struct FairRegressionSettings {
  FairRegressionData dataset = FairRegressionData::Synthetic;
  std::string dataPath;               ///< file (law, communities: optional override; csv: required)
  std::string baseDirectory;          ///< relative dataPath is tried here first (the scenario's folder)
  std::string scoreColumn, groupColumn;
  std::vector<std::string> groupValues{"0", "1"};  ///< csv: the declared (public) groups, in order (group_values)
  std::vector<std::string> featureColumns;  ///< csv: inputs of the least-squares regressor
  bool leastSquaresScores = false;          ///< scores = a least-squares regressor's outputs, not the targets
  double regressorFraction = 0.3;           ///< rows set aside to fit the regressor
  double lo = 0, hi = 1;              ///< bounds (csv only; law and communities use (1, 4) and (0, 1))
  long bins = 36;                     ///< k
  std::vector<int> extraBins;         ///< more k values for the sweep
  double alpha = 0;                   ///< KS tolerance of the reported table
  /// α values run besides `alpha` for the trade-off chart (they never change the reported metrics,
  /// which are those of `alpha`): Small = smallAlphaGrid() (default, ~9 warm-started LPs per seed),
  /// Paper = paperAlphaGrid() ([FairReg] Figs. 2-4), None = `alpha` only (one point per curve).
  enum class AlphaSweep { None, Small, Paper };
  AlphaSweep alphaSweep = AlphaSweep::Small;
  double epsilon = 1;                 ///< main ε (inf = no privacy)
  std::vector<double> epsilons;       ///< table ε values (empty: just `epsilon`)
  /// Discrete Laplace by default: the textbook floating-point Laplace leaks through its low-order bits
  /// (Mironov 2012; audited: ε ≥ 2.3 measured for a claim of 1), the integer sampler does not.
  NoiseMechanism mechanism = NoiseMechanism::DiscreteLaplace;
  bool secureNoise = false;           ///< noise_source = os-entropy (discrete mechanisms only; not replayable)
  double delta = 1e-5;          ///< Gaussian laws; 0 = auto: 1/(10 n) for the n training rows
  double testFraction = 0.3;
  long seeds = 10;
  long syntheticRows = 2000;
  long syntheticGroups = 3;
  /// Audit hook (not a parameter): called once with the illustrated run's released noisy joint histogram
  /// (groups x bins, normalised by the public n, before the isotonic repair; privateGroupDistributions), the
  /// release whose frames and LP the run shows: what a white-box auditor reads
  /// (methods/fair_regression_run_audit.h).
  std::function<void(const Points& noisyHistogram)> inspectReleasedHistogram;

  static FairRegressionSettings fromParams(const ParamValues& p);
};

/// Id table of the α sweep (parameter `alpha_sweep`): "small", "paper", "none".
const ChoiceTable<FairRegressionSettings::AlphaSweep>& alphaSweeps();

/// Loads the data set the settings name. Relative paths are resolved against the current working
/// directory. @throws InvalidArgument if the file is missing (message names the path tried and the
/// current directory), malformed, or lacks a chosen column.
GroupedScores loadFairRegressionData(const FairRegressionSettings& s, std::uint64_t seed);

/// The default α grid of the trade-off chart: {0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 1}.
std::vector<double> smallAlphaGrid();

/// Runs the sweep and publishes frames (group histograms before/after, barycenter, the private group
/// distributions against the true ones, transport plans, MSE-vs-KS trade-off with lower envelope).
/// Metrics: mse_mean/std, ks_mean/std (main ε, α, first k), raw_ks_*, raw_mse_*, binning_*,
/// baseline_*, and fair_eps_<ε>_{mse,ks}_{mean,std} for every table ε; with least-squares scores also
/// regressor_fit_mse, regressor_rows and scores_clipped.
RunResult runFairRegression(const FairRegressionSettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo fairRegressionMethod();
/// `m` with fair regression's output classes and public quantities (fair_regression_outputs.cpp), which its
/// factory returns: the method is not registered without them.
MethodInfo withFairRegressionOutputs(MethodInfo m);

}  // namespace dpw
