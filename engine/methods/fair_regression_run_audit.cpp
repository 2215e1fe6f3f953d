#include "methods/fair_regression_run_audit.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <ostream>
#include <string>

#include "audit/csv_pair_files.h"
#include "core/error.h"
#include "core/run_observer.h"
#include "fair_regression/fair_pipeline.h"
#include "methods/fair_regression.h"

namespace dpw {

namespace {

constexpr long kRows = 40, kBins = 4;
constexpr double kTestFraction = 0.25;

/// The two neighbouring files (audit/csv_pair_files.h). Row 0 is the canary, (score 0, group a) in D and
/// (score 1, group b) in D′; the others fill every cell but (a, lowest bin) and (b, highest bin), both groups
/// alternating, scores at the bins' centres.
std::shared_ptr<CsvPairFiles> writeFiles() {
  return std::make_shared<CsvPairFiles>("fairreg-audit", [](std::ostream& out, bool neighbour) {
    out << "s,g\n" << (neighbour ? "1,b" : "0,a") << "\n";
    for (long i = 1; i < kRows; ++i) {
      const bool a = i % 2 == 0;
      const long bin = a ? 1 + (i / 2) % (kBins - 1) : (i / 2) % (kBins - 1);  // a: bins 1..k−1; b: bins 0..k−2
      out << (double(bin) + 0.5) / double(kBins) << "," << (a ? "a" : "b") << "\n";
    }
  });
}

FairRegressionSettings runSettings(double epsilon) {
  FairRegressionSettings s;
  s.dataset = FairRegressionData::Csv;
  // Copied from std::strings: assigning short literals makes GCC 12 warn falsely (-Wrestrict).
  static const std::string score = "s", group = "g", a = "a", b = "b";
  s.scoreColumn = score, s.groupColumn = group;
  s.groupValues = {a, b};  // declared, as a user declares them
  s.lo = 0, s.hi = 1;
  s.bins = kBins;
  s.alpha = 0;
  s.alphaSweep = FairRegressionSettings::AlphaSweep::None;
  s.epsilon = epsilon;  // the law stays the method's default (discrete Laplace)
  s.testFraction = kTestFraction;
  s.seeds = 1;
  return s;
}

/// Whether the run with `seed` puts row 0 among the training rows: the run's own split (fair_pipeline.h:
/// splitPublicRows with the seeded words of makeRng(seed, 0), identical to splitTrainTest on the Rng).
bool canaryTrains(std::uint64_t seed) {
  Rng splitRng = makeRng(seed, 0);
  const TrainTestSplit split = splitTrainTest(std::size_t(kRows), kTestFraction, splitRng);
  return std::find(split.train.begin(), split.train.end(), std::size_t(0)) != split.train.end();
}

}  // namespace

AuditTarget fairRegressionRunAuditTarget(const MechanismAuditSettings& a, std::uint64_t seed, bool knowsSplit) {
  require(a.epsilon > 0 && std::isfinite(a.epsilon), "the audited ε must be finite and > 0, got ", a.epsilon);
  requireAuditFault(a.fault, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds, AuditFault::ReplaceAsAddRemove},
                    "fair-regression-run");
  auto files = writeFiles();
  // The claim: the correct run's ledger ε (a probe on D'; it depends only on ε, the law and the public n).
  FairRegressionSettings probe = runSettings(a.epsilon);
  probe.dataPath = files->path(true).string();
  LatestFramesObserver quiet;
  const RunResult r = runFairRegression(probe, seed, quiet);
  const HistogramNoise claimed{a.epsilon, 0.0, probe.mechanism, false};
  const long nTrain = kRows - long(std::ceil(kTestFraction * double(kRows)));
  const double claimedScale = histogramNoiseScale(claimed, nTrain) * double(nTrain);  // in counts
  struct Shared {
    std::shared_ptr<CsvPairFiles> files;
    FairRegressionSettings run;
  };
  auto sh = std::make_shared<Shared>();
  sh->files = files;
  // The faults: calibrated for a larger ε. replace-as-add-remove (planted bug (f)): the histogram calibrated with
  // the L1 sensitivity of one row added or removed (one count moves: 1) where the relation is replace-one (two
  // counts move: 2); the Laplace laws' scale is Δ/ε, so half the sensitivity is calibrating for 2ε.
  sh->run = runSettings(a.fault == AuditFault::ReplaceAsAddRemove ? 2 * a.epsilon : a.epsilon / auditNoiseFactor(a.fault));
  AuditTarget t;
  t.claimedEpsilon = r.metrics.at("epsilon");
  t.claimedDelta = r.privacy.delta;
  t.noiseScale = histogramNoiseScale(HistogramNoise{sh->run.epsilon, 0.0, sh->run.mechanism, false}, nTrain) *
                 double(nTrain) * std::sqrt(2.0);  // about √2 t for the discrete Laplace of scale t ≥ 2
  t.metrics["amplified_epsilon_blind_split"] =
      std::log1p(double(nTrain) / double(kRows) * std::expm1(t.claimedEpsilon));
  t.trial = [sh, claimedScale, knowsSplit](bool neighbour, Rng& rng) {
    std::uint64_t runSeed = rng();
    while (knowsSplit && !canaryTrains(runSeed)) runSeed = rng();
    FairRegressionSettings s = sh->run;
    s.dataPath = sh->files->path(neighbour).string();
    double llr = 0;
    s.inspectReleasedHistogram = [&](const Points& h) {
      // Counts of the two cells the canary moves between (0 without it in every split): (a, lowest) in D,
      // (b, highest) in D'. The Laplace ratio toward D', clamped at its exact extremes ±1/scale per cell.
      const double n = double(nTrain), fromD = std::round(h(0, 0) * n), toDPrime = std::round(h(1, kBins - 1) * n);
      llr = (std::clamp(2 * toDPrime - 1, -1.0, 1.0) - std::clamp(2 * fromD - 1, -1.0, 1.0)) / claimedScale;
    };
    LatestFramesObserver quiet;
    runFairRegression(s, runSeed, quiet);
    return llr;
  };
  return t;
}

}  // namespace dpw
