#include "methods/fair_regression.h"

#include <cmath>
#include <filesystem>
#include <numeric>
#include <sstream>

#include "core/error.h"
#include "core/parameter_text.h"
#include "core/rng.h"
#include "core/run_stop.h"
#include "privacy/privacy_params.h"
#include "data/communities_crime.h"
#include "data/data_files.h"
#include "data/law_school.h"
#include "fair_regression/barycenter_lp.h"
#include "fair_regression/fair_pipeline.h"
#include "fair_regression/fair_sweep.h"
#include "fair_regression/fair_transport.h"
#include "fair_regression/least_squares_scores.h"
#include "fair_regression/lower_envelope.h"
#include "privacy/ledger/default_delta.h"
#include "privacy/ledger/joint_claim.h"
#include "privacy/mechanisms/private_sampling.h"

namespace dpw {
namespace {

std::string formatNumber(double x) {
  if (std::isinf(x)) return "inf";
  std::ostringstream os;
  os << x;
  return os.str();
}

// A named data set is the bundled copy unless data_path overrides it; a CSV needs data_path.
std::string dataFile(const FairRegressionSettings& s, const std::string& bundledName) {
  if (s.dataPath.empty()) return bundledDataFile(bundledName);
  return resolveUserFile(s.dataPath, s.baseDirectory);
}

}  // namespace

FairRegressionSettings FairRegressionSettings::fromParams(const ParamValues& p) {
  FairRegressionSettings s;
  s.dataset = fairRegressionDataSets().parse(p.text("dataset"));
  s.dataPath = p.text("data_path");
  s.baseDirectory = p.baseDirectory();
  s.scoreColumn = p.text("score_column");
  s.groupColumn = p.text("group_column");
  if (!p.text("group_values").empty()) s.groupValues = splitList(p.text("group_values"), "group_values");
  s.featureColumns = splitList(p.text("feature_columns"), "feature_columns");
  s.leastSquaresScores = p.text("scores") == "least-squares";
  s.regressorFraction = p.real("regressor_fraction");
  s.lo = p.real("lo");
  s.hi = p.real("hi");
  s.bins = p.integer("bins");
  for (double k : parseNumberList(p.text("bins_sweep"), "bins_sweep")) {
    require(k >= 1 && k == std::floor(k) && k <= 2000, "bins_sweep: k must be an integer in 1..2000, got ", k);
    s.extraBins.push_back(int(k));
  }
  s.alpha = p.real("alpha");
  s.alphaSweep = alphaSweeps().parse(p.text("alpha_sweep"));
  s.epsilon = p.real("epsilon");
  s.epsilons = parseNumberList(p.text("epsilons"), "epsilons");
  s.mechanism = parseNoiseMechanism(p.text("mechanism"));
  s.secureNoise = readNoiseSource(p) == NoiseSource::OsEntropy;
  s.delta = p.real("delta");
  s.testFraction = p.real("test_fraction");
  s.seeds = p.integer("seeds");
  s.syntheticRows = p.integer("synthetic_rows");
  s.syntheticGroups = p.integer("synthetic_groups");
  return s;
}

GroupedScores loadFairRegressionData(const FairRegressionSettings& s, std::uint64_t seed) {
  switch (s.dataset) {
    case FairRegressionData::Synthetic: return syntheticGroupedScores(s.syntheticRows, int(s.syntheticGroups), seed);
    case FairRegressionData::Law: return loadLawSchool(dataFile(s, "bar_pass_prediction.csv"));
    case FairRegressionData::Communities: return loadCommunitiesCrime(dataFile(s, "communities.data")).data;
    case FairRegressionData::Csv: break;
  }
  require(!s.scoreColumn.empty() && !s.groupColumn.empty(), "a CSV data set needs score_column and group_column");
  require(!s.leastSquaresScores || !s.featureColumns.empty(),
          "least-squares scores on a CSV file need feature_columns (comma-separated numeric columns)");
  return loadGroupedScoresCsv(resolveUserFile(s.dataPath, s.baseDirectory), s.scoreColumn, s.groupColumn, s.groupValues, s.lo, s.hi,
                              s.leastSquaresScores ? s.featureColumns : std::vector<std::string>{});
}

std::vector<double> smallAlphaGrid() { return {0.0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 1.0}; }

RunResult runFairRegression(const FairRegressionSettings& settings, std::uint64_t seed, RunObserver& observer) {
  FairRegressionSettings s = settings;  // δ auto is resolved from the training rows below
  require(s.bins >= 1, "the number of bins k must be at least 1, got ", s.bins);
  require(s.alpha >= 0 && !std::isnan(s.alpha), "the KS tolerance alpha must be >= 0, got ", s.alpha);
  require(s.epsilon > 0 && !std::isnan(s.epsilon), "epsilon must be > 0 (or inf), got ", s.epsilon);
  require(s.seeds >= 1, "seeds must be at least 1, got ", s.seeds);
  require(std::isfinite(s.lo) && std::isfinite(s.hi) && s.lo < s.hi,
          "the score bounds must be finite with lo < hi, got lo = ", s.lo, ", hi = ", s.hi);
  require(!s.secureNoise || isDiscrete(s.mechanism), "noise_source os-entropy: ", secureNeedsDiscreteMessage(), "; got ",
          noiseMechanismId(s.mechanism));
  throwIfCancelled(observer);
  observer.onStatus("loading the scores and releasing each group's noisy histogram");
  GroupedScores data = loadFairRegressionData(s, seed);
  data.validate();
  RegressorScores regressor;
  if (s.leastSquaresScores) {  // f fitted on rows set aside (public, as [FairReg] §2 takes f as given)
    Rng regressorRng = makeRng(seed, 6);
    regressor = leastSquaresScores(data, s.regressorFraction, regressorRng);
    data = regressor.data;
  }

  FairSweepSettings sw;
  sw.bins = {int(s.bins)};
  for (int k : s.extraBins)
    if (k != s.bins) sw.bins.push_back(k);
  sw.epsilons = s.epsilons.empty() ? std::vector<double>{s.epsilon} : s.epsilons;
  std::size_t mainEps = sw.epsilons.size();
  for (std::size_t e = 0; e < sw.epsilons.size(); ++e)
    if (sw.epsilons[e] == s.epsilon) mainEps = e;
  if (mainEps == sw.epsilons.size()) sw.epsilons.push_back(s.epsilon);
  // α = s.alpha comes first: the metrics read α index 0, whose LP is solved cold and whose prediction
  // draws use stream 0, so the extra α values of the chart leave every reported number unchanged.
  sw.alphas = {s.alpha};
  if (s.alphaSweep != FairRegressionSettings::AlphaSweep::None)
    for (double a : s.alphaSweep == FairRegressionSettings::AlphaSweep::Paper ? paperAlphaGrid() : smallAlphaGrid())
      if (a != s.alpha) sw.alphas.push_back(a);
  sw.mechanism = s.mechanism;
  sw.secureNoise = s.secureNoise;
  sw.delta = s.delta;
  sw.seeds = s.seeds;
  sw.firstSeed = seed;
  sw.testFraction = s.testFraction;

  // One illustrated run (the first seed, main ε, α, first k): histograms, barycenter, transports.
  const Binning binning(data.lo, data.hi, int(s.bins));
  Rng splitRng = makeRng(seed, 0);
  PrivateSampling splitCoins(s.secureNoise ? NoiseSource::OsEntropy : NoiseSource::Seeded, splitRng);
  const PublicSplit parts = splitPublicRows(data, s.testFraction, splitCoins.words());  // fair_pipeline.h
  const GroupedScores &train = parts.train, &test = parts.test;
  // δ auto: 1/(10 n) for the n public training rows (it sets the histograms' scale 1/n; rows a CSV rule dropped
  // count, so n never moves with one row); it depends only on the row count and the test fraction (every seed's).
  const long n = long(train.publicSize());
  if (s.delta == 0) s.delta = defaultDelta(n);
  sw.delta = s.delta;
  Rng noiseRng = makeRng(seed, 3);
  const HistogramNoise noise{s.epsilon, s.delta, s.mechanism, s.secureNoise};
  const GroupDistributions released = privateGroupDistributions(train, binning, noise, noiseRng, s.inspectReleasedHistogram);
  observer.onStatus("solving the barycenter LP on the noisy histograms");
  BarycenterLp lp(released);
  const BarycenterSolution sol = lp.solve(s.alpha, [&] { return observer.cancelRequested(); });
  const FairTransport transport(sol, binning);
  Rng predictRng = makeRng(seed, 4);
  const std::vector<double> predicted = transport.predict(test.scores, test.groups, predictRng);

  const int m = data.groupCount(), k = int(s.bins);
  auto groupHistogram = [&](const std::vector<double>& values, const std::vector<int>& groups,
                            const std::vector<long>& sizes) {
    HistogramFrame h{"score", binning.edges(), {}};
    for (int a = 0; a < m; ++a) h.groups.push_back({data.groupNames[a], std::vector<double>(k, 0.0)});
    for (std::size_t i = 0; i < values.size(); ++i) {
      if ((i & 0xFFFF) == 0) throwIfRunStopped();
      h.groups[groups[i]].mass[binning.index(values[i])] += 1.0 / sizes[groups[i]];
    }
    return h;
  };
  observer.onFrame(makeFrame("groups_before", "Test scores per group before post-processing", 0,
                             groupHistogram(test.scores, test.groups, test.groupSizes())));
  HistogramFrame after = groupHistogram(predicted, test.groups, test.groupSizes());
  const double bSum = std::accumulate(sol.barycenter.begin(), sol.barycenter.end(), 0.0);
  after.groups.push_back({"barycenter (LP)", sol.barycenter});
  for (double& v : after.groups.back().mass) v /= bSum > 0 ? bSum : 1.0;
  observer.onFrame(makeFrame("groups_after", "Test outputs per group after fair post-processing", 0, std::move(after)));
  // The trade-off chart comes next, empty until the sweep is done, so that it keeps a place among the
  // first charts on screen (same series names: the final frame updates it in place).
  auto curveName = [&](std::size_t kk, std::size_t e) {
    return "k=" + std::to_string(sw.bins[kk]) + " ε=" + formatNumber(sw.epsilons[e]);
  };
  // Short names: a chart on screen is about 350 px wide and its legend must stay readable.
  auto envelopeName = [&](std::size_t e) { return "envelope ε=" + formatNumber(sw.epsilons[e]); };
  const std::string baselineName = "Chzhen 2020", rawName = "raw scores";
  {
    LinesFrame empty{"SP violation (KS)", "MSE", {}, false, false};
    for (std::size_t e = 0; e < sw.epsilons.size(); ++e) {
      for (std::size_t kk = 0; kk < sw.bins.size(); ++kk) empty.series.push_back(Series{curveName(kk, e), {}, {}});
      empty.series.push_back(Series{envelopeName(e), {}, {}, true});
    }
    empty.series.push_back(Series{baselineName, {}, {}});
    empty.series.push_back(Series{rawName, {}, {}});
    observer.onFrame(makeFrame("tradeoff", "MSE vs SP violation (computing the α sweep…)", 0, std::move(empty)));
  }
  {
    // What the privacy noise does to the data the LP sees: per group, the true training distribution
    // (solid) against the released one (noisy histogram after the isotonic repair, dashed, same colour).
    HistogramFrame pv{"score", binning.edges(), {}};
    const HistogramFrame trained = groupHistogram(train.scores, train.groups, train.groupSizes());
    for (int a = 0; a < m; ++a) {
      HistogramFrame::Group truth = trained.groups[std::size_t(a)];
      truth.colour = a;
      HistogramFrame::Group priv{data.groupNames[a] + " (released)", released.pmf[std::size_t(a)]};
      priv.colour = a;
      priv.dashed = true;
      pv.groups.push_back(std::move(truth));
      pv.groups.push_back(std::move(priv));
    }
    observer.onFrame(makeFrame("private_vs_true",
                               "True (solid) vs released (dashed) at ε = " + formatNumber(s.epsilon),
                               0, std::move(pv)));
  }
  for (int a = 0; a < m; ++a) {
    // The joint plan γ_a (the LP's coupling: row i sums to the released mass of source bin i), not the
    // row-normalised kernel the prediction draws from: a bin with almost no mass is pale, not as dark as
    // one holding half the group (issue #40). The chart's colour bar gives the masses.
    HeatmapFrame hm{"fair score (target bin)", "score (source bin)", k, k, {}};
    const Points& plan = sol.couplings[std::size_t(a)];
    hm.values.assign(plan.data(), plan.data() + k * k);
    hm.x0 = hm.y0 = binning.lo();  // both axes span the score range: tick numbers in score units
    hm.x1 = hm.y1 = binning.hi();
    observer.onFrame(makeFrame("transport_" + std::to_string(a), "Transport plan: " + data.groupNames[a], 0,
                               std::move(hm)));
  }
  throwIfCancelled(observer);

  const FairSweepResult r = runFairSweep(
      data, sw, [&](long done, long total) { observer.onProgress(done, total); },
      [&] { return observer.cancelRequested(); });

  // Trade-off curves (mean over seeds) and the lower envelope per ε over all k and α.
  LinesFrame lines{"SP violation (KS)", "MSE", {}, false, false};
  for (std::size_t e = 0; e < sw.epsilons.size(); ++e) {
    std::vector<TradeoffPoint> all;
    for (std::size_t kk = 0; kk < sw.bins.size(); ++kk) {
      Series curve{curveName(kk, e), {}, {}};
      std::vector<TradeoffPoint> pts;
      for (std::size_t a = 0; a < sw.alphas.size(); ++a) pts.push_back({r.cell(kk, e, a).ks.mean, r.cell(kk, e, a).mse.mean});
      std::sort(pts.begin(), pts.end(), [](auto& x, auto& y) { return x.ks < y.ks; });
      for (const auto& p : pts) curve.x.push_back(p.ks), curve.y.push_back(p.mse), all.push_back(p);
      lines.series.push_back(std::move(curve));
    }
    Series env{envelopeName(e), {}, {}, true};  // dashed
    for (const auto& p : lowerEnvelope(all)) env.x.push_back(p.ks), env.y.push_back(p.mse);
    lines.series.push_back(std::move(env));
  }
  lines.series.push_back(Series{baselineName, {r.baselineKs.mean}, {r.baselineMse.mean}});
  lines.series.push_back(Series{rawName, {r.rawKs.mean}, {r.rawMse.mean}});
  observer.onFrame(makeFrame("tradeoff", "MSE vs SP violation (mean over seeds)", 1, std::move(lines)));

  RunResult result;
  auto put = [&](const std::string& key, const MeanStd& v) {
    result.metrics[key + "_mean"] = v.mean;
    result.metrics[key + "_std"] = v.std;
  };
  put("mse", r.cell(0, mainEps, 0).mse);
  put("ks", r.cell(0, mainEps, 0).ks);
  put("raw_ks", r.rawKs);
  put("raw_mse", r.rawMse);
  put("binning_mse", r.binningMse[0]);
  put("binning_ks", r.binningKs[0]);
  put("baseline_mse", r.baselineMse);
  put("baseline_ks", r.baselineKs);
  for (std::size_t e = 0; e < sw.epsilons.size(); ++e) {
    put("fair_eps_" + formatNumber(sw.epsilons[e]) + "_mse", r.cell(0, e, 0).mse);
    put("fair_eps_" + formatNumber(sw.epsilons[e]) + "_ks", r.cell(0, e, 0).ks);
  }
  result.metrics["lp_objective_seed0"] = sol.objective;
  result.metrics["rows"] = double(data.publicSize());  // public (the file's rows, dropped ones included)
  result.metrics["groups"] = double(m);
  result.metrics["seeds"] = double(s.seeds);
  // The run's ε is read from the release's ledger (private_histogram.h), as its statement is.
  const PrivacyLedger ledger = histogramLedger(noise, n);
  result.metrics["epsilon"] = ledger.epsilon();
  // The law's own bound (basic composition): the same claim in secure mode, whose law is the one accounted.
  result.privacy = runPrivacyOf(ledger, ledger.deltaSpent(), false);
  result.privacyStatement = describePrivacy(noise, n) +
                            " Per seed, the training split is the private data set." +
                            (isPureEpsilon(noiseLaw(s.mechanism)) ? "" : deltaWarning(s.delta, n));
  if (s.leastSquaresScores) {
    result.metrics["regressor_fit_mse"] = regressor.fit.fitMse;
    result.metrics["regressor_rows"] = double(regressor.fitRows);
    result.metrics["scores_clipped"] = double(regressor.clippedLow + regressor.clippedHigh);
    result.privacyStatement += " The " + std::to_string(regressor.fitRows) +
                               " rows the least-squares regressor was fitted on are not protected (taken as public, as "
                               "the paper takes the regressor as given).";
  }
  return result;
}

MethodInfo fairRegressionMethod() {
  using K = ParamKind;
  const double inf = std::numeric_limits<double>::infinity();
  MethodInfo m;
  m.id = "fair-regression";
  m.title = "Private fair regression (post-processing)";
  m.paper = "[FairReg] Alg. 1, §5";
  m.summary =
      "Scores of several groups (for example grade averages of students of different backgrounds) are "
      "remapped so that every group ends up with (almost) the same distribution of outputs, while each "
      "score moves as little as possible. The method counts the scores per group in k bins, adds noise to "
      "the counts so that no single person can be recognised (differential privacy), finds a common target "
      "distribution (the Wasserstein barycenter) with a linear program, and moves each group's scores to it "
      "by optimal transport. α allows the groups to differ by up to α in KS distance; ε is the privacy "
      "budget. In the trade-off chart the error (MSE) rises as the groups become fair (smaller KS); add ε "
      "values to the sweep (or run a grid over ε) to see the unfairness rise as ε shrinks.";
  m.params = {
      {"dataset", "Data set", K::Choice, 0, -inf, inf, false, fairRegressionDataSets().ids(),
       fairRegressionDataSets().id(FairRegressionData::Synthetic), "",
       "synthetic: groups with shifted Beta scores (no file). law: LSAC Law School, ugpa by race ([FairReg] §5). "
       "communities: UCI Communities & Crime, ViolentCrimesPerPop by racepctblack > 0.06. csv: any CSV file."},
      usedOnlyWhen({"data_path", "Data file", K::Text, 0, -inf, inf, false, {}, "", "",
       "Path of the data file (csv: required; law, communities: leave empty for the copy that ships with DPW Lab, or "
       "name another copy of the published file: what they keep is read from it, so private data belongs under csv). "
       "Relative paths are resolved against the scenario file's folder, then the working folder."},
                   "dataset", {"law", "communities", "csv"}),
      usedOnlyWhen({"score_column", "Score column", K::Text, 0, -inf, inf, false, {}, "", "",
       "CSV only: the numeric score column."},
                   "dataset", {"csv"}),
      usedOnlyWhen({"group_column", "Group column", K::Text, 0, -inf, inf, false, {}, "", "",
       "CSV only: the group column, its groups declared in Group values."},
                   "dataset", {"csv"}),
      usedOnlyWhen({"group_values", "Group values (public)", K::Text, 0, -inf, inf, false, {}, "0,1", "",
       "CSV only: the groups, comma-separated in order, declared without looking at the rows. A row whose group is "
       "another value (or missing), or whose score is missing, is dropped but still counted in n."},
                   "dataset", {"csv"}),
      {"scores", "Scores", K::Choice, 0, -inf, inf, false, {"targets", "least-squares"}, "targets", "",
       "targets: post-process the true targets, as in the paper's experiments ([FairReg] §5). least-squares: "
       "post-process the outputs of a least-squares regressor fitted on a share of the rows set aside "
       "(regressor_fraction); MSE is then measured against the true targets ([FairReg] §2: any given regressor f)."},
      usedOnlyWhen({"regressor_fraction", "Regressor share", K::Real, 0.3, 0.01, 0.99, false, {}, {}, "",
       "least-squares only: share of the rows used to fit the regressor and then set aside (not protected by the "
       "privacy guarantee, like any regressor given in advance).", true, true},
                   "scores", {"least-squares"}),
      usedOnlyWhen(usedOnlyWhen({"feature_columns", "Feature columns", K::Text, 0, -inf, inf, false, {}, "", "",
       "CSV with least-squares scores: comma-separated numeric input columns (missing values replaced by the "
       "column mean). Law uses lsat, male, fulltime, fam_inc, age; Communities all 101 other kept columns; "
       "synthetic a noisy copy of the score and a noise column.", true, true},
                                "scores", {"least-squares"}),
                   "dataset", {"csv"}),
      usedOnlyWhen({"lo", "Lower bound", K::Real, 0, -1e12, 1e12, false, {}, {}, "",
       "CSV only: scores must lie in [lo, hi]."},
                   "dataset", {"csv"}),
      usedOnlyWhen({"hi", "Upper bound", K::Real, 1, -1e12, 1e12, false, {}, {}, "",
       "CSV only: scores must lie in [lo, hi]."},
                   "dataset", {"csv"}),
      {"bins", "Bins k", K::Integer, 36, 1, 2000, false, {}, {}, "bins",
       "Number of histogram bins on [lo, hi] ([FairReg] Alg. 1; paper: 36 for Law, 12 for Communities). Fewer "
       "bins favour fairness at the expense of error ([FairReg] Thm. 3.3)."},
      {"bins_sweep", "More k values", K::Text, 0, -inf, inf, false, {}, "", "",
       "Comma-separated extra k values for the trade-off curves (paper: 180 for Law, 60 for Communities).", true, true},
      {"alpha", "KS tolerance α", K::Real, 0, 0, 1, false, {}, {}, "",
       "Allowed statistical-parity violation: every group's target lies in a KS ball of radius α/2 around the "
       "barycenter ([FairReg] §3.2). 0 = exact parity, 1 = no constraint (binning only)."},
      {"alpha_sweep", "α sweep", K::Choice, 0, -inf, inf, false, alphaSweeps().ids(),
       alphaSweeps().id(FairRegressionSettings::AlphaSweep::Small), "",
       "α values run besides α for the MSE-vs-KS trade-off chart (warm-started LPs; the table metrics are "
       "those of α either way). small: 0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 1. paper: {0} + 10 "
       "log-spaced in [0.005, 0.1] + 12 linear in [0.11, 0.35] + {1}, as in [FairReg] Figs. 2-4. none: α only.",
       true, true},
      epsilonParam({1, 1e-6, 1e6, true}, "ε of the noisy histogram; inf = no privacy. Laplace: pure ε-DP ([FairReg] Thm. 3.2)."),
      {"epsilons", "Table ε values", K::Text, 0, -inf, inf, false, {}, "", "",
       "Comma-separated ε values to tabulate (e.g. \"inf, 10, 5, 1, 0.5, 0.1\" as in the paper's tables).", true, true},
      {"mechanism", "Noise mechanism", K::Choice, 0, -inf, inf, false, noiseMechanismIds(), "discrete-laplace", "",
       "laplace: Laplace(2/(εn)) per cell, pure ε-DP ([FairReg] Thm. 3.2). gaussian: analytic Gaussian (Balle & Wang "
       "2018) with L2 sensitivity √2/n, (ε, δ)-DP (the paper's footnote). discrete-laplace / discrete-gaussian: exact "
       "integer noise on the counts before dividing by n (Canonne, Kamath & Steinke 2020, Alg. 2 and 3): pure ε-DP, "
       "or ρ = 1/σ² zCDP converted to (ε, δ); no floating point in the sampler, so safe from Mironov's 2012 attack. Default: discrete-laplace, because "
       "the floating-point laplace leaks through its output's low-order bits (privacy-audit, attack low-order-bits: "
       "ε ≥ 2.3 measured for a claim of 1); the paper presets keep laplace to reproduce its tables.",
       true, true},
      noiseSourceParam("the discrete mechanism's integer noise (" +
                       noiseLawIdList([](const NoiseLaw& law) { return law.discrete; }) +
                       " only; Canonne, Kamath & Steinke 2020)"),
      deltaParam({0, 0, 0.5, "auto (0.1/n)"},
                 "δ of the Gaussian and discrete Gaussian mechanisms; auto (0 in scenario files): 1/(10 n) for the n "
                 "training rows.",
                 "δ (Gaussian only)", true),
      {"test_fraction", "Test fraction", K::Real, 0.3, 0.01, 0.99, false, {}, {}, "",
       "Share of rows held out for evaluation (paper: 0.3)."},
      {"seeds", "Seeds", K::Integer, 10, 1, 10000, false, {}, {}, "runs",
       "Number of random splits and noise draws averaged (paper: 50); seeds are seed, seed + 1, ..."},
      usedOnlyWhen({"synthetic_rows", "Synthetic rows", K::Integer, 2000, 2, 1e7, false, {}, {}, "rows",
       "Synthetic only: rows of group 0 (group a has rows / (a + 1)).", true, true},
                   "dataset", {"synthetic"}),
      usedOnlyWhen({"synthetic_groups", "Synthetic groups", K::Integer, 3, 2, 8, false, {}, {}, "groups",
       "Synthetic only: number of groups.", true, true},
                   "dataset", {"synthetic"}),
  };
  // One release of the noisy histograms per seed's split: the run spends the parameter ε (by the
  // histogram mechanism; the statement says which neighbours and δ).
  m.privacy.param = "epsilon";
  m.privacy.metric = "epsilon";  // after the run: ε read from the release's ledger
  m.grid = {{"epsilon", "alpha", "bins", "mechanism", "seeds"},
            {"mse_mean", "ks_mean", "mse_std", "ks_std", "baseline_mse_mean", "baseline_ks_mean"},
            "groups_after"};
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runFairRegression(FairRegressionSettings::fromParams(p), seed, obs);
  };
  return withFairRegressionOutputs(std::move(m));  // release vs evaluation (fair_regression_outputs.cpp)
}

}  // namespace dpw
