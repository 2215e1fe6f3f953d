#include "fair_regression/fair_sweep.h"

#include <omp.h>

#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>

#include "core/error.h"
#include "core/rng.h"
#include "core/run_stop.h"
#include "fair_regression/chzhen_baseline.h"
#include "fair_regression/fair_pipeline.h"
#include "fair_regression/regression_metrics.h"
#include "privacy/mechanisms/private_sampling.h"

namespace dpw {

namespace {
/// The sweep's `cancelled` as the run of a task's thread (core/run_stop.h), so that the helpers below a task (the
/// split, the binning, the prediction of 10⁷ rows) ask it too: a task's body catches what they throw.
struct CancelledAsRun final : RunObserver {
  explicit CancelledAsRun(const std::function<bool()>& c) : cancelled(c) {}
  void onFrame(FramePtr) override {}
  bool cancelRequested() const override { return cancelled && cancelled(); }
  const std::function<bool()>& cancelled;
};
}  // namespace

MeanStd meanStd(const std::vector<double>& v) {
  MeanStd r;
  if (v.empty()) return r;
  for (double x : v) r.mean += x;
  r.mean /= double(v.size());
  for (double x : v) r.std += (x - r.mean) * (x - r.mean);
  r.std = std::sqrt(r.std / double(v.size()));
  return r;
}

const FairSweepCell& FairSweepResult::cell(std::size_t kIndex, std::size_t epsIndex, std::size_t alphaIndex) const {
  return cells.at((kIndex * epsilonCount + epsIndex) * alphaCount + alphaIndex);
}

std::vector<double> paperAlphaGrid() {
  std::vector<double> a{0.0};
  for (int i = 0; i < 10; ++i) a.push_back(std::pow(10.0, std::log10(0.005) + (std::log10(0.1) - std::log10(0.005)) * i / 9));
  for (int i = 0; i < 12; ++i) a.push_back(0.11 + (0.35 - 0.11) * i / 11);
  a.push_back(1.0);
  return a;
}

FairSweepResult runFairSweep(const GroupedScores& input, const FairSweepSettings& s,
                             const std::function<void(long, long)>& progress, const std::function<bool()>& cancelled) {
  input.validate();
  // Tasks need scores, groups and targets only: drop the regressor's features once here instead of
  // copying them into every task's train/test split.
  GroupedScores data = input;
  data.features.resize(0, 0);
  data.featureNames.clear();
  require(!s.alphas.empty() && !s.bins.empty() && !s.epsilons.empty(), "the sweep grid is empty");
  for (double a : s.alphas) require(a >= 0 && !std::isnan(a), "the KS tolerance alpha must be >= 0, got ", a);
  for (int k : s.bins) require(k >= 1, "the number of bins k must be at least 1, got ", k);
  for (double e : s.epsilons) {
    require(e > 0 && !std::isnan(e), "epsilon must be > 0 (or inf for no privacy), got ", e);
    if (!isPureEpsilon(noiseLaw(s.mechanism)) && std::isfinite(e))  // an L2 (Gaussian-type) law needs a δ
      require(s.delta > 0 && s.delta < 1, "the ", noiseMechanismId(s.mechanism), " mechanism needs 0 < delta < 1, got ",
              s.delta);
  }
  require(s.seeds >= 1, "seeds must be at least 1, got ", s.seeds);
  if (s.secureNoise && !isDiscrete(s.mechanism)) throw InvalidArgument(secureNeedsDiscreteMessage());
  require(s.testFraction > 0 && s.testFraction < 1, "test_fraction must lie in (0, 1), got ", s.testFraction);

  const std::size_t K = s.bins.size(), E = s.epsilons.size(), A = s.alphas.size(), S = std::size_t(s.seeds);
  FairSweepResult r;
  r.epsilonCount = E;
  r.alphaCount = A;
  std::vector<std::vector<FairEvaluation>> fair(S * K * E);   // [seed][k][eps] -> alphas
  std::vector<double> binMse(S * K), binKs(S * K), rawKs(S), rawMse(S), baseMse(S), baseKs(S);
  const long tasks = long(S * K * E);
  std::atomic<long> done{0};
  std::atomic<bool> stop{false};
  std::exception_ptr error;
  std::mutex lock;

#pragma omp parallel for schedule(dynamic, 1)
  for (long t = 0; t < tasks; ++t) {
    if (stop.load()) continue;
    try {
      const CancelledAsRun run(cancelled);
      const RunStopScope asked(run);
      if (cancelled && cancelled()) throw Cancelled();
      const std::size_t seedIdx = std::size_t(t) / (K * E), kIdx = (std::size_t(t) / E) % K, eIdx = std::size_t(t) % E;
      const std::uint64_t seed = s.firstSeed + seedIdx;
      Rng splitRng = makeRng(seed, 0);
      PrivateSampling splitCoins(s.secureNoise ? NoiseSource::OsEntropy : NoiseSource::Seeded, splitRng);
      const PublicSplit parts = splitPublicRows(data, s.testFraction, splitCoins.words());  // n: the public count
      const GroupedScores &train = parts.train, &test = parts.test;
      const Binning binning(data.lo, data.hi, s.bins[kIdx]);
      const std::uint64_t cellId = kIdx * E + eIdx;
      Rng noiseRng = makeRng(seed, 10 + cellId);
      const HistogramNoise noise{s.epsilons[eIdx], s.delta, s.mechanism, s.secureNoise};
      fair[t] = evaluateFairPostProcessing(train, test, binning, noise, s.alphas, noiseRng,
                                           splitMix64(seed * 1000003ULL + 7 * cellId + 1), cancelled);
      if (eIdx == 0) {  // binning only: α = 1 (non-binding), no noise
        Rng unused = makeRng(seed, 5);
        const auto b = evaluateFairPostProcessing(train, test, binning, HistogramNoise{}, {1.0}, unused,
                                                  splitMix64(seed * 1000003ULL + 999983ULL + kIdx), cancelled);
        binMse[seedIdx * K + kIdx] = b[0].mse;
        binKs[seedIdx * K + kIdx] = b[0].ks;
      }
      if (kIdx == 0 && eIdx == 0) {
        rawKs[seedIdx] = maxPairwiseKs(test.scores, test.groups, test.groupCount());
        rawMse[seedIdx] = meanSquaredError(test.scores, test.truth());
        if (s.baseline) {
          Rng rng = makeRng(seed, 1);
          const ChzhenBaseline base(train.scores, train.groups, train.groupCount(), rng);
          std::vector<double> pred(test.size());
          for (std::size_t i = 0; i < test.size(); ++i) {
            if ((i & 0x3FFF) == 0) throwIfRunStopped();
            pred[i] = base.predict(test.scores[i], test.groups[i], rng);
          }
          baseMse[seedIdx] = meanSquaredError(pred, test.truth());
          baseKs[seedIdx] = maxPairwiseKs(pred, test.groups, test.groupCount());
        }
      }
      const long d = ++done;
      if (progress) {
        std::lock_guard<std::mutex> g(lock);
        progress(d, tasks);
      }
    } catch (...) {
      std::lock_guard<std::mutex> g(lock);
      if (!error) error = std::current_exception();
      stop = true;
    }
  }
  if (error) std::rethrow_exception(error);

  r.rawKs = meanStd(rawKs);
  r.rawMse = meanStd(rawMse);
  if (s.baseline) r.baselineMse = meanStd(baseMse), r.baselineKs = meanStd(baseKs);
  for (std::size_t k = 0; k < K; ++k) {
    std::vector<double> m(S), q(S);
    for (std::size_t i = 0; i < S; ++i) m[i] = binMse[i * K + k], q[i] = binKs[i * K + k];
    r.binningMse.push_back(meanStd(m));
    r.binningKs.push_back(meanStd(q));
    for (std::size_t e = 0; e < E; ++e)
      for (std::size_t a = 0; a < A; ++a) {
        FairSweepCell c;
        c.bins = s.bins[k];
        c.epsilon = s.epsilons[e];
        c.alpha = s.alphas[a];
        for (std::size_t i = 0; i < S; ++i) {
          const auto& ev = fair[(i * K + k) * E + e][a];
          c.mseBySeed.push_back(ev.mse);
          c.ksBySeed.push_back(ev.ks);
        }
        c.mse = meanStd(c.mseBySeed);
        c.ks = meanStd(c.ksBySeed);
        r.cells.push_back(std::move(c));
      }
  }
  return r;
}

}  // namespace dpw
