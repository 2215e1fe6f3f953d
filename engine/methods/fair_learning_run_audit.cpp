#include "methods/fair_learning_run_audit.h"

#include <cmath>
#include <memory>
#include <ostream>
#include <string>

#include "audit/csv_pair_files.h"
#include "core/error.h"
#include "core/rng.h"
#include "core/run_observer.h"

namespace dpw {

namespace {

constexpr long kRows = 300, kSteps = 30, kFullBatchSteps = 10;
constexpr double kOutlier = 1000;
constexpr double kNoClip = 1e9;      // fault skip-clip: a bound no gradient reaches
constexpr double kFarTarget = 10;    // fair-regression-2d: the canary's target, far beyond the outputs' range

bool usesCsv(FairTask task) { return task == FairTask::Classifier || task == FairTask::Representation; }

/// The two neighbouring files of a CSV task (audit/csv_pair_files.h); row 0 is the canary.
std::shared_ptr<CsvPairFiles> writeFiles(FairTask task) {
  if (task == FairTask::Classifier)
    return std::make_shared<CsvPairFiles>("audit", [](std::ostream& out, bool neighbour) {
      out << "x,y,g\n" << (neighbour ? -1.0 : kOutlier) << ",0,a\n";  // the canary: group a, label 0
      for (long i = 1; i < kRows; ++i) {
        const bool plus = (i / 2) % 2 == 1;  // x = ±1 alternating within each group, y = 1 exactly when x = +1
        out << (plus ? "1,1," : "-1,0,") << (i % 2 == 0 ? "a" : "b") << "\n";
      }
    });
  return std::make_shared<CsvPairFiles>("representation-audit", [](std::ostream& out, bool neighbour) {
    out << "x1,x2,g\n" << (neighbour ? -1.0 : kOutlier) << ",0,a\n";  // the canary: group a
    for (long i = 1; i < kRows; ++i)  // x1 = 0, x2 = ±1 alternating within each group
      out << "0," << ((i / 2) % 2 == 1 ? "1," : "-1,") << (i % 2 == 0 ? "a" : "b") << "\n";
  });
}

/// The synthetic tasks' canary: record 0 replaced within its cell (fair-regression-2d: input and target;
/// private matching: the circle sample's record).
void plantCanary(FairTask task, FairTrainingData& data, bool neighbour) {
  const double sign = neighbour ? -1.0 : 1.0;
  if (task == FairTask::Regression2d) {
    data.X.row(0).setZero();
    data.target.row(0).setConstant(sign * kFarTarget);
  } else if (task == FairTask::Matching) {
    data.reference.row(0) << sign, 0.0;
  }
}

/// The replay score of the three tasks beside the classifier: the log-likelihood ratio of the released steps
/// between D and D′ (up to the factor 1/s², the same every step at q = 1). At step t the auditor reads the
/// iterate θ_t and the released noisy gradient G_t, replays the run's own clipped gradient at θ_t on D and on D′
/// as the run's data path loaded them (g, g′: the step's batches, directions and clipping) and adds
/// ⟨G_t − (g + g′)/2, g − g′⟩. Under D the term has mean ‖g − g′‖²/2 and std s‖g − g′‖, under D′ the opposite
/// mean: the sum over T steps is the Neyman–Pearson test of the composition (μ = √(Σ‖g − g′‖²)/s, the claim's μ
/// when every ‖g − g′‖ is Δ). Private matching clips the noisy gradient after the noise (App. C), which keeps
/// only G_t's direction: its norm is restored as the correct run's noise makes it, √(‖m‖² + P s²).
struct Replay {
  FairTrainingData d, dPrime;
  double noiseStd = 0;        // the correct run's σΔ: the auditor's model of the noise, whatever the fault
  double clipAfterNoise = 0;  // the run's clip of the noisy gradient (matching), 0: none
};

double replayTerm(const Replay& r, const FairStepInspection& step) {
  const Vector g = step.gradientOn(r.d), gPrime = step.gradientOn(r.dPrime);
  const Vector mid = 0.5 * (g + gPrime);
  Vector released = step.released;
  const double norm = released.norm();
  if (r.clipAfterNoise > 0 && norm >= r.clipAfterNoise * (1 - 1e-12))
    released *= std::sqrt(mid.squaredNorm() + double(mid.size()) * r.noiseStd * r.noiseStd) / norm;
  return (released - mid).dot(g - gPrime);
}

FairLearningSettings runSettings(FairTask task, const MechanismAuditSettings& a) {
  FairLearningSettings s;
  s.task = task;
  s.penalty = FairnessNotion::StatisticalParity;
  // The classifier's default: a small penalty, whose sensitivity (not the loss's) sets most of the noise. The
  // regression and the representation default to α = 0: at 0.1 the penalty's sensitivity sets 20 times the noise
  // the canary's clipped loss gradient needs, and the audit could not see it (noise / 4 and bug (a) read 0).
  s.alpha = a.runAlpha >= 0 ? a.runAlpha : task == FairTask::Classifier ? 0.1 : 0.0;
  s.epsilon = a.epsilon;
  s.delta = a.delta;
  s.accountant = AccountantKind::PldWor;  // the tasks' `auto` in teaching mode
  const bool classifier = task == FairTask::Classifier;
  s.steps = a.runSteps > 0 ? a.runSteps : classifier ? kSteps : kFullBatchSteps;
  s.learningRate = 0.5;
  s.clipGradient = a.runClip > 0 ? a.runClip : 1.0;
  // Beside the classifier, full batches (q = 1, the method's largest batch fraction): with D, D′ and the init
  // fixed (fixedDataSeed) the noise is then the run's only randomness, and the score's shift meets it undiluted.
  s.batchFraction = classifier ? 0.2 : 1.0;
  s.frameEvery = s.steps;
  if (usesCsv(task)) {
    s.dataset = FairDataSource::Csv;
    // Copied from std::strings: assigning these short literals makes GCC 12 warn falsely (-Wrestrict).
    static const std::string feature = "x", bounds = "x:-1:1", label = "y", group = "g", groups = "a,b",
                             features2 = "x1,x2", bounds2 = "x1:-1:1,x2:-1:1";
    s.featureColumns = classifier ? feature : features2;
    s.featureBounds = classifier ? bounds : bounds2;
    s.groupValues = groups;  // declared, as a user declares them (the labels keep the default 0,1)
    if (classifier) s.labelColumn = label;
    s.groupColumn = group;
    s.testFraction = 0.2;  // 60 test rows: every (group, label) cell of the metrics has members
  } else {
    s.n = task == FairTask::Matching ? 100 : 200;
    s.nTest = 20;  // the test points feed only the evaluation metrics
    s.coreFeatures = 2, s.spuriousFeatures = 0;
  }
  return s;
}

/// Points the run at D or D′: the CSV file, or the canary planted in the synthetic draw.
void useData(FairLearningSettings& s, const std::shared_ptr<CsvPairFiles>& files, bool neighbour) {
  if (files) {
    s.dataPath = files->path(neighbour).string();
  } else {
    const FairTask task = s.task;
    s.editTrainingData = [task, neighbour](FairTrainingData& d) { plantCanary(task, d, neighbour); };
  }
}

}  // namespace

const char* fairLearningRunAuditName(FairTask task) {
  switch (task) {
    case FairTask::Classifier: return "fair-classifier-run";
    case FairTask::Regression2d: return "fair-regression-2d-run";
    case FairTask::Representation: return "fair-representation-run";
    case FairTask::Matching: return "private-matching-run";
  }
  return "";
}

AuditTarget fairLearningRunAuditTarget(FairTask task, const MechanismAuditSettings& a, std::uint64_t seed) {
  require(a.epsilon > 0 && std::isfinite(a.epsilon), "the audited ε must be finite and > 0, got ", a.epsilon);
  require(a.delta > 0 && a.delta < 1, "delta must lie in (0, 1), got ", a.delta);
  std::vector<AuditFault> faults{AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds};
  if (usesCsv(task)) faults.push_back(AuditFault::PrivateStandardisation);
  if (task != FairTask::Matching) faults.push_back(AuditFault::SkipClip);
  requireAuditFault(a.fault, faults, fairLearningRunAuditName(task));
  require(a.runClip >= 0 && std::isfinite(a.runClip), "the clip bound must be >= 0 (0: the default 1), got ", a.runClip);
  require(a.runAlpha <= 1, "the fairness weight must be at most 1 (negative: the default 0.1), got ", a.runAlpha);
  const std::shared_ptr<CsvPairFiles> files = usesCsv(task) ? writeFiles(task) : nullptr;
  // The claim: the correct run's ledger ε for the whole run, and its calibrated multiplier (a probe on D').
  FairLearningSettings probe = runSettings(task, a);
  useData(probe, files, true);
  // Beside the classifier, D and D′ (and the initialisation) are fixed across trials: the first data seed from
  // `seed` whose split keeps the canary among the training rows (the representation's D′ canary: x1 = −1).
  bool canaryTrains = true;
  if (task != FairTask::Classifier) probe.fixedDataSeed = seed;
  if (task == FairTask::Representation)
    probe.editTrainingData = [&](FairTrainingData& d) { canaryTrains = (d.X.col(0).array() < -0.5).any(); };
  LatestFramesObserver quiet;
  RunResult r = runFairLearning(probe, seed, quiet);
  for (int k = 0; !canaryTrains && k < 50; ++k) {
    probe.fixedDataSeed = *probe.fixedDataSeed + 1;
    r = runFairLearning(probe, seed, quiet);
  }
  require(canaryTrains, "no data seed kept the canary among the training rows");
  struct Shared {
    std::shared_ptr<CsvPairFiles> files;
    FairLearningSettings run;
  };
  auto sh = std::make_shared<Shared>();
  sh->files = files;
  sh->run = runSettings(task, a);
  sh->run.fixedDataSeed = probe.fixedDataSeed;
  sh->run.noiseMultiplier = auditNoiseFactor(a.fault) * r.metrics.at("noise_multiplier");
  if (a.fault == AuditFault::SkipClip) {
    // Planted bug (d): the loss gradients are not clipped, while the noise still believes in C (its std is
    // the correct run's: the multiplier rescaled to the sensitivity the run computes with no clip).
    FairLearningSettings unclipped = runSettings(task, a);
    unclipped.clipGradient = kNoClip;
    useData(unclipped, files, true);
    unclipped.fixedDataSeed = probe.fixedDataSeed;
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
  if (task == FairTask::Classifier) {
    t.trial = [sh](bool neighbour, Rng& rng) {
      FairLearningSettings s = sh->run;
      useData(s, sh->files, neighbour);
      double score = 0;
      s.inspectModel = [&](const Vector& theta) { score = theta[0]; };  // the released weight on x
      LatestFramesObserver quiet;
      runFairLearning(s, rng(), quiet);
      return score;
    };
    return t;
  }
  // The replay's D and D′: the training data as the trial's run loads them (its data path, and its fault).
  auto replay = std::make_shared<Replay>();
  replay->noiseStd = r.metrics.at("noise_std");
  replay->clipAfterNoise = task == FairTask::Matching ? sh->run.clipAfterNoise : 0.0;
  for (const bool neighbour : {false, true}) {
    FairLearningSettings load = sh->run;
    useData(load, files, neighbour);
    load.steps = 1, load.frameEvery = 1;
    const auto plant = load.editTrainingData;
    FairTrainingData& into = neighbour ? replay->dPrime : replay->d;
    load.editTrainingData = [&](FairTrainingData& d) {
      if (plant) plant(d);
      into = d;
    };
    LatestFramesObserver quietLoad;
    runFairLearning(load, seed, quietLoad);
  }
  t.trial = [sh, replay](bool neighbour, Rng& rng) {
    FairLearningSettings s = sh->run;
    useData(s, sh->files, neighbour);
    double score = 0;
    s.inspectStep = [&](const FairStepInspection& step) { score += replayTerm(*replay, step); };
    LatestFramesObserver quiet;
    runFairLearning(s, rng(), quiet);
    return score;
  };
  return t;
}

}  // namespace dpw
