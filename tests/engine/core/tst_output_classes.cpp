// Every output of every method is classified as release or evaluation (core/output_classes.h), and secure
// mode keeps the evaluation (numbers computed on private data, outside ε) out unless asked for by name.
// Each method runs once with small settings in teaching mode and, when it offers noise_source, twice in
// secure mode (without and with `evaluation = all`).
#include <QtTest>
#include <set>

#include "core/method.h"
#include "core/output_classes.h"
#include "core/run_observer.h"
#include "core/internal_error.h"
#include "methods/output_filter.h"
#include "methods/output_labels.h"

using namespace dpw;

namespace {

/// Small settings where a method has the key (unknown keys are skipped).
ParamValues quick(const MethodInfo& m) {
  ParamValues p(m.params);
  const std::vector<std::pair<std::string, ParamValue>> small = {
      {"steps", 4.0},          {"toy_size", 300.0},   {"particles", 100.0},  {"batch", 30.0},
      {"frame_every", 2.0},    {"seeds", 1.0},        {"trials", 200.0},     {"n", 400.0},
      {"n_test", 100.0},       {"synthetic_rows", 400.0}, {"samples", 200.0}, {"draws", 20.0},
      {"quantiles", 50.0},     {"epsilons", std::string("5")}, {"alpha_sweep", std::string("none")},
      {"points", 2.0}};
  for (const auto& [key, value] : small)
    if (p.values().count(key)) p.set(key, value);
  return p;
}

bool hasNoiseSource(const MethodInfo& m) {
  for (const auto& s : m.params)
    if (s.key == "noise_source") return true;
  return false;
}

bool frameHasEvaluation(const Frame& f, const OutputClasses& c) {
  for (const auto& id : c.evaluationCharts)
    if (keyMatches(id, f.chart)) return true;
  if (isEvaluationName(f.title)) return true;
  if (const auto* l = std::get_if<LinesFrame>(&f.data))
    for (const auto& s : l->series)
      if (isEvaluationName(s.name)) return true;
  if (const auto* h = std::get_if<HistogramFrame>(&f.data))
    for (const auto& g : h->groups)
      if (isEvaluationName(g.name)) return true;
  return false;
}

}  // namespace

class TestOutputClasses : public QObject {
  Q_OBJECT
 private slots:
  // The statement's "Treated as public" part starts a sentence of its own: the audit's claim ended
  // without a period ("… with 95% confidence Treated as public …").
  void publicPartStartsASentence() {
    const MethodInfo& m = findMethod("privacy-audit");
    ParamValues p(m.params);
    p.set("trials", 2000.0);
    CollectingObserver obs;
    const std::string statement = m.run(p, 1, obs).privacyStatement;
    const std::size_t at = statement.find(" Treated as public");
    QVERIFY2(at != std::string::npos && at > 0 && statement[at - 1] == '.', statement.c_str());
  }

  // Outputs are declared in each method's factory: a MethodInfo without them cannot be registered, and
  // that is the engine's bug (InternalError), not the user's.
  void aMethodWithoutOutputsIsAnInternalError() {
    MethodInfo m;
    m.id = "undeclared";
    m.run = [](const ParamValues&, std::uint64_t, RunObserver&) { return RunResult{}; };
    QVERIFY_THROWS_EXCEPTION(InternalError, applyOutputClasses(m));
    m.outputs.release = {"*"};
    applyOutputClasses(m);  // declared: registered
    QVERIFY(m.run);
  }

  void declarationsAreConsistent() {
    for (const auto& m : allMethods()) {
      QVERIFY2(!m.outputs.release.empty(), m.id.c_str());
      for (const auto& e : m.outputs.evaluation)  // no key both ways (an evaluation pattern wins; say it once)
        for (const auto& r : m.outputs.release) QVERIFY2(e != r, qPrintable(QString::fromStdString(m.id + ": " + e)));
      const bool hasEvaluation = !m.outputs.evaluation.empty() || !m.outputs.evaluationCharts.empty();
      bool param = false;
      for (const auto& s : m.params) param |= s.key == evaluationParamKey();
      QCOMPARE(param, hasEvaluation);
      // A method that reads private data names what its statement treats as public.
      if (hasNoiseSource(m)) QVERIFY2(!m.treatedAsPublic.empty(), m.id.c_str());
    }
  }

  void everyOutputKeyIsClassified_data() {
    QTest::addColumn<QString>("method");
    for (const auto& m : allMethods()) QTest::newRow(m.id.c_str()) << QString::fromStdString(m.id);
  }
  void everyOutputKeyIsClassified() {
    QFETCH(QString, method);
    const MethodInfo& m = findMethod(method.toStdString());
    ParamValues p = quick(m);
    CollectingObserver teaching;
    RunResult r;
    try {
      r = m.run(p, 3, teaching);
    } catch (const std::exception& e) {
      QFAIL(qPrintable(method + ": " + e.what()));
    }
    for (const auto& [k, v] : r.metrics)
      QVERIFY2(classifyMetric(m.outputs, k) == OutputClass::Release, qPrintable(method + ": unclassified " + QString::fromStdString(k)));
    for (const auto& [k, v] : r.evaluation)
      QVERIFY2(classifyMetric(m.outputs, k) == OutputClass::Evaluation, qPrintable(method + ": " + QString::fromStdString(k)));
    QVERIFY2(!r.metrics.empty(), qPrintable(method));
    // Every key has a human name (methods/output_labels.h): the results table shows no raw key.
    for (const auto* group : {&r.metrics, &r.evaluation})
      for (const auto& [k, v] : *group)
        QVERIFY2(!outputLabel(k).title.empty(), qPrintable(method + ": no label for " + QString::fromStdString(k)));
    // Teaching mode labels every evaluation chart it draws.
    for (const auto& f : teaching.frames)
      for (const auto& id : m.outputs.evaluationCharts)
        if (keyMatches(id, f->chart)) QVERIFY2(isEvaluationName(f->title), qPrintable(method + ": " + QString::fromStdString(f->chart)));
    if (!hasNoiseSource(m)) return;

    // Secure mode: no evaluation output at all unless asked for by name.
    p.set("noise_source", std::string("os-entropy"));
    CollectingObserver secure;
    const RunResult s = m.run(p, 3, secure);
    QVERIFY2(s.evaluation.empty(), qPrintable(method));
    for (const auto& [k, v] : s.metrics) QVERIFY(classifyMetric(m.outputs, k) == OutputClass::Release);
    for (const auto& f : secure.frames)
      QVERIFY2(!frameHasEvaluation(*f, m.outputs), qPrintable(method + ": " + QString::fromStdString(f->chart)));
    QVERIFY(!secure.frames.empty());
    if (r.evaluation.empty()) return;
    p.set(evaluationParamKey(), std::string("all"));
    CollectingObserver asked;
    const RunResult a = m.run(p, 3, asked);
    std::set<std::string> keys, expected;
    for (const auto& [k, v] : a.evaluation) keys.insert(k);
    for (const auto& [k, v] : r.evaluation) expected.insert(k);
    QVERIFY2(keys == expected, qPrintable(method));
    // By name: only the named metric.
    const std::string one = r.evaluation.begin()->first;
    p.set(evaluationParamKey(), one);
    CollectingObserver named;
    const RunResult n = m.run(p, 3, named);
    QCOMPARE(n.evaluation.size(), std::size_t(1));
    QVERIFY(n.evaluation.count(one) == 1);
    // A name that is no evaluation output (a typo, a pattern, a release key) is refused before the run
    // (one that a declared prefix such as fair_eps_* matches is taken: the keys exist only after the run).
    for (const std::string& bad : {std::string("no_such_output"), std::string("mse_*"), std::string("epsilon")}) {
      p.set(evaluationParamKey(), "all, " + bad);
      CollectingObserver refused;
      try {
        m.run(p, 3, refused);
        QFAIL(qPrintable(method + ": accepted " + QString::fromStdString(bad)));
      } catch (const InvalidArgument& e) {
        QVERIFY2(std::string(e.what()).find("'" + bad + "'") != std::string::npos, e.what());
      }
      QVERIFY(refused.frames.empty());
    }
    if (!m.outputs.evaluationCharts.empty()) {  // a chart id is a name too
      p.set(evaluationParamKey(), m.outputs.evaluationCharts.front());
      CollectingObserver chart;
      QVERIFY(m.run(p, 3, chart).evaluation.empty());
    }
  }
};

QTEST_APPLESS_MAIN(TestOutputClasses)
#include "tst_output_classes.moc"
