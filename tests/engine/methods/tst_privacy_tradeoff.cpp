// Tests of engine/methods/privacy_tradeoff.h: the published chart (PLD, GDP, audit points and boxes),
// the audit's consistency with the curve, a broken Gaussian caught, Clopper-Pearson points.
#include <QtTest>
#include <algorithm>
#include <random>
#include <chrono>
#include <cmath>

#include "core/error.h"
#include "core/rng.h"
#include "core/method.h"
#include "methods/privacy_tradeoff.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/curves/tradeoff_curve.h"
#include "support/stop_clock.h"
#include "support/throws_with.h"

using namespace dpw;

namespace {
const LinesFrame* tradeoffFrame(const CollectingObserver& obs) {
  for (const auto& f : obs.frames)
    if (f->chart == "tradeoff") return std::get_if<LinesFrame>(&f->data);
  return nullptr;
}
}  // namespace

class TestPrivacyTradeoff : public QObject {
  Q_OBJECT
 private slots:
  // q = 1, σ = 2, T = 4 is exactly μ = 1: PLD and GDP agree (1e-4: 4 compositions at Δ = 1e-4), the
  // audit's Gaussian is σ/√T = 1. A threshold test on a Gaussian output is the Neyman-Pearson test, so
  // its true (α, β) lies on the curve and a box misses it (then possibly βhi < f(αhi)) with probability
  // ≤ 2 × 2.5%; the seed is fixed, so the count 0 is deterministic here, and a mechanism with less noise
  // than claimed would put the points visibly below (the privacy-audit tests inject that fault).
  void chartAndAuditAgreeWithTheCurve() {
    ParamValues p(findMethod("privacy-tradeoff").params);
    p.set("noise_multiplier", 2.0);
    p.set("steps", 4.0);
    CollectingObserver obs;
    const RunResult r = findMethod("privacy-tradeoff").run(p, 7, obs);
    const LinesFrame* f = tradeoffFrame(obs);
    QVERIFY(f != nullptr);
    // PLD, GDP, random guessing, the audit's fitted G_μ, audit boxes, audit points (on top)
    QCOMPARE(int(f->series.size()), 6);
    QCOMPARE(r.metrics.at("mu_gdp"), 1.0);
    QVERIFY(std::abs(r.metrics.at("beta_pld_at_0_1") - r.metrics.at("beta_gdp_at_0_1")) < 1e-4);
    QVERIFY(std::abs(r.metrics.at("beta_gdp_at_0_1") - normalCdf(normalQuantile(0.9) - 1)) < 1e-12);
    QVERIFY(std::abs(r.metrics.at("audit_noise_std") - 1) < 1e-6);
    QCOMPARE(r.metrics.at("audit_points"), 8.0);
    QCOMPARE(r.metrics.at("audit_boxes_below_curve"), 0.0);
    // Eight separate boxes: 5 corners (closed) and a NaN break each, so no line joins two boxes; the
    // empirical points come last (drawn on top) as markers, each inside its box.
    // The Gaussian-DP estimator's fit (issue #36): μ* ≤ the true μ = 1 (95%, fixed seed) and close to it
    // (the default 2000 runs a side leave 1000 to evaluate: standard error ≈ 0.063, the bounds' margin ≈ 0.18,
    // so μ* ≈ 0.82; 0.6 is 3.5 standard errors below that); its curve G_μ* lies on or above the true curve
    // G_1 everywhere, as a lower bound on μ must.
    const double muFit = r.metrics.at("audit_mu_lower_bound");
    qInfo("audit's Gaussian-DP fit: mu >= %.4f (true 1)", muFit);
    QVERIFY(muFit <= 1.0 && muFit > 0.6);
    const Series& fitted = f->series[3];
    QVERIFY(fitted.name.find("fitted") != std::string::npos && fitted.x.size() == fitted.y.size());
    for (std::size_t i = 0; i < fitted.x.size(); ++i) QVERIFY(fitted.y[i] >= gdpTradeoff(1.0, fitted.x[i]) - 1e-12);
    const Series& boxes = f->series[4];
    QCOMPARE(boxes.x.size(), size_t(8 * 6));
    for (std::size_t b = 0; b < 8; ++b) {
      QVERIFY(std::isnan(boxes.x[6 * b + 5]) && std::isnan(boxes.y[6 * b + 5]));
      for (std::size_t k = 0; k < 5; ++k) QVERIFY(std::isfinite(boxes.x[6 * b + k]));
      const Series& points = f->series[5];
      QVERIFY(points.markers && !boxes.markers);
      QVERIFY(points.x[b] >= boxes.x[6 * b] && points.x[b] <= boxes.x[6 * b + 1]);
      QVERIFY(points.y[b] >= boxes.y[6 * b] && points.y[b] <= boxes.y[6 * b + 2]);
    }
    QVERIFY(r.privacyStatement.find("PLD") != std::string::npos);
  }
  // q < 1: curves only (no audit of subsampled composition), and the statement says why.
  void subsampledHasNoAuditPoints() {
    PrivacyTradeoffSettings s;
    s.sampleRate = 0.1;
    s.noiseMultiplier = 1.0;
    s.steps = 50;
    CollectingObserver obs;
    const RunResult r = runPrivacyTradeoff(s, 1, obs);
    QCOMPARE(int(tradeoffFrame(obs)->series.size()), 3);
    QVERIFY(r.privacyStatement.find("No audit points") != std::string::npos);
  }
  // The audit points are real threshold tests: against scores with a known law (D ~ N(0, 1), D' ~
  // N(1, 1) written out as quantiles, so no randomness), each rate is close to its target and the
  // Clopper-Pearson interval contains the observed rate.
  void auditPointsFromScores() {
    std::vector<double> d, dp;
    const int n = 10000;
    for (int i = 0; i < n; ++i) {
      const double z = normalQuantile((i + 0.5) / n);
      d.push_back(z);
      dp.push_back(z + 1);
    }
    const auto pts = tradeoffAuditPoints(d, dp, {0.05, 0.5}, 0.95);
    QCOMPARE(int(pts.size()), 2);
    for (const auto& p : pts) {
      QVERIFY(p.alphaLow <= p.alpha && p.alpha <= p.alphaHigh && p.betaLow <= p.beta && p.beta <= p.betaHigh);
      // β of the exact test at this α is Φ(Φ⁻¹(1 − α) − 1); the quantile grid is 1e-4 apart.
      QVERIFY(std::abs(p.beta - normalCdf(normalQuantile(1 - p.alpha) - 1)) < 2e-3);
    }
    QVERIFY(std::abs(pts[0].alpha - 0.05) < 2e-4);
    // Flipped scores (D' lower) give the same points.
    std::vector<double> md, mdp;
    for (double x : d) md.push_back(-x);
    for (double x : dp) mdp.push_back(-x);
    const auto flipped = tradeoffAuditPoints(md, mdp, {0.05}, 0.95);
    QVERIFY(std::abs(flipped[0].beta - pts[0].beta) < 2e-4);
    // The threshold is an order statistic and the errors are counts (a selection per α since #40, a sort of both
    // before): the same points as read off sorted copies, also with ties (scores rounded to 0.1) at every α.
    std::vector<double> td, tdp;
    Rng rng = makeRng(5, 0);
    std::normal_distribution<double> z;
    for (int i = 0; i < 20000; ++i) td.push_back(std::round(10 * z(rng)) / 10), tdp.push_back(std::round(10 * (z(rng) + 1)) / 10);
    const std::vector<double> alphas{0.01, 0.03, 0.07, 0.15, 0.3, 0.5, 0.7, 0.9};
    const auto tied = tradeoffAuditPoints(td, tdp, alphas, 0.95);
    std::vector<double> sd = td, sdp = tdp;
    std::sort(sd.begin(), sd.end());
    std::sort(sdp.begin(), sdp.end());
    for (std::size_t i = 0; i < alphas.size(); ++i) {
      const double t = sd[std::size_t(std::floor((1 - alphas[i]) * double(sd.size())))];
      const double fp = double(sd.end() - std::upper_bound(sd.begin(), sd.end(), t)) / double(sd.size());
      const double fn = double(std::upper_bound(sdp.begin(), sdp.end(), t) - sdp.begin()) / double(sdp.size());
      QCOMPARE(tied[i].alpha, fp);
      QCOMPARE(tied[i].beta, fn);
    }
    // The method calls it with its own audit's scores and fixed type I errors: a bad call is a bug.
    QVERIFY(dpwtest::throwsInternalWith([&] { tradeoffAuditPoints({}, dp, {0.1}, 0.95); },
                                         "audit points need scores on D and on D'"));
    QVERIFY(dpwtest::throwsInternalWith([&] { tradeoffAuditPoints(d, dp, {1.0}, 0.95); },
                                         "a target type I error must lie in (0, 1)"));
  }
  // Stop within 1 s in every phase (#40). The PLD's composition: where the accountant's own grid needs more than
  // kInteractivePldPoints (σ = 0.5, q = 0.05, T = 10000: 4.3e6 points, ~1.5 s without a question) the coarser grid
  // carries it, an upper bound close to the fine one (dpwlab-cli account: 310.08408678575563), and says so; where
  // that needs more too (T = 50000: 2^25 points, ~4 s for the curve and again for ε) it is refused at once. The
  // audit: 10⁷ runs a side (~10 s) were run without asking; Stop 1 s in is now answered within 1 s.
  void stopIsAnsweredWithinASecond() {
    PrivacyTradeoffSettings s;
    s.noiseMultiplier = 0.5;
    s.sampleRate = 0.05;
    s.steps = 10000;
    dpwtest::StopClock clock;
    const RunResult r = runPrivacyTradeoff(s, 1, clock);
    QVERIFY2(clock.longest < 1.0, qPrintable(QString::number(clock.longest)));
    QVERIFY(r.metrics.at("epsilon") >= 310.08408678575563 && r.metrics.at("epsilon") < 310.08408678575563 * 1.0001);
    QVERIFY2(r.privacyStatement.find("on the coarser loss grid 0.001") != std::string::npos, r.privacyStatement.c_str());
    QCOMPARE(std::get<LinesFrame>(clock.latestPerChart()[0]->data).series[0].name,
             std::string("PLD (tight bound, loss grid 0.001)"));
    s.steps = 50000;
    const auto start = std::chrono::steady_clock::now();
    QVERIFY(dpwtest::throwsWith([&] { runPrivacyTradeoff(s, 1, clock); },
                                                 "even on the coarser privacy-loss grid"));
    QVERIFY(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 1.0);

    PrivacyTradeoffSettings audit;  // q = 1, σ = 1, T = 1 with 10⁷ runs a side
    audit.trials = 10000000;
    const double latency = dpwtest::stopLatency([&](RunObserver& o) { runPrivacyTradeoff(audit, 1, o); },
                                                std::chrono::milliseconds(1000));
    qInfo("stop latency during the audit: %.3f s", latency);
    QVERIFY2(latency < 1.0, qPrintable(QString::number(latency)));  // NaN (not stopped mid-run) fails too
  }
  void badInputThrows() {
    PrivacyTradeoffSettings s;
    CollectingObserver obs;
    s.sampleRate = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runPrivacyTradeoff(s, 1, obs));
    s = PrivacyTradeoffSettings{};
    s.trials = 10;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runPrivacyTradeoff(s, 1, obs));
  }
};

QTEST_APPLESS_MAIN(TestPrivacyTradeoff)
#include "tst_privacy_tradeoff.moc"
