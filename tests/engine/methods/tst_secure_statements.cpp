// Against whom ε holds, and what it is (issue 35 items 2 and 3), for every method that offers noise_source, run
// through the registry as a user runs it (small settings): a teaching-mode statement opens with its threat model,
// never with "a proven bound"; a secure-mode statement opens with its own, states an ε proven for the law drawn
// (no "approximation" anywhere in it) and, where the method targets ε, one that meets the target.
#include <QtTest>
#include <cmath>

#include "core/method.h"
#include "core/run_observer.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/printed_numbers.h"

using namespace dpw;

namespace {

/// Small settings where a method has the key (as tst_output_classes: seconds per run).
ParamValues quick(const MethodInfo& m) {
  ParamValues p(m.params);
  const std::vector<std::pair<std::string, ParamValue>> small = {
      {"steps", 4.0},       {"toy_size", 300.0},       {"particles", 100.0}, {"batch", 30.0}, {"frame_every", 2.0},
      {"seeds", 1.0},       {"trials", 200.0},         {"n", 400.0},         {"n_test", 100.0},
      {"synthetic_rows", 400.0}, {"samples", 200.0},   {"quantiles", 50.0},  {"alpha_sweep", std::string("none")}};
  for (const auto& [key, value] : small)
    if (p.values().count(key)) p.set(key, value);
  return p;
}

bool offersNoiseSource(const MethodInfo& m) {
  for (const auto& s : m.params)
    if (s.key == "noise_source") return true;
  return false;
}

bool contains(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

/// What a secure statement of the method says its ε is: the accounted methods read an analysis proven for the
/// grid discrete Gaussian (privacy_ledger.h), fair regression's histogram a discrete law's own bound, an audit
/// measures a claim (no ε of its own).
std::string provenWords(const std::string& id) {
  if (id == "fair-regression") return "by the discrete";
  if (id == "privacy-audit") return "claimed (ε = ";
  return "a proven bound for secure mode's discrete Gaussian (the law drawn)";
}

}  // namespace

class TestSecureStatements : public QObject {
  Q_OBJECT
 private slots:
  void statementsSayAgainstWhomAndWhat_data() {
    QTest::addColumn<QString>("method");
    for (const auto& m : allMethods())
      if (offersNoiseSource(m)) QTest::newRow(m.id.c_str()) << QString::fromStdString(m.id);
  }
  void statementsSayAgainstWhomAndWhat() {
    QFETCH(QString, method);
    const MethodInfo& m = findMethod(method.toStdString());
    ParamValues p = quick(m);
    CollectingObserver teachingObs;
    const std::string teaching = m.run(p, 3, teachingObs).privacyStatement;
    // Teaching mode: the threat model first (the seed is in summary.json: against its holders ε = ∞).
    QVERIFY2(teaching.rfind("Against anyone without the run's seed (with it, ε = ∞): ", 0) == 0, teaching.c_str());
    if (m.id != "privacy-audit")  // a release's statement ends with where the seed is (describeNoiseSource)
      QVERIFY2(contains(teaching, "summary.json"), teaching.c_str());

    p.set("noise_source", std::string("os-entropy"));
    CollectingObserver secureObs;
    const RunResult r = m.run(p, 3, secureObs);
    const std::string& secure = r.privacyStatement;
    QVERIFY2(secure.rfind("Against anyone, the seed's holders included: ", 0) == 0, secure.c_str());
    QVERIFY2(contains(secure, provenWords(m.id)), secure.c_str());
    QVERIFY2(!contains(secure, "pproximation") && !contains(secure, "APPROXIMATION"), secure.c_str());
    // The headline ε is the proven one and meets the target (calibration stops within 1e-9 relative on σ).
    if (r.metrics.count("epsilon") && p.values().count("epsilon") && std::isfinite(p.real("epsilon"))) {
      const double eps = r.metrics.at("epsilon"), target = p.real("epsilon");
      QVERIFY2(eps <= target * (1 + 1e-9), qPrintable(QString("%1: ε %2 > target %3").arg(method).arg(eps).arg(target)));
      QVERIFY2(contains(secure, "ε = " + claimNumber(eps)), secure.c_str());
    }
  }

  // The threat model in words: the opening of each mode, and a statement of no privacy left as it is.
  void threatModelOpening() {
    QCOMPARE(noiseModeId(NoiseSource::Seeded), std::string("teaching"));
    QCOMPARE(noiseModeId(NoiseSource::OsEntropy), std::string("secure"));
    QCOMPARE(withThreatModel(NoiseSource::Seeded, "(ε = 1, δ = 1e-05) by X."),
             std::string("Against anyone without the run's seed (with it, ε = ∞): (ε = 1, δ = 1e-05) by X."));
    QVERIFY(threatModel(NoiseSource::Seeded).rfind("against anyone without the run's seed (teaching mode", 0) == 0);
    QVERIFY(contains(threatModel(NoiseSource::Seeded), "summary.json"));
    QVERIFY(threatModel(NoiseSource::OsEntropy).rfind("against anyone, including whoever holds the run's seed", 0) == 0);
    QCOMPARE(withThreatModel(NoiseSource::Seeded, "No privacy: ε = ∞."), std::string("No privacy: ε = ∞."));
    QCOMPARE(withThreatModel(NoiseSource::OsEntropy, ""), std::string());
  }
};

QTEST_APPLESS_MAIN(TestSecureStatements)
#include "tst_secure_statements.moc"
