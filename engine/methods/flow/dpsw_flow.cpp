#include "methods/flow/dpsw_flow.h"
#include "methods/flow/dpsw_flow_noise_plan.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

#include "core/frame_pacing.h"
#include "core/points_frame_pool.h"
#include "core/decimated_series.h"
#include "core/rng.h"
#include "flow/flow_accounting.h"
#include "flow/flow_data.h"
#include "flow/frechet_features.h"
#include "flow/flow_directions.h"
#include "flow/flow_privacy.h"
#include "flow/fixed_target_sw.h"
#include "flow/projection_histogram.h"
#include "flow/sliced_flow_step.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/ledger/default_delta.h"
#include "privacy/ledger/joint_claim.h"
#include "privacy/mechanisms/mechanisms.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"
#include "privacy/privacy_params.h"
#include "privacy/mechanisms/private_sampling.h"

namespace dpw {

namespace {

struct Group {
  Points data;  ///< private rows of this group
  Points X;     ///< its particles
  int label = 0;
  long batch = 0;
};

void validate(const DpswFlowSettings& s) {
  require(s.particles >= 1, "the number of particles must be at least 1, got ", s.particles);
  require(s.projections >= 0, "the number of projections k must be at least 1 (0: d), got ", s.projections);
  require(s.variant != FlowVariant::Pool || s.pool >= s.projections, "the pool of directions (", s.pool,
          ") must hold at least the k = ", s.projections, " directions used per step");
  require(s.quantiles >= 2, "the number of quantiles P must be at least 2, got ", s.quantiles);
  require(s.stepSize > 0 && std::isfinite(s.stepSize), "the step size h must be > 0, got ", s.stepSize);
  require(s.regularisation >= 0, "the regularisation λ must be >= 0, got ", s.regularisation);
  require(s.batch >= 1, "the batch size must be at least 1, got ", s.batch);
  require(s.publicRows >= 0 && (s.publicRows == 0 || s.batch <= s.publicRows), "the public row count must be 0 (use m) "
          "or at least the batch size ", s.batch, ", got ", s.publicRows);
  require(s.steps >= 1, "the number of steps must be at least 1, got ", s.steps);
  require(s.frameEvery >= 1, "frame_every must be at least 1, got ", s.frameEvery);
  require(s.stepDecay >= 0 && std::isfinite(s.stepDecay), "the step decay τ must be >= 0 (0 = constant), got ",
          s.stepDecay);
  require(s.averageTail >= 0 && s.averageTail < 1, "the averaged tail must be in [0, 1), got ", s.averageTail);
  require(s.bins >= 2, "the number of histogram bins must be at least 2, got ", s.bins);
  require(s.histogramCutoff >= 0 && std::isfinite(s.histogramCutoff), "the histogram cutoff τ must be >= 0, got ",
          s.histogramCutoff);
  require(!(s.variant == FlowVariant::Pool && s.release == FlowRelease::Histogram &&
            (s.dataNoise == PoolDataNoise::EveryStep || s.privacy.convention == FlowConvention::Reference)),
          "DPSWflow's histogram release is made once (data_noise once); for fresh noise every step or the reference "
          "convention choose release projections");
  s.privacy.validate(s.data.perClass && s.variant == FlowVariant::Resampled);
  // Per class, no release may take its shape from a class's private row count: DPSWflow's projections release
  // is one noisy row per private row of each class, so a record that changes class changes the shape of two
  // classes' released matrices, which no Gaussian sensitivity covers. Its histograms have a public shape
  // (K x B per class; a record changing class moves √K in two classes, √(2K) together: the replace-one Δ).
  require(!(s.data.perClass && s.variant == FlowVariant::Pool && s.release != FlowRelease::Histogram),
          "per-class DPSWflow releases each class's pool projections, one noisy row per private row of the class, so "
          "the shape of each release is a private class count (a record changing class changes two of them); "
          "choose release histogram (a shape that does not depend on the data) or one flow (per_class 0)");
  s.data.validate("flows");
}

std::vector<Group> makeGroups(const DpswFlowSettings& s, const FlowData& data, Rng& rng) {
  std::vector<Group> groups;
  const Eigen::Index m = data.privateData.rows(), d = data.privateData.cols();
  if (!s.data.perClass) {
    groups.push_back({data.privateData, standardNormal(s.particles, d, rng), 0, s.batch});
    return groups;
  }
  for (int c = 0; c < kFlowClasses; ++c) {
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i < m; ++i)
      if (data.privateLabels[std::size_t(i)] == c) rows.push_back(i);
    // The class list is public: every class gets its flow and its releases, rows or not (skipping an
    // empty class would let one added row create a whole flow).
    Group g;
    g.label = c;
    g.data.resize(Eigen::Index(rows.size()), d);
    for (std::size_t r = 0; r < rows.size(); ++r) g.data.row(Eigen::Index(r)) = data.privateData.row(rows[r]);
    // Not from the class's private row count (which would shape the release): the batch split evenly over
    // the public class list (per-class flows sample by Poisson at the public q, so this is the expected size
    // of a class of m/10 rows).
    g.batch = perClassBatch(s.batch);
    g.X = standardNormal(std::max<long>(1, s.particles / 10), d, rng);
    groups.push_back(std::move(g));
  }
  return groups;
}

Points allParticles(const std::vector<Group>& groups) {
  Eigen::Index n = 0;
  for (const auto& g : groups) n += g.X.rows();
  Points X(n, groups.front().X.cols());
  Eigen::Index at = 0;
  for (const auto& g : groups) X.middleRows(at, g.X.rows()) = g.X, at += g.X.rows();
  return X;
}

/// The first `k` rows of allParticles(groups), copying only those.
Points firstParticles(const std::vector<Group>& groups, Eigen::Index k) {
  Eigen::Index n = 0;
  for (const auto& g : groups) n += g.X.rows();
  Points X(std::min(k, n), groups.front().X.cols());
  Eigen::Index at = 0;
  for (const auto& g : groups) {
    const Eigen::Index take = std::min(g.X.rows(), X.rows() - at);
    if (take <= 0) break;
    X.middleRows(at, take) = g.X.topRows(take), at += take;
  }
  return X;
}

}  // namespace

RunResult runDpswFlow(const DpswFlowSettings& settings, std::uint64_t seed, RunObserver& observer) {
  validate(settings);
  observer.onStatus(flowTargetStatus(settings.data.target));
  FlowData data = loadFlowTarget(settings.data.target, settings.data.toySize, seed, settings.data.fashionDir,
                                 [&] { return observer.cancelRequested(); });
  if (settings.editData) settings.editData(data);
  const long m = long(data.privateData.rows()), d = long(data.privateData.cols());
  DpswFlowSettings s = settings;
  if (s.projections == 0) s.projections = d;  // one orthonormal basis per step: Δ = 2 exactly
  require(s.variant != FlowVariant::Pool || s.pool >= s.projections, "the pool of directions (", s.pool,
          ") must hold at least the k = ", s.projections, " directions used per step");
  require(s.variant == FlowVariant::Pool || s.batch <= m, "the batch size ", s.batch, " exceeds the ", m,
          " private rows");
  // q = batch / (a public nominal count if given, else m, which the statement then treats as public); δ auto
  // is 1/(10 ×) the same count.
  const long publicM = s.variant == FlowVariant::Resampled && s.publicRows > 0 ? s.publicRows : m;
  s.privacy.resolveDelta(publicM);
  const NoisePlan plan = planNoise(s, publicM, d);  // what is released (throws on a claim that cannot hold)
  Rng initRng = makeRng(seed, 1);
  std::vector<Group> groups = makeGroups(s, data, initRng);
  throwIfCancelled(observer);  // preparation: each phase below is bounded; Stop is asked between them (#40)
  Rng probeRng = makeRng(seed, 3);
  const Points probe = randomDirections(200, d, probeRng);
  const double scale2 = data.displayScale * data.displayScale;
  auto sw2ToHeldOut = [&](const Points& X) { return scale2 * slicedW2Squared(X, data.heldOut, probe).value; };
  // The sampling floor from public data only (a public sample of the private data's law and size, flow_data.h):
  // computed on the private rows it would be a statistic outside the mechanism.
  const double floor = scale2 * slicedW2Squared(data.reference, data.heldOut, probe).value;
  throwIfCancelled(observer);
  // The live curve keeps the held-out side's sorted projections: 200 x m doubles, 1.6 GB at m = 10^6 and
  // 16 GB (bad_alloc) at the toys' largest size, 10^7. Past kLiveHeldOut rows it reads the first ones (the
  // toys are i.i.d.; Fashion-MNIST's held-out has 10^4), and the final metric reads them all.
  constexpr Eigen::Index kLiveHeldOut = 65536;
  const Eigen::Index liveHeldOut = std::min(data.heldOut.rows(), kLiveHeldOut);
  const FixedTargetSlicedW2 liveSw2(data.heldOut.topRows(liveHeldOut), probe);  // held-out side sorted once

  // One point per chart update, decimated beyond 2000 (flat memory in long runs). The live curve reads
  // at most kLiveParticles particles (the first ones: i.i.d. at the start), so a frame stays cheap with
  // 10⁵ particles; the final metric reads them all.
  constexpr Eigen::Index kLiveParticles = 10000;
  const Eigen::Index totalParticles = [&] {
    Eigen::Index n = 0;
    for (const auto& g : groups) n += g.X.rows();
    return n;
  }();
  DecimatedSeries sw{(totalParticles > kLiveParticles
                          ? "particles (first " + std::to_string(kLiveParticles) + ") → held-out"
                          : std::string("particles → held-out")) +
                     (liveHeldOut < data.heldOut.rows() ? " (first " + std::to_string(liveHeldOut) + ")" : "")},
      swFloor{"reference sample → held-out (floor)"};
  PointsFramePool framePool;  // the particle frames' storage, recycled once the GUI lets go of a frame
  auto publishPicture = [&](long step) {
    // Every particle goes into the frame (the chart draws a large cloud as a density image, counting each
    // one), copied once from the groups; the held-out target as before, at most 2000 points. The live
    // SW₂² reads the first kLiveParticles particles against the once-sorted held-out side.
    sw.append(double(step), scale2 * liveSw2(firstParticles(groups, kLiveParticles)));
    swFloor.append(double(step), floor);
    observer.onFrame(makeFrame("sw2", "SW₂² to held-out data", step,
                               LinesFrame{"step", "SW₂²", {sw.series(), swFloor.series()}, false, true}));
    const Eigen::Index showX = totalParticles, showY = std::min<Eigen::Index>(data.heldOut.rows(), 2000);
    const Eigen::Index cols = std::min<Eigen::Index>(d, 2);
    PointsFrame pf = framePool.take(showX + showY, 2);  // storage of a frame the GUI let go: no fresh pages
    pf.xLabel = d >= 2 ? "x₁" : "x", pf.yLabel = d >= 2 ? "x₂" : "", pf.labelNames = {"particles", "held-out target"};
    if (cols < 2) pf.xy.col(1).setZero();
    Eigen::Index at = 0;
    for (const auto& g : groups) {
      // Both threads copy (memory-bound: 16 MB at 10⁶ particles); each value scaled as before.
      const Eigen::Index rows = g.X.rows(), at0 = at;
#pragma omp parallel for schedule(static) if (rows > 65536)
      for (Eigen::Index r0 = 0; r0 < rows; r0 += 16384) {
        const Eigen::Index len = std::min<Eigen::Index>(16384, rows - r0);
        pf.xy.block(at0 + r0, 0, len, cols) = data.displayScale * g.X.block(r0, 0, len, cols);
      }
      at += rows;
    }
    pf.xy.bottomLeftCorner(showY, cols) = data.displayScale * data.heldOut.topLeftCorner(showY, cols);
    std::fill_n(pf.label.begin(), showX, 0);
    std::fill_n(pf.label.begin() + showX, showY, 1);
    const std::string shown =
        data.heldOut.rows() > showY ? "; target: " + std::to_string(showY) + " of " + std::to_string(data.heldOut.rows()) + " shown" : "";
    observer.onFrame(framePool.publish("particles", "Particles and target (first two coordinates" + shown + ")", step, std::move(pf)));
    if (data.hasImages) {
      Points sample(0, d);
      if (groups.size() > 1) {  // four per class
        sample.resize(Eigen::Index(4 * groups.size()), d);
        for (std::size_t g = 0; g < groups.size(); ++g)
          for (int r = 0; r < 4; ++r) sample.row(Eigen::Index(4 * g + r)) = groups[g].X.row(r % groups[g].X.rows());
      } else {
        sample = firstParticles(groups, 40);
      }
      observer.onFrame(makeFrame("samples", "Decoded particles", step,
                                 ImagesFrame{data.width, data.height, decodeImages(data, sample, sample.rows())}));
    }
  };
  if (s.liveFrames) publishPicture(0);  // public (noise-free particles, held-out data): shown while calibrating (#40)
  observer.onStatus(s.privacy.noiseStatus());
  const PrivacyLedger ledger = flowRunLedger(s, plan);  // the noise decided: its one event holds z, its scale z·Δ
  const double z = ledger.events().front().multiplier, noiseStd = ledger.events().front().scale();
  const double perStepEpsilon = flowPerStepEpsilon(s, plan, ledger);
  throwIfCancelled(observer);
  observer.onStatus("");  // calibrated: the status said so since the first frame, and holds until the next one
  Rng poolRng = makeRng(seed, 2);
  const bool ortho = s.directions == FlowDirections::Orthonormal && !usesReferenceConvention(s);
  auto drawDirections = [&](long k, Rng& r) {
    return ortho ? orthonormalDirectionBlocks(k, d, r) : randomDirections(k, d, r);
  };
  const Points pool = s.variant == FlowVariant::Pool ? drawDirections(s.pool, poolRng) : Points();
  // DPSWflow, noise once: each group's K x m noisy pool projections, released once, rows sorted.
  std::vector<Points> released(plan.releaseOnce ? groups.size() : 0);
  for (std::size_t gi = 0; gi < released.size() && plan.histogram; ++gi) {  // K noisy histograms, once
    Rng noiseRng = makeRng(seed, 8 + gi);
    const Points counts = releaseProjectionHistograms(groups[gi].data, pool, s.bins, noiseStd, plan.sensitivity,
                                                      s.privacy.noiseSource, noiseRng);
    if (s.inspectReleasedCounts) s.inspectReleasedCounts(0, gi, pool, counts);  // once, before the first step
    released[gi] = histogramQuantiles(counts, s.histogramCutoff * noiseStd, s.quantiles);
  }
  for (std::size_t gi = 0; gi < released.size() && !plan.histogram; ++gi) {
    released[gi] = pool * groups[gi].data.transpose();
    if (noiseStd > 0) {  // one record moves one column: K coordinates of L2 norm <= Δ
      Rng noiseRng = makeRng(seed, 8 + gi);
      gaussianFor(s.privacy.noiseSource, noiseStd, plan.sensitivity, s.pool)
          .addTo(std::span<double>(released[gi].data(), std::size_t(released[gi].size())), s.privacy.noiseSource,
                 noiseRng);
    }
    for (Eigen::Index j = 0; j < released[gi].rows(); ++j)
      std::sort(released[gi].row(j).data(), released[gi].row(j).data() + released[gi].cols());
    if (s.inspectReleasedProjections) s.inspectReleasedProjections(gi, pool, released[gi]);  // once, the release
  }
  std::vector<Eigen::Index> fixedSubset;  // reference convention: one subset, with replacement
  if (s.variant == FlowVariant::Pool && s.privacy.convention == FlowConvention::Reference) {
    std::uniform_int_distribution<Eigen::Index> pick(0, s.pool - 1);
    for (long j = 0; j < s.projections; ++j) fixedSubset.push_back(pick(poolRng));
  }
  DecimatedSeries epsAcc{plan.releaseOnce ? "one release, reused by every step"
                         : s.variant == FlowVariant::Pool ? "accountant (q = 1)" : "accountant"};
  DecimatedSeries epsBasic{"basic composition"};
  const auto start = std::chrono::steady_clock::now();
  double flowSeconds = 0;
  auto publishEpsilon = [&](long step) {
    if (z > 0 && step > 0 &&
        flowEpsilonPointDue(s.privacy.accountant, step, epsAcc.empty() ? 0 : long(epsAcc.lastX()), s.steps)) {
      const double e = ledger.epsilonAfter(step);
      if (std::isfinite(e)) epsAcc.append(double(step), e);
      std::vector<Series> curves;
      if (!epsAcc.empty()) curves.push_back(epsAcc.series());
      if (s.variant == FlowVariant::Pool && s.privacy.convention != FlowConvention::Reference && !plan.releaseOnce) {
        epsBasic.append(double(step), double(step) * perStepEpsilon);
        curves.push_back(epsBasic.series());
      }
      if (!curves.empty())
        observer.onFrame(makeFrame("epsilon", "Privacy spent ε vs step", step, LinesFrame{"step", "ε", curves}));
    }
  };
  const long averageFrom = s.averageTail > 0 ? long(std::floor(double(s.steps) * (1.0 - s.averageTail))) : s.steps;
  std::vector<Points> average(groups.size());
  for (long t = 0; t < s.steps; ++t) {
    throwIfCancelled(observer);
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
      Group& g = groups[gi];
      Rng rng = makeRng(seed, 16 + (std::uint64_t(t) << 5) + gi);
      Points dirs;
      std::vector<Eigen::Index> idx;
      if (s.variant == FlowVariant::Resampled) {
        dirs = drawDirections(s.projections, rng);
      } else if (!fixedSubset.empty()) {
        dirs = pool(fixedSubset, Eigen::all);
      } else {  // k of the K pool directions, without replacement
        idx.resize(static_cast<std::size_t>(s.pool));
        std::iota(idx.begin(), idx.end(), 0);
        for (long j = 0; j < s.projections; ++j) {
          std::uniform_int_distribution<Eigen::Index> pick(j, s.pool - 1);
          std::swap(idx[std::size_t(j)], idx[std::size_t(pick(rng))]);
        }
        idx.resize(std::size_t(s.projections));
        dirs = pool(idx, Eigen::all);
      }
      Points batch;
      if (s.variant == FlowVariant::Pool) {
        if (!plan.releaseOnce) batch = g.data;
      } else {  // the inclusion coins: the OS in secure mode (private_sampling.h), so the seed does not reveal them
        PrivateSampling coins(s.privacy.noiseSource, rng);
        const bool poisson = ledger.events().back().sampler == Sampler::Poisson;
        const std::vector<Eigen::Index> rows = drawMinibatchRows(g.data.rows(), poisson, plan.sampleRate, g.batch, coins.words());
        if (s.inspectBatchRows) s.inspectBatchRows(t, gi, rows);
        // Projections released one row per batch row: a Poisson batch takes the public size g.batch (flow_data.h).
        batch = poisson && !plan.histogram ? publicShapeBatch(g.data, rows, g.batch, coins.words()) : selectRows(g.data, rows);
      }
      if (g.data.rows() == 0 && !plan.histogram && s.variant == FlowVariant::Pool) continue;  // (counts public)
      Points targets;  // the released rows of this step's pool subset
      if (plan.releaseOnce) {
        targets = released[gi](idx, Eigen::all);
        if (s.inspectReleasedTargets) s.inspectReleasedTargets(t, gi, idx, targets);
      }
      FlowStepOptions o;
      if (plan.histogram && !plan.releaseOnce) {  // k noisy histograms of the batch (projection_histogram.h)
        const Points counts = releaseProjectionHistograms(batch, dirs, s.bins, noiseStd, plan.sensitivity,
                                                          s.privacy.noiseSource, rng);
        if (s.inspectReleasedCounts) s.inspectReleasedCounts(t, gi, dirs, counts);
        targets = histogramQuantiles(counts, s.histogramCutoff * noiseStd, s.quantiles);
        o.sortedNoisyTargets = &targets;
      }
      if (batch.rows() == 0 && !plan.releaseOnce && !plan.histogram) continue;  // an empty Poisson batch releases nothing
      if (!plan.histogram) {  // the paper's release: noise on every projection (particles' too)
        o.noiseStd = noiseStd;
        o.secureNoise = secureGaussianFor(s.privacy.noiseSource, noiseStd, plan.sensitivity, s.projections);
      }
      o.noiseSeed = rng();
      o.diffusionSeed = rng();
      o.quantiles = int(s.quantiles);
      o.stepSize = s.stepDecay > 0 ? s.stepSize / (1.0 + double(t) / s.stepDecay) : s.stepSize;
      o.regularisation = s.regularisation;
      if (plan.releaseOnce) o.sortedNoisyTargets = &targets;
      slicedFlowStep(g.X, plan.releaseOnce || plan.histogram ? g.X : batch, dirs, o);  // (Y unread when released)
      if (data.unitSphere && s.projectSupport == ProjectSupport::EveryStep) g.X.rowwise().normalize();
      if (t >= averageFrom) {
        if (average[gi].size() == 0) average[gi] = Points::Zero(g.X.rows(), g.X.cols());
        average[gi] += g.X;
        if (t + 1 == s.steps) g.X = average[gi] / double(s.steps - averageFrom);
      }
      if (data.unitSphere && s.projectSupport != ProjectSupport::Off && t + 1 == s.steps) g.X.rowwise().normalize();
    }
    flowSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (frameDue(t + 1, s.frameEvery, s.steps, s.liveFrames)) publishPicture(t + 1), publishEpsilon(t + 1);
    observer.onProgress(t + 1, s.steps);
  }

  RunResult result;
  const Points X = allParticles(groups);
  result.metrics["sw2_heldout"] =
      X.rows() > kLiveParticles || liveHeldOut < data.heldOut.rows() ? sw2ToHeldOut(X) : sw.lastY();
  result.metrics["sw2_floor"] = floor;
  result.metrics["noise_std"] = noiseStd;
  result.metrics["sensitivity"] = plan.sensitivity;
  result.metrics["noise_multiplier"] = z;
  result.metrics["sample_rate"] = plan.sampleRate;
  result.metrics["steps_per_second"] = double(s.steps) / std::max(flowSeconds, 1e-12);
  result.metrics["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double eps = ledger.epsilon();  // in secure mode a bound proven for the law drawn (privacy_ledger.h)
  result.metrics["epsilon"] = eps;
  if (ledger.chosenAccountantUnproven()) result.metrics["epsilon_chosen_accountant"] = ledger.chosenAccountantEpsilon();
  if (s.variant == FlowVariant::Pool && z > 0) {
    result.metrics["epsilon_per_step"] = perStepEpsilon;
    if (!plan.releaseOnce) result.metrics["epsilon_basic_composition"] = double(s.steps) * perStepEpsilon;
  }
  if (data.publicData.size() > 0) {  // Fréchet distance in the public LDA feature space (frechet_features.h)
    const FrechetScores fd = frechetScores(data.publicData, data.publicLabels, data.reference, data.heldOut, X);
    result.metrics["frechet_public"] = fd.samples;
    result.metrics["frechet_floor"] = fd.floor;  // public
  }
  if (s.data.perClass) {
    std::vector<int> labels;
    for (const auto& g : groups) labels.insert(labels.end(), std::size_t(g.X.rows()), g.label);
    result.metrics["nn_accuracy"] = nearestNeighbourAccuracy(X, labels, data.heldOut, data.heldOutLabels);
    result.metrics["nn_accuracy_real"] =  // real latents of the public half (the private ones are not released)
        nearestNeighbourAccuracy(data.reference, data.referenceLabels, data.heldOut, data.heldOutLabels);
  }

  result.privacyStatement = flowPrivacyStatement(s, plan, ledger, m, ortho);
  if (z > 0)  // teaching or secure mode (privacy/mechanisms/mechanisms.h); the grid of the release drawn
    result.privacyStatement += deltaWarning(s.privacy.delta, publicM) + noiseSourceStatement(
        s.privacy.noiseSource, secureGaussianFor(s.privacy.noiseSource, noiseStd, plan.sensitivity,
                                                 plan.histogram ? (plan.releaseOnce ? s.pool : s.projections) * s.bins
                                                 : s.variant == FlowVariant::Pool ? s.pool
                                                                                  : s.projections));
  // The claim as numbers, for outputs that show several runs (privacy/ledger/joint_claim.h); in secure mode
  // the ledger's ε is already the bound proven for the law drawn.
  result.privacy = runPrivacyOf(ledger, s.privacy.delta, s.privacy.noiseSource == NoiseSource::OsEntropy, eps);
  return result;
}

}  // namespace dpw
