#include "methods/privacy_tradeoff.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <sstream>

#include "audit/clopper_pearson.h"
#include "audit/mechanism_audits.h"
#include "core/error.h"
#include "core/run_stop.h"
#include "core/internal_error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/accountants/interactive_pld_grid.h"
#include "privacy/accountants/pld_accountant.h"
#include "privacy/accountants/pld_analysis.h"
#include "privacy/curves/tradeoff_curve.h"
#include "privacy/printed_numbers.h"
#include "privacy/privacy_params.h"  // deltaParam

namespace dpw {

PrivacyTradeoffSettings PrivacyTradeoffSettings::fromParams(const ParamValues& p) {
  PrivacyTradeoffSettings s;
  s.sampleRate = p.real("sample_rate");
  s.noiseMultiplier = p.real("noise_multiplier");
  s.steps = p.integer("steps");
  s.trials = p.integer("trials");
  s.confidence = p.real("confidence");
  s.delta = p.real("delta");
  return s;
}

std::vector<TradeoffAuditPoint> tradeoffAuditPoints(std::vector<double> scoresD, std::vector<double> scoresDPrime,
                                                    const std::vector<double>& targetAlphas, double confidence) {
  ensure(!scoresD.empty() && !scoresDPrime.empty(), "audit points need scores on D and on D'");
  ensure(confidence > 0 && confidence < 1, "the confidence must lie in (0, 1), got ", confidence);
  const auto mean = [](const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0) / double(v.size()); };
  if (mean(scoresDPrime) < mean(scoresD)) {
    for (double& x : scoresD) x = -x;
    for (double& x : scoresDPrime) x = -x;
  }
  const long nD = long(scoresD.size()), nP = long(scoresDPrime.size());
  const double tail = (1 - confidence) / 2;  // two-sided interval per coordinate
  std::vector<TradeoffAuditPoint> out;
  for (double a : targetAlphas) {
    ensure(a > 0 && a < 1, "a target type I error must lie in (0, 1), got ", a);
    // The threshold is an order statistic of D's scores and the errors are counts: a selection and two scans per
    // α, ~0.15 s at 10⁷ runs a side, where sorting both took ~2.2 s without a Stop question (#40).
    throwIfRunStopped();
    const auto at = scoresD.begin() + std::clamp<long>(long(std::floor((1 - a) * double(nD))), 0, nD - 1);
    std::nth_element(scoresD.begin(), at, scoresD.end());
    const double t = *at;
    const long falsePos = long(std::count_if(scoresD.begin(), scoresD.end(), [t](double x) { return x > t; }));
    const long falseNeg = long(std::count_if(scoresDPrime.begin(), scoresDPrime.end(), [t](double x) { return x <= t; }));
    TradeoffAuditPoint p;
    p.alpha = double(falsePos) / double(nD);
    p.beta = double(falseNeg) / double(nP);
    p.alphaLow = clopperPearsonLower(falsePos, nD, tail);
    p.alphaHigh = clopperPearsonUpper(falsePos, nD, tail);
    p.betaLow = clopperPearsonLower(falseNeg, nP, tail);
    p.betaHigh = clopperPearsonUpper(falseNeg, nP, tail);
    out.push_back(p);
  }
  return out;
}

RunResult runPrivacyTradeoff(const PrivacyTradeoffSettings& s, std::uint64_t seed, RunObserver& observer) {
  require(s.sampleRate > 0 && s.sampleRate <= 1, "the sampling rate q must lie in (0, 1], got ", s.sampleRate);
  require(s.noiseMultiplier > 0 && std::isfinite(s.noiseMultiplier), "the noise multiplier must be > 0, got ",
          s.noiseMultiplier);
  require(s.steps >= 1, "steps must be at least 1, got ", s.steps);
  require(s.trials >= 200, "the audit needs at least 200 runs per data set, got ", s.trials);
  require(s.confidence > 0 && s.confidence < 1, "the confidence must lie in (0, 1), got ", s.confidence);
  require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);

  const std::vector<double> alphas = defaultTradeoffAlphas();
  observer.onStatus("composing the privacy loss distribution of " + std::to_string(s.steps) + (s.steps == 1 ? " step" : " steps"));
  // The PLDs on a grid whose compositions each take well under a second (interactive_pld_grid.h), so that Stop,
  // asked between them, is answered within one (#40): at σ = 0.5, q = 0.05, T = 50000 the accountant's own grid took
  // 2^25 points, ~4 s for the curve and as long again for ε, without a question.
  const std::optional<double> grid = interactivePldInterval([&](double interval) {
    // The one-step PLDs first, without building them: σ = 0.01 at q = 1 spans 1.2e7 points even on the coarse grid
    // (3.2 s to build before this refused). A build costs about half a composition a point (normal CDFs on both
    // cores), and the composition's window trims the step's far tails: 4x the composition's limit.
    for (const PldAdjacency adjacency : {PldAdjacency::Remove, PldAdjacency::Add})
      if (subsampledGaussianPldPoints(s.noiseMultiplier, s.sampleRate, adjacency, interval) > 4 * kInteractivePldPoints)
        return std::numeric_limits<double>::infinity();
    PldAccountant a(interval);
    a.addGaussianSteps(s.noiseMultiplier, s.sampleRate, s.steps);
    return a.compositionPoints();
  });
  if (!grid)
    throw InvalidArgument(message("the PLD of ", s.steps, s.steps == 1 ? " step" : " steps", " would need more than ",
                                  kInteractivePldPoints,
                                  " points even on the coarser privacy-loss grid (", PldAccountantBase::kCoarseInterval,
                                  "): ε in the hundreds or more, β ≈ 0 at every α; take a larger noise multiplier σ, a "
                                  "smaller sampling rate q or fewer steps T"));
  const bool coarse = *grid != PldAccountant().interval();
  const TradeoffCurve pld = pldTradeoffCurve(s.sampleRate, s.noiseMultiplier, s.steps, alphas, *grid);
  throwIfCancelled(observer);
  const double mu = gdpTradeoffMu(s.sampleRate, s.noiseMultiplier, s.steps);
  const TradeoffCurve gdp = gdpTradeoffCurve(s.sampleRate, s.noiseMultiplier, s.steps, alphas);

  std::ostringstream muText;
  muText.precision(3);
  muText << mu;
  Series pldSeries{coarse ? "PLD (tight bound, loss grid " + claimNumber(*grid) + ")" : "PLD (tight bound)", pld.alpha,
                   pld.beta};
  Series gdpSeries{std::string(s.sampleRate == 1 ? "GDP, μ = " : "GDP (CLT), μ = ") + muText.str(), gdp.alpha, gdp.beta, true};
  Series guess{"random guessing", {0.0, 1.0}, {1.0, 0.0}, true};
  std::vector<Series> series{pldSeries, gdpSeries, guess};

  RunResult r;
  long below = 0;
  std::vector<TradeoffAuditPoint> points;
  if (s.sampleRate == 1) {
    // The production Gaussian audit at the same μ: its σ is 1/gaussianMuFor(ε, δ) with ε = ε_GDP(μ, δ).
    MechanismAuditSettings a;
    a.mechanism = "gaussian";
    a.delta = s.delta;
    a.epsilon = gdpEpsilon(mu, s.delta);
    a.trials = s.trials;
    a.confidence = s.confidence;
    observer.onStatus("auditing: " + std::to_string(s.trials) + " runs on each of the two data sets");
    // Asked for Stop (10⁷ runs a side take ~10 s), no frames of its own: its points are drawn on this chart.
    const MechanismAudit audit = auditMechanism(a, seed, &observer, /*liveFrames=*/false);
    r.metrics["audit_noise_std"] = audit.noiseStd;
    ensure(std::abs(audit.noiseStd * mu - 1) < 1e-6, "the audit's Gaussian (std ", audit.noiseStd,
            ") does not match the curve's μ = ", mu);
    points = tradeoffAuditPoints(audit.scoresD, audit.scoresDPrime, {0.01, 0.03, 0.07, 0.15, 0.3, 0.5, 0.7, 0.9},
                                 s.confidence);
    Series empirical{"audit: empirical (α, β)", {}, {}};
    empirical.markers = true;  // measured points, not a curve
    empirical.colour = 5;      // black points on orange boxes (palette of app/charts/chart_style.h)
    Series boxes{"audit: " + std::to_string(int(std::lround(100 * s.confidence))) + "% Clopper-Pearson boxes", {}, {}};
    boxes.colour = 6;  // a colour of their own: solid boxes, not a by-position line style
    for (const auto& p : points) {
      empirical.x.push_back(p.alpha);
      empirical.y.push_back(p.beta);
      // One series for all boxes (one legend entry); a NaN after each box breaks the line, so every box
      // is drawn on its own and no line joins them (a joining line would read as a second curve).
      for (auto [x, y] : {std::pair{p.alphaLow, p.betaLow}, {p.alphaHigh, p.betaLow}, {p.alphaHigh, p.betaHigh},
                          {p.alphaLow, p.betaHigh}, {p.alphaLow, p.betaLow}, {NAN, NAN}}) {
        boxes.x.push_back(x);
        boxes.y.push_back(y);
      }
      throwIfCancelled(observer);  // each one-step PLD below spans about what the curve's composition did
      const TradeoffCurve at = pldTradeoffCurve(1.0, s.noiseMultiplier / std::sqrt(double(s.steps)), 1, {p.alphaHigh}, *grid);
      if (p.betaHigh < at.beta.front() - 1e-12) ++below;
    }
    // The Gaussian-DP estimator's fit (audit/privacy_audit.h, Nasr et al. 2023): the curve G_μ* of the
    // largest μ the audit's boxes exclude, within the Gaussian-DP family; it lies on or above the true curve
    // with 95% confidence, and touches it when the audit has runs enough.
    std::ostringstream fitText;
    fitText.precision(3);
    fitText << audit.gdp.muLowerBound;
    Series fitted{"audit: fitted GDP curve, μ ≥ " + fitText.str() + " (Gaussian-DP family)", alphas, {}, true};
    for (double x : alphas) fitted.y.push_back(gdpTradeoff(audit.gdp.muLowerBound, x));
    fitted.colour = 5;
    r.metrics["audit_mu_lower_bound"] = audit.gdp.muLowerBound;
    series.push_back(fitted);
    series.push_back(boxes);
    series.push_back(empirical);  // last: the points are drawn on top of the boxes
  }
  LinesFrame f{"type I error α", "type II error β", series};
  observer.onFrame(makeFrame("tradeoff", "f-DP trade-off: type II vs type I error", 0, std::move(f)));
  observer.onProgress(1, 1);

  throwIfCancelled(observer);
  PldAccountant acc(*grid);  // on the curve's grid
  acc.addGaussianSteps(s.noiseMultiplier, s.sampleRate, s.steps);
  const double eps = acc.epsilon(s.delta);
  const auto at01 = [&](const TradeoffCurve& c) {
    const auto it = std::find(c.alpha.begin(), c.alpha.end(), 0.1);
    return it == c.alpha.end() ? std::nan("") : c.beta[size_t(it - c.alpha.begin())];
  };
  r.metrics["mu_gdp"] = mu;
  r.metrics["epsilon"] = eps;
  r.metrics["epsilon_pld"] = eps;
  r.metrics["beta_pld_at_0_1"] = at01(pld);
  r.metrics["beta_gdp_at_0_1"] = at01(gdp);
  r.metrics["audit_points"] = double(points.size());
  r.metrics["audit_boxes_below_curve"] = double(below);
  std::ostringstream st;
  st << "(ε = " << claimNumber(eps) << ", δ = " << claimNumber(s.delta) << ") by the PLD accountant"
     << (coarse ? " on the coarser loss grid " + claimNumber(*grid) : "") << " for " << s.steps
     << (s.steps == 1 ? " step" : " steps") << " of the Gaussian mechanism, multiplier " << s.noiseMultiplier
     << ", Poisson rate q = " << s.sampleRate << " (add/remove neighbours, sensitivity 1); GDP μ = " << muText.str()
     << (s.sampleRate == 1 ? " (exact)" : " (CLT approximation)");
  if (s.sampleRate == 1)
    st << ". Audit: " << points.size() << " threshold tests of the production Gaussian audit, " << below
       << " box(es) below the curve; the Gaussian-DP estimator fits μ ≥ " << noiseNumber(r.metrics.at("audit_mu_lower_bound"))
       << " (95%, assuming the audited release's trade-off curve is a Gaussian one, which it is here)";
  else
    st << ". No audit points: the audit has no subsampled composition (set q = 1)";
  r.privacyStatement = st.str();
  return r;
}

MethodInfo privacyTradeoffMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "privacy-tradeoff";
  m.title = "Privacy trade-off (f-DP)";
  m.paper = "Dong, Roth & Su 2022 (f-DP, GDP); PLD as dp_accounting";
  m.summary =
      "Differential privacy as a hypothesis test: an attacker sees the output and must say whether one "
      "person's record was used. Any test has a false-alarm rate α (type I) and a miss rate β (type II); the "
      "curve is the best β at each α the mechanism allows. Higher is more private; the diagonal is a coin flip. "
      "The PLD curve is exact up to discretisation, the GDP curve is its Gaussian summary, and the dots are "
      "real attacks from the privacy audit, with 95% confidence boxes, which must not fall below the curve.";
  m.privacy = {"", "", "epsilon", "", "ε of this composition (PLD)", ""};
  // No private data (accountants and trade-off curves): every number and chart is the release (core/output_classes.h).
  m.outputs.release = {"*"};
  m.outputs.charts = {"tradeoff"};
  m.grid = {{"noise_multiplier", "steps", "sample_rate", "delta"},
            {"epsilon", "mu_gdp", "beta_pld_at_0_1", "beta_gdp_at_0_1", "audit_points", "audit_boxes_below_curve"},
            "tradeoff"};
  m.params = {
      {"noise_multiplier", "Noise multiplier σ", K::Real, 1.0, 1e-2, 1e4, false, {}, {}, "", "Noise std / sensitivity."},
      {"sample_rate", "Sampling rate q", K::Real, 1.0, 1e-6, 1, false, {}, {}, "",
       "Poisson sampling rate (1 = every record every step; the audit points need q = 1)."},
      {"steps", "Steps T", K::Integer, 1, 1, 1e6, false, {}, {}, "steps", "Number of composed Gaussian steps."},
      {"trials", "Audit runs per data set", K::Integer, 2000, 200, 1e7, false, {}, {}, "runs",
       "Runs of the production Gaussian audit on D and on D' (few runs show wide boxes)."},
      {"confidence", "Confidence", K::Real, 0.95, 0.5, 0.9999, false, {}, {}, "",
       "Clopper-Pearson confidence per coordinate of a box.", true, true},
      deltaParam({1e-5, 1e-12, 0.1}, "δ at which ε is reported.", "δ for ε", true),
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runPrivacyTradeoff(PrivacyTradeoffSettings::fromParams(p), seed, obs);
  };
  return m;
}

}  // namespace dpw
