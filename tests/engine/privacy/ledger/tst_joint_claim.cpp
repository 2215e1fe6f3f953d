// Tests of engine/privacy/ledger/joint_claim.h: the joint claim of several runs on the same data, by one
// accountant over all their events (against the closed form of composed Gaussians) or by basic composition
// of their (ε, δ), with the group conversion when the runs' neighbouring relations differ.
#include <QtTest>
#include <cmath>
#include <limits>
#include <memory>

#include "core/error.h"
#include "privacy/ledger/joint_claim.h"
#include "privacy/ledger/privacy_ledger.h"

using namespace dpw;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

/// A run whose ledger is `count` Gaussian steps (σ, q) of `relation`'s sampler, read by `accountant`.
RunPrivacy accountedRun(AccountantKind accountant, double multiplier, double q, long count, double delta) {
  PrivacyLedger ledger(accountant, delta);
  const Neighbouring relation = neighbouringOf(accountant);
  ledger.record({NoiseMechanism::Gaussian, multiplier, 1.0, relation,
                 q < 1 ? minibatchSamplerOf(relation) : Sampler::WholeData, q, count});
  return runPrivacyOf(ledger, delta, false);
}

}  // namespace

class TestJointClaim : public QObject {
  Q_OBJECT
 private slots:
  // Basic composition of pairs (Dwork & Roth 2014 Thm 3.16): the ε's and δ's add exactly; a run that spends
  // nothing (NaN) is left out; one without noise makes the joint ε infinite.
  void pairsAddUp() {
    const JointClaim c = jointClaim(std::vector<std::pair<double, double>>{{1, 1e-5}, {2, 1e-5}, {5, 2e-5}, {kNaN, 0}});
    QCOMPARE(c.runs, std::size_t(3));
    QCOMPARE(c.composition, JointComposition::Basic);
    QCOMPARE(c.epsilon, 8.0);
    QCOMPARE(c.delta, 4e-5);
    QVERIFY(!c.groupConverted && !c.approximate);
    const JointClaim inf = jointClaim(std::vector<std::pair<double, double>>{{1, 1e-5}, {kInf, 0}});
    QVERIFY(std::isinf(inf.epsilon));
    QCOMPARE(inf.delta, 0.0);  // (∞, 0): the δ of a vacuous ε says nothing
    QVERIFY(jointClaimSentence(inf).find("ε = ∞") != std::string::npos);
    const JointClaim none = jointClaim(std::vector<std::pair<double, double>>{{kNaN, 0}});
    QCOMPARE(none.runs, std::size_t(0));
    QCOMPARE(none.epsilon, 0.0);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, jointClaim(std::vector<std::pair<double, double>>{{1, 1.5}}));
  }

  // Three runs of one Gaussian release each (multiplier 2, q = 1, add/remove) on the same data compose to one
  // Gaussian of multiplier 2/√3, i.e. μ = √3/2 GDP, whose exact ε at δ = 3e-5 is 3.4788241352 (computed
  // independently with scipy: brentq on Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) = δ, Dong, Roth & Su 2019 Cor. 2.13).
  // The joint claim composes all events with the PLD accountant: pessimistic (never below the exact value)
  // and close to it (measured 1.4e-8 above; 1e-6 allows for the grid's rounding); basic composition of the runs' own exact ε
  // (1.9930914 each, the same scipy computation at μ = 1/2, δ = 1e-5) is 5.979, printed beside it.
  void accountantComposesAllEventsAgainstTheClosedForm() {
    std::vector<RunPrivacy> runs;
    for (int i = 0; i < 3; ++i) {
      PrivacyLedger ledger(AccountantKind::Pld, 1e-5, LedgerAccounting::ExactSingleGaussian);
      ledger.record({NoiseMechanism::Gaussian, 2.0, 1.0, Neighbouring::AddRemove, Sampler::WholeData, 1.0, 1});
      runs.push_back(runPrivacyOf(ledger, 1e-5, false));
    }
    QVERIFY(std::abs(runs[0].epsilon - 1.9930914044151173) < 1e-6);  // the exact one-Gaussian ε (gdp_analysis)
    const JointClaim c = jointClaim(runs);
    QCOMPARE(c.composition, JointComposition::Accountant);
    QCOMPARE(c.accountant, AccountantKind::Pld);
    QCOMPARE(c.delta, 3e-5);
    qInfo("joint ε %.9f, exact 3.478824135, basic %.6f", c.epsilon, c.basicEpsilon);
    QVERIFY(c.epsilon >= 3.4788241352118656 - 1e-9);
    QVERIFY(c.epsilon <= 3.4788241352118656 + 1e-6);
    QVERIFY(std::abs(c.basicEpsilon - 3 * 1.9930914044151173) < 3e-6);
    const std::string sentence = jointClaimSentence(c);
    QVERIFY2(sentence.find("Joint claim of the 3 runs") != std::string::npos, sentence.c_str());
    QVERIFY2(sentence.find("basic composition of their own ε gives 5.98") != std::string::npos, sentence.c_str());
  }

  // Subsampled runs of one relation: the joint claim is one accountant's ε over every run's steps, equal to
  // that accountant given the same steps directly (the composition is the accountant's own), far below the sum.
  void subsampledRunsComposeInOneAccountant() {
    for (AccountantKind kind : {AccountantKind::Pld, AccountantKind::PldWor}) {
      const std::vector<RunPrivacy> runs{accountedRun(kind, 1.0, 0.02, 300, 5e-6),
                                         accountedRun(kind, 1.5, 0.05, 200, 5e-6)};
      const JointClaim c = jointClaim(runs);
      QCOMPARE(c.composition, JointComposition::Accountant);
      QCOMPARE(c.accountant, kind);
      auto a = makeAccountant(kind);
      a->addGaussianSteps(1.0, 0.02, 300);
      a->addGaussianSteps(1.5, 0.05, 200);
      QCOMPARE(c.epsilon, a->epsilon(1e-5));
      QVERIFY(c.epsilon < runs[0].epsilon + runs[1].epsilon);
      QVERIFY(c.epsilon > std::max(runs[0].epsilon, runs[1].epsilon));
    }
  }

  // A run whose own claim is an approximation (gdp) still composes in the tightest proven accountant: the
  // joint claim is a bound, whatever the runs' own accountants.
  void approximateRunsComposeInAProvenAccountant() {
    const JointClaim c = jointClaim({accountedRun(AccountantKind::Gdp, 1.0, 0.02, 300, 1e-5),
                                     accountedRun(AccountantKind::Rdp, 1.0, 0.02, 300, 1e-5)});
    QCOMPARE(c.composition, JointComposition::Accountant);
    QCOMPARE(c.accountant, tightestProvenAccountant(Neighbouring::AddRemove));
    QVERIFY(!c.approximate);
  }

  // Runs private for different relations: the claim is for replace-one neighbours, an add/remove run counting
  // as a group of two, (2ε, (1 + e^ε) δ); no accountant covers both. A run without its ledger (secure mode)
  // composes by its (ε, δ) only.
  void mixedRelationsConvertByGroupPrivacy() {
    const RunPrivacy addRemove = accountedRun(AccountantKind::Pld, 1.0, 0.02, 300, 1e-5);
    const RunPrivacy replaceOne = accountedRun(AccountantKind::PldWor, 1.0, 0.02, 300, 1e-5);
    const JointClaim c = jointClaim({addRemove, replaceOne});
    QCOMPARE(c.composition, JointComposition::Basic);
    QVERIFY(c.groupConverted);
    QCOMPARE(c.epsilon, 2 * addRemove.epsilon + replaceOne.epsilon);
    QCOMPARE(c.delta, (1 + std::exp(addRemove.epsilon)) * 1e-5 + 1e-5);
    QVERIFY(jointClaimSentence(c).find("group of two") != std::string::npos);
    const RunPrivacy secure{2.5, 1e-5, nullptr};
    const JointClaim s = jointClaim({addRemove, secure});
    QCOMPARE(s.composition, JointComposition::Basic);
    QCOMPARE(s.epsilon, addRemove.epsilon + 2.5);
  }

  // Each run's δ beyond its accountant's share (the random directions' sensitivity bound) adds to the joint δ.
  void otherDeltaAdds() {
    PrivacyLedger ledger(AccountantKind::Pld, 5e-6);
    ledger.record({NoiseMechanism::Gaussian, 1.0, 1.0, Neighbouring::AddRemove, Sampler::Poisson, 0.02, 100});
    const RunPrivacy run = runPrivacyOf(ledger, 1e-5, false);  // half the δ to the bound
    const JointClaim c = jointClaim({run, run});
    QCOMPARE(c.composition, JointComposition::Accountant);
    QCOMPARE(c.delta, 2e-5);
    auto a = makeAccountant(AccountantKind::Pld);
    a->addGaussianSteps(1.0, 0.02, 200);
    QCOMPARE(c.epsilon, a->epsilon(1e-5));  // the accountant at the ledgers' δ's only
  }
};

QTEST_APPLESS_MAIN(TestJointClaim)
#include "tst_joint_claim.moc"
