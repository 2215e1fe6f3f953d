// The Gaussian-DP estimator of the privacy audit (Nasr et al. 2023; audit/privacy_audit.h, issue #36):
// on correct Gaussian releases it reaches ≥ 0.9 of the claim and never exceeds it; on a broken one it
// exceeds it; its formula against closed forms.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <random>

#include "audit/mechanism_audits.h"
#include "audit/privacy_audit.h"
#include "core/error.h"
#include "core/method.h"
#include "core/rng.h"
#include "privacy/accountants/accountant.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/mechanisms/mechanisms.h"

using namespace dpw;

class TestGdpAudit : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { allMethods(); }

  // A box whose corner lies on G_μ (FPR⁺ = FNR⁺ = Φ(−μ/2): G_μ(Φ(−μ/2)) = Φ(μ/2 − μ) = Φ(−μ/2)) excludes
  // exactly the μ below μ; a rate of 1 excludes nothing; chance (½, ½) excludes nothing.
  void excludedMuClosedForms() {
    for (double mu : {0.1, 0.268, 1.0, 3.0}) {
      const double corner = normalCdf(-mu / 2);
      QVERIFY(std::abs(gdpMuExcluded(corner, corner) - mu) < 1e-9);
      // the excluded μ is where G_μ passes through the box's corner, for an unequal box too
      const double fpr = 0.01, fnr = normalCdf(-normalQuantile(fpr) - mu);
      QVERIFY(std::abs(gdpMuExcluded(fpr, fnr) - mu) < 1e-9);
    }
    QCOMPARE(gdpMuExcluded(0.5, 0.5), 0.0);
    QCOMPARE(gdpMuExcluded(0.7, 0.6), 0.0);
    QCOMPARE(gdpMuExcluded(1.0, 1e-9), 0.0);
  }

  // Scores drawn straight from N(0, 1) and N(μ, 1): the estimate of μ within a few standard errors,
  // ε at δ the GDP conversion of it, and δ = 0 answered with NaN (μ-GDP is no pure ε-DP).
  void scoresOfAKnownGaussianPair() {
    const double mu = 1.0;
    std::mt19937_64 g(5);
    std::normal_distribution<double> n01;
    std::vector<double> d(100000), dp(100000);
    for (auto& x : d) x = n01(g);
    for (auto& x : dp) x = mu + n01(g);
    const GdpAuditResult r = gdpAuditFromScores(d, dp, 1e-5);
    qInfo("N(0,1) vs N(1,1), 1e5 per side: mu >= %.4f (point %.4f), eps >= %.4f (true %.4f)", r.muLowerBound,
          r.muPointEstimate, r.epsilonLowerBound, gdpEpsilon(mu, 1e-5));
    // Standard error of the point estimate at the middle threshold, 5e4 evaluation trials a side:
    // √2 · √(p(1−p)/n)/φ(Φ⁻¹(p)) ≈ 0.009 at p = Φ(−½); the CP margin is about 2.8 of them.
    QVERIFY(r.muLowerBound <= mu);
    QVERIFY(r.muLowerBound > mu - 0.06);
    QVERIFY(std::abs(r.muPointEstimate - mu) < 0.04);
    QVERIFY(std::abs(r.epsilonLowerBound - gdpEpsilon(r.muLowerBound, 1e-5)) < 1e-12);
    QVERIFY(std::isnan(gdpAuditFromScores(d, dp, 0.0).epsilonLowerBound));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gdpAuditFromScores({1, 2}, {3, 4}, 1e-5));
  }

  // The goal of issue #36: correct Gaussian releases at claims 1, 4 and 8 measured at ≥ 0.9 of the claim
  // by the Gaussian-DP estimator, and never above it, over several seeds each (five at claim 1, whose 10^6
  // trials a side cost most; ten above; bench_audits and docs/privacy-audits.md run more).
  // Trial counts: at the middle threshold the estimate of μ has standard error ≈ 1.77/√n (claim 1,
  // μ = 0.268) to 2.0/√n (claim 8, μ = 1.666) for n evaluation trials a side, and the two CP bounds at
  // 97.5% put μ* about 2.8 standard errors below the estimate. ε(μ, δ = 1e-5) falls a little faster than
  // μ (ε(0.9 μ) = 0.89 ε at claim 1, 0.88 at 8), so ≥ 0.9 of the claim needs μ* ≥ 0.91 μ: at claim 1 a
  // margin below 0.024, reached with n = 5·10^5 (10^6 trials a side: margin 0.007 + 2 s.e. = 0.012);
  // at claims 4 and 8 the margin allowed is 0.08-0.14 and 10^5 trials a side leave 0.035. The chance
  // that μ* exceeds the true μ is that of the estimate passing its own CP margin, P(Z > 2.8) ≈ 0.003 a
  // seed; the seeds are fixed, so the test is deterministic. Measured (Release, ten seeds each): claim 1
  // 0.940-0.989 of the claim, claim 4 0.963-0.990, claim 8 0.977-0.994.
  void gaussianReachesTheClaim_data() {
    QTest::addColumn<double>("epsilon");
    QTest::addColumn<long>("trials");
    QTest::addColumn<int>("seeds");
    QTest::newRow("claim 1") << 1.0 << 1000000L << 5;
    QTest::newRow("claim 4") << 4.0 << 100000L << 10;
    QTest::newRow("claim 8") << 8.0 << 100000L << 10;
  }
  void gaussianReachesTheClaim() {
    QFETCH(double, epsilon);
    QFETCH(long, trials);
    QFETCH(int, seeds);
    double lo = INFINITY, hi = 0;
    for (std::uint64_t seed = 1; seed <= std::uint64_t(seeds); ++seed) {
      MechanismAuditSettings s;
      s.epsilon = epsilon;
      s.trials = trials;
      const MechanismAudit a = auditMechanism(s, seed);
      lo = std::min(lo, a.gdp.epsilonLowerBound), hi = std::max(hi, a.gdp.epsilonLowerBound);
      QVERIFY2(a.gdp.epsilonLowerBound <= a.claimedEpsilon, qPrintable(QString("seed %1").arg(seed)));
      QVERIFY2(a.gdp.epsilonLowerBound >= 0.9 * a.claimedEpsilon, qPrintable(QString("seed %1").arg(seed)));
      QVERIFY(a.result.epsilonLowerBound <= a.claimedEpsilon);  // the distribution-free bound, same scores
    }
    qInfo("Gaussian, claim %.0f, %ld trials a side, %d seeds: GDP bound %.4f-%.4f (%.3f-%.3f of the claim)", epsilon,
          trials, seeds, lo, hi, lo / epsilon, hi / epsilon);
  }

  // The estimator can fail: noise quartered (claim 1, μ = 1.07, true ε ≈ 4.8) is far above the claim with
  // few trials (measured 4.43; the distribution-free bound 2.20).
  void brokenGaussianIsCaught() {
    MechanismAuditSettings s;
    s.trials = 20000;
    s.fault = AuditFault::NoiseQuarter;
    const MechanismAudit a = auditMechanism(s, 3);
    qInfo("Gaussian, noise / 4, claim 1: GDP bound %.3f, distribution-free %.3f", a.gdp.epsilonLowerBound,
          a.result.epsilonLowerBound);
    QVERIFY(a.gdp.epsilonLowerBound > 4.0);
  }

  // Planted bugs at the release (issue #36 (b), (f)), claim 1, caught by the Gaussian-DP bound (exact here:
  // each release is one unsubsampled Gaussian). Noise × 0.67: μ = 0.268 / 0.67 = 0.40, true ε ≈ 1.6;
  // a replace-one histogram pair (Δ = √(2k)) calibrated for add/remove (Δ = √k): μ × √2 = 0.38, true
  // ε ≈ 1.5. Both are what the distribution-free bound reads as about 0.8 of the claim (a pass, issue
  // #36); the Gaussian-DP bound's margin at 10^5 evaluation trials is ≈ 0.016 in μ (the test above), so it
  // reads them ≥ 1.4. Each test also runs the correct release on the same seed, which must pass.
  void plantedBugsAreCaught_data() {
    QTest::addColumn<QString>("mechanism");
    QTest::addColumn<int>("fault");
    QTest::addColumn<int>("accountant");
    QTest::addColumn<long>("trials");
    QTest::newRow("gaussian, noise x 0.67") << "gaussian" << int(AuditFault::NoiseTwoThirds) << int(AccountantKind::PldWor) << 200000L;
    QTest::newRow("dpsgd canary, noise x 0.67") << "dpsgd-canary" << int(AuditFault::NoiseTwoThirds) << int(AccountantKind::PldWor) << 100000L;
    QTest::newRow("flow histogram, noise x 0.67") << "flow-histogram" << int(AuditFault::NoiseTwoThirds) << int(AccountantKind::Pld) << 200000L;
    QTest::newRow("flow histogram, replace-one accounted as add/remove")
        << "flow-histogram" << int(AuditFault::ReplaceAsAddRemove) << int(AccountantKind::Pld) << 200000L;
  }
  void plantedBugsAreCaught() {
    QFETCH(QString, mechanism);
    QFETCH(int, fault);
    QFETCH(int, accountant);
    QFETCH(long, trials);
    MechanismAuditSettings s;
    s.mechanism = mechanism.toStdString();
    s.trials = trials;
    s.accountant = AccountantKind(accountant);
    s.projections = 8, s.dimension = 8;  // flow-histogram: k = d = 8 (the docs' table)
    const MechanismAudit correct = auditMechanism(s, 11);
    s.fault = AuditFault(fault);
    const MechanismAudit broken = auditMechanism(s, 11);
    qInfo("%s, fault %s, claim %.3f: GDP bound %.3f (correct %.3f), distribution-free %.3f (correct %.3f)",
          qPrintable(mechanism), auditFaultIds()[std::size_t(fault)].c_str(), broken.claimedEpsilon,
          broken.gdp.epsilonLowerBound, correct.gdp.epsilonLowerBound, broken.result.epsilonLowerBound,
          correct.result.epsilonLowerBound);
    QVERIFY(correct.gdp.epsilonLowerBound <= correct.claimedEpsilon);
    QVERIFY(broken.gdp.epsilonLowerBound > broken.claimedEpsilon);
  }

  // A fault an audit does not have is refused by name, never silently run as the correct release.
  void unsupportedFaultsAreRefused() {
    MechanismAuditSettings s;
    s.fault = AuditFault::ReplaceAsAddRemove;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
    s.mechanism = "flow-histogram";
    s.accountant = AccountantKind::PldWor;  // a replace-one accountant: the fault needs an add/remove one
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
    s.mechanism = "flow-step";
    s.fault = AuditFault::SkipClip;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
    QCOMPARE(auditNoiseFactor(AuditFault::NoiseTwoThirds), 0.67);
    QCOMPARE(auditNoiseFactor(AuditFault::NoiseQuarter), 0.25);
    QCOMPARE(auditNoiseFactor(AuditFault::SkipClip), 1.0);
  }

  // Lesson 1.3 (resources/scenarios/lesson-1-3-audit.json: gaussian, ε = 1, 50000 runs, seed 2024) says the
  // Gaussian-DP bound reads about 0.85 of the claim and the distribution-free one near 0.4 (measured 0.851
  // and 0.382; the range allows a change in the threshold choice, not one in the estimator).
  void lessonOneThreeSaysWhatItShows() {
    MechanismAuditSettings s;
    s.trials = 50000;
    const MechanismAudit a = auditMechanism(s, 2024);
    qInfo("lesson 1.3: Gaussian-DP %.3f, distribution-free %.3f", a.gdp.epsilonLowerBound, a.result.epsilonLowerBound);
    QVERIFY(a.gdp.epsilonLowerBound >= 0.8 && a.gdp.epsilonLowerBound <= 0.95);
    QVERIFY(a.result.epsilonLowerBound > 0.3 && a.result.epsilonLowerBound < 0.5);
  }

  // Pure ε claims (Laplace, δ = 0): no Gaussian-DP ε, and the method says nothing about it.
  // The halves are sorted in pieces of 2^20 and merged, asking for Stop between them (#40: 0.7-0.9 s a half at 10⁷
  // runs a side). Both bounds come out as from halves sorted beforehand (std::sort, idempotent), also with ties:
  // 2.5·10⁶ scores a side rounded to 0.01 (halves of 1.25·10⁶, two pieces and a merge each).
  void piecewiseSortGivesTheSameBounds() {
    Rng rng = makeRng(11, 0);
    std::normal_distribution<double> z;
    const std::size_t n = 2500000;
    std::vector<double> d(n), dp(n);
    for (std::size_t i = 0; i < n; ++i) d[i] = std::round(100 * z(rng)) / 100, dp[i] = std::round(100 * (z(rng) + 0.2)) / 100;
    const auto [free, gdp] = auditBoundsFromScores(d, dp, 1e-5, 0.95);
    for (auto* v : {&d, &dp}) {  // each half sorted in place: the same halves, already in order
      std::sort(v->begin(), v->begin() + long(n / 2));
      std::sort(v->begin() + long(n / 2), v->end());
    }
    const auto [freeSorted, gdpSorted] = auditBoundsFromScores(d, dp, 1e-5, 0.95);
    QCOMPARE(free.threshold, freeSorted.threshold);
    QCOMPARE(free.epsilonLowerBound, freeSorted.epsilonLowerBound);
    QCOMPARE(gdp.muLowerBound, gdpSorted.muLowerBound);
    QVERIFY(free.epsilonLowerBound > 0 && gdp.muLowerBound > 0.15);  // a 0.2 shift on 10⁶ runs is seen
  }
  void laplaceHasNoGaussianBound() {
    MechanismAuditSettings s;
    s.mechanism = "laplace";
    s.trials = 2000;
    QVERIFY(std::isnan(auditMechanism(s, 1).gdp.epsilonLowerBound));
  }
};

QTEST_APPLESS_MAIN(TestGdpAudit)
#include "tst_gdp_audit.moc"
