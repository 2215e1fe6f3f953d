#include "methods/flow/dpsw_generator.h"
#include "methods/flow/flow_common_settings.h"

#include <chrono>
#include <cmath>

#include "core/frame_pacing.h"
#include "core/decimated_series.h"
#include "core/one_thread.h"
#include "core/rng.h"
#include "dpswd/dpswd_release.h"
#include "flow/flow_accounting.h"
#include "flow/flow_data.h"
#include "flow/frechet_features.h"
#include "nn/adam.h"
#include "nn/dense_network.h"
#include "ot/directions.h"
#include "privacy/ledger/default_delta.h"
#include "privacy/ledger/joint_claim.h"
#include "privacy/ledger/privacy_statement.h"
#include "privacy/privacy_params.h"
#include "privacy/mechanisms/private_sampling.h"

namespace dpw {

DpswGeneratorSettings DpswGeneratorSettings::fromParams(const ParamValues& p) {
  DpswGeneratorSettings s;
  readCommonFlowSettings(p, s);
  s.latent = p.integer("latent");
  s.width = p.integer("width");
  s.depth = p.integer("depth");
  s.learningRate = p.real("learning_rate");
  s.batch = p.integer("batch");
  s.samples = p.integer("samples");
  return s;
}

namespace {

struct Generator {
  Points data;
  long batch = 0;
  int label = 0;
  nn::DenseNetwork net;  // g_φ
  nn::Adam adam;
};

// g_φ: ReLU hidden layers, a linear output, He-normal weights and zero biases.
nn::DenseNetwork generatorNetwork(const std::vector<int>& sizes, Rng& rng) {
  std::vector<nn::Activation> activations(sizes.size() - 2, nn::Activation::ReLU);
  activations.push_back(nn::Activation::Identity);
  return nn::DenseNetwork(sizes, activations, rng, nn::Initialisation::HeNormal);
}

RunResult runSerial(const DpswGeneratorSettings& settings, std::uint64_t seed, RunObserver& observer);

}  // namespace

RunResult runDpswGenerator(const DpswGeneratorSettings& settings, std::uint64_t seed, RunObserver& observer) {
  // One run is sequential (core/one_thread.h), as fair learning's: the generator's products (batches of
  // 250 rows, widths of 128 by default) gain nothing from Eigen's OpenMP team and, with a core taken by
  // another process, lose most of the run to its spin-waiting (lesson 5.4 beside one busy process: 60% of
  // the samples in libgomp). The same products in the same order: the same bits.
  RunResult result;
  onOneThread([&] { result = runSerial(settings, seed, observer); });
  return result;
}

namespace {

RunResult runSerial(const DpswGeneratorSettings& settings, std::uint64_t seed, RunObserver& observer) {
  DpswGeneratorSettings s = settings;  // δ auto is resolved from the row count below
  require(s.latent >= 1 && s.width >= 1 && s.depth >= 0, "generator sizes must be positive");
  require(s.learningRate > 0 && std::isfinite(s.learningRate), "the learning rate must be > 0, got ", s.learningRate);
  require(s.projections >= 1, "the number of projections k must be at least 1, got ", s.projections);
  require(s.batch >= 1, "the batch size must be at least 1, got ", s.batch);
  require(s.steps >= 1, "the number of steps must be at least 1, got ", s.steps);
  require(s.samples >= 1, "the number of generated samples must be at least 1, got ", s.samples);
  require(s.frameEvery >= 1, "frame_every must be at least 1, got ", s.frameEvery);
  s.privacy.validate(s.data.perClass);
  s.data.validate("generators");
  observer.onStatus(flowTargetStatus(s.data.target));
  FlowData data = loadFlowTarget(s.data.target, s.data.toySize, seed, s.data.fashionDir,
                                 [&] { return observer.cancelRequested(); });
  if (s.editData) s.editData(data);
  const long m = long(data.privateData.rows()), d = long(data.privateData.cols());
  require(s.batch <= m, "the batch size ", s.batch, " exceeds the ", m, " private rows");
  s.privacy.resolveDelta(m);  // auto: 1/(10 m), m treated as public (it sets q = batch/m)
  // The run's privacy: Δ of k fresh directions, the one noise decision (given or calibrated), the ledger
  // (calibrated after the first frame); the noise std, rate and ε are read from the ledger's release.
  const SubsampledProjectionBound bound =
      subsampledProjectionBound(s.privacy.convention, s.privacy.bound, s.projections, d, s.privacy.delta, s.steps);
  const double sampleRate = double(s.batch) / double(m);
  Rng initRng = makeRng(seed, 1);
  std::vector<int> sizes{int(s.latent)};
  for (long l = 0; l < s.depth; ++l) sizes.push_back(int(s.width));
  sizes.push_back(int(d));
  std::vector<Generator> gens;
  if (!s.data.perClass) {
    gens.push_back({data.privateData, s.batch, 0, generatorNetwork(sizes, initRng), nn::Adam()});
  } else {
    for (int c = 0; c < kFlowClasses; ++c) {
      std::vector<Eigen::Index> rows;
      for (Eigen::Index i = 0; i < m; ++i)
        if (data.privateLabels[std::size_t(i)] == c) rows.push_back(i);
      // The class list is public: a generator per class, rows or not.
      Points part(Eigen::Index(rows.size()), d);
      for (std::size_t r = 0; r < rows.size(); ++r) part.row(Eigen::Index(r)) = data.privateData.row(rows[r]);
      // The generated batch is not sized from the class's private row count (it shapes every step's release
      // and the generator's output): the batch split evenly over the public class list.
      const long b = perClassBatch(s.batch);
      if (s.inspectGenerator) s.inspectGenerator(std::size_t(c), b);
      gens.push_back({std::move(part), b, c, generatorNetwork(sizes, initRng), nn::Adam()});
    }
  }
  Rng probeRng = makeRng(seed, 3);
  const Points probe = randomDirections(200, d, probeRng);
  const double scale2 = data.displayScale * data.displayScale;
  const double floor = scale2 * slicedW2Squared(data.reference, data.heldOut, probe).value;  // public (flow_data.h)
  // Fixed latent draws for evaluation (stream 4), split over the generators.
  Rng evalRng = makeRng(seed, 4);
  const long perGen = std::max<long>(1, s.samples / long(gens.size()));
  const Points evalZ = standardNormal(perGen, s.latent, evalRng);
  std::vector<int> sampleLabels;
  auto generateAll = [&]() {
    Points out(perGen * Eigen::Index(gens.size()), d);
    sampleLabels.clear();
    for (std::size_t g = 0; g < gens.size(); ++g) {
      out.middleRows(Eigen::Index(g) * perGen, perGen) = gens[g].net.outputs(evalZ);  // in pieces, Stop between (#40)
      sampleLabels.insert(sampleLabels.end(), std::size_t(perGen), gens[g].label);
    }
    return out;
  };

  // One point per chart update (the loss: one per step), decimated beyond 2000 (flat memory in long runs).
  DecimatedSeries sw{"generated → held-out"}, swFloor{"reference sample → held-out (floor)"};
  DecimatedSeries loss{"DP-SWD loss (minibatch)"}, eps{"accountant"};
  double lastLoss = 0;
  auto publishPicture = [&](long step) {
    const Points G = generateAll();
    sw.append(double(step), scale2 * slicedW2Squared(G, data.heldOut, probe).value);
    swFloor.append(double(step), floor);
    observer.onFrame(makeFrame("sw2", "SW₂² to held-out data", step,
                               LinesFrame{"step", "SW₂²", {sw.series(), swFloor.series()}, false, true}));
    if (!loss.empty())
      observer.onFrame(makeFrame("loss", "Training loss", step, LinesFrame{"step", "DP-SWD", {loss.series()}, false, true}));
    PointsFrame pf{"x₁", "x₂", {}, {}, {"generated", "held-out target"}};
    const Eigen::Index showX = std::min<Eigen::Index>(G.rows(), 2000), showY = std::min<Eigen::Index>(data.heldOut.rows(), 2000);
    const Eigen::Index cols = std::min<Eigen::Index>(d, 2);
    pf.xy = Points::Zero(showX + showY, 2);
    pf.xy.topLeftCorner(showX, cols) = data.displayScale * G.topLeftCorner(showX, cols);
    pf.xy.bottomLeftCorner(showY, cols) = data.displayScale * data.heldOut.topLeftCorner(showY, cols);
    pf.label.assign(std::size_t(showX), 0);
    pf.label.insert(pf.label.end(), std::size_t(showY), 1);
    observer.onFrame(makeFrame("particles", "Generated points and target (first two coordinates)", step, std::move(pf)));
    if (data.hasImages) {
      Points sample(Eigen::Index(4 * gens.size()), d);
      for (std::size_t g = 0; g < gens.size(); ++g)
        for (int r = 0; r < 4; ++r) sample.row(Eigen::Index(4 * g + r)) = G.row(Eigen::Index(g) * perGen + (r % perGen));
      observer.onFrame(makeFrame("samples", "Decoded generated samples", step,
                                 ImagesFrame{data.width, data.height, decodeImages(data, sample, sample.rows())}));
    }
  };
  if (s.liveFrames) publishPicture(0);  // public (the untrained generator, held-out data): shown while calibrating (#40)
  observer.onStatus(s.privacy.noiseStatus());
  const auto ledgerAt = [&](double z) {
    return subsampledFlowLedger(s.privacy.accountant, z, bound, sampleRate, s.steps, gaussianLawOf(s.privacy.noiseSource));
  };
  const PrivacyLedger ledger = ledgerAt(flowNoiseMultiplier(s.privacy, ledgerAt));
  const PrivacyEvent& release = ledger.events().back();  // the repeated release
  throwIfCancelled(observer);
  observer.onStatus("");  // calibrated: the status said so since the first frame, and holds until the next one
  auto publishEpsilon = [&](long step) {
    if (release.multiplier > 0 &&  // nothing is spent before the first step
        (step == 0 || flowEpsilonPointDue(s.privacy.accountant, step, long(eps.lastX()), s.steps))) {
      eps.append(double(step), step == 0 ? 0.0 : ledger.epsilonAfter(step));
      observer.onFrame(makeFrame("epsilon", "Privacy spent ε vs step", step, LinesFrame{"step", "ε", {eps.series()}}));
    }
  };
  const auto start = std::chrono::steady_clock::now();
  if (s.liveFrames) publishEpsilon(0);
  for (long t = 0; t < s.steps; ++t) {
    throwIfCancelled(observer);
    double stepLoss = 0;
    for (std::size_t gi = 0; gi < gens.size(); ++gi) {
      Generator& g = gens[gi];
      Rng rng = makeRng(seed, 16 + (std::uint64_t(t) << 5) + gi);
      PrivateSampling coins(s.privacy.noiseSource, rng);  // the OS in secure mode (private_sampling.h)
      // The noisy projections have one row per batch row: a Poisson batch takes the public size g.batch
      // (flow_data.h: publicShapeBatch), so the release's shape never shows the draw.
      const bool poisson = ledger.events().back().sampler == Sampler::Poisson;
      const std::vector<Eigen::Index> rows = drawMinibatchRows(g.data.rows(), poisson, release.sampleRate, g.batch, coins.words());
      const Points batch = poisson ? publicShapeBatch(g.data, rows, g.batch, coins.words()) : selectRows(g.data, rows);
      const Points theta = randomDirections(s.projections, d, rng);
      const Points Z = standardNormal(g.batch, s.latent, rng);
      const nn::ForwardPass f = g.net.forward(Z);
      const Points G = f.output();
      Points released;  // the batch's noisy projections, for the audit hook only
      SlicedOptions o{release.scale(), rng(), secureGaussianFor(s.privacy.noiseSource, release.scale(), release.sensitivity, s.projections)};
      if (s.inspectReleasedProjections) o.releasedY = &released;
      const SlicedResult r = slicedW2SquaredWithGradients(G, batch, theta, o);
      if (s.inspectReleasedProjections) s.inspectReleasedProjections(t, gi, theta, released);
      g.net.addToParameters(g.adam.step(g.net.gradient(f, r.gradX), s.learningRate));
      stepLoss += r.value / double(gens.size());
    }
    lastLoss = stepLoss;
    loss.append(double(t + 1), stepLoss);
    if (frameDue(t + 1, s.frameEvery, s.steps, s.liveFrames)) publishPicture(t + 1), publishEpsilon(t + 1);
    observer.onProgress(t + 1, s.steps);
  }

  RunResult result;
  const Points G = generateAll();
  result.metrics["sw2_heldout"] = sw.lastY();
  result.metrics["sw2_floor"] = floor;
  result.metrics["final_loss"] = lastLoss;
  result.metrics["noise_std"] = release.scale();
  result.metrics["sensitivity"] = release.sensitivity;
  result.metrics["noise_multiplier"] = release.multiplier;
  result.metrics["sample_rate"] = release.sampleRate;
  result.metrics["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.metrics["epsilon"] = ledger.epsilon();  // +inf without noise; in secure mode proven for the law drawn
  if (ledger.chosenAccountantUnproven()) result.metrics["epsilon_chosen_accountant"] = ledger.chosenAccountantEpsilon();
  if (data.publicData.size() > 0) {  // Fréchet distance in the public LDA feature space (frechet_features.h)
    const FrechetScores fd = frechetScores(data.publicData, data.publicLabels, data.reference, data.heldOut, G);
    result.metrics["frechet_public"] = fd.samples;
    result.metrics["frechet_floor"] = fd.floor;  // public
  }
  if (s.data.perClass) result.metrics["nn_accuracy"] = nearestNeighbourAccuracy(G, sampleLabels, data.heldOut, data.heldOutLabels);
  // The claim is generated from the ledger (privacy_statement.h); the flows' terms follow it.
  result.privacyStatement =
      release.multiplier == 0
          ? noPrivacySentence("the projections", s.steps, "DPSWgen")
          : accountedClaimSentence(ledger, s.privacy.delta) + ". " +
                flowPrivacyTerms(s.privacy, true, s.data.perClass, s.projections, s.steps, release.sampleRate, release.sensitivity) +
                deltaWarning(s.privacy.delta, m);
  if (release.multiplier > 0)  // teaching or secure mode (privacy/mechanisms/mechanisms.h)
    result.privacyStatement += noiseSourceStatement(
        s.privacy.noiseSource, secureGaussianFor(s.privacy.noiseSource, release.scale(), release.sensitivity, s.projections));
  // The claim as numbers, for outputs that show several runs (privacy/ledger/joint_claim.h); in secure mode
  // the ledger's ε is already the bound proven for the law drawn.
  result.privacy = runPrivacyOf(ledger, s.privacy.delta, s.privacy.noiseSource == NoiseSource::OsEntropy, ledger.epsilon());
  return result;
}

}  // namespace

MethodInfo dpswGeneratorMethod() {
  using K = ParamKind;
  const double inf = std::numeric_limits<double>::infinity();
  MethodInfo m;
  m.id = "dpswgen";
  m.title = "DPSWgen (generator on DP-SWD)";
  m.paper = "[DPSWFlow] §4.2, [DP-SWD] §5";
  m.summary =
      "The baseline the flow paper compares with: a small neural network maps Gaussian noise to points and is "
      "trained to make the private sliced Wasserstein distance (noisy projections) between its output and the "
      "private data small. The privacy is the same as the resampled flow's; only the way samples are made differs. "
      "At its defaults (ring5, ε = 5) it finds where the data lie but not their shape: its SW₂² to held-out data "
      "ends near 0.5, far above the floor of two samples (0.005-0.01) that DPSWflow-r nearly reaches at the same "
      "ε; 'Flows vs generator' draws both against ε.";
  m.privacy.chart = "epsilon";
  m.privacy.metric = "epsilon";
  // Released: the generator (post-processing of the noisy projections); the held-out and reference
  // samples are public, so every number belongs to the release (core/output_classes.h).
  m.outputs.release = {"sw2_heldout", "sw2_floor", "final_loss", "noise_std", "sensitivity", "noise_multiplier",
                       "sample_rate", "seconds", "epsilon", "frechet_public", "frechet_floor", "nn_accuracy",
                       "epsilon_chosen_accountant"};
  m.outputs.charts = {"particles", "sw2", "loss", "epsilon", "samples"};
  m.treatedAsPublic = {"the private row count m (it sets q = batch/m)", "the dimension d and the data bounds",
                       "the class list (per class: the ten Fashion-MNIST labels; the per-class row counts are not "
                       "public and shape no release: each generator's batch is batch/10)",
                       "the batch size: a Poisson batch has exactly that many rows (a random subset of the rows "
                       "drawn, or zero rows added), so the released projections never show the draw",
                       "the held-out and reference samples the quality is measured on",
                       "the seed: it reproduces only the generator's initialisation, directions and synthetic data"};
  m.grid = {{"epsilon", "projections", "learning_rate", "steps", "batch", "width", "noise_multiplier"},
            {"sw2_heldout", "sw2_floor", "final_loss", "noise_multiplier", "epsilon"},
            "particles"};
  m.params = {
      {"latent", "Latent dimension", K::Integer, 8, 1, 1024, false, {}, {}, "", "Dimension of the generator's input noise.", true, true},
      {"width", "Hidden width", K::Integer, 128, 1, 4096, false, {}, {}, "units",
       "Units per hidden ReLU layer (reference 256-512-256 with BatchNorm).", true, true},
      {"depth", "Hidden layers", K::Integer, 2, 0, 8, false, {}, {}, "", "Number of hidden layers.", true, true},
      {"learning_rate", "Learning rate", K::Real, 1e-3, 1e-6, 1, false, {}, {}, "", "Adam step size (reference 1e-3).", true, true},
      {"projections", "Directions per step k", K::Integer, 70, 1, 10000, false, {}, {}, "directions",
       "Fresh random directions of the DP-SWD loss per step ([DP-SWD] Alg. 1)."},
      {"batch", "Batch size", K::Integer, 250, 1, 1e7, false, {}, {}, "rows", "Data minibatch and generated batch (reference 250)."},
      {"steps", "Steps T", K::Integer, 2000, 1, 1e7, false, {}, {}, "steps", "Adam steps."},
      {"samples", "Generated samples", K::Integer, 5000, 1, 1e6, false, {}, {}, "points", "Points generated for the charts and metrics.", true, true},
      epsilonParam({5.0, 1e-3, 1e6, true}, "Target ε of the whole run, calibrated by the accountant; inf = no noise."),
      deltaParam({0, 0, 0.5, "auto (0.1/m)"},
                 "Total δ (half for the sensitivity bound); auto (0 in scenario files): 1/(10 m) for the m private rows."),
      noiseSourceParam("the exact discrete Gaussian (Canonne, Kamath & Steinke 2020) on a grid of step Δ/(64√k) added "
                       "to the projections (the grid adds 1/64 to the sensitivity, the noise covers it),"),
      flowNoiseMultiplierParam(),
      flowBoundParam(),
      flowAccountantParam("auto: the tightest proven accountant, pld-wor for one generator, pld per class (rdp-wor / "
                          "rdp in secure mode); pld-wor, rdp-wor: fixed-size batches, replace-one (matches Δ = 2w); "
                          "pld, rdp: Poisson sampling, add/remove."),
      flowConventionParam("union-bound: δ/2 on the bound over all draws (δ/(2T) each); paper-per-draw: the paper's δ/2 "
                          "per draw, not union-bounded; reference: the public code's bound at δ."),
      {"target", "Target", K::Choice, 0, -inf, inf, false, flowTargetIds(), "ring5", "", "2-D toy or Fashion-MNIST latents."},
      {"toy_size", "Toy data size", K::Integer, 10000, 2, 1e7, false, {}, {}, "points", "Private (and held-out) toy points.", true, true},
      {"per_class", "One generator per class", K::Integer, 0, 0, 1, false, {}, {}, "",
       "Fashion-MNIST: one generator per label and a 1-NN label check (cf. [DP-SWD] Table 2).", true, true},
      {"frame_every", "Frame every", K::Integer, 50, 1, 1e6, false, {}, {}, "steps", "Chart refresh period after the first 20 steps, which are all drawn (the particles are seen travelling).", false, true},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runDpswGenerator(DpswGeneratorSettings::fromParams(p), seed, obs);
  };
  return m;
}

}  // namespace dpw
