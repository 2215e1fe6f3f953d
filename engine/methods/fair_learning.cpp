#include "methods/fair_learning.h"
#include "methods/fair_learning_statement.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <numbers>
#include <optional>
#include <sstream>

#include "core/decimated_series.h"
#include "core/one_thread.h"
#include "core/parameter_text.h"
#include "core/rng.h"
#include "fair_learning/fair_csv.h"
#include "fair_learning/fair_dpsgd.h"
#include "fair_learning/fair_task_view.h"
#include "fair_learning/synthetic_bias.h"
#include "nn/dense_network.h"
#include "nn/orthonormal_rows.h"
#include "privacy/accountants/accountant.h"
#include "privacy/ledger/joint_claim.h"
#include "privacy/calibration/ledger_calibration.h"
#include "privacy/ledger/privacy_ledger.h"
#include "privacy/ledger/privacy_statement.h"

namespace dpw {

namespace {

using nn::Activation;
using nn::Matrix;

// Stream numbers of makeRng(seed, ·): one per independent use, so a change in one never shifts another.
enum Stream : std::uint64_t { TrainData = 1, TestData = 2, Init = 3, Training = 4 };

constexpr int kCodeLayer = 1;  // the representation's code z is the output of layer 1

nn::DenseNetwork makeNetwork(const FairLearningSettings& s, int inputs, Rng& rng) {
  using A = Activation;
  switch (s.task) {
    case FairTask::Classifier:
      return nn::DenseNetwork({inputs, 1}, {A::Sigmoid}, rng);
    case FairTask::Regression2d:
      return nn::DenseNetwork({inputs, 64, 2}, {A::ReLU, A::Sigmoid}, rng);
    case FairTask::Representation: {
      // A linear code z = W x + b with orthonormal rows (scale fixed: nn/orthonormal_rows.h), decoded by a
      // ReLU network. The paper's encoder (hidden 62, eq. 23) could meet the SW₂² penalty by shrinking z.
      nn::DenseNetwork net({inputs, 2, 62, inputs}, {A::Identity, A::ReLU, A::Identity}, rng);
      nn::orthonormaliseRows(net, kCodeLayer);
      return net;
    }
    case FairTask::Matching:  // App. C uses a wider network; 4.5k parameters carry less noise (√P)
      return nn::DenseNetwork({2, 64, 64, 2}, {A::ReLU, A::ReLU, A::Identity}, rng);
  }
  return {};
}

// Uniform points on the circle of radius r (App. C target).
Matrix circleSample(long n, double r, Rng& rng) {
  std::uniform_real_distribution<double> angle(0.0, 2 * std::numbers::pi);
  Matrix Z(n, 2);
  for (long i = 0; i < n; ++i) {
    const double t = angle(rng);
    Z(i, 0) = r * std::cos(t), Z(i, 1) = r * std::sin(t);
  }
  return Z;
}

FairTrainingData trainingData(const FairLearningSettings& s, const FairDataset& D, Rng& rng) {
  FairTrainingData T;
  if (s.task == FairTask::Matching) {
    T.X = standardNormal(s.n, 2, rng);
    T.reference = circleSample(s.n, 0.75, rng);
    T.cells.resize(2);
    for (long i = 0; i < s.n; ++i) T.cells[0].push_back(i), T.cells[1].push_back(i);
    return T;
  }
  T.X = D.X;
  const Eigen::Index n = D.size();
  if (s.task == FairTask::Classifier) {
    T.target.resize(n, 1);
    for (Eigen::Index i = 0; i < n; ++i) T.target(i, 0) = D.y[std::size_t(i)];
  } else if (s.task == FairTask::Regression2d) {
    T.target = D.yC;  // ‖(g − ½) − (Y^C − ½)‖²: the centring (App. B.2) cancels in the loss
  } else {
    T.target = D.X;
  }
  const bool eo = s.task == FairTask::Classifier && s.penalty == FairnessNotion::EqualOdds;
  T.cells.resize(eo ? 4 : 2);
  for (Eigen::Index i = 0; i < n; ++i) {
    const int a = D.a[std::size_t(i)], y = D.y[std::size_t(i)];
    T.cells[eo ? std::size_t(2 * y + a) : std::size_t(a)].push_back(i);
  }
  return T;
}

// The task's charts and evaluation (fair_learning/fair_task_view.h): the one place the loop's picture and
// metrics depend on the task. Draws from streams of its own, so training is the same whatever is drawn.
std::unique_ptr<FairTaskView> taskView(const FairLearningSettings& s, const FairTrainingData& data,
                                       const FairDataset& test, std::uint64_t seed) {
  switch (s.task) {
    case FairTask::Classifier:
      return classifierView(test, s.penalty == FairnessNotion::EqualOdds);
    case FairTask::Regression2d:
      return regression2dView(test, s.projections);
    case FairTask::Representation:  // the probes need labels
      return representationView(test, kCodeLayer, s.projections,
                                s.dataset != FairDataSource::Csv || !s.labelColumn.empty(),
                                makeRng(seed, Training + 2));
    case FairTask::Matching: {  // held-out inputs and target, drawn as training draws its own
      Rng tr = makeRng(seed, TestData);
      Matrix inputs = standardNormal(s.nTest, 2, tr);
      Matrix target = circleSample(s.nTest, 0.75, tr);
      return matchingView(data, std::move(inputs), std::move(target), s.projections);
    }
  }
  return nullptr;
}

}  // namespace

namespace {
RunResult runSerial(const FairLearningSettings& s, std::uint64_t seed, RunObserver& observer);
}

RunResult runFairLearning(const FairLearningSettings& s, std::uint64_t seed, RunObserver& observer) {
  // One run is sequential (core/one_thread.h): at these sizes (batches of a few thousand rows, widths
  // <= 128) Eigen's OpenMP products cost more than they gain, badly so on a shared machine; grids
  // parallelise over runs instead (a run of the representation at n = 6000, T = 20 took 17 s with
  // OMP_NUM_THREADS = 2 on a loaded machine, 0.6 s with 1).
  RunResult result;
  onOneThread([&] { result = runSerial(s, seed, observer); });
  return result;
}

namespace {

RunResult runSerial(const FairLearningSettings& s, std::uint64_t seed, RunObserver& observer) {
  require(s.steps >= 1, "steps T must be >= 1, got ", s.steps);
  require(s.n >= 10, "n must be at least 10, got ", s.n);
  require(s.nTest >= 10, "test size must be at least 10, got ", s.nTest);
  require(s.epsilon > 0, "epsilon must be > 0 (inf for no privacy), got ", s.epsilon);
  require(s.frameEvery >= 1, "frame interval must be >= 1, got ", s.frameEvery);
  const double delta0 = s.delta;
  require(!s.accountant || neighbouringOf(*s.accountant) == Neighbouring::ReplaceOne, "accountant '",
          s.accountant ? accountantId(*s.accountant) : std::string("none"),
          "' cannot account fair learning; use 'pld-wor', 'gdp-uniform' or 'rdp-wor'");
  require(s.accountant || s.noiseMultiplier >= 0 || !std::isfinite(s.epsilon),
          "accountant 'none' needs an explicit noise multiplier");
  require(s.noiseMultiplier == -1 || s.noiseMultiplier >= 0, "noise multiplier ", s.noiseMultiplier,
          " is neither -1 (from ε) nor a multiplier >= 0");

  observer.onStatus(s.dataset == FairDataSource::Csv ? "loading the CSV data" : "drawing the synthetic data");
  SyntheticBiasSettings gen{s.n, s.p, s.coreFeatures, s.spuriousFeatures, 0.2, 0.4};
  FairDataset train, test;
  FairCsvLoad csvLoad;  // CSV data: what the public map did (counts over private rows: evaluations)
  const std::uint64_t dataSeed = s.fixedDataSeed.value_or(seed);  // the audits' fixed D, D′ and init
  Rng dataRng = makeRng(dataSeed, TrainData), testRng = makeRng(dataSeed, TestData), initRng = makeRng(dataSeed, Init);
  if (s.dataset == FairDataSource::Csv) {
    require(s.task == FairTask::Classifier || s.task == FairTask::Representation,
            "CSV data is supported for the classifier and the representation; this task uses the synthetic data");
    require(s.task != FairTask::Classifier || !s.labelColumn.empty(), "the classifier needs a label column");
    // The data path is inside the claim (fair_learning/fair_csv.h): a private run maps every feature by its
    // declared public bounds; only ε = ∞ may fit them on the training rows.
    FairCsvSpec csv;
    csv.path = s.dataPath, csv.features = splitList(s.featureColumns, "feature_columns");
    csv.labelColumn = s.labelColumn, csv.groupColumn = s.groupColumn, csv.testFraction = s.testFraction;
    csv.bounds = parseFeatureBounds(s.featureBounds);
    csv.groupValues = parseDeclaredValues(s.groupValues, "group_values"), csv.labelValues = parseDeclaredValues(s.labelValues, "label_values");
    csv.requirePublicBounds = std::isfinite(s.epsilon), csv.plantedPrivateStandardisation = s.plantedPrivateStandardisation;
    csvLoad = loadFairCsv(csv, dataSeed, train, test, s.noiseSource);
  } else if (s.task != FairTask::Matching) {
    train = syntheticBiasedData(gen, dataRng);
    gen.n = s.nTest;
    test = syntheticBiasedData(gen, testRng);
  }
  FairTrainingData data = trainingData(s, train, dataRng);
  if (s.editTrainingData) s.editTrainingData(data);  // the audits' canary record (fair_learning_run_audit.h)
  const double delta = delta0 > 0 ? delta0 : 0.1 / double(data.X.rows());
  require(delta < 1, "delta must be in (0, 1), got ", delta);
  nn::DenseNetwork net = makeNetwork(s, int(data.X.cols()), initRng);

  FairStepSettings st;
  st.alpha = s.task == FairTask::Matching ? 1.0 : s.alpha;
  st.learningRate = s.learningRate;
  st.privatise = std::isfinite(s.epsilon);
  st.clipGradient = s.clipGradient, st.clipOutput = s.clipOutput, st.clipJacobian = s.clipJacobian;
  st.clipAfterNoise = s.task == FairTask::Matching && st.privatise ? s.clipAfterNoise : 0.0;
  st.loss = s.task == FairTask::Classifier       ? FairLoss::BinaryCrossEntropy
            : s.task == FairTask::Regression2d   ? FairLoss::SquaredError
            : s.task == FairTask::Representation ? FairLoss::Reconstruction
                                                 : FairLoss::None;
  st.penaltyLayer = s.task == FairTask::Representation ? kCodeLayer : 0;
  st.outputShift = s.task == FairTask::Regression2d ? 0.5 : 0.0;
  st.projections = s.projections;
  require(s.penaltyForm == PenaltyForm::Sw2 || s.task == FairTask::Representation,
          "the scale-free penalty is offered for the fair representation only");
  require(s.penaltyForm == PenaltyForm::Sw2 || !std::isfinite(s.epsilon),
          "the scale-free penalty SW2^2/E|z|^2 has no sensitivity bound (Thm 6.1 covers SW2^2 only): use it with "
          "epsilon = inf, as a diagnostic");
  st.scaleFreePenalty = s.penaltyForm == PenaltyForm::Sw2ScaleFree;
  st.optimizer = s.optimizer;
  st.noiseSource = s.noiseSource;
  nn::Adam adam;  // used when st.optimizer is Adam

  const std::vector<long> batch = cellBatchSizes(data, s.batchFraction);
  const double q = cellSampleRate(data, batch);
  // The law the steps draw: the Gaussian (teaching mode) or the grid discrete Gaussian (secure mode), which the
  // calibration and the ledger analyse by an accountant proven for it (privacy_ledger.h: ledgerAnalysis).
  const NoiseMechanism law = gaussianLawOf(s.noiseSource);
  const double sensitivity = fairStepSensitivity(data, st, batch);
  // The run's release, described once (T steps of the subsampled Gaussian, fixed-size batches per cell,
  // replace-one): its noise is the smallest whose ledger meets ε unless given (fair learning's rule: a multiplier
  // ≥ 0 is given, −1 means from ε); the live ε curve, the final ε and the statement read the same ledger.
  const LedgerAtMultiplier ledgerAt = [&](double z) {
    return fairDpSgdLedger(*s.accountant, delta, z, sensitivity, q, s.steps, law);
  };
  if (st.privatise) observer.onStatus("calibrating the noise to the run's ε over " + std::to_string(s.steps) + " steps");
  // The release the steps draw and the statement states; the ledger, if any, records it.
  const PrivacyEvent noise = fairDpSgdRelease(
      st.privatise ? noiseMultiplierFor(s.noiseMultiplier >= 0 ? std::optional<double>(s.noiseMultiplier) : std::nullopt,
                                        s.epsilon, ledgerAt)
                   : 0.0,
      sensitivity, q, s.steps, law);
  std::optional<PrivacyLedger> ledger;
  if (st.privatise && s.accountant) ledger.emplace(ledgerAt(noise.multiplier));
  std::optional<DecimatedSeries> epsCurve;  // ε spent vs step, from the ledger
  if (ledger) {
    epsCurve.emplace(ledger->analysisShortName());
    epsCurve->append(0.0, 0.0);
  }
  const auto epsilonFrame = [&](long step) {
    std::ostringstream title;
    title << "Privacy spent (ε at δ = " << claimNumber(delta) << ")";  // as the claim prints it: 3.334e-06
    return makeFrame("privacy", title.str(), step, LinesFrame{"step", "ε", {epsCurve->series()}});
  };

  Rng rng = makeRng(seed, Training);
  // One point per step: decimated beyond 2000 points (DecimatedSeries) so that long runs keep flat memory.
  // The objective is the weighted sum of the two terms (fair_dpsgd.cpp), so it lies between them: named so.
  DecimatedSeries obj{"objective = (1 − α)·loss + α·penalty"}, lossS{"loss term"}, pen{"penalty term"};
  const std::unique_ptr<FairTaskView> view = taskView(s, data, test, seed);
  FairStepReport last;
  // ε spent: +inf without privacy; NaN when no accountant was asked for (σ given directly).
  double epsSpent = !st.privatise ? std::numeric_limits<double>::infinity()
                    : !s.accountant ? std::numeric_limits<double>::quiet_NaN()
                                             : 0.0;
  auto publish = [&](long step) {
    observer.onFrame(makeFrame("loss", "Training objective (1 − α)·loss + α·penalty and its two terms", step,
                               LinesFrame{"step", "value", {obj.series(), lossS.series(), pen.series()}}));
    if (epsCurve) observer.onFrame(epsilonFrame(step));
    view->publish(net, step, observer);
  };
  publish(0);  // the starting picture (untrained network), so a run is seen to learn; draws no random number
  for (long t = 0; t < s.steps; ++t) {
    throwIfCancelled(observer);
    if (s.inspectStep && st.privatise) {  // the audits' white box (fair_learning_run_audit.h)
      const nn::DenseNetwork before = net;
      last = fairDpSgdStep(net, data, batch, st, noise.multiplier, rng, &adam);
      s.inspectStep({t, before, last.released, [&](const FairTrainingData& other) {
                       Rng replay = last.gradientRng;
                       const FairGradient g = fairGradient(before, other, last.batches, st, replay);
                       return Vector(g.loss + g.penalty);
                     }});
    } else {
      last = fairDpSgdStep(net, data, batch, st, noise.multiplier, rng, &adam);
    }
    if (s.task == FairTask::Representation) nn::orthonormaliseRows(net, kCodeLayer);  // post-processing
    const double x = double(t + 1);
    obj.append(x, last.objective);
    lossS.append(x, last.gradient.lossValue);
    pen.append(x, last.gradient.penaltyValue);
    const long done = t + 1;
    const bool frame = done % s.frameEvery == 0 || done == s.steps;
    // ε points at every frame, and before the first frame at steps 1, 2, 4, 8, …: ε rises fastest at
    // the start (about as √t), so a straight line from (0, 0) to the first frame would lie below it and
    // show less privacy spent than there is.
    if (ledger && (frame || (done < s.frameEvery && std::has_single_bit(std::uint64_t(done))))) {
      epsSpent = ledger->epsilonAfter(done);
      epsCurve->append(x, epsSpent);
    }
    if (frame) publish(done);
    observer.onProgress(done, s.steps);
  }

  if (s.inspectModel) s.inspectModel(net.parameters());  // the audits' white box (fair_learning_run_audit.h)
  RunResult r;
  auto& m = r.metrics;
  m["noise_multiplier"] = noise.multiplier;
  m["sensitivity"] = sensitivity;
  m["noise_std"] = noise.scale();
  m["sample_rate"] = q;
  m["objective"] = last.objective;
  m["loss_term"] = last.gradient.lossValue;
  m["penalty_term"] = last.gradient.penaltyValue;
  m["epsilon"] = epsSpent;  // the ledger's ε after the last step: the curve's last point and the statement's ε
  if (ledger && ledger->chosenAccountantUnproven()) m["epsilon_chosen_accountant"] = ledger->chosenAccountantEpsilon();
  if (s.dataset == FairDataSource::Csv) {  // how often the bounds bit: a hint that they are too narrow
    m["csv_cells_clamped"] = double(csvLoad.clampedCells);
    m["csv_cells_imputed"] = double(csvLoad.imputedCells), m["csv_rows_dropped"] = double(csvLoad.droppedRows);
  }
  Rng evalRng = makeRng(seed, Training + 1);
  view->evaluate(net, evalRng, m);
  r.privacyStatement =
      fairLearningStatement(s, data, batch, noise, ledger ? &*ledger : nullptr, delta, long(net.parameterCount()));
  // The claim as numbers, for outputs that show several runs (privacy/ledger/joint_claim.h); no accountant:
  // no finite ε is claimed. In secure mode the ledger's ε is already the bound proven for the law drawn.
  r.privacy = ledger ? runPrivacyOf(*ledger, delta, s.noiseSource == NoiseSource::OsEntropy, ledger->epsilon())
                     : RunPrivacy{std::numeric_limits<double>::infinity(), delta, nullptr};
  return r;
}

}  // namespace

}  // namespace dpw
