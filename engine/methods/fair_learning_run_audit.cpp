#include "methods/fair_learning_run_audit.h"

#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

#include "core/error.h"
#include "core/run_observer.h"
#include "methods/fair_learning.h"

namespace dpw {

namespace {

constexpr long kRows = 300, kSteps = 30;
constexpr double kOutlier = 1000;
constexpr double kNoClip = 1e9;  // fault skip-clip: a bound no gradient reaches

/// The two neighbouring files, removed with the target.
struct CsvPair {
  std::filesystem::path d, dPrime;
  CsvPair(const CsvPair&) = delete;
  CsvPair& operator=(const CsvPair&) = delete;
  CsvPair() {
    static std::atomic<long> counter{0};
    const std::string stem = "dpwlab-audit-" + std::to_string(long(::getpid())) + "-" + std::to_string(counter++);
    const std::filesystem::path dir = std::filesystem::temp_directory_path();
    d = dir / (stem + "-D.csv"), dPrime = dir / (stem + "-Dprime.csv");
    write(d, kOutlier), write(dPrime, -1.0);
  }
  ~CsvPair() {
    std::error_code ignored;
    std::filesystem::remove(d, ignored), std::filesystem::remove(dPrime, ignored);
  }
  static void write(const std::filesystem::path& path, double canaryX) {
    std::ofstream out(path);
    require(bool(out), "the fair-classifier audit cannot write its CSV file ", path.string());
    out << "x,y,g\n";
    out << canaryX << ",0,a\n";  // the canary: group a, label 0
    for (long i = 1; i < kRows; ++i) {
      const bool plus = (i / 2) % 2 == 1;  // x = ±1 alternating within each group, y = 1 exactly when x = +1
      out << (plus ? "1,1," : "-1,0,") << (i % 2 == 0 ? "a" : "b") << "\n";
    }
    require(bool(out), "the fair-classifier audit cannot write its CSV file ", path.string());
  }
};

FairLearningSettings runSettings(const MechanismAuditSettings& a) {
  FairLearningSettings s;
  s.task = FairTask::Classifier;
  s.penalty = FairnessNotion::StatisticalParity;
  s.alpha = a.runAlpha >= 0 ? a.runAlpha : 0.1;  // a small penalty: its sensitivity (not the loss's) sets most of the noise
  s.epsilon = a.epsilon;
  s.delta = a.delta;
  s.accountant = AccountantKind::PldWor;  // the classifier's `auto` in teaching mode
  s.steps = a.runSteps > 0 ? a.runSteps : kSteps;
  s.learningRate = 0.5;
  s.clipGradient = a.runClip > 0 ? a.runClip : 1.0;
  s.batchFraction = 0.2;
  s.frameEvery = s.steps;
  s.dataset = FairDataSource::Csv;
  // Copied from std::strings: assigning these short literals makes GCC 12 warn falsely (-Wrestrict).
  static const std::string feature = "x", bounds = "x:-1:1", label = "y", group = "g", groups = "a,b";
  s.featureColumns = feature;
  s.groupValues = groups;  // declared, as a user declares them (the labels keep the default 0,1)
  s.featureBounds = bounds;
  s.labelColumn = label, s.groupColumn = group;
  s.testFraction = 0.2;  // 60 test rows: every (group, label) cell of the metrics has members
  return s;
}

}  // namespace

AuditTarget fairClassifierRunAuditTarget(const MechanismAuditSettings& a, std::uint64_t seed) {
  require(a.epsilon > 0 && std::isfinite(a.epsilon), "the audited ε must be finite and > 0, got ", a.epsilon);
  require(a.delta > 0 && a.delta < 1, "delta must lie in (0, 1), got ", a.delta);
  requireAuditFault(a.fault,
                    {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds, AuditFault::PrivateStandardisation,
                     AuditFault::SkipClip},
                    "fair-classifier-run");
  require(a.runClip >= 0 && std::isfinite(a.runClip), "the clip bound must be >= 0 (0: the default 1), got ", a.runClip);
  require(a.runAlpha <= 1, "the fairness weight must be at most 1 (negative: the default 0.1), got ", a.runAlpha);
  auto files = std::make_shared<CsvPair>();
  // The claim: the correct run's ledger ε for the whole run, and its calibrated multiplier (a probe on D').
  FairLearningSettings probe = runSettings(a);
  probe.dataPath = files->dPrime.string();
  LatestFramesObserver quiet;
  const RunResult r = runFairLearning(probe, seed, quiet);
  struct Shared {
    std::shared_ptr<CsvPair> files;
    FairLearningSettings run;
  };
  auto sh = std::make_shared<Shared>();
  sh->files = files;
  sh->run = runSettings(a);
  sh->run.noiseMultiplier = auditNoiseFactor(a.fault) * r.metrics.at("noise_multiplier");
  if (a.fault == AuditFault::SkipClip) {
    // Planted bug (d): the loss gradients are not clipped, while the noise still believes in C (its std is
    // the correct run's: the multiplier rescaled to the sensitivity the run computes with no clip).
    FairLearningSettings unclipped = runSettings(a);
    unclipped.clipGradient = kNoClip;
    unclipped.dataPath = files->dPrime.string();
    unclipped.noiseMultiplier = 1, unclipped.accountant.reset();
    unclipped.steps = 1, unclipped.frameEvery = 1;
    LatestFramesObserver quietToo;
    const double sensitivityUnclipped = runFairLearning(unclipped, seed, quietToo).metrics.at("sensitivity");
    sh->run.clipGradient = kNoClip;
    sh->run.noiseMultiplier *= r.metrics.at("sensitivity") / sensitivityUnclipped;
  }
  sh->run.accountant.reset();  // the multiplier is given: no ledger a trial (the probe's is the claim)
  sh->run.plantedPrivateStandardisation = a.fault == AuditFault::PrivateStandardisation;
  AuditTarget t;
  t.claimedEpsilon = r.metrics.at("epsilon");
  t.claimedDelta = a.delta;
  t.noiseScale = auditNoiseFactor(a.fault) * r.metrics.at("noise_std");  // skip-clip: the correct run's noise
  t.trial = [sh](bool neighbour, Rng& rng) {
    FairLearningSettings s = sh->run;
    s.dataPath = (neighbour ? sh->files->dPrime : sh->files->d).string();
    double weight = 0;
    s.inspectModel = [&](const Vector& theta) { weight = theta[0]; };  // the weight on x of the released model
    LatestFramesObserver quiet;
    runFairLearning(s, rng(), quiet);
    return weight;
  };
  return t;
}

}  // namespace dpw
