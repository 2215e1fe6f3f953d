// Audits of every mechanism at its smallest unit (issue #8): the measured lower bound never exceeds
// the claimed ε, and deliberately broken mechanisms are caught. Prints claimed vs measured ε.
#include <QtTest>

#include "audit/clopper_pearson.h"
#include "audit/mechanism_audits.h"
#include "core/method.h"
#include "core/error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/mechanisms/mechanisms.h"
#include "support/throws_with.h"

using namespace dpw;

class TestPrivacyAudit : public QObject {
  Q_OBJECT
 private slots:
  // The targets of the methods' releases are registered by the method registry (audit/ knows none of them).
  void initTestCase() { allMethods(); }
  // Closed forms: k = 0 gives upper = 1 − α^{1/n}; k = n gives lower = α^{1/n}.
  void clopperPearsonClosedForms() {
    QVERIFY(std::abs(clopperPearsonUpper(0, 100, 0.05) - (1 - std::pow(0.05, 0.01))) < 1e-12);
    QVERIFY(std::abs(clopperPearsonLower(100, 100, 0.05) - std::pow(0.05, 0.01)) < 1e-12);
    QCOMPARE(clopperPearsonUpper(100, 100, 0.05), 1.0);
    QVERIFY(clopperPearsonLower(30, 100, 0.05) < 0.3 && clopperPearsonUpper(30, 100, 0.05) > 0.3);
    QVERIFY(dpwtest::throwsInternalWith([&] { clopperPearsonUpper(5, 4, 0.05); }, "successes k = 5"));
  }

  // The audit's σ is the production calibration (privacy/mechanisms/mechanisms.h), not a copy of it.
  void gaussianAuditUsesTheProductionCalibration() {
    for (double eps : {0.5, 1.0, 4.0}) {
      MechanismAuditSettings s;
      s.epsilon = eps;
      s.trials = 200;
      QCOMPARE(auditMechanism(s, 1).noiseStd, analyticGaussianNoiseStd(eps, 1e-5, 1.0));
      QVERIFY(std::abs(gdpDelta(1 / analyticGaussianNoiseStd(eps, 1e-5, 1.0), eps) - 1e-5) < 1e-9 * 1e-5 + 1e-15);
    }
  }

  // The grid's noise_std is a standard deviation for every law (issue #40: fair-histogram with Laplace
  // noise showed the scale b there). Laplace on the 20 counts at ε: b = Δ₁/ε = 2/ε, std √2 b; the discrete
  // Laplace at ε = 1 has t = 2 (exact), std √(2r)/(1 − r) with r = e^{−1/2}: 2.7992.
  // The first bound comes after 1000 trials a side, then one every 20000 (#40: lesson 2.3's 5000 whole trainings
  // a side drew nothing for 0.2 s); the last frame's bound is the audit's, read from all the trials.
  void firstBoundAfterAThousandTrials() {
    MechanismAuditSettings s;
    s.trials = 45000;
    struct Steps : CollectingObserver {
      void onProgress(long step, long total) override { progress.push_back({step, total}); }
      std::vector<std::pair<long, long>> progress;
    } obs;
    const MechanismAudit audit = auditMechanism(s, 1, &obs);
    std::vector<long> at;
    for (const auto& f : obs.frames)
      if (f->chart == "audit_epsilon") at.push_back(f->step);
    QCOMPARE(at, (std::vector<long>{1000, 21000, 41000, 45000}));
    QCOMPARE(obs.progress.back(), (std::pair<long, long>{4, 4}));
    const auto& last = std::get<LinesFrame>(obs.frames[obs.frames.size() - 2]->data).series[1];  // before the scores
    QCOMPARE(last.x.size(), std::size_t(4));
    QCOMPARE(last.y.back(), audit.result.epsilonLowerBound);
    QCOMPARE(audit.scoresD.size(), std::size_t(45000));
  }
  void histogramAuditReportsTheStandardDeviation() {
    MechanismAuditSettings s;
    s.mechanism = "fair-histogram";
    s.trials = 200;
    s.epsilon = 0.5;
    s.histogramNoise = NoiseMechanism::Laplace;
    QVERIFY2(std::abs(auditMechanism(s, 1).noiseStd - std::sqrt(2.0) * 4) < 1e-9, qPrintable(QString::number(auditMechanism(s, 1).noiseStd)));
    s.epsilon = 1;
    s.histogramNoise = NoiseMechanism::DiscreteLaplace;
    const double r = std::exp(-0.5);
    QVERIFY(std::abs(auditMechanism(s, 1).noiseStd - std::sqrt(2 * r) / (1 - r)) < 1e-9);
    QVERIFY(std::abs(auditMechanism(s, 1).noiseStd - 2.7992) < 1e-4);
  }

  void correctMechanismsPassTheAudit_data() {
    QTest::addColumn<QString>("mechanism");
    QTest::addColumn<double>("epsilon");
    QTest::addColumn<long>("trials");
    QTest::newRow("gaussian eps 1") << "gaussian" << 1.0 << 200000L;
    QTest::newRow("gaussian eps 4") << "gaussian" << 4.0 << 200000L;
    QTest::newRow("laplace eps 1") << "laplace" << 1.0 << 200000L;
    QTest::newRow("laplace eps 0.3") << "laplace" << 0.3 << 200000L;
    QTest::newRow("dpswd projection eps 2") << "dpswd-projection" << 2.0 << 60000L;
  }
  void correctMechanismsPassTheAudit() {
    QFETCH(QString, mechanism);
    QFETCH(double, epsilon);
    QFETCH(long, trials);
    MechanismAuditSettings s;
    s.mechanism = mechanism.toStdString();
    s.epsilon = epsilon;
    s.trials = trials;
    const MechanismAudit a = auditMechanism(s, 2024);
    qInfo("%s: claimed eps %.3f, measured lower bound %.3f (point estimate %.3f, %ld runs per side)",
          qPrintable(mechanism), a.claimedEpsilon, a.result.epsilonLowerBound, a.result.pointEstimate, trials);
    QVERIFY(a.result.epsilonLowerBound <= a.claimedEpsilon);
    // The audit has power: for the exact mechanisms the bound comes within a factor 2 of the claim,
    // so a passing audit is not an audit that sees nothing.
    if (mechanism != "dpswd-projection") QVERIFY(a.result.epsilonLowerBound > 0.5 * a.claimedEpsilon);
    else QVERIFY(a.result.epsilonLowerBound > 0.2 * a.claimedEpsilon);  // w bounds ‖Θu‖ loosely
  }

  void brokenMechanismsAreCaught_data() {
    QTest::addColumn<QString>("mechanism");
    QTest::addColumn<int>("fault");
    QTest::newRow("gaussian, noise / 4") << "gaussian" << int(AuditFault::NoiseQuarter);
    QTest::newRow("gaussian, clip skipped") << "gaussian" << int(AuditFault::SkipClip);
    QTest::newRow("laplace, noise / 4") << "laplace" << int(AuditFault::NoiseQuarter);
    QTest::newRow("laplace, clip skipped") << "laplace" << int(AuditFault::SkipClip);
    QTest::newRow("dpswd projection, noise / 4") << "dpswd-projection" << int(AuditFault::NoiseQuarter);
    QTest::newRow("dpswd projection, clip skipped") << "dpswd-projection" << int(AuditFault::SkipClip);
  }
  void brokenMechanismsAreCaught() {
    QFETCH(QString, mechanism);
    QFETCH(int, fault);
    MechanismAuditSettings s;
    s.mechanism = mechanism.toStdString();
    s.epsilon = 1.0;
    s.trials = mechanism == "dpswd-projection" ? 60000 : 100000;
    s.fault = AuditFault(fault);
    const MechanismAudit a = auditMechanism(s, 7);
    qInfo("%s with fault %d: claimed eps %.3f, measured lower bound %.3f", qPrintable(mechanism), fault,
          a.claimedEpsilon, a.result.epsilonLowerBound);
    QVERIFY(a.result.epsilonLowerBound > a.claimedEpsilon);
  }

  // The two audits of issue #8's second part, and the discrete (secure-mode) histogram. `power`: the
  // bound must also exceed power × claim, so a passing audit is one that sees something. Measured (seeds
  // below): histogram Laplace 0.93 of 1, discrete Laplace 0.98 of 1 (ε is exact: 2/ε is a multiple of
  // 2^-20), discrete Gaussian 0.45 of 1 (the zCDP conversion and the threshold test both leave slack, as
  // for the continuous Gaussian's 0.57), canary 0.45 of 1 and 1.6 of 4 (gdp-uniform at q = 1 is
  // conservative: σ = 4.1 where the exact Gaussian needs 3.7), and α = 0.5 0.06 of 1 (the penalty's
  // sensitivity 16ML/min n_j is in the noise but this canary does not move the penalty).
  // Secure mode is not replayable, so its bound is random: at confidence 1 − 10^-4 it exceeds the true ε
  // (≤ the claim) with probability ≤ 10^-4, which is what keeps that row from being flaky.
  void fairHistogramAndCanaryPass_data() {
    QTest::addColumn<QString>("mechanism");
    QTest::addColumn<QString>("histogramNoise");
    QTest::addColumn<bool>("secure");
    QTest::addColumn<double>("epsilon");
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("confidence");
    QTest::addColumn<double>("power");
    QTest::newRow("fair histogram, laplace, eps 1") << "fair-histogram" << "laplace" << false << 1.0 << 0.0 << 0.95 << 0.5;
    QTest::newRow("fair histogram, discrete laplace, eps 1") << "fair-histogram" << "discrete-laplace" << false << 1.0 << 0.0 << 0.95 << 0.5;
    QTest::newRow("fair histogram, discrete laplace from the OS, eps 1") << "fair-histogram" << "discrete-laplace" << true << 1.0 << 0.0 << 0.9999 << 0.5;
    QTest::newRow("fair histogram, discrete gaussian, eps 1") << "fair-histogram" << "discrete-gaussian" << false << 1.0 << 0.0 << 0.95 << 0.2;
    QTest::newRow("dpsgd canary, eps 1") << "dpsgd-canary" << "laplace" << false << 1.0 << 0.0 << 0.95 << 0.2;
    QTest::newRow("dpsgd canary, eps 4") << "dpsgd-canary" << "laplace" << false << 4.0 << 0.0 << 0.95 << 0.2;
    QTest::newRow("dpsgd canary, alpha 0.5, eps 1") << "dpsgd-canary" << "laplace" << false << 1.0 << 0.5 << 0.95 << 0.0;
  }
  void fairHistogramAndCanaryPass() {
    QFETCH(QString, mechanism);
    QFETCH(QString, histogramNoise);
    QFETCH(bool, secure);
    QFETCH(double, epsilon);
    QFETCH(double, alpha);
    QFETCH(double, confidence);
    QFETCH(double, power);
    MechanismAuditSettings s;
    s.mechanism = mechanism.toStdString();
    s.histogramNoise = parseNoiseMechanism(histogramNoise.toStdString());
    s.noiseSource = secure ? NoiseSource::OsEntropy : NoiseSource::Seeded;
    s.epsilon = epsilon;
    s.alpha = alpha;
    s.confidence = confidence;
    s.trials = 100000;
    const MechanismAudit a = auditMechanism(s, 2024);
    qInfo("%s (%s%s): claimed eps %.3f, measured lower bound %.3f (point estimate %.3f, noise scale %.4f)",
          qPrintable(mechanism), qPrintable(histogramNoise), secure ? ", OS entropy" : "", a.claimedEpsilon,
          a.result.epsilonLowerBound, a.result.pointEstimate, a.noiseStd);
    QVERIFY(a.result.epsilonLowerBound <= a.claimedEpsilon);
    QVERIFY(a.result.epsilonLowerBound > power * a.claimedEpsilon);
    if (alpha > 0) QVERIFY(a.result.epsilonLowerBound > 0);  // the loss term still shows
  }

  // Broken variants, claim ε = 1: noise ÷ 4 (calibrated for 4ε; Laplace scale ÷ 4) and, for the
  // histogram, a person counted twice (two rows move: sensitivity 4/n, true ε = 2), for the canary the
  // clip skipped (gradient 10C, noise for C). Measured (seed 7): histogram 3.85 / 1.95, discrete Laplace
  // from the OS 3.90 / 1.92 (one run; random), discrete Gaussian ÷ 4 2.14, canary 2.35 / 5.70. The person-counted-twice fault of the
  // Gaussian laws is not listed: at ε = 1 it doubles μ from about 0.25 to 0.5, which this trial count
  // measures as ≈ 1.0, too close to the claim to be a reliable catch.
  void fairHistogramAndCanaryBrokenAreCaught_data() {
    QTest::addColumn<QString>("mechanism");
    QTest::addColumn<QString>("histogramNoise");
    QTest::addColumn<bool>("secure");
    QTest::addColumn<int>("fault");
    QTest::newRow("fair histogram, noise / 4") << "fair-histogram" << "laplace" << false << int(AuditFault::NoiseQuarter);
    QTest::newRow("fair histogram, person counted twice") << "fair-histogram" << "laplace" << false << int(AuditFault::SkipClip);
    QTest::newRow("fair histogram, discrete laplace from the OS, noise / 4") << "fair-histogram" << "discrete-laplace" << true << int(AuditFault::NoiseQuarter);
    QTest::newRow("fair histogram, discrete laplace from the OS, counted twice") << "fair-histogram" << "discrete-laplace" << true << int(AuditFault::SkipClip);
    QTest::newRow("fair histogram, discrete gaussian, noise / 4") << "fair-histogram" << "discrete-gaussian" << false << int(AuditFault::NoiseQuarter);
    QTest::newRow("dpsgd canary, noise / 4") << "dpsgd-canary" << "laplace" << false << int(AuditFault::NoiseQuarter);
    QTest::newRow("dpsgd canary, clip skipped") << "dpsgd-canary" << "laplace" << false << int(AuditFault::SkipClip);
  }
  void fairHistogramAndCanaryBrokenAreCaught() {
    QFETCH(QString, mechanism);
    QFETCH(QString, histogramNoise);
    QFETCH(bool, secure);
    QFETCH(int, fault);
    MechanismAuditSettings s;
    s.mechanism = mechanism.toStdString();
    s.histogramNoise = parseNoiseMechanism(histogramNoise.toStdString());
    s.noiseSource = secure ? NoiseSource::OsEntropy : NoiseSource::Seeded;
    s.epsilon = 1.0;
    s.trials = 100000;
    s.fault = AuditFault(fault);
    const MechanismAudit a = auditMechanism(s, 7);
    qInfo("%s (%s%s) with fault %d: claimed eps %.3f, measured lower bound %.3f", qPrintable(mechanism),
          qPrintable(histogramNoise), secure ? ", OS entropy" : "", fault, a.claimedEpsilon, a.result.epsilonLowerBound);
    QVERIFY(a.result.epsilonLowerBound > a.claimedEpsilon);
  }

  // Mironov (2012) on the shipped floating-point Laplace histogram: the likelihood ratio evaluated
  // naively in doubles rounds differently on D and D' at its extremes, because the released doubles'
  // last bits depend on the true counts. It measures ε ≥ 2.3 against the claimed 1 (a real leak of
  // floating-point noise, not of the calibration: the exact ratio gives 0.93 above). The discrete Laplace
  // histogram releases (integer)/n, a function of the noisy integer only: the same attack gives 0.98 ≤ 1.
  // This is why secure mode is restricted to the discrete laws.
  void lowOrderBitsBreakFloatingPointLaplaceOnly() {
    MechanismAuditSettings s;
    s.mechanism = "fair-histogram";
    s.epsilon = 1.0;
    s.trials = 100000;
    s.attack = AuditAttack::LowOrderBits;
    const MechanismAudit floating = auditMechanism(s, 2024);
    s.histogramNoise = NoiseMechanism::DiscreteLaplace;
    const MechanismAudit discrete = auditMechanism(s, 2024);
    qInfo("low-order-bits attack, claimed eps 1: floating-point Laplace %.3f, discrete Laplace %.3f",
          floating.result.epsilonLowerBound, discrete.result.epsilonLowerBound);
    // Whether this naive attacker sees the floating-point leak depends on how the build rounds: the
    // native Release build (FMA available) measures 2.3; the portable ASan build (no FMA, -O2) measured
    // 0.995. The leak is asserted where it was observed; the discrete law must pass everywhere.
#if defined(__FMA__)
    QVERIFY(floating.result.epsilonLowerBound > floating.claimedEpsilon);
#endif
    QVERIFY(discrete.result.epsilonLowerBound <= discrete.claimedEpsilon);
    QVERIFY(discrete.result.epsilonLowerBound > 0.5 * discrete.claimedEpsilon);
  }

  // Secure mode (issue #13): the grid discrete Gaussian of the flows, DP-SWD and DP-SGD, audited through
  // the same entry points. exactLaw draws it from the seed (replayable, so the bounds are fixed numbers);
  // the canary row runs the OS source at confidence 1 − 10^-4 (random, like the OS histogram rows above).
  // power: the bound must also exceed power × claim. Measured (seed 2024): gaussian 0.62 of 1 at 200000
  // trials (0.46 at 100000, as the floating law's threshold test), dpswd projection 0.68 of 2 (floating:
  // 0.72), canary from the OS 0.20-0.31 of 1 over three runs (random, at confidence 1 − 10^-4; the floating
  // canary 0.45 at twice the trials and 95%).
  void secureGridLawPasses_data() {
    QTest::addColumn<QString>("mechanism");
    QTest::addColumn<bool>("os");
    QTest::addColumn<long>("trials");
    QTest::addColumn<double>("confidence");
    QTest::addColumn<double>("power");
    QTest::newRow("gaussian, grid law") << "gaussian" << false << 100000L << 0.95 << 0.3;
    QTest::newRow("dpswd projection, grid law") << "dpswd-projection" << false << 60000L << 0.95 << 0.2;
    QTest::newRow("dpsgd canary, grid law from the OS") << "dpsgd-canary" << true << 50000L << 0.9999 << 0.05;
    // noisyProjections' OS path (the DP-SWD release in secure mode); few trials, so only the claim is checked
    // (power 0: no lower requirement; its bound was 0.000 in one CI run).
    QTest::newRow("dpswd projection, grid law from the OS") << "dpswd-projection" << true << 10000L << 0.9999 << 0.0;
  }
  void secureGridLawPasses() {
    QFETCH(QString, mechanism);
    QFETCH(bool, os);
    QFETCH(long, trials);
    QFETCH(double, confidence);
    QFETCH(double, power);
    MechanismAuditSettings s;
    s.mechanism = mechanism.toStdString();
    s.epsilon = mechanism == "dpswd-projection" ? 2.0 : 1.0;
    s.trials = trials;
    s.exactLaw = !os;
    s.noiseSource = os ? NoiseSource::OsEntropy : NoiseSource::Seeded;
    s.confidence = confidence;
    const MechanismAudit a = auditMechanism(s, 2024);
    qInfo("%s, secure grid law%s: claimed eps %.3f, measured lower bound %.3f (noise %.4f)", qPrintable(mechanism),
          os ? " (OS)" : " (seeded)", a.claimedEpsilon, a.result.epsilonLowerBound, a.noiseStd);
    QVERIFY(a.result.epsilonLowerBound <= a.claimedEpsilon);
    if (power > 0.0) QVERIFY(a.result.epsilonLowerBound > power * a.claimedEpsilon);
  }
  // The grid law with its noise quartered is caught like the floating one.
  void secureGridLawBrokenIsCaught() {
    MechanismAuditSettings s;
    s.exactLaw = true;
    s.trials = 100000;
    s.fault = AuditFault::NoiseQuarter;
    const MechanismAudit a = auditMechanism(s, 7);
    qInfo("gaussian grid law, noise / 4: measured lower bound %.3f", a.result.epsilonLowerBound);
    QVERIFY(a.result.epsilonLowerBound > a.claimedEpsilon);
  }

  // Mironov's low-order-bits attack on the Gaussian and Laplace mechanisms as the engine draws them
  // (Mechanism::addTo): a release in (−½, ½) off the lattice 2^-53 Z cannot be fl(1 + e), so it is from
  // D. The floating laws fail (a certain event with probability ≈ P(|noise| < ½) on D, impossible on
  // D'): measured 6.84 (Gaussian) and 7.54 (Laplace) for a claim of 1, seed 2024. The grid law releases
  // multiples of g = 1/64, the bit test never fires, and it measures 0.46 ≤ 1 as with the exact view.
  void lowOrderBitsBreakFloatingGaussianNotTheGrid() {
    MechanismAuditSettings s;
    s.trials = 100000;
    s.attack = AuditAttack::LowOrderBits;
    const MechanismAudit gauss = auditMechanism(s, 2024);
    s.mechanism = "laplace";
    const MechanismAudit lap = auditMechanism(s, 2024);
    s.mechanism = "gaussian";
    s.exactLaw = true;
    const MechanismAudit grid = auditMechanism(s, 2024);
    qInfo("low-order-bits, claimed eps 1: floating Gaussian %.3f, floating Laplace %.3f, grid discrete Gaussian %.3f",
          gauss.result.epsilonLowerBound, lap.result.epsilonLowerBound, grid.result.epsilonLowerBound);
    QVERIFY(gauss.result.epsilonLowerBound > 3 * gauss.claimedEpsilon);
    QVERIFY(lap.result.epsilonLowerBound > 3 * lap.claimedEpsilon);
    QVERIFY(grid.result.epsilonLowerBound <= grid.claimedEpsilon);
    QVERIFY(grid.result.epsilonLowerBound > 0.3 * grid.claimedEpsilon);  // measured 0.46: the attack still sees the law
  }

  void choicesParseOnce() {
    for (const auto& id : auditFaultIds()) QCOMPARE(auditFaultIds()[std::size_t(parseAuditFault(id))], id);
    for (const auto& id : auditAttackIds()) QCOMPARE(auditAttackIds()[std::size_t(parseAuditAttack(id))], id);
    QVERIFY(dpwtest::throwsWith([] { parseAuditFault("gremlin"); }, "unknown fault 'gremlin'"));
    QVERIFY(dpwtest::throwsWith([] { parseAuditAttack("psychic"); }, "unknown attack 'psychic'"));
    const auto ids = auditMechanismIds();
    QVERIFY(ids.size() >= 5 && ids[0] == "gaussian" && ids[4] == "dpsgd-canary");
  }

  void newAuditsRefuseBadSettings() {
    MechanismAuditSettings s;
    s.mechanism = "fair-histogram";
    s.noiseSource = NoiseSource::OsEntropy;  // with the floating-point Laplace law
    QVERIFY(dpwtest::throwsWith([&] { auditMechanism(s, 1); }, "secure noise needs histogram_noise discrete-laplace"));
    s.noiseSource = NoiseSource::Seeded;
    s.histogramNoise = NoiseMechanism::DiscreteGaussian;
    s.delta = 0;
    QVERIFY(dpwtest::throwsWith([&] { auditMechanism(s, 1); }, "delta must lie in (0, 1)"));
    s = {};
    s.mechanism = "dpsgd-canary";
    s.alpha = 1;
    QVERIFY(dpwtest::throwsWith([&] { auditMechanism(s, 1); }, "alpha must lie in [0, 1)"));
    s.alpha = 0;
    s.epsilon = -2;
    QVERIFY(dpwtest::throwsWith([&] { auditMechanism(s, 1); }, "epsilon must be a positive finite number, got -2"));
    s.epsilon = 1;
    s.accountant = AccountantKind::Wdp;  // its loss grows with the noise: calibration refuses it
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
    QVERIFY(dpwtest::throwsWith([] { parseAccountant("oracle"); }, "unknown accountant 'oracle'"));
  }

  void badSettingsThrow() {
    MechanismAuditSettings s;
    s.mechanism = "telepathy";
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
    s.mechanism = "gaussian";
    s.epsilon = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
    s.epsilon = 1;
    s.trials = 10;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 1));
  }
};

QTEST_APPLESS_MAIN(TestPrivacyAudit)
#include "tst_privacy_audit.moc"
