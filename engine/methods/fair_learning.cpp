#include "methods/fair_learning.h"
#include "methods/fair_learning_statement.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <exception>
#include <numbers>
#include <optional>
#include <sstream>

#include <omp.h>

#include "core/decimated_series.h"
#include "core/parameter_text.h"
#include "core/rng.h"
#include "fair_learning/fair_charts.h"
#include "fair_learning/fair_csv.h"
#include "fair_learning/fair_dpsgd.h"
#include "fair_learning/fairness_metrics.h"
#include "fair_learning/representation_probe.h"
#include "fair_learning/synthetic_bias.h"
#include "nn/dense_network.h"
#include "nn/orthonormal_rows.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"
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

double slicedGroups(const Matrix& P, const std::vector<int>& a, long k, Rng& rng) {
  std::vector<Eigen::Index> i0, i1;
  for (Eigen::Index i = 0; i < P.rows(); ++i) (a[std::size_t(i)] == 0 ? i0 : i1).push_back(i);
  return slicedW2Squared(Points(P(i0, Eigen::all)), Points(P(i1, Eigen::all)), randomDirections(k, P.cols(), rng)).value;
}

}  // namespace

namespace {
RunResult runSerial(const FairLearningSettings& s, std::uint64_t seed, RunObserver& observer);
}

RunResult runFairLearning(const FairLearningSettings& s, std::uint64_t seed, RunObserver& observer) {
  // One run is sequential: at these sizes (batches of a few thousand rows, widths <= 128) Eigen's
  // OpenMP products cost more than they gain, badly so on a shared machine; grids parallelise over runs
  // instead. A one-thread region alone does not stop them: Eigen sizes its products by
  // omp_get_max_threads(), and this libgomp nests. Setting that ICV to 1 inside the region (it is per
  // task, so other runs and callers keep theirs) does: a run of the representation at n = 6000, T = 20
  // took 17 s with OMP_NUM_THREADS = 2 on a loaded machine, 0.6 s with 1.
  RunResult result;
  std::exception_ptr error;
#pragma omp parallel num_threads(1)
  {
    omp_set_num_threads(1);
    try {
      result = runSerial(s, seed, observer);
    } catch (...) {
      error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
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
  if (st.privatise)
    st.noiseMultiplier = noiseMultiplierFor(
        s.noiseMultiplier >= 0 ? std::optional<double>(s.noiseMultiplier) : std::nullopt, s.epsilon, ledgerAt);
  std::optional<PrivacyLedger> ledger;
  if (st.privatise && s.accountant) ledger.emplace(ledgerAt(st.noiseMultiplier));
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
  // Representation: the groups' distance in the latent on the test set at each chart frame, on fixed
  // directions (drawn once from a stream of their own, so training is unchanged).
  DecimatedSeries latentSw{"SW₂² between groups"}, latentScaleFree{"SW₂² / E‖z‖²"}, latentScale{"E‖z‖²"},
      latentWhite{"SW₂² whitened"};
  Rng chartRng = makeRng(seed, Training + 2);
  const Points chartDirections = randomDirections(s.projections, 2, chartRng);
  FairStepReport last;
  // ε spent: +inf without privacy; NaN when no accountant was asked for (σ given directly).
  double epsSpent = !st.privatise ? std::numeric_limits<double>::infinity()
                    : !s.accountant ? std::numeric_limits<double>::quiet_NaN()
                                             : 0.0;
  auto publish = [&](long step) {
    observer.onFrame(makeFrame("loss", "Training objective (1 − α)·loss + α·penalty and its two terms", step,
                               LinesFrame{"step", "value", {obj.series(), lossS.series(), pen.series()}}));
    if (epsCurve) observer.onFrame(epsilonFrame(step));
    if (s.task == FairTask::Classifier) {
      const Vector scores = net.forward(test.X).output().col(0);
      observer.onFrame(makeFrame("scores", "Test scores g(x) per group", step,
                                 scoreHistogram(scores, test, s.penalty == FairnessNotion::EqualOdds)));
    } else if (s.task == FairTask::Regression2d) {
      const Matrix out = net.forward(test.X).output().array() - 0.5;
      PointsFrame pf = groupPoints(out, test.a, {"A = 0", "A = 1", "anti-diagonal g² = −g¹"}, "g¹(x)", "g²(x)");
      const Eigen::Index shown = pf.xy.rows(), line = 201;  // the line OD₀, OD₁ count above, as dense points
      pf.xy.conservativeResize(shown + line, 2);
      for (Eigen::Index j = 0; j < line; ++j) {
        const double u = -0.5 + double(j) / double(line - 1);
        pf.xy.row(shown + j) << u, -u;
        pf.label.push_back(2);
      }
      observer.onFrame(makeFrame("outputs", "Predicted 2-D output g(x), centred, per group", step, std::move(pf)));
    } else if (s.task == FairTask::Representation) {
      const Matrix z = net.forward(test.X).a[kCodeLayer];
      observer.onFrame(makeFrame("latent", "Latent representation per group", step,
                                 groupPoints(z, test.a, {"A = 0", "A = 1"}, "z₁", "z₂")));
      std::vector<Eigen::Index> i0, i1;
      for (Eigen::Index i = 0; i < z.rows(); ++i) (test.a[std::size_t(i)] == 0 ? i0 : i1).push_back(i);
      const double sw = slicedW2Squared(Points(z(i0, Eigen::all)), Points(z(i1, Eigen::all)), chartDirections).value;
      const double scale = z.rowwise().squaredNorm().mean();
      latentSw.append(double(step), sw);
      latentScaleFree.append(double(step), scale > 0 ? sw / scale : 0.0);
      latentScale.append(double(step), scale);
      const Matrix w = whitened(z);
      latentWhite.append(double(step),
                         slicedW2Squared(Points(w(i0, Eigen::all)), Points(w(i1, Eigen::all)), chartDirections).value);
      observer.onFrame(makeFrame("group_distance", "Groups in the latent (test): SW₂², E‖z‖², SW₂²/E‖z‖², whitened SW₂²",
                                 step, LinesFrame{"step", "value", {latentSw.series(), latentScale.series(),
                                                                   latentScaleFree.series(), latentWhite.series()},
                                                  false, true}));
    } else {
      // At most 1000 points of each (fewer when the data set is smaller: found by AddressSanitizer).
      const Eigen::Index c = std::min<Eigen::Index>({1000, data.X.rows(), data.reference.rows()});
      Matrix both(2 * c, 2);
      const Matrix gx = net.forward(data.X.topRows(c)).output();
      both << gx, data.reference.topRows(c);
      std::vector<int> lab(std::size_t(2 * c), 0);
      std::fill(lab.begin() + c, lab.end(), 1);
      observer.onFrame(makeFrame("outputs", "Generated g(X) and target Z", step,
                                 groupPoints(both, lab, {"g(X)", "Z (circle)"}, "x", "y")));
    }
  };
  publish(0);  // the starting picture (untrained network), so a run is seen to learn; draws no random number
  for (long t = 0; t < s.steps; ++t) {
    throwIfCancelled(observer);
    last = fairDpSgdStep(net, data, batch, st, rng, &adam);
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
  m["noise_multiplier"] = st.privatise ? st.noiseMultiplier : 0.0;
  m["sensitivity"] = sensitivity;
  m["noise_std"] = st.privatise ? st.noiseMultiplier * sensitivity : 0.0;
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
  if (s.task == FairTask::Classifier) {
    const Vector scores = net.forward(test.X).output().col(0);
    std::vector<int> g(std::size_t(scores.size()));
    for (Eigen::Index i = 0; i < scores.size(); ++i) g[std::size_t(i)] = scores[i] > 0.5;
    m["accuracy"] = accuracy(g, test.y);
    m["disparate_impact"] = disparateImpact(g, test.a);
    m["eo_0"] = equalOddsRatio(g, test.a, test.y, 0);
    m["eo_1"] = equalOddsRatio(g, test.a, test.y, 1);
    m["w2_groups"] = groupW2Squared(scores, test.a);
    m["w2_groups_y0"] = groupW2Squared(scores, test.a, test.y, 0);
    m["w2_groups_y1"] = groupW2Squared(scores, test.a, test.y, 1);
  } else if (s.task == FairTask::Regression2d) {
    const Matrix out = net.forward(test.X).output().array() - 0.5;
    m["mse"] = (out - Matrix(test.yC.array() - 0.5)).rowwise().squaredNorm().mean();
    std::vector<int> g(std::size_t(out.rows()));
    for (Eigen::Index i = 0; i < out.rows(); ++i) g[std::size_t(i)] = out(i, 1) > -out(i, 0);
    m["accuracy"] = accuracy(g, test.y);
    m["od_0"] = overDiagonalShare(Points(out), test.a, 0);
    m["od_1"] = overDiagonalShare(Points(out), test.a, 1);
    m["sw2_groups"] = slicedGroups(out, test.a, s.projections, evalRng);
  } else if (s.task == FairTask::Representation) {
    const nn::ForwardPass f = net.forward(test.X);
    m["reconstruction_loss"] = reconstructionLoss(Points(f.output()), test.X, int(test.X.cols()));
    m["reconstruction_loss_core"] = reconstructionLoss(Points(f.output()), test.X, test.coreFeatures);
    if (s.dataset != FairDataSource::Csv || !s.labelColumn.empty()) {  // the probe needs labels
      const auto [acc, di] = logisticProbe(f.a[kCodeLayer], test.y, test.a);
      m["accuracy"] = acc;
      m["disparate_impact"] = di;
    }
    if (s.dataset != FairDataSource::Csv || !s.labelColumn.empty()) {  // the same probe on the raw features: no privacy, no fairness
      const auto [acc, di] = logisticProbe(test.X, test.y, test.a);
      m["baseline_accuracy"] = acc;
      m["baseline_disparate_impact"] = di;
    }
    m["sw2_groups"] = slicedGroups(f.a[kCodeLayer], test.a, s.projections, evalRng);
    // SW₂² scales with the latent (z → cz gives c² SW₂²) and the decoder can undo any scale: the
    // scale-free distance and a probe predicting A from z say whether the group has left the code.
    m["latent_second_moment"] = f.a[kCodeLayer].rowwise().squaredNorm().mean();
    m["sw2_groups_scale_free"] = m["sw2_groups"] / m["latent_second_moment"];
    m["group_probe_accuracy"] = logisticProbe(f.a[kCodeLayer], test.a, test.a).first;
    m["sw2_groups_whitened"] = slicedGroups(whitened(f.a[kCodeLayer]), test.a, s.projections, evalRng);
  } else {
    Rng tr = makeRng(seed, TestData);
    const Matrix gx = net.forward(standardNormal(s.nTest, 2, tr)).output();
    const Matrix z = circleSample(s.nTest, 0.75, tr);
    m["sw2_to_target"] = slicedW2Squared(Points(gx), Points(z), randomDirections(s.projections, 2, evalRng)).value;
  }
  r.privacyStatement =
      fairLearningStatement(s, data, batch, {ledger ? &*ledger : nullptr, st.privatise, delta, q, sensitivity,
                                             st.noiseMultiplier, long(net.parameterCount())});
  // The claim as numbers, for outputs that show several runs (privacy/ledger/joint_claim.h); no accountant:
  // no finite ε is claimed. In secure mode the ledger's ε is already the bound proven for the law drawn.
  r.privacy = ledger ? runPrivacyOf(*ledger, delta, s.noiseSource == NoiseSource::OsEntropy, ledger->epsilon())
                     : RunPrivacy{std::numeric_limits<double>::infinity(), delta, nullptr};
  return r;
}

}  // namespace

}  // namespace dpw
