#include "fair_regression/fair_pipeline.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/run_stop.h"
#include "fair_regression/fair_transport.h"
#include "fair_regression/regression_metrics.h"
#include "fair_regression/isotonic_cdf.h"

namespace dpw {

TrainTestSplit splitTrainTest(std::size_t n, double testFraction, Rng& rng) {
  SeededWords words(rng);
  return splitTrainTest(n, testFraction, words);
}

TrainTestSplit splitTrainTest(std::size_t n, double testFraction, RandomWords& rng) {
  require(testFraction > 0 && testFraction < 1, "test_fraction must lie in (0, 1), got ", testFraction);
  const std::size_t nTest = std::size_t(std::ceil(testFraction * double(n)));
  require(nTest >= 1 && nTest < n, "a split of ", n, " rows with test_fraction ", testFraction,
          " leaves an empty part");
  std::vector<std::size_t> perm(n);
  std::iota(perm.begin(), perm.end(), std::size_t(0));
  StopAskingBits<RandomWords> bits(rng);
  std::shuffle(perm.begin(), perm.end(), bits);
  TrainTestSplit s;
  s.test.assign(perm.begin(), perm.begin() + nTest);
  s.train.assign(perm.begin() + nTest, perm.end());
  return s;
}

GroupedScores selectRows(const GroupedScores& data, const std::vector<std::size_t>& rows) {
  GroupedScores out;
  out.name = data.name;
  out.groupNames = data.groupNames;
  out.lo = data.lo;
  out.hi = data.hi;
  out.scores.reserve(rows.size());
  out.groups.reserve(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if ((i & 0xFFFF) == 0) throwIfRunStopped();
    const std::size_t r = rows[i];
    out.scores.push_back(data.scores.at(r));
    out.groups.push_back(data.groups.at(r));
    if (!data.targets.empty()) out.targets.push_back(data.targets.at(r));
  }
  if (data.features.size() > 0) {
    out.featureNames = data.featureNames;
    out.features.resize(Eigen::Index(rows.size()), data.features.cols());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if ((i & 0xFFFF) == 0) throwIfRunStopped();
      out.features.row(Eigen::Index(i)) = data.features.row(Eigen::Index(rows[i]));
    }
  }
  return out;
}

PublicSplit splitPublicRows(const GroupedScores& data, double testFraction, RandomWords& words) {
  const std::size_t n = data.publicSize();
  const TrainTestSplit split = splitTrainTest(n, testFraction, words);
  std::vector<std::ptrdiff_t> keptAt(n, -1);  // the kept row at each public place, or −1
  for (std::size_t i = 0; i < data.size(); ++i) keptAt.at(data.publicIndex.empty() ? i : data.publicIndex[i]) = std::ptrdiff_t(i);
  auto part = [&](const std::vector<std::size_t>& places) {
    std::vector<std::size_t> rows, at;
    for (std::size_t j = 0; j < places.size(); ++j) {
      if ((j & 0xFFFF) == 0) throwIfRunStopped();
      if (keptAt[places[j]] >= 0) rows.push_back(std::size_t(keptAt[places[j]])), at.push_back(j);
    }
    GroupedScores out = selectRows(data, rows);
    out.publicRows = places.size();
    if (rows.size() < places.size()) out.publicIndex = std::move(at);
    return out;
  };
  return {part(split.train), part(split.test)};
}

GroupDistributions privateGroupDistributions(const GroupedScores& train, const Binning& binning,
                                             const HistogramNoise& noise, Rng& rng,
                                             const std::function<void(const Points&)>& inspect) {
  ensure(train.size() == train.groups.size(), "training data: score and group counts differ");
  std::vector<int> bins(train.size());
  for (std::size_t i = 0; i < train.size(); ++i) {
    if ((i & 0xFFFF) == 0) throwIfRunStopped();
    bins[i] = binning.index(train.scores[i]);
  }
  const Points h = privateJointHistogram(bins, train.groups, train.groupCount(), binning.bins(), noise, rng,
                                        long(train.publicSize()));
  if (inspect) inspect(h);
  return repairedGroupDistributions(h);
}

std::vector<FairEvaluation> evaluateFairPostProcessing(const GroupedScores& train, const GroupedScores& test,
                                                       const Binning& binning, const HistogramNoise& noise,
                                                       const std::vector<double>& alphas, Rng& noiseRng,
                                                       std::uint64_t predictionSeed,
                                                       const std::function<bool()>& cancelled) {
  require(!alphas.empty(), "no alpha values to evaluate");
  for (double a : alphas) require(a >= 0 && !std::isnan(a), "the KS tolerance alpha must be >= 0, got ", a);
  BarycenterLp lp(privateGroupDistributions(train, binning, noise, noiseRng));
  std::vector<FairEvaluation> out;
  for (std::size_t i = 0; i < alphas.size(); ++i) {
    const BarycenterSolution sol = lp.solve(alphas[i], cancelled);
    const FairTransport transport(sol, binning);
    Rng rng = makeRng(predictionSeed, i);
    const std::vector<double> pred = transport.predict(test.scores, test.groups, rng);
    out.push_back({alphas[i], meanSquaredError(pred, test.truth()), maxPairwiseKs(pred, test.groups, test.groupCount()),
                   sol.objective});
  }
  return out;
}

}  // namespace dpw
