// Tests of engine/flow/flow_privacy.h and of the noise the flows really use: the reference
// check values of section 2, the closed forms of the bounds, and noise std = multiplier x 2 w.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "methods/flow/dpsw_flow.h"
#include "flow/flow_privacy.h"
#include "core/method.h"
#include "privacy/calibration/gaussian_calibration.h"

using namespace dpw;

namespace {
// Closed forms written out independently of engine/privacy (z passed in; values from scipy below).
double bernsteinW(double k, double d, double delta) {
  const double L = std::log(1 / delta);
  return std::sqrt(k / d + 2.0 / 3.0 * L + 2.0 / d * std::sqrt(k * (d - 1) / (d + 2) * L));
}
double cltW(double k, double d, double z) { return std::sqrt(k / d + z / d * std::sqrt(2 * k * (d - 1) / (d + 2))); }
// scipy.stats.norm.isf(5e-6) and norm.isf(1e-5 / 14) (T = 7 draws, union bound), /usr/bin/python3.
constexpr double kZHalfDelta = 4.417173413469023;
constexpr double kZSeventhDelta = 4.820976562300459;
}  // namespace

class TestFlowPrivacy : public QObject {
  Q_OBJECT
 private slots:
  // Reference §2: Δ(70, 8, 1e-5) = 7.5408151363 and DPSWflow σ(70, 8, ε = 5, δ = 1e-5) = 7.5194341218.
  // 1e-9 relative: the values are given to 11 digits.
  void referenceCheckValues() {
    QVERIFY(std::abs(referenceFlowSensitivity(70, 8, 1e-5) / 7.5408151363 - 1) < 1e-9);
    QVERIFY(std::abs(pooledFlowNoiseStd(FlowConvention::Reference, ProjectionBound::Clt, 70, 8, 5, 1e-5) /
                         7.5194341218 - 1) < 1e-9);
    // The union-bound convention spends δ/2 on the pool's bound (one draw): with the CLT that is the
    // same number.
    QVERIFY(std::abs(pooledFlowNoiseStd(FlowConvention::UnionBound, ProjectionBound::Clt, 70, 8, 5, 1e-5) /
                         7.5194341218 - 1) < 1e-9);
  }
  // Against the closed forms: CLT at z = Φ⁻¹(1 − δ/2) (1e-10: z is given to 16 digits), Bernstein.
  void closedForms() {
    QVERIFY(std::abs(referenceFlowSensitivity(70, 8, 1e-5) - 2 * cltW(70, 8, kZHalfDelta)) < 1e-10);
    QVERIFY(std::abs(referenceFlowSensitivity(20, 8, 1e-5) - 2 * bernsteinW(20, 8, 1e-5)) < 1e-12);
    QVERIFY(std::abs(flowSensitivity(ProjectionBound::Bernstein, 70, 8, 1e-5) - 2 * bernsteinW(70, 8, 1e-5)) < 1e-12);
    // auto = the rigorous Chernoff bound for every k (the CLT is only the papers' approximation).
    QCOMPARE(resolveFlowBound(parseFlowBound("auto"), 31), ProjectionBound::Chernoff);
    QCOMPARE(resolveFlowBound(parseFlowBound("auto"), 30), ProjectionBound::Chernoff);
    QCOMPARE(resolveFlowBound(parseFlowBound("clt"), 31), ProjectionBound::Clt);
    QCOMPARE(resolveFlowBound(parseFlowBound("chernoff"), 3), ProjectionBound::Chernoff);
    QCOMPARE(boundDeltaPerDraw(FlowConvention::UnionBound, 1e-5, 10), 5e-7);
    QCOMPARE(boundDeltaPerDraw(FlowConvention::PaperPerDraw, 1e-5, 10), 5e-6);  // the paper: no union bound
    QCOMPARE(boundDeltaPerDraw(FlowConvention::Reference, 1e-5, 10), 1e-5);
    QVERIFY(std::abs(classicGaussianNoiseStd(1, 1e-5, 2) - std::sqrt(2 * std::log(1.25e5)) * 2) < 1e-12);
  }
  // The noise a run really adds: std = multiplier × 2 w(k, d, δ_b), for the bound the settings pick.
  void runUsesMultiplierTimesSensitivity_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("convention");
    QTest::addColumn<QString>("bound");
    QTest::addColumn<int>("k");
    QTest::addColumn<double>("expectedDelta");
    const double T = 7, m = 1.3;
    QTest::newRow("r, reference, CLT") << "r" << "reference" << "auto" << 70 << m * 2 * cltW(70, 2, kZHalfDelta);
    QTest::newRow("r, union, CLT, union over T") << "r" << "union-bound" << "clt" << 70 << m * 2 * cltW(70, 2, kZSeventhDelta);
    QTest::newRow("r, paper-per-draw, CLT") << "r" << "paper-per-draw" << "clt" << 70 << m * 2 * cltW(70, 2, kZHalfDelta);
    QTest::newRow("r, reference, Bernstein") << "r" << "reference" << "auto" << 20 << m * 2 * bernsteinW(20, 2, 1e-5);
    QTest::newRow("r, union, Bernstein") << "r" << "union-bound" << "bernstein" << 20 << m * 2 * bernsteinW(20, 2, 1e-5 / (2 * T));
    QTest::newRow("pool, union, CLT") << "pool" << "union-bound" << "clt" << 70 << m * 2 * cltW(70, 2, kZHalfDelta);
    // The default bound (auto = Chernoff), checked through the engine's Chernoff (its value is tested
    // against scipy in tst_projection_sensitivity): this row checks the plumbing, std = m × 2w.
    QTest::newRow("r, union, auto") << "r" << "union-bound" << "auto" << 70
                                    << m * 2 * projectionSensitivityChernoff(70, 2, 1e-5 / (2 * T));
  }
  void runUsesMultiplierTimesSensitivity() {
    QFETCH(QString, variant);
    QFETCH(QString, convention);
    QFETCH(QString, bound);
    QFETCH(int, k);
    QFETCH(double, expectedDelta);
    DpswFlowSettings s;
    s.variant = variant == "pool" ? FlowVariant::Pool : FlowVariant::Resampled;
    s.particles = 200;
    s.projections = variant == "pool" ? 10 : k;
    s.pool = k;
    s.steps = 7;
    s.data.toySize = 500;
    s.batch = 50;
    s.privacy.noiseMultiplier = 1.3;
    s.privacy.convention = flowConventionFromId(convention.toStdString());
    s.privacy.bound = parseFlowBound(bound.toStdString());
    s.directions = FlowDirections::Random;  // the probabilistic bounds (orthonormal blocks: Δ exact)
    s.release = FlowRelease::Projections;   // the paper's release, whose Δ = 2w these rows check
    CollectingObserver obs;
    const RunResult r = runDpswFlow(s, 1, obs);
    QVERIFY2(std::abs(r.metrics.at("noise_std") / expectedDelta - 1) < 1e-10,
             qPrintable(QString("%1 vs %2").arg(r.metrics.at("noise_std"), 0, 'g', 15).arg(expectedDelta, 0, 'g', 15)));
    QCOMPARE(r.metrics.at("noise_multiplier"), 1.3);
  }
  // Accountant "auto": the tightest proven accountant for the release's relation and sampler: for the
  // projection release pld-wor (replace-one, matching Δ = 2w) for one flow, pld (Poisson, add/remove) per
  // class; DPSWflow-r's default histogram release pld (add/remove, Δ = √k); in secure mode the Rényi ones
  // (proven for the discrete Gaussian). Replace-one accountants per class are refused (a change of class
  // touches two flows and the per-class batch sizes). The statement names the relation, the sampler, the
  // sensitivity and the accountant.
  void accountantMatchesNeighbouringRelation() {
    QCOMPARE(flowAutoAccountant(Neighbouring::ReplaceOne, NoiseSource::Seeded), AccountantKind::PldWor);
    QCOMPARE(flowAutoAccountant(Neighbouring::AddRemove, NoiseSource::Seeded), AccountantKind::Pld);
    QCOMPARE(flowAutoAccountant(Neighbouring::ReplaceOne, NoiseSource::OsEntropy), AccountantKind::RdpWor);
    QCOMPARE(flowAutoAccountant(Neighbouring::AddRemove, NoiseSource::OsEntropy), AccountantKind::Rdp);
    ParamValues p(findMethod("dpswflow-r").params);
    QCOMPARE(FlowPrivacySettings::fromParams(p).accountant, AccountantKind::PldWor);
    QCOMPARE(DpswFlowSettings::fromParams(p, FlowVariant::Resampled).privacy.accountant, AccountantKind::Pld);
    p.set("release", std::string("projections"));
    QCOMPARE(DpswFlowSettings::fromParams(p, FlowVariant::Resampled).privacy.accountant, AccountantKind::PldWor);
    p.set("noise_source", std::string("os-entropy"));
    QCOMPARE(DpswFlowSettings::fromParams(p, FlowVariant::Resampled).privacy.accountant, AccountantKind::RdpWor);
    p.set("noise_source", std::string("seeded"));
    QCOMPARE(FlowPrivacySettings::fromParams(p).convention, FlowConvention::UnionBound);
    QCOMPARE(FlowPrivacySettings::fromParams(p).bound, FlowBound::Auto);
    p.set("per_class", 1.0);
    QCOMPARE(FlowPrivacySettings::fromParams(p).accountant, AccountantKind::Pld);
    p.set("accountant", std::string("rdp-wor"));
    QCOMPARE(FlowPrivacySettings::fromParams(p).accountant, AccountantKind::RdpWor);  // parsed; validate() refuses it
    ParamValues gen(findMethod("dpswgen").params);
    QCOMPARE(FlowPrivacySettings::fromParams(gen).accountant, AccountantKind::PldWor);
    FlowPrivacySettings s;
    QCOMPARE(s.accountant, AccountantKind::RdpWor);
    s.validate(false);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, s.validate(true));
    s.accountant = AccountantKind::PldWor;
    s.validate(false);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, s.validate(true));
    s.accountant = AccountantKind::Gdp;  // not offered by the flows
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, s.validate(false));
    s.accountant = AccountantKind::Rdp;
    s.validate(true);
    s.accountant = AccountantKind::Pld;
    s.validate(true);
    const std::string wor = flowPrivacyTerms(FlowPrivacySettings{}, true, false, 70, 100, 0.01, 7.5);
    QVERIFY2(wor.find("replace-one") != std::string::npos && wor.find("without replacement") != std::string::npos &&
                 wor.find("Chernoff") != std::string::npos && wor.find("union bound") != std::string::npos &&
                 wor.find("rdp-wor") != std::string::npos,
             wor.c_str());
    FlowPrivacySettings paper;
    paper.accountant = AccountantKind::Rdp;
    paper.convention = FlowConvention::PaperPerDraw;
    paper.bound = FlowBound::Clt;
    const std::string pois = flowPrivacyTerms(paper, true, true, 70, 100, 0.01, 7.5);
    QVERIFY2(pois.find("add/remove") != std::string::npos && pois.find("Poisson") != std::string::npos &&
                 pois.find("NOT union-bounded") != std::string::npos && pois.find("not a bound") != std::string::npos &&
                 pois.find("per class") != std::string::npos,
             pois.c_str());
  }
  void badInputThrows() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, referenceFlowSensitivity(0, 8, 1e-5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, flowSensitivity(ProjectionBound::Clt, 70, 8, 0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, classicGaussianNoiseStd(0, 1e-5, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, classicGaussianNoiseStd(1, 1e-5, -1));  // 0 is a valid (noise-free) sensitivity
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, boundDeltaPerDraw(FlowConvention::UnionBound, 1e-5, 0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, flowConventionFromId("upstream"));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, flowConventionFromId("paper"));  // renamed: the message says to what
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, parseFlowBound("hoeffding"));
    // The old name's message says what it is called now.
    try {
      flowConventionFromId("paper");
      QFAIL("'paper' was accepted");
    } catch (const InvalidArgument& e) {
      QVERIFY2(std::string(e.what()).find("union-bound") != std::string::npos, e.what());
    }
  }
  // One id table per setting, shared by every ParamSpec that offers it (DPSWflow, DPSWflow-r, DPSWgen),
  // and each id round-trips through its parser.
  void choiceListsAreShared() {
    for (const char* method : {"dpswflow", "dpswflow-r", "dpswgen"}) {
      int checked = 0;
      for (const ParamSpec& spec : findMethod(method).params) {
        if (spec.key == "bound") {
          QVERIFY(spec.choices == flowBoundIds());
          ++checked;
        }
        if (spec.key == "convention") {
          QVERIFY(spec.choices == flowConventionIds());
          ++checked;
        }
        if (spec.key == "accountant") {
          QVERIFY(spec.choices == flowAccountantIds());
          ++checked;
        }
      }
      QCOMPARE(checked, std::string(method) == "dpswflow" ? 2 : 3);  // DPSWflow has no accountant choice
    }
    for (const std::string& id : flowBoundIds()) QCOMPARE(flowBoundId(parseFlowBound(id)), id);
    for (const std::string& id : flowConventionIds()) QCOMPARE(flowConventionId(flowConventionFromId(id)), id);
    for (const std::string& id : projectionBoundIds()) QCOMPARE(std::string(projectionBoundId(parseProjectionBound(id))), id);
    QCOMPARE(flowBoundIds().size(), projectionBoundIds().size() + 1);  // "auto" + every ProjectionBound
  }
};

QTEST_APPLESS_MAIN(TestFlowPrivacy)
#include "tst_flow_privacy.moc"
