#pragma once
/// One pass of [FairReg] Alg. 1 on one train/test split: bin the training scores, release the private
/// joint histogram, repair it into group distributions, solve the barycenter LP for each α (warm
/// start), and evaluate the randomised transports on the test rows (MSE against the scores, SP as
/// the max pairwise KS). The scores are the regression targets themselves, as in [FairReg] §5, so
/// "no post-processing" has MSE 0.
#include <cstdint>
#include <functional>
#include <vector>

#include "core/rng.h"
#include "data/grouped_scores.h"
#include "fair_regression/barycenter_lp.h"
#include "fair_regression/binning.h"
#include "fair_regression/private_histogram.h"
#include "privacy/mechanisms/secure_noise.h"

namespace dpw {

struct TrainTestSplit {
  std::vector<std::size_t> train, test;
};

/// Random split: a uniform permutation from `rng`; the first ceil(testFraction · n) rows are the
/// test set (the size rule of sklearn's train_test_split). @throws InvalidArgument unless
/// 0 < testFraction < 1 and both parts are non-empty.
TrainTestSplit splitTrainTest(std::size_t n, double testFraction, Rng& rng);
/// The same split with the permutation drawn from `words` (PrivateSampling::words(): the OS in secure
/// mode, so the published seed does not say which rows were released; bit-identical to the Rng version
/// for SeededWords).
TrainTestSplit splitTrainTest(std::size_t n, double testFraction, RandomWords& words);

/// Rows of `data` selected by `rows` (same group names and bounds; targets and features follow).
GroupedScores selectRows(const GroupedScores& data, const std::vector<std::size_t>& rows);

/// Splits the public rows of `data` (data.publicSize(): the file's rows, those a loader's rule dropped
/// included; grouped_scores.h) with splitTrainTest, then keeps in each part the rows the loader kept: the
/// parts' sizes, publicRows, depend only on the public count, and a dropped row leaves a gap, never a shift.
/// Each part's publicIndex places its rows among its public rows. Without dropped rows: exactly
/// selectRows(data, split.train) and selectRows(data, split.test). @throws as splitTrainTest.
struct PublicSplit {
  GroupedScores train, test;
};
PublicSplit splitPublicRows(const GroupedScores& data, double testFraction, RandomWords& words);

/// Bins, histogram (+ noise), repair; the histogram's 1/n and the noise's n are train.publicSize(). A group with no
/// training rows gets its noise-only row, like any other (whether it has rows is private, issue #35).
/// `inspect` (audits only), when set, receives the released noisy joint histogram before the repair.
/// @throws InvalidArgument if a score is outside the bounds or the noise settings are invalid.
GroupDistributions privateGroupDistributions(const GroupedScores& train, const Binning& binning,
                                             const HistogramNoise& noise, Rng& rng,
                                             const std::function<void(const Points&)>& inspect = {});

struct FairEvaluation {
  double alpha = 0;
  double mse = 0;       ///< mean (prediction − truth)² on the test rows (truth: targets, else scores)
  double ks = 0;        ///< max pairwise KS of the test predictions
  double objective = 0; ///< LP objective (bin-index units)
};

/// Fits on `train` and evaluates every α of `alphas` on `test` (one LP, warm-started across α in the
/// given order). Prediction draws come from makeRng(predictionSeed, index of α). `cancelled` reaches
/// every LP solve (BarycenterLp::solve): answering true stops the solve with Cancelled.
/// A group with no test rows is left out of the KS (maxPairwiseKs).
/// @throws InvalidArgument for an empty α list, α < 0, or scores outside the bounds.
std::vector<FairEvaluation> evaluateFairPostProcessing(const GroupedScores& train, const GroupedScores& test,
                                                       const Binning& binning, const HistogramNoise& noise,
                                                       const std::vector<double>& alphas, Rng& noiseRng,
                                                       std::uint64_t predictionSeed,
                                                       const std::function<bool()>& cancelled = {});

}  // namespace dpw
