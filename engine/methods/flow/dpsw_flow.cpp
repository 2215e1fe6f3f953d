#include "methods/flow/dpsw_flow.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <sstream>

#include "core/frame_pacing.h"
#include "core/decimated_series.h"
#include "core/rng.h"
#include "flow/flow_accounting.h"
#include "flow/flow_data.h"
#include "flow/frechet_features.h"
#include "flow/flow_directions.h"
#include "flow/flow_privacy.h"
#include "flow/projection_histogram.h"
#include "flow/sliced_flow_step.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/mechanisms/mechanisms.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"
#include "privacy/privacy_params.h"
#include "privacy/mechanisms/private_sampling.h"

namespace dpw {

DpswFlowSettings DpswFlowSettings::fromParams(const ParamValues& p, FlowVariant variant) {
  DpswFlowSettings s;
  s.variant = variant;
  s.particles = p.integer("particles");
  s.projections = p.integer("projections");
  if (variant == FlowVariant::Pool) s.pool = p.integer("pool");
  if (variant == FlowVariant::Resampled) s.batch = p.integer("batch");
  s.quantiles = p.integer("quantiles");
  s.stepSize = p.real("step_size");
  s.regularisation = p.real("regularisation");
  s.steps = p.integer("steps");
  s.privacy = FlowPrivacySettings::fromParams(p);
  s.data = FlowTargetSettings::fromParams(p);
  s.frameEvery = p.integer("frame_every");
  const auto& v = p.values();
  if (v.count("direction_draw")) {
    const std::string& id = p.text("direction_draw");
    require(id == "orthonormal" || id == "random", "unknown direction draw '", id, "'; choose orthonormal or random");
    s.directions = id == "random" ? FlowDirections::Random : FlowDirections::Orthonormal;
  }
  if (v.count("data_noise")) {
    const std::string& id = p.text("data_noise");
    require(id == "once" || id == "every_step", "unknown data_noise '", id, "'; choose once or every_step");
    s.dataNoise = id == "every_step" ? PoolDataNoise::EveryStep : PoolDataNoise::Once;
  }
  if (v.count("release")) {
    const std::string& id = p.text("release");
    require(id == "histogram" || id == "projections", "unknown release '", id, "'; choose histogram or projections");
    s.release = id == "projections" ? FlowRelease::Projections : FlowRelease::Histogram;
  }
  // The histogram release is a fixed-size vector to which an added row adds one count per histogram:
  // the sampled Gaussian mechanism with Poisson sampling and add/remove neighbours (Mironov et al. 2019),
  // so "auto" picks rdp for it (for one flow too).
  if (s.release == FlowRelease::Histogram && s.privacy.accountantAuto) s.privacy.accountant = AccountantKind::Rdp;
  if (v.count("public_rows")) s.publicRows = p.integer("public_rows");
  if (v.count("bins")) s.bins = p.integer("bins");
  if (v.count("histogram_cutoff")) s.histogramCutoff = p.real("histogram_cutoff");
  if (v.count("step_decay")) s.stepDecay = p.real("step_decay");
  if (v.count("average_tail")) s.averageTail = p.real("average_tail");
  if (v.count("project_support")) {
    const std::string& id = p.text("project_support");
    require(id == "off" || id == "final" || id == "every_step", "unknown project_support '", id,
            "'; choose off, final or every_step");
    s.projectSupport = id == "off" ? 0 : id == "final" ? 1 : 2;
  }
  return s;
}

namespace {

struct Group {
  Points data;  ///< private rows of this group
  Points X;     ///< its particles
  int label = 0;
  long batch = 0;
};

struct NoisePlan {
  double sensitivity = 0;     ///< Δ of the k directions used per step (pool: of the pool)
  double multiplier = 0;      ///< s / Δ
  double noiseStd = 0;        ///< s
  double perStepEpsilon = 0;  ///< DPSWflow: ε of one step (classic Gaussian mechanism)
  double mechanismDelta = 0;  ///< δ given to the accountant / mechanism
  double sampleRate = 1;      ///< q
  bool exactBound = false;    ///< orthonormal blocks: Δ exact, no δ on the bound
  bool releaseOnce = false;   ///< DPSWflow: the pool's noisy data projections are released once
  bool histogram = false;     ///< DPSWflow-r: noisy histograms of the batch projections (Δ = √(2k) or √k)
};

/// ε of one Gaussian release with this multiplier at δ (exact: the release is μ-GDP with μ = 1/multiplier,
/// Dong, Roth & Su 2022, and gdpEpsilon inverts δ(ε; μ)).
double singleReleaseEpsilon(double multiplier, double delta) {
  return gdpEpsilon(1.0 / multiplier, delta);  // exact ε of one Gaussian release: μ = Δ/σ = 1/multiplier
}

bool usesReferenceConvention(const DpswFlowSettings& s) { return s.privacy.convention == FlowConvention::Reference; }

std::string fmt(double v) {
  std::ostringstream os;
  os.precision(4);
  os << v;
  return os.str();
}

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
  s.data.validate("flows");
}

NoisePlan planNoise(const DpswFlowSettings& s, long m, long d) {
  NoisePlan plan;
  if (s.variant == FlowVariant::Pool && s.release == FlowRelease::Histogram) {
    // DPSWflow, histogram release: the K pool histograms of the whole data, released once (one Gaussian
    // release, exact calibration); replace-one: a row leaves one bin and enters one of each, Δ = √(2K).
    plan.histogram = true;
    plan.releaseOnce = true;
    plan.exactBound = true;
    plan.sensitivity = projectionHistogramSensitivity(s.pool, false);
    plan.mechanismDelta = s.privacy.delta;
    plan.sampleRate = 1.0;
    if (s.privacy.noiseMultiplier > 0)
      plan.multiplier = s.privacy.noiseMultiplier;
    else if (!std::isinf(s.privacy.epsilon))
      plan.multiplier = analyticGaussianNoiseStd(s.privacy.epsilon, plan.mechanismDelta, 1.0);
    plan.noiseStd = plan.multiplier * plan.sensitivity;
    if (plan.multiplier > 0) plan.perStepEpsilon = singleReleaseEpsilon(plan.multiplier, plan.mechanismDelta);
    return plan;
  }
  if (s.variant == FlowVariant::Resampled && s.release == FlowRelease::Histogram) {
    // projection_histogram.h: exact Δ for any directions, the whole δ to the accountant.
    plan.histogram = true;
    plan.exactBound = true;
    plan.sensitivity = projectionHistogramSensitivity(s.projections, s.privacy.accountant == AccountantKind::Rdp);
    plan.mechanismDelta = s.privacy.delta;
    plan.sampleRate = std::min(1.0, double(s.batch) / double(m));
    if (s.privacy.noiseMultiplier > 0)
      plan.multiplier = s.privacy.noiseMultiplier;
    else if (!std::isinf(s.privacy.epsilon))
      plan.multiplier = flowCalibrateMultiplier(s.privacy.accountant, s.privacy.epsilon, plan.mechanismDelta,
                                                plan.sampleRate, s.steps);
    plan.noiseStd = plan.multiplier * plan.sensitivity;
    return plan;
  }
  if (s.directions == FlowDirections::Orthonormal && !usesReferenceConvention(s)) {
    // Exact sensitivity of the orthonormal blocks (flow_directions.h): the whole δ to the mechanism.
    const bool once = s.variant == FlowVariant::Pool && s.dataNoise == PoolDataNoise::Once;
    plan.exactBound = true;
    plan.releaseOnce = once;
    plan.sensitivity = orthonormalBlockSensitivity(s.variant == FlowVariant::Pool ? s.pool : s.projections, d);
    plan.mechanismDelta = s.privacy.delta;
    plan.sampleRate = s.variant == FlowVariant::Pool ? 1.0 : std::min(1.0, double(s.batch) / double(m));
    const long releases = once ? 1 : s.steps;
    if (s.privacy.noiseMultiplier > 0)
      plan.multiplier = s.privacy.noiseMultiplier;
    else if (!std::isinf(s.privacy.epsilon))
      plan.multiplier = once ? analyticGaussianNoiseStd(s.privacy.epsilon, plan.mechanismDelta, 1.0)
                             : flowCalibrateMultiplier(s.privacy.accountant, s.privacy.epsilon, plan.mechanismDelta,
                                                       plan.sampleRate, releases);
    plan.noiseStd = plan.multiplier * plan.sensitivity;
    if (plan.multiplier > 0 && s.variant == FlowVariant::Pool)
      plan.perStepEpsilon = once ? singleReleaseEpsilon(plan.multiplier, plan.mechanismDelta)
                                 : std::sqrt(2.0 * std::log(1.25 / plan.mechanismDelta)) / plan.multiplier;
    return plan;
  }
  if (s.variant == FlowVariant::Resampled) {
    const SubsampledNoisePlan sub =
        planSubsampledNoise(s.privacy.convention, s.privacy.bound, s.projections, d, s.privacy.delta, s.steps, s.privacy.epsilon, s.privacy.noiseMultiplier,
                            s.privacy.accountant, std::min(1.0, double(s.batch) / double(m)));
    plan.sensitivity = sub.sensitivity;
    plan.multiplier = sub.multiplier;
    plan.noiseStd = sub.noiseStd;
    plan.mechanismDelta = sub.mechanismDelta;
    plan.sampleRate = sub.sampleRate;
    return plan;
  }
  // DPSWflow: the pool's directions are drawn once (one bound), the whole data every step.
  const FlowConvention conv = s.privacy.convention;
  const ProjectionBound bound = resolveFlowBound(s.privacy.bound, s.pool);
  plan.sensitivity = conv == FlowConvention::Reference ? referenceFlowSensitivity(s.pool, d, s.privacy.delta)
                                                       : flowSensitivity(bound, s.pool, d, s.privacy.delta / 2);
  plan.mechanismDelta = s.privacy.delta / 2;
  plan.sampleRate = 1.0;
  plan.releaseOnce = conv != FlowConvention::Reference && s.dataNoise == PoolDataNoise::Once;  // the pool is drawn once: one bound
  if (s.privacy.noiseMultiplier > 0)
    plan.multiplier = s.privacy.noiseMultiplier;
  else if (!std::isinf(s.privacy.epsilon) && plan.releaseOnce)  // one release: exact calibration
    plan.multiplier = analyticGaussianNoiseStd(s.privacy.epsilon, plan.mechanismDelta, 1.0);
  else if (!std::isinf(s.privacy.epsilon))  // the paper's per-step (classic) calibration
    plan.multiplier = pooledFlowNoiseStd(conv, bound, s.pool, d, s.privacy.epsilon, s.privacy.delta) / plan.sensitivity;
  plan.noiseStd = plan.multiplier * plan.sensitivity;
  if (plan.multiplier > 0)
    plan.perStepEpsilon = plan.releaseOnce
                              ? singleReleaseEpsilon(plan.multiplier, plan.mechanismDelta)  // exact ε of the one release
                              : std::sqrt(2.0 * std::log(1.25 / (s.privacy.delta / 2))) / plan.multiplier;
  return plan;
}

/// ε after t steps: DPSWflow-r and DPSWflow (paper) by the
/// accountant, DPSWflow (reference) the per-step claim.
double epsilonAfter(const DpswFlowSettings& s, const NoisePlan& plan, long t) {
  if (plan.multiplier == 0) return std::numeric_limits<double>::infinity();
  if (s.variant == FlowVariant::Pool && (usesReferenceConvention(s) || plan.releaseOnce)) return plan.perStepEpsilon;
  return flowEpsilonSpent(s.privacy.accountant, plan.multiplier, plan.sampleRate, t, plan.mechanismDelta);
}

std::vector<Group> makeGroups(const DpswFlowSettings& s, const FlowData& data, Rng& rng) {
  std::vector<Group> groups;
  const Eigen::Index m = data.privateData.rows(), d = data.privateData.cols();
  if (!s.data.perClass) {
    groups.push_back({data.privateData, standardNormal(s.particles, d, rng), 0, s.batch});
    return groups;
  }
  for (int c = 0; c < 10; ++c) {
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i < m; ++i)
      if (data.privateLabels[std::size_t(i)] == c) rows.push_back(i);
    // The class list is public: every class gets its flow and its releases, rows or not (skipping an
    // empty class would let one added row create a whole flow).
    Group g;
    g.label = c;
    g.data.resize(Eigen::Index(rows.size()), d);
    for (std::size_t r = 0; r < rows.size(); ++r) g.data.row(Eigen::Index(r)) = data.privateData.row(rows[r]);
    g.batch = std::max<long>(1, std::lround(double(s.batch) * double(rows.size()) / double(m)));
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

}  // namespace

RunResult runDpswFlow(const DpswFlowSettings& settings, std::uint64_t seed, RunObserver& observer) {
  validate(settings);
  FlowData data = loadFlowTarget(settings.data.target, settings.data.toySize, seed, settings.data.fashionDir);
  if (settings.editData) settings.editData(data);
  const long m = long(data.privateData.rows()), d = long(data.privateData.cols());
  DpswFlowSettings s = settings;
  if (s.projections == 0) s.projections = d;  // one orthonormal basis per step: Δ = 2 exactly
  require(s.variant != FlowVariant::Pool || s.pool >= s.projections, "the pool of directions (", s.pool,
          ") must hold at least the k = ", s.projections, " directions used per step");
  require(s.variant == FlowVariant::Pool || s.batch <= m, "the batch size ", s.batch, " exceeds the ", m,
          " private rows");
  // q = batch / (a public nominal count if given, else m, which the statement then treats as public).
  const NoisePlan plan = planNoise(s, s.variant == FlowVariant::Resampled && s.publicRows > 0 ? s.publicRows : m, d);
  Rng initRng = makeRng(seed, 1);
  std::vector<Group> groups = makeGroups(s, data, initRng);
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
    released[gi] = histogramQuantiles(releaseProjectionHistograms(groups[gi].data, pool, s.bins, plan.noiseStd,
                                                                  plan.sensitivity, s.privacy.noiseSource, noiseRng),
                                      s.histogramCutoff * plan.noiseStd, s.quantiles);
  }
  for (std::size_t gi = 0; gi < released.size() && !plan.histogram; ++gi) {
    released[gi] = pool * groups[gi].data.transpose();
    if (plan.noiseStd > 0) {  // one record moves one column: K coordinates of L2 norm <= Δ
      Rng noiseRng = makeRng(seed, 8 + gi);
      gaussianFor(s.privacy.noiseSource, plan.noiseStd, plan.sensitivity, s.pool)
          .addTo(std::span<double>(released[gi].data(), std::size_t(released[gi].size())), s.privacy.noiseSource,
                 noiseRng);
    }
    for (Eigen::Index j = 0; j < released[gi].rows(); ++j)
      std::sort(released[gi].row(j).data(), released[gi].row(j).data() + released[gi].cols());
  }
  std::vector<Eigen::Index> fixedSubset;  // reference convention: one subset, with replacement
  if (s.variant == FlowVariant::Pool && s.privacy.convention == FlowConvention::Reference) {
    std::uniform_int_distribution<Eigen::Index> pick(0, s.pool - 1);
    for (long j = 0; j < s.projections; ++j) fixedSubset.push_back(pick(poolRng));
  }
  Rng probeRng = makeRng(seed, 3);
  const Points probe = randomDirections(200, d, probeRng);
  const double scale2 = data.displayScale * data.displayScale;
  auto sw2ToHeldOut = [&](const Points& X) {
    return scale2 * slicedW2Squared(X, data.heldOut, probe).value;
  };
  // The sampling floor from public data only (a public sample of the private data's law and size, flow_data.h):
  // computed on the private rows it would be a statistic outside the mechanism.
  const double floor = scale2 * slicedW2Squared(data.reference, data.heldOut, probe).value;

  // One point per chart update, decimated beyond 2000 (flat memory in long runs). The live curve reads
  // at most kLiveParticles particles (the first ones: i.i.d. at the start), so a frame stays cheap with
  // 10⁵ particles; the final metric reads them all.
  constexpr Eigen::Index kLiveParticles = 10000;
  const Eigen::Index totalParticles = [&] {
    Eigen::Index n = 0;
    for (const auto& g : groups) n += g.X.rows();
    return n;
  }();
  DecimatedSeries sw{totalParticles > kLiveParticles
                         ? "particles (first " + std::to_string(kLiveParticles) + ") → held-out"
                         : std::string("particles → held-out")}, swFloor{"reference sample → held-out (floor)"};
  DecimatedSeries epsAcc{plan.releaseOnce ? "one release, reused by every step"
                         : s.variant == FlowVariant::Pool ? "accountant (q = 1)" : "accountant"};
  DecimatedSeries epsBasic{"basic composition"};
  const auto start = std::chrono::steady_clock::now();
  double flowSeconds = 0;

  auto publish = [&](long step) {
    const Points X = allParticles(groups);
    sw.append(double(step), sw2ToHeldOut(X.topRows(std::min(X.rows(), kLiveParticles))));
    swFloor.append(double(step), floor);
    observer.onFrame(makeFrame("sw2", "SW₂² to held-out data", step,
                               LinesFrame{"step", "SW₂²", {sw.series(), swFloor.series()}, false, true}));
    PointsFrame pf{d >= 2 ? "x₁" : "x", d >= 2 ? "x₂" : "", {}, {}, {"particles", "held-out target"}};
    const Eigen::Index showX = std::min<Eigen::Index>(X.rows(), 2000), showY = std::min<Eigen::Index>(data.heldOut.rows(), 2000);
    const Eigen::Index cols = std::min<Eigen::Index>(d, 2);
    pf.xy = Points::Zero(showX + showY, 2);
    pf.xy.topLeftCorner(showX, cols) = data.displayScale * X.topLeftCorner(showX, cols);
    pf.xy.bottomLeftCorner(showY, cols) = data.displayScale * data.heldOut.topLeftCorner(showY, cols);
    pf.label.assign(std::size_t(showX), 0);
    pf.label.insert(pf.label.end(), std::size_t(showY), 1);
    const std::string shown = X.rows() > showX ? "; " + std::to_string(showX) + " of " + std::to_string(X.rows()) + " shown" : "";
    observer.onFrame(makeFrame("particles", "Particles and target (first two coordinates" + shown + ")", step, std::move(pf)));
    if (data.hasImages) {
      Points sample(0, d);
      if (groups.size() > 1) {  // four per class
        sample.resize(Eigen::Index(4 * groups.size()), d);
        for (std::size_t g = 0; g < groups.size(); ++g)
          for (int r = 0; r < 4; ++r) sample.row(Eigen::Index(4 * g + r)) = groups[g].X.row(r % groups[g].X.rows());
      } else {
        sample = X.topRows(std::min<Eigen::Index>(X.rows(), 40));
      }
      observer.onFrame(makeFrame("samples", "Decoded particles", step,
                                 ImagesFrame{data.width, data.height, decodeImages(data, sample, sample.rows())}));
    }
    if (plan.multiplier > 0 && step > 0) {
      const double e = epsilonAfter(s, plan, step);
      if (std::isfinite(e)) epsAcc.append(double(step), e);
      std::vector<Series> curves;
      if (!epsAcc.empty()) curves.push_back(epsAcc.series());
      if (s.variant == FlowVariant::Pool && s.privacy.convention != FlowConvention::Reference && !plan.releaseOnce) {
        epsBasic.append(double(step), double(step) * plan.perStepEpsilon);
        curves.push_back(epsBasic.series());
      }
      if (!curves.empty())
        observer.onFrame(makeFrame("epsilon", "Privacy spent ε vs step", step, LinesFrame{"step", "ε", curves}));
    }
  };

  const long averageFrom = s.averageTail > 0 ? long(std::floor(double(s.steps) * (1.0 - s.averageTail))) : s.steps;
  std::vector<Points> average(groups.size());
  publish(0);
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
        const std::vector<Eigen::Index> rows = drawMinibatchRows(
            g.data.rows(), s.privacy.accountant == AccountantKind::Rdp, plan.sampleRate, g.batch, coins.words());
        if (s.inspectBatchRows) s.inspectBatchRows(t, gi, rows);
        batch = selectRows(g.data, rows);
      }
      if (g.data.rows() == 0 && !plan.histogram) continue;  // the paper's release of no rows: nothing (counts public)
      Points targets;  // the released rows of this step's pool subset
      if (plan.releaseOnce) {
        targets = released[gi](idx, Eigen::all);
        if (s.inspectReleasedTargets) s.inspectReleasedTargets(t, gi, idx, targets);
      }
      FlowStepOptions o;
      if (plan.histogram && !plan.releaseOnce) {  // k noisy histograms of the batch (projection_histogram.h)
        const Points counts = releaseProjectionHistograms(batch, dirs, s.bins, plan.noiseStd, plan.sensitivity,
                                                          s.privacy.noiseSource, rng);
        targets = histogramQuantiles(counts, s.histogramCutoff * plan.noiseStd, s.quantiles);
        o.sortedNoisyTargets = &targets;
      }
      if (batch.rows() == 0 && !plan.releaseOnce && !plan.histogram) continue;  // an empty Poisson batch releases nothing
      if (!plan.histogram) {  // the paper's release: noise on every projection (particles' too)
        o.noiseStd = plan.noiseStd;
        o.secureNoise = secureGaussianFor(s.privacy.noiseSource, plan.noiseStd, plan.sensitivity, s.projections);
      }
      o.noiseSeed = rng();
      o.diffusionSeed = rng();
      o.quantiles = int(s.quantiles);
      o.stepSize = s.stepDecay > 0 ? s.stepSize / (1.0 + double(t) / s.stepDecay) : s.stepSize;
      o.regularisation = s.regularisation;
      if (plan.releaseOnce) o.sortedNoisyTargets = &targets;
      slicedFlowStep(g.X, plan.releaseOnce || plan.histogram ? g.X : batch, dirs, o);  // (Y unread when released)
      if (data.unitSphere && s.projectSupport == 2) g.X.rowwise().normalize();
      if (t >= averageFrom) {
        if (average[gi].size() == 0) average[gi] = Points::Zero(g.X.rows(), g.X.cols());
        average[gi] += g.X;
        if (t + 1 == s.steps) g.X = average[gi] / double(s.steps - averageFrom);
      }
      if (data.unitSphere && s.projectSupport >= 1 && t + 1 == s.steps) g.X.rowwise().normalize();
    }
    flowSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (frameDue(t + 1, s.frameEvery, s.steps)) publish(t + 1);
    observer.onProgress(t + 1, s.steps);
  }

  RunResult result;
  const Points X = allParticles(groups);
  result.metrics["sw2_heldout"] = X.rows() > kLiveParticles ? sw2ToHeldOut(X) : sw.lastY();
  result.metrics["sw2_floor"] = floor;
  result.metrics["noise_std"] = plan.noiseStd;
  result.metrics["sensitivity"] = plan.sensitivity;
  result.metrics["noise_multiplier"] = plan.multiplier;
  result.metrics["sample_rate"] = plan.sampleRate;
  result.metrics["steps_per_second"] = double(s.steps) / std::max(flowSeconds, 1e-12);
  result.metrics["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double eps = epsilonAfter(s, plan, s.steps);
  result.metrics["epsilon"] = eps;
  if (s.variant == FlowVariant::Pool && plan.multiplier > 0) {
    result.metrics["epsilon_per_step"] = plan.perStepEpsilon;
    if (!plan.releaseOnce) result.metrics["epsilon_basic_composition"] = double(s.steps) * plan.perStepEpsilon;
  }
  if (data.publicData.size() > 0) {  // Fréchet distance in the public LDA feature space (frechet_features.h)
    const PublicFeatureMap features = fitPublicFeatureMap(data.publicData, data.publicLabels);
    const Points heldOutFeatures = features.apply(data.heldOut);
    result.metrics["frechet_public"] = frechetDistance(features.apply(X), heldOutFeatures);
    result.metrics["frechet_floor"] = frechetDistance(features.apply(data.reference), heldOutFeatures);  // public
  }
  if (s.data.perClass) {
    std::vector<int> labels;
    for (const auto& g : groups) labels.insert(labels.end(), std::size_t(g.X.rows()), g.label);
    result.metrics["nn_accuracy"] = nearestNeighbourAccuracy(X, labels, data.heldOut, data.heldOutLabels);
    result.metrics["nn_accuracy_real"] =  // real latents of the public half (the private ones are not released)
        nearestNeighbourAccuracy(data.reference, data.referenceLabels, data.heldOut, data.heldOutLabels);
  }

  std::ostringstream st;
  const char* name = s.variant == FlowVariant::Pool ? "DPSWflow" : "DPSWflow-r";
  if (plan.multiplier == 0) {
    st << "No privacy: ε = ∞ (no noise on the projections), " << s.steps << " steps of " << name << ".";
  } else if (plan.histogram && plan.releaseOnce) {
    st << "(ε = " << fmt(eps) << ", δ = " << s.privacy.delta << "): the " << s.pool
       << " pool directions' noisy histograms of all " << m << " rows (" << s.bins
       << " bins on [−1, 1]) are released once by the Gaussian mechanism (noise std " << fmt(plan.noiseStd)
       << " counts, multiplier " << fmt(plan.multiplier) << ", Δ = √(2K) = " << fmt(plan.sensitivity)
       << ": replace-one, a row leaves one bin and enters one of each histogram, exact, no δ on a bound; ε exact for "
          "one Gaussian release) and reused by all "
       << s.steps << " steps; the particles (public) get no noise";
    if (s.data.perClass) st << ", per class (parallel composition)";
  } else if (plan.histogram) {
    const bool poisson = s.privacy.accountant == AccountantKind::Rdp;
    st << "(ε = " << fmt(eps) << ", δ = " << s.privacy.delta << ") by the " << accountantName(s.privacy.accountant)
       << ", q = " << fmt(plan.sampleRate) << (poisson ? " (Poisson)" : " (fixed batch)") << ", " << s.steps
       << " steps, noise multiplier " << fmt(plan.multiplier) << ". Each step releases " << s.projections
       << " noisy histograms (" << s.bins << " bins on [−1, 1]) of the batch's projections: Gaussian noise of std "
       << fmt(plan.noiseStd) << " counts, Δ = " << fmt(plan.sensitivity)
       << (poisson ? " = √k (add/remove neighbours: an added row adds one count to each histogram; a replaced row "
                     "is two such changes)"
                   : " = √(2k) (replace-one neighbours: one row leaves one bin and enters one of each histogram)")
       << ", exact for any directions, so no δ is spent on a bound; counts below " << fmt(s.histogramCutoff)
       << " noise std are read as empty and the particles (public) move toward the released quantiles with no "
          "noise of their own (post-processing)";
    if (s.data.perClass)
      st << "; per class: each record is in one class, so one added/removed record changes one flow (parallel "
            "composition at ε)";
  } else if (s.variant == FlowVariant::Resampled) {
    st << "(ε = " << fmt(eps) << ", δ = " << s.privacy.delta << ") by the " << accountantName(s.privacy.accountant) << ", q = " << fmt(plan.sampleRate) << (s.privacy.accountant == AccountantKind::Rdp ? " (Poisson)" : " (fixed batch)") << ", "
       << s.steps << " steps, noise multiplier " << fmt(plan.multiplier) << ", Δ = " << fmt(plan.sensitivity)
       << (plan.exactBound ? " (exact: orthonormal direction blocks, the whole δ to the accountant). " : ". ")
       << flowPrivacyTerms(s.privacy, true, s.data.perClass, s.projections, s.steps, plan.sampleRate, plan.sensitivity);
  } else if (plan.releaseOnce) {
    st << "(ε = " << fmt(eps) << ", δ = " << s.privacy.delta << "): the pool's noisy data projections (" << s.pool
       << " directions x " << m << " rows) are released once by the Gaussian mechanism (multiplier "
       << fmt(plan.multiplier) << ", Δ = " << fmt(plan.sensitivity)
       << (plan.exactBound ? ", exact for orthonormal blocks, δ to the mechanism"
                           : ", probabilistic bound at δ/2, δ/2 to the mechanism")
       << ", ε exact for one Gaussian release) and reused by all " << s.steps
       << " steps; the particle-side noise is fresh every step and touches no data";
    if (s.data.perClass) st << ", per class (parallel composition)";
  } else if (s.privacy.convention == FlowConvention::Reference) {
    st << "Reference convention: (ε = " << fmt(plan.perStepEpsilon) << ", δ = " << s.privacy.delta
       << ") per step by the classic Gaussian mechanism only; the " << s.steps
       << " steps are NOT composed (as the public code), so this is not a guarantee for the run";
  } else {
    st << "Per step (ε = " << fmt(plan.perStepEpsilon) << ", δ/2) classic Gaussian mechanism, Δ of the pool of "
       << s.pool << "; over " << s.steps << " steps basic composition gives ε = "
       << fmt(double(s.steps) * plan.perStepEpsilon) << " at δ = " << fmt((double(s.steps) + 1) * s.privacy.delta / 2)
       << " (T δ/2 + δ/2)";
    st << "; the " << accountantName(s.privacy.accountant) << " composes them (q = 1) to ε = " << fmt(eps) << " at δ = "
       << s.privacy.delta << " (δ/2 + the bound's δ/2). "
       << flowPrivacyTerms(s.privacy, false, s.data.perClass, s.pool, 1, 1.0, plan.sensitivity);
  }
  if (s.variant == FlowVariant::Resampled && plan.multiplier > 0)
    st << (s.publicRows > 0 ? "; q = batch / " + std::to_string(s.publicRows) + " (the public nominal row count)"
                            : "; q = batch / m with the private row count m = " + std::to_string(m) + " taken as public");
  st << ". Choices: " << (plan.histogram ? "histogram release, " : "the paper's noisy projections, ")
     << "k = " << s.projections << (ortho ? " orthonormal-block" : " i.i.d. random") << " directions per step";
  if (s.variant == FlowVariant::Pool) st << " from a pool of " << s.pool;
  if (s.stepDecay > 0)
    st << ", step h_t = " << fmt(s.stepSize) << " / (1 + t/" << fmt(s.stepDecay) << ")";
  else
    st << ", constant step h = " << fmt(s.stepSize);
  if (s.averageTail > 0) st << ", particles averaged over the last " << fmt(100 * s.averageTail) << "% of the steps";
  st << ".";
  result.privacyStatement = st.str();
  if (plan.multiplier > 0) {  // teaching or secure mode (privacy/mechanisms/mechanisms.h)
    // The grid of the release actually drawn: its dimension is that of the noisy vector.
    const Mechanism law = secureGaussianFor(s.privacy.noiseSource, plan.noiseStd, plan.sensitivity,
                                            plan.histogram ? (plan.releaseOnce ? s.pool : s.projections) * s.bins
                                            : s.variant == FlowVariant::Pool ? s.pool
                                                                             : s.projections);
    const double proven = plan.releaseOnce || s.variant == FlowVariant::Pool
                              ? std::numeric_limits<double>::quiet_NaN()
                              : flowProvenSecureEpsilon(s.privacy.accountant, law, plan.sampleRate, s.steps,
                                                        plan.mechanismDelta);
    if (std::isfinite(proven)) result.metrics["epsilon_proven"] = proven;
    result.privacyStatement += noiseSourceStatement(
        s.privacy.noiseSource, law,
        plan.releaseOnce ? SecureAccounting::Unsubsampled : flowSecureAccounting(s.privacy.accountant, plan.sampleRate),
        proven);
  }
  return result;
}

namespace {

// Chosen from measurements on ring5 (ε = 5, 10) and Fashion-MNIST per class (ε = 5), docs/flow-results.md.
constexpr double kDefaultStepSize = 3.0;
constexpr double kDefaultStepDecay = 20.0;

std::vector<ParamSpec> flowParams(FlowVariant variant) {
  using K = ParamKind;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<ParamSpec> p = {
      {"particles", "Particles n", K::Integer, 5000, 1, 1e6, false, {}, {}, "particles",
       "Number of particles, initialised from N(0, I) ([DPSWFlow] §3.2; reference 10000)."},
      {"projections", "Directions per step k", K::Integer, variant == FlowVariant::Pool ? 30.0 : 0.0, 0, 10000, false, {},
       {}, "directions",
       variant == FlowVariant::Pool
           ? "Pool directions used per step, 0 = d ([DPSWFlow] Alg. 2; reference 25)."
           : "Fresh directions per step, 0 = d (one orthonormal basis). Histogram release (the default): k noisy "
             "histograms per step, Δ = √k (add/remove, rdp) or √(2k) (replace-one), so the noise per count grows "
             "like √k. Projection release: Δ = 2 exactly for one orthonormal basis and the per-projection noise grows "
             "like √⌈k/d⌉, so more directions per step buy nothing under privacy (docs/flow-results.md; [DPSWFlow] "
             "Alg. 1, reference 70)."},
  };
  if (variant == FlowVariant::Pool)
    p.push_back({"pool", "Pool of directions K", K::Integer, 70, 1, 10000, false, {}, {}, "directions",
                 "Directions drawn once; the sensitivity uses K ([DPSWFlow] Alg. 2; reference 70)."});
  p.insert(p.end(), {
      {"quantiles", "Quantiles P", K::Integer, 100, 2, 1e6, false, {}, {}, "",
       "Levels u = linspace(0, 1, P) of the quantile functions ([DPSWFlow] Eq. 21; reference 30000, toy 100)."},
      {"step_size", "Step size h", K::Real, kDefaultStepSize, 1e-6, 100, false, {}, {}, "",
       "Euler–Maruyama step h₀ ([DPSWFlow] Eq. 18; reference 3), decayed by step_decay."},
      {"regularisation", "Regularisation λ", K::Real, 0.0, 0, 10, false, {}, {}, "",
       "Entropic regularisation: diffusion √(2 h λ) N(0, I) per step ([DPSWFlow] Eq. 18; reference 0).", true, true},
  });
  p.insert(p.end(), {
        {"release", "Release", K::Choice, 0, -inf, inf, false, {"histogram", "projections"}, "histogram", "",
         variant == FlowVariant::Pool
             ? "histogram: the K pool directions' noisy histograms of the data, released once (Δ = √(2K), the "
               "particles get no noise; beyond the paper, docs/flow-results.md); projections: the paper's Gaussian "
               "noise on every projected row and particle ([DPSWFlow] Alg. 2)."
             : "histogram: each step releases k noisy histograms of the batch projections (Δ = √k add/remove, the "
               "particles get no noise; beyond the paper, docs/flow-results.md); projections: the paper's Gaussian "
               "noise on every projected row and particle ([DPSWFlow] §3.2)."},
        {"bins", "Histogram bins B", K::Integer, 32, 2, 4096, false, {}, {}, "bins",
         "Histogram release: equal bins on [−1, 1] (the noise per bin does not depend on B; more bins = finer but "
         "noisier quantiles).", true, true},
        {"histogram_cutoff", "Histogram cutoff τ", K::Real, 2.0, 0, 10, false, {}, {}, "noise std",
         "Histogram release: noisy counts below τ noise std are read as empty (post-processing, no privacy cost).",
         true, true},
    });
  if (variant == FlowVariant::Resampled) {
    p.push_back({"batch", "Batch size", K::Integer, 250, 1, 1e7, false, {}, {}, "rows",
                 "Minibatch of private rows per step; q = batch / m ([DPSWFlow] Alg. 1; reference 250)."});
    p.push_back({"public_rows", "Public row count (0 = m)", K::Integer, 0, 0, 1e9, false, {}, {}, "rows",
                 "A public nominal row count for q = batch / public_rows, so that q does not depend on the private "
                 "data; 0 uses the private row count m and the statement lists it as public.", true, true});
  }
  p.push_back(noiseSourceParam("the exact discrete Gaussian (Canonne, Kamath & Steinke 2020) on a grid of step "
                               "Δ/(64√k) added to the projections (the grid adds 1/64 to the sensitivity, the noise covers it),"));
  p.insert(p.end(), {
      {"steps", "Steps T", K::Integer, 500, 1, 1e6, false, {}, {}, "steps",
       "Number of flow steps (reference: 4200 for DPSWflow-r, 1500 for DPSWflow)."},
      {"epsilon", "Privacy budget ε", K::Real, 5.0, 1e-3, 1e6, true, {}, {}, "",
       variant == FlowVariant::Pool
           ? "ε of the Gaussian mechanism of one step (classic calibration, [DPSWFlow] App. C.5); inf = no noise."
           : "Target ε of the whole run, calibrated by the accountant ([DPSWFlow] App. C.4); inf = no noise."},
      {"delta", "δ", K::Real, 1e-5, 1e-12, 0.5, false, {}, {}, "",
       "Total δ: half for the sensitivity bound, half for the mechanism ([DP-SWD] Lemma 2)."},
      {"noise_multiplier", "Noise multiplier (0 = from ε)", K::Real, 0.0, 0, 1e4, false, {}, {}, "",
       "If > 0, noise std = this × Δ and ε is reported instead of targeted.", true, true},
      flowBoundParam("w(k, d, δ): auto = chernoff (rigorous, exact MGF); clt = the papers' approximation (not a bound); "
                     "bernstein = [DP-SWD] Lemma 2."),
  });
  if (variant == FlowVariant::Resampled)
    p.push_back(flowAccountantParam(
        "auto: rdp (Poisson sampling, add/remove, Δ = √k) for the histogram release; for the projections release "
        "rdp-wor for one flow, rdp per class. rdp-wor: fixed-size batches, replace-one (Δ = 2w, or √(2k) for "
        "histograms); rdp: Poisson sampling, add/remove."));
  p.insert(p.end(), {
      flowConventionParam("union-bound: δ/2 on the bound over all direction draws (δ/(2T) each), δ/2 to the "
                          "accountant; paper-per-draw: the paper's δ/2 per draw, not union-bounded; reference: the "
                          "public dpswgf code's choices (see docs)."),
      {"target", "Target", K::Choice, 0, -inf, inf, false, flowTargetIds(), "ring5", "",
       "2-D toy or Fashion-MNIST latents (PCA-8 on the public half, [DPSWFlow] §4.2)."},
      {"toy_size", "Toy data size", K::Integer, 10000, 2, 1e7, false, {}, {}, "points",
       "Private (and as many held-out) points of a toy target.", true, true},
      {"per_class", "One flow per class", K::Integer, 0, 0, 1, false, {}, {}, "",
       "Fashion-MNIST: one flow per label (parallel composition) and a 1-NN label check (cf. [DP-SWD] Table 2).",
       true, true},
      {"frame_every", "Frame every", K::Integer, 10, 1, 1e6, false, {}, {}, "steps", "Chart refresh period after the first 20 steps, which are all drawn (the particles are seen travelling).", false,
       true},
      {"direction_draw", "Direction draw", K::Choice, 0, -inf, inf, false, {"orthonormal", "random"}, "orthonormal", "",
       "orthonormal: stacked Haar orthonormal bases, exact sensitivity 2√⌈k/d⌉ and no δ spent on a bound; "
       "random: i.i.d. directions with the CLT/Bernstein bound (the paper's and reference code's choice).",
       true, true},
      {"step_decay", "Step decay τ", K::Real, kDefaultStepDecay, 0, 1e9, false, {}, {}, "steps",
       "Step schedule h_t = h / (1 + t/τ); 0 = constant h (the paper). Post-processing: costs no privacy.", true, true},
      {"average_tail", "Averaged tail", K::Real, 0.0, 0, 0.99, false, {}, {}, "",
       "Each particle's position averaged over this final fraction of the steps (post-processing); 0 = last "
       "iterate.", true, true},
  });
  p.push_back({"project_support", "Project onto the support", K::Choice, 0, -inf, inf, false,
               {"final", "every_step", "off"}, "final", "",
               "Fashion-MNIST latents lie on the unit sphere by construction (public): normalise the particles onto "
               "it at the end (default: halves SW₂² at ε = 5, same 1-NN accuracy), after every step (lower SW₂², "
               "lower 1-NN accuracy), or never (the paper). Post-processing: no privacy cost.",
               true, true});
  if (variant == FlowVariant::Pool)
    p.push_back({"data_noise", "Data-side noise", K::Choice, 0, -inf, inf, false, {"once", "every_step"}, "once", "",
                 "once: the pool's noisy data projections are released once and reused (the run's ε is that "
                 "release's, [DPSWFlow] Alg. 2); every_step: fresh data noise each step, the steps compose.",
                 true, true});
  return p;
}

MethodInfo flowMethod(FlowVariant variant) {
  MethodInfo m;
  const bool pool = variant == FlowVariant::Pool;
  m.id = pool ? "dpswflow" : "dpswflow-r";
  m.title = pool ? "DPSWflow (pool of directions)" : "DPSWflow-r (resampled directions)";
  m.paper = pool ? "[DPSWFlow] Alg. 2" : "[DPSWFlow] Alg. 1";
  m.summary =
      std::string("Particles start as Gaussian noise and flow toward the private data along sliced-Wasserstein "
                  "directions: each step projects particles and data on random directions, matches their quantiles "
                  "and moves each particle toward its target quantile. ") +
      (pool ? std::string("By default the noisy histograms of the data's projections on the K pool directions are "
                          "released once (a replaced row moves one count out of and one into each histogram: Δ = "
                          "√(2K) exactly) and every step reuses them; the particles are public and get no noise. "
                          "release = projections gives the paper's mechanism: Gaussian noise on every projection of "
                          "the data and of the particles. ")
            : std::string("By default each step releases, per direction, a noisy histogram of the batch's projections "
                          "(an added or removed row changes one count in each histogram, so Δ = √k exactly, and the noise "
                          "does not grow with the batch); the particles are public and move toward the histogram's quantiles with "
                          "no noise of their own. release = projections gives the paper's mechanism instead: Gaussian "
                          "noise on every projection, whose shared noisy quantiles kick the particles by about "
                          "1.25·s·√(1/b + 1/n). ")) +
      "The directions are orthonormal blocks by default (no δ spent on a bound) and the step decays as "
      "h/(1 + t/τ); direction_draw = random and step_decay = 0 give the paper's choices. The run's privacy "
      "statement lists the choices used. " +
      (pool ? "This variant draws a pool of directions once and uses a subset per step on the whole data; the "
              "data-side release is made once and reused, so every step after the first is free (with release = "
              "projections, data_noise = every_step draws fresh noise and composes the steps)."
            : "This variant draws fresh directions and a fresh minibatch every step; an accountant adds up the "
              "privacy of all steps.");
  m.params = flowParams(variant);
  m.privacy.chart = "epsilon";  // first series: the accountant's ε; the pool's basic composition is second
  m.privacy.metric = "epsilon";
  m.grid = {pool ? std::vector<std::string>{"epsilon", "projections", "pool", "steps", "step_size", "particles", "noise_multiplier"}
                : std::vector<std::string>{"epsilon", "projections", "bins", "steps", "step_size", "batch", "particles", "noise_multiplier"},
            {"sw2_heldout", "sw2_floor", "noise_multiplier", "epsilon"},
            "particles"};
  m.run = [variant](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runDpswFlow(DpswFlowSettings::fromParams(p, variant), seed, obs);
  };
  return m;
}

}  // namespace

MethodInfo dpswFlowResampledMethod() { return flowMethod(FlowVariant::Resampled); }
MethodInfo dpswFlowPoolMethod() { return flowMethod(FlowVariant::Pool); }

}  // namespace dpw
