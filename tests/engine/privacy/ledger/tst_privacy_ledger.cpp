// Tests of the privacy ledger (engine/privacy/ledger/): the ledger's ε against a fresh accountant's, basic
// and parallel composition of any law, the Gaussian formulas against independent values, secure mode's
// ledgers calibrated on their proven analysis, and the claim sentences generated from the events.
#include <QtTest>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/accountant_calibration.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/calibration/ledger_calibration.h"
#include "privacy/accountants/discrete_subsampled_rdp.h"
#include "privacy/accountants/rdp_analysis.h"
#include "privacy/ledger/privacy_ledger.h"
#include "privacy/ledger/privacy_statement.h"
#include "privacy/mechanisms/discrete_noise.h"
#include "privacy/mechanisms/mechanisms.h"
#include "support/throws_with.h"

using namespace dpw;

namespace {
PrivacyEvent gaussianSteps(double multiplier, double q, long count, Neighbouring relation) {
  return {NoiseMechanism::Gaussian, multiplier, 2.0, relation, minibatchSamplerOf(relation), q, count};
}
/// Secure mode's events: the grid discrete Gaussian at nominal multiplier z.
PrivacyEvent secureSteps(double multiplier, double q, long count, Neighbouring relation) {
  PrivacyEvent e = gaussianSteps(multiplier, q, count, relation);
  e.law = NoiseMechanism::DiscreteGaussian;
  if (q >= 1) e.sampler = Sampler::WholeData;
  return e;
}
/// ε of one discrete-Gaussian step at q = 1 from its closed-form Rényi curve α/(2z²) (CKS20 Prop. 5) and the
/// Balle et al. 2020 conversion ε = D_α + ln((α − 1)/α) − (ln δ + ln α)/(α − 1), minimised over the ledger's orders.
double closedFormOneStep(double z, double delta) {
  double best = std::numeric_limits<double>::infinity();
  for (double a : defaultRdpOrders())
    best = std::min(best, a / (2 * z * z) + std::log((a - 1) / a) - (std::log(delta) + std::log(a)) / (a - 1));
  return std::max(0.0, best);
}
}  // namespace

class TestPrivacyLedger : public QObject {
  Q_OBJECT
 private slots:
  // The ledger keeps one warm accountant and clones it; the composition is the same arithmetic as a
  // fresh accountant's (RDP: 0 + t·ε_α per order), so ε is equal to the last bit at every step count.
  void epsilonAfterEqualsAFreshAccountant() {
    for (AccountantKind kind : {AccountantKind::Rdp, AccountantKind::RdpWor, AccountantKind::Gdp, AccountantKind::Pld}) {
      PrivacyLedger ledger(kind, 1e-5);
      ledger.record(gaussianSteps(1.3, 0.02, 200, neighbouringOf(kind)));
      QCOMPARE(ledger.releases(), 200L);
      for (long t : {1L, 7L, 50L, 200L})
        QCOMPARE(ledger.epsilonAfter(t), epsilonAfterGaussianSteps(kind, 1.3, 0.02, t, 1e-5));
      QCOMPARE(ledger.epsilon(), ledger.epsilonAfter(200));
      QCOMPARE(ledger.epsilonAfter(500), ledger.epsilon());  // nothing is spent beyond the recorded releases
    }
  }

  // Two events compose in recording order: the first 30 releases are the first event's.
  void eventsComposeInOrder() {
    PrivacyLedger ledger(AccountantKind::Rdp, 1e-5);
    ledger.record(gaussianSteps(1.0, 0.01, 30, Neighbouring::AddRemove));
    ledger.record(gaussianSteps(2.0, 0.05, 20, Neighbouring::AddRemove));
    auto a = makeAccountant(AccountantKind::Rdp);
    a->addGaussianSteps(1.0, 0.01, 30);
    QCOMPARE(ledger.epsilonAfter(30), a->epsilon(1e-5));
    a->addGaussianSteps(2.0, 0.05, 5);
    QCOMPARE(ledger.epsilonAfter(35), a->epsilon(1e-5));
    QVERIFY(ledger.epsilonAfter(35) > ledger.epsilonAfter(30));
  }

  void noNoiseIsNoPrivacy() {
    PrivacyLedger ledger(AccountantKind::RdpWor, 1e-5);
    ledger.record(gaussianSteps(0.0, 0.1, 10, Neighbouring::ReplaceOne));
    QVERIFY(!ledger.noisy());
    QCOMPARE(ledger.epsilon(), std::numeric_limits<double>::infinity());
  }

  // One Gaussian release with multiplier 2 is μ-GDP with μ = 1/2; its exact ε at δ = 1e-5 solves
  // Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) = δ: 1.9930914044151207 by bisection in /usr/bin/python3 (math.erfc,
  // 200 halvings). Tolerance 1e-9 relative: gdpEpsilon's root finder stops at 1e-13 of ε's bracket.
  void exactSingleReleaseMatchesTheGdpFormula() {
    PrivacyLedger ledger(AccountantKind::RdpWor, 1e-5, LedgerAccounting::ExactSingleGaussian);
    ledger.record({NoiseMechanism::Gaussian, 2.0, 1.0, Neighbouring::ReplaceOne, Sampler::WholeData, 1.0, 1});
    QVERIFY(std::abs(ledger.epsilon() - 1.9930914044151207) < 1e-9 * 1.9930914044151207);
    QCOMPARE(ledger.epsilonAfter(1000), ledger.epsilon());  // reused: no composition
  }

  // Reference §2 (flow_privacy.h): Δ = 7.5408151363, ε = 5, δ = 1e-5/2 gives σ = 7.5194341218, so the
  // classic ε of multiplier σ/Δ is 5 (both values given to 11 digits: 1e-9 relative).
  void classicFormulaMatchesTheReference() {
    const double multiplier = 7.5194341218 / 7.5408151363;
    QVERIFY(std::abs(classicGaussianEpsilon(multiplier, 0.5e-5) - 5.0) < 1e-9 * 5.0);
    PrivacyLedger ledger(AccountantKind::Rdp, 0.5e-5, LedgerAccounting::ClassicPerRelease);
    ledger.record({NoiseMechanism::Gaussian, multiplier, 7.5408151363, Neighbouring::ReplaceOne, Sampler::WholeData, 1.0, 300});
    QCOMPARE(ledger.epsilonAfter(300), classicGaussianEpsilon(multiplier, 0.5e-5));  // per release, not composed
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, classicGaussianFactor(0.0));
  }

  void badEventsAreRefused() {
    PrivacyLedger ledger(AccountantKind::Rdp, 1e-5);
    PrivacyEvent laplace{NoiseMechanism::Laplace, 1.0, 1.0, Neighbouring::AddRemove, Sampler::WholeData, 1.0, 1};
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, ledger.record(laplace));  // the accountants analyse the Gaussian
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, ledger.record(gaussianSteps(1.0, 1.5, 1, Neighbouring::AddRemove)));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, ledger.record(gaussianSteps(1.0, 0.1, 0, Neighbouring::AddRemove)));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, ledger.record(gaussianSteps(-1.0, 0.1, 1, Neighbouring::AddRemove)));
    QVERIFY(dpwtest::throwsInternalWith([&] { ledger.epsilonAfter(-1); }, "the number of releases must be >= 0"));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, PrivacyLedger(AccountantKind::Rdp, 1.0));
  }

  // Basic composition of pure laws (Dwork & Roth 2014 Thm 3.16): ε's add. Laplace at multiplier 2 (b = 2Δ₁)
  // spends 1/2 per release, discrete Laplace at multiplier 1/2 spends 2: 3 · 0.5 + 2 = 3.5, exact in binary.
  void basicCompositionAddsPureEpsilon() {
    PrivacyLedger ledger = PrivacyLedger::basicComposition(0.0);
    ledger.record({NoiseMechanism::Laplace, 2.0, 1.0, Neighbouring::AddRemove, Sampler::WholeData, 1.0, 3});
    QCOMPARE(ledger.epsilonAfter(2), 1.0);
    QCOMPARE(ledger.epsilon(), 1.5);
    ledger.record({NoiseMechanism::DiscreteLaplace, 0.5, 2.0, Neighbouring::AddRemove, Sampler::WholeData, 1.0, 1});
    QCOMPARE(ledger.epsilon(), 3.5);
    QVERIFY(ledger.pure());
    QCOMPARE(ledger.deltaSpent(), 0.0);
    const std::string claim = releaseClaimSentence(ledger, "a count");
    for (const char* word : {"ε = 3.5 (pure DP)", "Laplace mechanism (b = 2; Dwork & Roth 2014 Thm 3.6)",
                             "L1 sensitivity 1, add/remove neighbours", "3 releases composed by basic composition",
                             "discrete Laplace mechanism (t = 1 = 0.5 × sensitivity;"})
      QVERIFY2(claim.find(word) != std::string::npos, claim.c_str());
  }

  // Issue #40: fair regression at ε = 1 read "b = 0.001433 … sensitivity 0.001434" (scale rounded down,
  // sensitivity up), as if under-noised. The ratio printed beside the scale says b = Δ/ε; it is rounded to
  // 9 digits first, so 2/1434 / (1/1434) prints 2, not 1.999.
  void scaleIsPrintedAsAMultipleOfTheSensitivity() {
    for (const auto& [multiplier, words] : {std::pair<double, const char*>{1.0, "= 1 × sensitivity;"}, {2.0, "= 2 × sensitivity;"}}) {
      PrivacyLedger ledger = PrivacyLedger::basicComposition(0.0);
      ledger.record({NoiseMechanism::Laplace, multiplier, 2.0 / 1395.3, Neighbouring::ReplaceOne, Sampler::WholeData, 1.0, 1});
      const std::string claim = releaseClaimSentence(ledger, "the frequencies");
      QVERIFY2(claim.find(words) != std::string::npos, claim.c_str());
    }
  }

  // Parallel composition (McSherry 2009 Thm 4): events on disjoint rows compose by the max, and a later event
  // on any rows adds to it: max(0.5, 2) + 1 = 3.
  void disjointEventsComposeByTheMax() {
    PrivacyLedger ledger = PrivacyLedger::basicComposition(0.0);
    ledger.record({NoiseMechanism::Laplace, 2.0, 1.0, Neighbouring::ReplaceOne, Sampler::WholeData, 1.0, 1});
    PrivacyEvent other{NoiseMechanism::Laplace, 0.5, 1.0, Neighbouring::ReplaceOne, Sampler::WholeData, 1.0, 1};
    other.disjointFromPrevious = true;
    ledger.record(other);
    QCOMPARE(ledger.epsilon(), 2.0);
    QCOMPARE(ledger.epsilonAfter(1), 0.5);
    ledger.record({NoiseMechanism::Laplace, 1.0, 1.0, Neighbouring::ReplaceOne, Sampler::WholeData, 1.0, 1});
    QCOMPARE(ledger.epsilon(), 3.0);
    QVERIFY(releaseClaimSentence(ledger, "x").find("parallel composition") != std::string::npos);
    // Parallel composition is basic composition's: refused on a first event and by the accountants.
    PrivacyLedger first = PrivacyLedger::basicComposition(0.0);
    QVERIFY(dpwtest::throwsInternalWith([&] { first.record(other); }, "parallel composition (disjointFromPrevious)"));
    PrivacyLedger accounted(AccountantKind::Rdp, 1e-5);
    accounted.record(gaussianSteps(1.0, 0.1, 1, Neighbouring::AddRemove));
    PrivacyEvent gaussian = gaussianSteps(1.0, 0.1, 1, Neighbouring::AddRemove);
    gaussian.disjointFromPrevious = true;
    QVERIFY(dpwtest::throwsInternalWith([&] { accounted.record(gaussian); },
                                         "parallel composition (disjointFromPrevious)"));
  }

  // (ε, δ) laws under basic composition: each release at the ledger's δ, the δ's add. One Gaussian release at
  // multiplier 2 has ε = 1.9930914044151207 at δ = 1e-5 (the value of exactSingleReleaseMatchesTheGdpFormula,
  // same 1e-9 tolerance); two releases spend twice that at δ = 2e-5.
  void basicCompositionOfGaussianReleases() {
    PrivacyLedger ledger = PrivacyLedger::basicComposition(1e-5);
    ledger.record({NoiseMechanism::Gaussian, 2.0, 1.0, Neighbouring::AddRemove, Sampler::WholeData, 1.0, 2});
    QVERIFY(std::abs(ledger.epsilon() - 2 * 1.9930914044151207) < 2e-9 * 1.9930914044151207);
    QCOMPARE(ledger.deltaSpent(), 2e-5);
    QVERIFY(!ledger.pure());
    QVERIFY(releaseClaimSentence(ledger, "x").find("δ = 2e-05)") != std::string::npos);
    PrivacyLedger noDelta = PrivacyLedger::basicComposition(0.0);  // a Gaussian-type law needs δ > 0
    QVERIFY_THROWS_EXCEPTION(InvalidArgument,
                             noDelta.record({NoiseMechanism::DiscreteGaussian, 2.0, 1.0, Neighbouring::AddRemove,
                                             Sampler::WholeData, 1.0, 1}));
  }

  // The discrete Gaussian's one-release ε inverts its concentrated-DP conversion: at ρ = 1/(2·4²) the
  // conversion's δ is ≤ 1e-5 at ε and above it 1e-9 lower (the root finder stops at 1e-13 relative).
  void discreteGaussianEpsilonInvertsItsConversion() {
    const double eps = noiseLaw(NoiseMechanism::DiscreteGaussian).releaseEpsilon(4.0, 1e-5);
    const double rho = 1.0 / 32;
    QVERIFY(concentratedDpDelta(rho, eps) <= 1e-5);
    QVERIFY(concentratedDpDelta(rho, eps * (1 - 1e-9)) > 1e-5);
    QVERIFY(eps < rho + 2 * std::sqrt(rho * std::log(1e5)));  // tighter than the classic conversion
  }

  // A claim's ε and δ print rounded up at 4 digits, so the printed number is never below the bound:
  // to the nearest, δ = 1/300000 printed as 3.33333e-06 and the one-release Gaussian ε 1.99309…
  // as 1.993, both understatements.
  void claimNumbersRoundUp() {
    QCOMPARE(claimNumber(1.0), std::string("1"));
    QCOMPARE(claimNumber(5.0), std::string("5"));
    QCOMPARE(claimNumber(1e-5), std::string("1e-05"));
    QCOMPARE(claimNumber(1.0 / 300000), std::string("3.334e-06"));
    QCOMPARE(claimNumber(1.99349), std::string("1.994"));
    QCOMPARE(claimNumber(0.99996), std::string("1"));
    QCOMPARE(claimNumber(9.99951), std::string("10"));
    QCOMPARE(claimNumber(0.0), std::string("0"));
    for (const double v : {0.1234567, 2.0 / 3.0, 1e-7 / 3.0, 123456.7, 4.37718, 0.568})
      QVERIFY2(std::stod(claimNumber(v)) >= v && std::stod(claimNumber(v)) <= v * (1 + 1e-3), claimNumber(v).c_str());
  }

  // Noise scales and multipliers print rounded down (to the nearest, a multiplier of 1.23456 read
  // 1.235: more noise than was added); the claim's Δ and q round up like its ε.
  void noiseNumbersRoundDown() {
    QCOMPARE(noiseNumber(1.23456), std::string("1.234"));
    QCOMPARE(noiseNumber(1.25), std::string("1.25"));
    QCOMPARE(noiseNumber(0.99996), std::string("0.9999"));
    QCOMPARE(noiseNumber(9.99951), std::string("9.999"));
    QCOMPARE(noiseNumber(0.0), std::string("0"));
    for (const double v : {0.1234567, 2.0 / 3.0, 1e-7 / 3.0, 123456.7, 4.37718, 0.568, 3.7889})
      QVERIFY2(std::stod(noiseNumber(v)) <= v && std::stod(noiseNumber(v)) >= v * (1 - 1e-3), noiseNumber(v).c_str());
    PrivacyLedger ledger(AccountantKind::Rdp, 1e-5);
    ledger.record(gaussianSteps(2.0 / 3.0, 1.0 / 3.0, 10, Neighbouring::ReplaceOne));
    const std::string claim = accountedClaimSentence(ledger, 1e-5);
    QVERIFY2(claim.find("q = 0.3334 (fixed batch), 10 steps, noise multiplier 0.6666") != std::string::npos, claim.c_str());
  }

  // Secure mode's grid discrete Gaussian is read, and calibrated, by an analysis proven for it (issue 35 item 2):
  // which one, per accountant, sampler and rate.
  void secureLawAnalysisPerAccountant() {
    const std::string discrete = "rdp-discrete-gaussian";
    struct Case {
      AccountantKind chosen;
      bool subsampled;
      const char* analysis;
      bool chosenProven;
    };
    const Case cases[] = {
        {AccountantKind::RdpWor, true, "rdp-wor", true},         // Wang et al. Thm 9 takes any curve
        {AccountantKind::PldWor, true, "rdp-wor", false},        // the PLD is the continuous Gaussian's loss
        {AccountantKind::GdpUniform, true, "rdp-wor", false},    // a CLT approximation, not a bound
        {AccountantKind::Rdp, true, discrete.c_str(), false},    // Mironov et al.'s Poisson analysis is Gaussian-specific
        {AccountantKind::Pld, true, discrete.c_str(), false},    // Poisson: Zhu & Wang 2019 Thm 6
        {AccountantKind::RdpWor, false, discrete.c_str(), true},  // q = 1: the plain curve, Balle's conversion
        {AccountantKind::Rdp, false, discrete.c_str(), true},
        {AccountantKind::PldWor, false, discrete.c_str(), false},
    };
    for (const Case& c : cases) {
      QCOMPARE(ledgerAnalysis(c.chosen, NoiseMechanism::DiscreteGaussian, c.subsampled)->id(), std::string(c.analysis));
      QCOMPARE(accountantProvenFor(c.chosen, NoiseMechanism::DiscreteGaussian, c.subsampled), c.chosenProven);
      QCOMPARE(ledgerAnalysis(c.chosen, NoiseMechanism::Gaussian, c.subsampled)->id(), accountantId(c.chosen));
    }
    QVERIFY(dpwtest::throwsInternalWith([&] { ledgerAnalysis(AccountantKind::Rdp, NoiseMechanism::Laplace, false); },
                                         "the accountants analyse the Gaussian"));
  }

  // The pool's one-shot secure release, re-derived (issue 35 item 2). Teaching mode calibrates it exactly for the
  // continuous Gaussian (ε = 5 at δ = 1e-5: multiplier 0.8919); equal Rényi divergences (CKS20 Prop. 5) prove only
  // ε = 5.396 for the discrete law at that multiplier (the review's 5.40 by the CKS20 conversion), so secure mode
  // calibrates on the Rényi curve: multiplier 0.9526 (6.8% more noise), whose ledger ε is ≤ 5. The ledger's ε is
  // the closed form of the curve and conversion to 1e-12 (the same formula, summed in another order).
  void poolOneShotSecureClaimReDerived() {
    const double delta = 1e-5;
    const double teachingZ = analyticGaussianNoiseStd(5, delta, 1.0);
    QVERIFY(std::abs(exactGaussianEpsilon(teachingZ, delta) - 5) < 1e-9);
    PrivacyLedger atTeaching(AccountantKind::RdpWor, delta);
    atTeaching.record(secureSteps(teachingZ, 1.0, 1, Neighbouring::ReplaceOne));
    const double proven = atTeaching.epsilon();
    qInfo("teaching multiplier %.6f: the discrete law's proven eps %.4f", teachingZ, proven);
    QVERIFY2(std::abs(proven / closedFormOneStep(teachingZ, delta) - 1) < 1e-12, qPrintable(QString::number(proven)));
    QVERIFY(proven > 5.39 && proven < 5.40);  // 5.3957: 5 is not proven at the teaching noise
    const double secureZ = calibrateMultiplier(
        [&](double z) {
          PrivacyLedger l(AccountantKind::RdpWor, delta);
          l.record(secureSteps(z, 1.0, 1, Neighbouring::ReplaceOne));
          return l;
        },
        5);
    PrivacyLedger calibrated(AccountantKind::RdpWor, delta);
    calibrated.record(secureSteps(secureZ, 1.0, 1, Neighbouring::ReplaceOne));
    QVERIFY(calibrated.epsilon() <= 5 && calibrated.epsilon() > 5 * (1 - 1e-6));  // calibration stops 1e-9 relative on z
    QVERIFY2(secureZ > 1.06 * teachingZ && secureZ < 1.07 * teachingZ, qPrintable(QString::number(secureZ)));
    QVERIFY(std::abs(secureZ / calibrateNoiseMultiplier(AccountantKind::Rdp, 5, delta, 1.0, 1) - 1) < 1e-8);
    QVERIFY(!calibrated.chosenAccountantUnproven());  // rdp-wor's curve at q = 1 is proven; Balle's conversion is tighter
    QVERIFY(calibrated.claim() == AccountantClaim::Bound);
  }

  // Poisson steps of the discrete law: the Zhu-Wang bound (discrete_subsampled_rdp.h) on every order of the grid,
  // never above its integer-order ε and never below the continuous Gaussian's. At the flows' setting (q = 0.025,
  // T = 500, δ = 1e-5) and the multiplier rdp calibrates for ε = 5, the proven ε was 6.06 beside a headline 5; the
  // ledger now states it, and calibrating on it meets 5 with about 1.08x the noise (docs/privacy-audits.md).
  void poissonSecureStepsReadTheProvenBound() {
    const double delta = 1e-5, q = 0.025;
    const long T = 500;
    const double rdpZ = calibrateNoiseMultiplier(AccountantKind::Rdp, 5, delta, q, T);
    PrivacyLedger ledger(AccountantKind::Rdp, delta);
    ledger.record(secureSteps(rdpZ, q, T, Neighbouring::AddRemove));
    const double integerOrders = discreteGaussianPoissonEpsilon(rdpZ, q, T, delta);
    qInfo("rdp multiplier %.5f: ledger eps %.5f, integer-order bound %.5f", rdpZ, ledger.epsilon(), integerOrders);
    QVERIFY(ledger.epsilon() <= integerOrders * (1 + 1e-12));
    QVERIFY(ledger.epsilon() > 5 && ledger.epsilon() < 6.1);
    QVERIFY(ledger.chosenAccountantUnproven());
    QVERIFY(std::abs(ledger.chosenAccountantEpsilon() - 5) < 1e-6);  // the chosen rdp's, for comparison
    QVERIFY(ledger.claim() == AccountantClaim::Bound);
    const double z = calibrateMultiplier(
        [&](double m) {
          PrivacyLedger l(AccountantKind::Rdp, delta);
          l.record(secureSteps(m, q, T, Neighbouring::AddRemove));
          return l;
        },
        5);
    PrivacyLedger calibrated(AccountantKind::Rdp, delta);
    calibrated.record(secureSteps(z, q, T, Neighbouring::AddRemove));
    QVERIFY(calibrated.epsilon() <= 5 && calibrated.epsilon() > 5 * (1 - 1e-6));
    for (long t : {1L, 10L, 250L})  // the live curve reads the same ledger
      QVERIFY(calibrated.epsilonAfter(t) <= calibrated.epsilon());
    qInfo("proven calibration: %.4fx the continuous multiplier", z / rdpZ);
    QVERIFY(z > rdpZ && z < 1.12 * rdpZ);
  }

  // Secure statements say "proven" for the law drawn and never "approximation"; a chosen accountant that is not
  // proven for it follows, for comparison, in words that claim nothing. The refusals name the rule.
  void secureClaimSentences() {
    PrivacyLedger fixed(AccountantKind::PldWor, 1e-5);
    fixed.record(secureSteps(3.0, 0.2, 100, Neighbouring::ReplaceOne));
    const std::string f = accountedClaimSentence(fixed, 1e-5);
    QVERIFY2(f.rfind("(ε = " + claimNumber(fixed.epsilon()) + ", δ = 1e-05) by the " +
                         makeAccountant(AccountantKind::RdpWor)->name() +
                         ", a proven bound for secure mode's discrete Gaussian (the law drawn)", 0) == 0, f.c_str());
    QVERIFY2(f.find("for comparison, the chosen accountant pld-wor gives ε = " +
                    claimNumber(fixed.chosenAccountantEpsilon())) != std::string::npos, f.c_str());
    QVERIFY(f.find("approximation") == std::string::npos);
    PrivacyLedger own(AccountantKind::RdpWor, 1e-5);  // rdp-wor is proven for it: no comparison
    own.record(secureSteps(3.0, 0.2, 100, Neighbouring::ReplaceOne));
    QVERIFY(accountedClaimSentence(own, 1e-5).find("for comparison") == std::string::npos);
    QVERIFY(std::isnan(own.chosenAccountantEpsilon()));
    QCOMPARE(own.epsilon(), fixed.epsilon());  // the same analysis, whatever was chosen
    PrivacyLedger clt(AccountantKind::GdpUniform, 1e-5);
    clt.record(secureSteps(3.0, 0.2, 100, Neighbouring::ReplaceOne));
    QVERIFY(accountedClaimSentence(clt, 1e-5).find("approximation") == std::string::npos);
    // Refusals: the one-release formulas are the continuous Gaussian's; one ledger holds one law.
    PrivacyLedger once(AccountantKind::Rdp, 1e-5, LedgerAccounting::ExactSingleGaussian);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, once.record(secureSteps(1.0, 1.0, 1, Neighbouring::ReplaceOne)));
    PrivacyLedger mixed(AccountantKind::Rdp, 1e-5);
    mixed.record(gaussianSteps(1.0, 0.1, 1, Neighbouring::AddRemove));
    QVERIFY(dpwtest::throwsInternalWith([&] { mixed.record(secureSteps(1.0, 0.1, 1, Neighbouring::AddRemove)); },
                                         "one accounted ledger holds one law"));
    const auto exactSecure = [](double z) {  // a one-release formula for the discrete law: refused, also to calibrate
      PrivacyLedger l(AccountantKind::Rdp, 1e-5, LedgerAccounting::ExactSingleGaussian);
      l.record(secureSteps(z, 1.0, 1, Neighbouring::ReplaceOne));
      return l;
    };
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, calibrateMultiplier(exactSecure, 1));
  }

  // The claim is generated from the events: the sampler from the relation, the numbers from the event.
  void claimSentenceFromTheEvents() {
    PrivacyLedger poisson(AccountantKind::Rdp, 1e-5);
    poisson.record(gaussianSteps(1.25, 0.025, 500, Neighbouring::AddRemove));
    const std::string p = accountedClaimSentence(poisson, 2e-5);
    QVERIFY2(p.find("δ = 2e-05) by the " + makeAccountant(AccountantKind::Rdp)->name() +
                    ", a proven bound, q = 0.025 (Poisson), 500 steps, noise multiplier 1.25") != std::string::npos, p.c_str());
    PrivacyLedger clt(AccountantKind::GdpUniform, 1e-5);
    clt.record(gaussianSteps(1.25, 0.025, 500, Neighbouring::ReplaceOne));
    QVERIFY(accountedClaimSentence(clt, 1e-5).find("an approximation, not a bound") != std::string::npos);
    // One reused release and the reference code's per-release claim say what they are.
    PrivacyLedger once(AccountantKind::Rdp, 1e-5, LedgerAccounting::ExactSingleGaussian);
    once.record({NoiseMechanism::Gaussian, 2.0, 1.0, Neighbouring::ReplaceOne, Sampler::WholeData, 1.0, 1});
    const std::string o = claimSentence(once, 1e-5);
    QVERIFY2(o.rfind("(ε = 1.994, δ = 1e-05) by one release of the Gaussian mechanism", 0) == 0 &&
                 o.find("replace-one") != std::string::npos && o.find("Balle & Wang 2018") != std::string::npos,
             o.c_str());
    PrivacyLedger classic(AccountantKind::Rdp, 1e-5, LedgerAccounting::ClassicPerRelease);
    classic.record({NoiseMechanism::Gaussian, 2.0, 1.0, Neighbouring::ReplaceOne, Sampler::WholeData, 1.0, 30});
    QVERIFY(claimSentence(classic, 1e-5).find("the 30 releases are NOT composed") != std::string::npos);
    QVERIFY2(p.rfind("(ε = " + claimNumber(poisson.epsilon()) + ",", 0) == 0, p.c_str());
    PrivacyLedger fixed(AccountantKind::RdpWor, 1e-5);
    fixed.record(gaussianSteps(1.25, 0.025, 500, Neighbouring::ReplaceOne));
    QVERIFY(accountedClaimSentence(fixed, 1e-5).find("q = 0.025 (fixed batch)") != std::string::npos);
    QCOMPARE(samplerDescription(Sampler::WholeData, 1.0), std::string("the whole private data every step (q = 1)"));
    QCOMPARE(noPrivacySentence("the projections", 3, "X"), std::string("No privacy: ε = ∞ (no noise on the projections), 3 steps of X."));
  }
};

QTEST_APPLESS_MAIN(TestPrivacyLedger)
#include "tst_privacy_ledger.moc"
