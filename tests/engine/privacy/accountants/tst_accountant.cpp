// Tests of engine/privacy/accountants/accountant.h (factory, composition, calibration) against Opacus reference
// values committed in tests/golden/opacus_accountants.json (recipe in tests/golden/README.md).
#include <QJsonArray>
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/accountant_calibration.h"
#include "privacy/accountants/pld_accountant_base.h"
#include "support/golden.h"

using namespace dpw;

namespace {
double eps(const std::string& id, double sigma, double q, long steps, double delta) {
  return epsilonAfterGaussianSteps(id, sigma, q, steps, delta);
}
}  // namespace

class TestAccountant : public QObject {
  Q_OBJECT
 private slots:
  void factoryKnowsEveryId() {
    for (const auto& id : accountantIds()) {
      auto a = makeAccountant(id);
      QCOMPARE(a->id(), id);
      QVERIFY(!a->name().empty());
      QVERIFY(!a->shortName().empty() && a->shortName().size() <= 20);
      QCOMPARE(a->epsilon(1e-5), 0.0);  // nothing spent yet
    }
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, makeAccountant("moments"));
  }
  // The registry is accountant_list.h: entry i is the descriptor of kind i, and the accountant it makes has
  // the descriptor's id.
  void registryFollowsTheList() {
    const auto& registry = accountantRegistry();
    QCOMPARE(registry.size(), accountantIds().size());
    for (std::size_t i = 0; i < registry.size(); ++i) {
      const AccountantInfo& info = *registry[i];
      QVERIFY(info.kind == AccountantKind(i));
      QCOMPARE(&accountantInfo(info.kind), &info);
      QCOMPARE(accountantId(info.kind), std::string(info.id));
      QCOMPARE(info.make()->id(), std::string(info.id));
      QVERIFY(info.claim == AccountantClaim::Bound || info.discreteGaussian == DiscreteGaussianCover::None);
    }
  }
  // The properties consumers read instead of kinds: `auto` (the tightest proven per relation, the Rényi ones in
  // secure mode), the costly ε of the PLDs and their coarser grid for calibration.
  void propertiesReplaceKindTests() {
    QVERIFY(tightestProvenAccountant(Neighbouring::AddRemove) == AccountantKind::Pld);
    QVERIFY(tightestProvenAccountant(Neighbouring::ReplaceOne) == AccountantKind::PldWor);
    QVERIFY(tightestProvenAccountant(Neighbouring::AddRemove, DiscreteGaussianCover::Unsubsampled) ==
            AccountantKind::Rdp);
    QVERIFY(tightestProvenAccountant(Neighbouring::ReplaceOne, DiscreteGaussianCover::Unsubsampled) ==
            AccountantKind::RdpWor);
    QVERIFY(tightestProvenAccountant(Neighbouring::ReplaceOne, DiscreteGaussianCover::EveryRate) ==
            AccountantKind::RdpWor);
    // No method asks for it (the flows' secure mode asks for the unsubsampled cover): a bug, not bad input.
    QVERIFY_THROWS_EXCEPTION(InternalError,
                             tightestProvenAccountant(Neighbouring::AddRemove, DiscreteGaussianCover::EveryRate));
    for (const AccountantInfo* info : accountantRegistry()) {
      const auto fine = info->make();
      const auto coarse = fine->coarser();
      QCOMPARE(bool(coarse), info->epsilonCost == EpsilonCost::Costly);  // the PLDs
      if (!coarse) continue;
      QCOMPARE(coarse->id(), fine->id());
      QCOMPARE(dynamic_cast<const PldAccountantBase&>(*coarse).interval(), PldAccountantBase::kCoarseInterval);
      QVERIFY(!coarse->coarser());  // as coarse as it gets
      // The coarse grid is the same pessimistic (connect-the-dots) discretisation of the same loss, 10x wider:
      // here its ε is above the fine one and close to it (measured 5e-4 relative for pld, 3e-4 for pld-wor;
      // 2e-3 is calibration's bracket below the coarse σ, accountant.cpp).
      fine->addGaussianSteps(1.1, 0.01, 1000);
      coarse->addGaussianSteps(1.1, 0.01, 1000);
      const double e = fine->epsilon(1e-5), eCoarse = coarse->epsilon(1e-5);
      qInfo("%s: ε %.6f on Δ = 1e-4, %.6f on Δ = 1e-3", info->id, e, eCoarse);
      QVERIFY2(e <= eCoarse && eCoarse < e * (1 + 2e-3), info->id);
    }
  }
  // Opacus rdp.py / gdp.py on the grid q ∈ {0.001, 0.01, 0.1, 0.5}, σ ∈ {0.7, 1, 2, 5}, T ∈ {1, 100, 1e4},
  // δ ∈ {1e-5, 1e-8}: 1e-6 relative (the brief's bar; observed agreement ~1e-10).
  void matchesOpacusOnGrid() {
    const QJsonArray cases = dpwtest::loadGolden("opacus_accountants.json")["cases"].toArray();
    QCOMPARE(cases.size(), qsizetype(96));
    int gdpChecked = 0;
    for (const auto& c : cases) {
      const QJsonObject o = c.toObject();
      const double q = o["q"].toDouble(), s = o["sigma"].toDouble(), d = o["delta"].toDouble();
      const long T = long(o["steps"].toDouble());
      const QString where = QString("q %1 sigma %2 T %3 delta %4").arg(q).arg(s).arg(T).arg(d);
      const std::pair<const char*, const char*> pairs[] = {{"rdp", "rdp_epsilon"},
                                                           {"rdp-mironov", "rdp_mironov_epsilon"},
                                                           {"gdp", "gdp_epsilon"},
                                                           {"gdp-uniform", "gdp_uniform_epsilon"}};
      for (const auto& [id, key] : pairs) {
        if (o[key].isNull()) continue;  // Opacus's brentq bracket [0, 500] failed there
        const double mine = eps(id, s, q, T, d), ref = o[key].toDouble();
        QVERIFY2(dpwtest::relativeError(mine, ref) < 1e-6,
                 qPrintable(where + QString(" %1: %2 vs %3").arg(id).arg(mine, 0, 'g', 12).arg(ref, 0, 'g', 12)));
        if (QString(id).startsWith("gdp")) ++gdpChecked;
      }
    }
    QVERIFY(gdpChecked > 170);
  }
  // Composition: adding T steps in pieces equals adding them at once; mixing σ composes additively.
  void compositionIsAdditive() {
    for (const auto& id : accountantIds()) {
      auto once = makeAccountant(id), pieces = makeAccountant(id);
      once->addGaussianSteps(1.2, 0.02, 300);
      pieces->addGaussianSteps(1.2, 0.02, 100);
      pieces->addGaussianSteps(1.2, 0.02, 200);
      QVERIFY(dpwtest::relativeError(pieces->epsilon(1e-5), once->epsilon(1e-5)) < 1e-12);
      auto mixed = makeAccountant(id);
      mixed->addGaussianSteps(1.2, 0.02, 100);
      mixed->addGaussianSteps(3.0, 0.02, 100);
      QVERIFY(mixed->epsilon(1e-5) > eps(id, 3.0, 0.02, 100, 1e-5));
      if (once->decreasesWithNoise())  // WDP's loss grows with σ
        QVERIFY(mixed->epsilon(1e-5) < eps(id, 1.2, 0.02, 200, 1e-5));
      // clone() copies the state.
      QCOMPARE(once->clone()->epsilon(1e-5), once->epsilon(1e-5));
      // delta(epsilon(δ)) = δ (1e-6: GDP bisection and RDP order minimum are both exact to ~1e-12).
      const double e = once->epsilon(1e-5);
      QVERIFY2(dpwtest::relativeError(once->delta(e), 1e-5) < 1e-6, id.c_str());
    }
  }
  // Tight beats loose: Balle et al. ≤ Mironov for the same RDP; without-replacement (replace-one)
  // needs more ε than Poisson at the same σ.
  void orderingOfAccountants() {
    for (double s : {0.8, 1.5, 5.0}) {
      QVERIFY(eps("rdp", s, 0.01, 1000, 1e-5) <= eps("rdp-mironov", s, 0.01, 1000, 1e-5));
      QVERIFY(eps("rdp-wor", s, 0.01, 1000, 1e-5) > eps("rdp-mironov", s, 0.01, 1000, 1e-5));
    }
  }
  // [FairLearn] reference §4: GDP-uniform calibration for q = 0.1, T = 1000, δ = 0.1/30000, ε = 2.
  // The exact root of the stated formula is 7.0707300 (scipy brentq on the same formula agrees to 1e-8);
  // the reference's 7.070803 leaves ε = 1.99998, i.e. it solved ε to ~2.5e-5: we accept 2e-5 relative.
  void fairLearningCalibration() {
    const double sigma = calibrateNoiseMultiplier("gdp-uniform", 2.0, 0.1 / 30000, 0.1, 1000);
    QVERIFY2(dpwtest::relativeError(sigma, 7.070803) < 2e-5, qPrintable(QString::number(sigma, 'g', 10)));
    QVERIFY(std::abs(sigma - 7.07073) < 1e-5);
  }
  // Calibration meets the target and is the smallest σ that does (bisection to 1e-9 relative).
  void calibrationIsTight() {
    for (const std::string id : {"rdp", "rdp-wor", "gdp"}) {
      const double sigma = calibrateNoiseMultiplier(id, 3.0, 1e-5, 0.01, 2000);
      QVERIFY(eps(id, sigma, 0.01, 2000, 1e-5) <= 3.0);
      QVERIFY(eps(id, sigma * (1 - 1e-7), 0.01, 2000, 1e-5) > 3.0 - 1e-6);
    }
  }
  void badInputThrows() {
    auto a = makeAccountant("rdp");
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, a->addGaussianSteps(0.0, 0.1, 10));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, a->addGaussianSteps(1.0, 0.0, 10));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, a->addGaussianSteps(1.0, 1.5, 10));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, a->addGaussianSteps(1.0, 0.1, -1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, a->epsilon(0.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, a->epsilon(1.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, calibrateNoiseMultiplier("rdp", 0.0, 1e-5, 0.1, 10));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, calibrateNoiseMultiplier("rdp", 1.0, 2.0, 0.1, 10));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, calibrateNoiseMultiplier("rdp", 1.0, 1e-5, 0.1, 0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, calibrateNoiseMultiplier("nope", 1.0, 1e-5, 0.1, 10));
  }
};

QTEST_APPLESS_MAIN(TestAccountant)
#include "tst_accountant.moc"
