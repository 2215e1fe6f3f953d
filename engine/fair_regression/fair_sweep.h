#pragma once
/// The experiment grid of [FairReg] §5: α grid x k x ε x seeds, run in parallel with OpenMP.
///
/// One task = (seed, k, ε): split with makeRng(seed, 0), histogram noise from makeRng(seed, 10 +
/// task cell), predictions from makeRng(seed', α index) with seed' derived from (seed, k, ε). Every
/// task writes its own slot, so results are bit-identical for any number of threads. Per seed also:
/// the raw scores ("no post-processing"), binning only (α = 1, ε = inf, per k) and the Chzhen et al.
/// baseline (stream 1). Reported: mean and population std (ddof = 0, as numpy's default) over seeds.
#include <cstdint>
#include <functional>
#include <vector>

#include "data/grouped_scores.h"
#include "fair_regression/private_histogram.h"

namespace dpw {

struct FairSweepSettings {
  std::vector<double> alphas{0.0};
  std::vector<int> bins{36};
  std::vector<double> epsilons{std::numeric_limits<double>::infinity()};
  NoiseMechanism mechanism = NoiseMechanism::Laplace;
  bool secureNoise = false;     ///< discrete mechanisms: noise from the OS (results not replayable)
  double delta = 0;
  long seeds = 50;
  std::uint64_t firstSeed = 0;  ///< seeds firstSeed, firstSeed + 1, ...
  double testFraction = 0.3;
  bool baseline = true;         ///< also run Chzhen et al.
};

struct MeanStd {
  double mean = 0, std = 0;
};
MeanStd meanStd(const std::vector<double>& values);

struct FairSweepCell {
  int bins = 0;
  double epsilon = 0, alpha = 0;
  MeanStd mse, ks;
  std::vector<double> mseBySeed, ksBySeed;
};

struct FairSweepResult {
  MeanStd rawKs;                        ///< no post-processing
  MeanStd rawMse;                       ///< no post-processing: 0 when the scores are the targets
  std::vector<MeanStd> binningMse, binningKs;  ///< per k (α = 1, ε = inf)
  MeanStd baselineMse, baselineKs;      ///< Chzhen et al. (2020)
  std::vector<FairSweepCell> cells;     ///< order: k, then ε, then α
  const FairSweepCell& cell(std::size_t kIndex, std::size_t epsIndex, std::size_t alphaIndex) const;
  std::size_t epsilonCount = 0, alphaCount = 0;
};

/// Runs the grid. `progress(done, total)` is called from inside the parallel loop under a lock;
/// `cancelled()` is polled per task (a cancelled sweep throws dpw::Cancelled).
/// @throws InvalidArgument for empty grids, k < 1, α < 0, ε <= 0, seeds < 1, a bad test fraction,
/// a group with no training or test rows in some split, or invalid data.
FairSweepResult runFairSweep(const GroupedScores& data, const FairSweepSettings& settings,
                             const std::function<void(long, long)>& progress = {},
                             const std::function<bool()>& cancelled = {});

/// The paper's α grid: {0} + 10 log-spaced in [0.005, 0.1] + 12 linear in [0.11, 0.35] + {1}.
std::vector<double> paperAlphaGrid();

}  // namespace dpw
