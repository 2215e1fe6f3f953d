// Tests of the privacy ledger (engine/privacy/ledger/): the ledger's ε against a fresh accountant's, basic
// and parallel composition of any law, the one "given multiplier or calibrate" decision, the Gaussian
// formulas against independent values, and the claim sentences generated from the events.
#include <QtTest>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/ledger/noise_resolution.h"
#include "privacy/ledger/privacy_ledger.h"
#include "privacy/ledger/privacy_statement.h"
#include "privacy/mechanisms/discrete_noise.h"
#include "privacy/mechanisms/mechanisms.h"

using namespace dpw;

namespace {
PrivacyEvent gaussianSteps(double multiplier, double q, long count, Neighbouring relation) {
  return {NoiseMechanism::Gaussian, multiplier, 2.0, relation, minibatchSamplerOf(relation), q, count};
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

  void resolutionGivenOrCalibrated() {
    NoiseRequest r;
    r.epsilon = 2.0, r.delta = 1e-5, r.accountant = AccountantKind::RdpWor, r.sampleRate = 0.1, r.steps = 50;
    QCOMPARE(resolveNoiseMultiplier(r), calibrateNoiseMultiplier(AccountantKind::RdpWor, 2.0, 1e-5, 0.1, 50));
    r.givenMultiplier = 0.7;  // given: no calibration, whatever ε
    QCOMPARE(resolveNoiseMultiplier(r), 0.7);
    r.givenMultiplier.reset();
    r.epsilon = std::numeric_limits<double>::infinity();
    QCOMPARE(resolveNoiseMultiplier(r), 0.0);
    r.epsilon = 2.0;
    r.calibration = Calibration::ExactSingleGaussian;
    QCOMPARE(resolveNoiseMultiplier(r), analyticGaussianNoiseStd(2.0, 1e-5, 1.0));
    r.calibration = Calibration::ClassicGaussian;
    r.sensitivity = 7.5408151363;
    QCOMPARE(resolveNoiseMultiplier(r) * r.sensitivity, classicGaussianNoiseStd(2.0, 1e-5, r.sensitivity));
    r.calibration = Calibration::Accountant;
    r.epsilon = 0.0;  // a bad budget gets the calibration's message
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, resolveNoiseMultiplier(r));
    // Past ε = 100 a PLD calibration is refused at once (it would take minutes and gigabytes); an RDP one runs.
    r.epsilon = 1000.0;
    QVERIFY(resolveNoiseMultiplier(r) > 0);  // rdp-wor: cheap at any ε
    for (const auto kind : {AccountantKind::Pld, AccountantKind::PldWor}) {
      r.accountant = kind;
      r.epsilon = 100.5;
      try {
        resolveNoiseMultiplier(r);
        QFAIL("a PLD calibration to epsilon 100.5 ran");
      } catch (const InvalidArgument& e) {
        QVERIFY2(std::string(e.what()).find("epsilon = inf") != std::string::npos, e.what());
      }
      r.epsilon = 100.0;  // the largest that runs
      QVERIFY(resolveNoiseMultiplier(r) > 0);
    }
  }

  void badEventsAreRefused() {
    PrivacyLedger ledger(AccountantKind::Rdp, 1e-5);
    PrivacyEvent laplace{NoiseMechanism::Laplace, 1.0, 1.0, Neighbouring::AddRemove, Sampler::WholeData, 1.0, 1};
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, ledger.record(laplace));  // the accountants analyse the Gaussian
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, ledger.record(gaussianSteps(1.0, 1.5, 1, Neighbouring::AddRemove)));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, ledger.record(gaussianSteps(1.0, 0.1, 0, Neighbouring::AddRemove)));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, ledger.record(gaussianSteps(-1.0, 0.1, 1, Neighbouring::AddRemove)));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, ledger.epsilonAfter(-1));
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
                             "discrete Laplace mechanism (t = 1;"})
      QVERIFY2(claim.find(word) != std::string::npos, claim.c_str());
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
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, first.record(other));
    PrivacyLedger accounted(AccountantKind::Rdp, 1e-5);
    accounted.record(gaussianSteps(1.0, 0.1, 1, Neighbouring::AddRemove));
    PrivacyEvent gaussian = gaussianSteps(1.0, 0.1, 1, Neighbouring::AddRemove);
    gaussian.disjointFromPrevious = true;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, accounted.record(gaussian));
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
