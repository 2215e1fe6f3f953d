#include "methods/fair_regression_run_audit.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

#include "core/error.h"
#include "core/run_observer.h"
#include "fair_regression/fair_pipeline.h"
#include "methods/fair_regression.h"

namespace dpw {

namespace {

constexpr long kRows = 40, kBins = 4;
constexpr double kTestFraction = 0.25;

/// The two neighbouring files, removed with the target.
struct CsvPair {
  std::filesystem::path d, dPrime;
  CsvPair(const CsvPair&) = delete;
  CsvPair& operator=(const CsvPair&) = delete;
  CsvPair() {
    static std::atomic<long> counter{0};
    const std::string stem = "dpwlab-fairreg-audit-" + std::to_string(long(::getpid())) + "-" + std::to_string(counter++);
    const std::filesystem::path dir = std::filesystem::temp_directory_path();
    d = dir / (stem + "-D.csv"), dPrime = dir / (stem + "-Dprime.csv");
    write(d, "0,a"), write(dPrime, "1,b");
  }
  ~CsvPair() {
    std::error_code ignored;
    std::filesystem::remove(d, ignored), std::filesystem::remove(dPrime, ignored);
  }
  /// Row 0 is the canary; the others fill every cell but (a, lowest bin) and (b, highest bin), both groups
  /// alternating, scores at the bins' centres.
  static void write(const std::filesystem::path& path, const std::string& canary) {
    std::ofstream out(path);
    require(bool(out), "the fair-regression audit cannot write its CSV file ", path.string());
    out << "s,g\n" << canary << "\n";
    for (long i = 1; i < kRows; ++i) {
      const bool a = i % 2 == 0;
      const long bin = a ? 1 + (i / 2) % (kBins - 1) : (i / 2) % (kBins - 1);  // a: bins 1..k−1; b: bins 0..k−2
      out << (double(bin) + 0.5) / double(kBins) << "," << (a ? "a" : "b") << "\n";
    }
    require(bool(out), "the fair-regression audit cannot write its CSV file ", path.string());
  }
};

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
  requireAuditFault(a.fault, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds}, "fair-regression-run");
  auto files = std::make_shared<CsvPair>();
  // The claim: the correct run's ledger ε (a probe on D'; it depends only on ε, the law and the public n).
  FairRegressionSettings probe = runSettings(a.epsilon);
  probe.dataPath = files->dPrime.string();
  LatestFramesObserver quiet;
  const RunResult r = runFairRegression(probe, seed, quiet);
  const HistogramNoise claimed{a.epsilon, 0.0, probe.mechanism, false};
  const long nTrain = kRows - long(std::ceil(kTestFraction * double(kRows)));
  const double claimedScale = histogramNoiseScale(claimed, nTrain) * double(nTrain);  // in counts
  struct Shared {
    std::shared_ptr<CsvPair> files;
    FairRegressionSettings run;
  };
  auto sh = std::make_shared<Shared>();
  sh->files = files;
  sh->run = runSettings(a.epsilon / auditNoiseFactor(a.fault));  // the faults: calibrated for a larger ε
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
    s.dataPath = (neighbour ? sh->files->dPrime : sh->files->d).string();
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
