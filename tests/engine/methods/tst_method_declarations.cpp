// What every method declares for the app (dpw::MethodInfo::privacy and ::grid): consistent with its
// own parameters, so the status bar and the comparison grid need no method ids of their own.
#include <QtTest>
#include <algorithm>
#include <map>
#include <set>

#include "core/method.h"

class TestMethodDeclarations : public QObject {
  Q_OBJECT
 private slots:
  void everyMethodDeclaresItsPrivacyReadout() {
    for (const auto& m : dpw::allMethods()) {
      const auto& r = m.privacy;
      const bool number = !r.chart.empty() || !r.metric.empty() || !r.param.empty();
      QVERIFY2(number != !r.none.empty(), qPrintable(QString::fromStdString(m.id) + ": declare a source of ε or why none"));
      QVERIFY2(r.series.empty() || !r.chart.empty(), m.id.c_str());
      QVERIFY2(!r.label.empty(), m.id.c_str());
      if (!r.param.empty()) {
        const dpw::ParamValues values(m.params);
        QCOMPARE(int(values.spec(r.param).kind), int(dpw::ParamKind::Real));  // throws if unknown
      }
    }
  }

  void everyMethodDeclaresGridAxesOfItsOwnParameters() {
    for (const auto& m : dpw::allMethods()) {
      const auto& g = m.grid;
      QVERIFY2(g.axes.size() >= 2, m.id.c_str());
      QVERIFY2(!g.metrics.empty(), m.id.c_str());
      std::set<std::string> seen;
      const dpw::ParamValues values(m.params);
      for (const auto& key : g.axes) {
        QVERIFY2(seen.insert(key).second, qPrintable(QString::fromStdString(m.id + ": axis twice: " + key)));
        const dpw::ParamSpec* spec = nullptr;
        try {
          spec = &values.spec(key);
        } catch (const std::exception& e) {
          QFAIL(qPrintable(QString::fromStdString(m.id + ": grid axis: " + e.what())));
        }
        QVERIFY2(spec->kind != dpw::ParamKind::Text, qPrintable(QString::fromStdString(m.id + ": free-text axis " + key)));
      }
    }
  }

  // A parameter that takes effect only under some choices (ParamSpec::usedWhen) names a Choice
  // parameter of its own method and some of that parameter's choices, and takes effect at its defaults
  // or under some other choice; the fair methods' data fields are declared so (the form greys them out).
  void conditionsNameChoicesOfTheSameMethod() {
    int conditioned = 0;
    for (const auto& m : dpw::allMethods()) {
      const dpw::ParamValues values(m.params);
      for (const auto& spec : m.params)
        for (const auto& w : spec.usedWhen) {
          ++conditioned;
          const QString where = QString::fromStdString(m.id + ": " + spec.key + " used when " + w.key);
          const dpw::ParamSpec* choice = nullptr;
          try {
            choice = &values.spec(w.key);
          } catch (const std::exception& e) {
            QFAIL(qPrintable(where + ": " + e.what()));
          }
          QVERIFY2(choice->kind == dpw::ParamKind::Choice, qPrintable(where + " (not a choice)"));
          QVERIFY2(!w.values.empty(), qPrintable(where));
          for (const auto& v : w.values)
            QVERIFY2(std::find(choice->choices.begin(), choice->choices.end(), v) != choice->choices.end(),
                     qPrintable(where + " = " + QString::fromStdString(v) + " (no such choice)"));
        }
    }
    QVERIFY(conditioned >= 10);
    const dpw::ParamValues regression(dpw::findMethod("fair-regression").params);
    auto choices = [](std::map<std::string, std::string> c) {
      return [c](const std::string& key) { return c.at(key); };
    };
    const auto& path = regression.spec("data_path");
    QVERIFY(!dpw::takesEffect(path, choices({{"dataset", "synthetic"}})));
    QVERIFY(dpw::takesEffect(path, choices({{"dataset", "law"}})));
    const auto& features = regression.spec("feature_columns");
    QVERIFY(dpw::takesEffect(features, choices({{"dataset", "csv"}, {"scores", "least-squares"}})));
    QVERIFY(!dpw::takesEffect(features, choices({{"dataset", "csv"}, {"scores", "targets"}})));
    QVERIFY(!dpw::takesEffect(features, choices({{"dataset", "law"}, {"scores", "least-squares"}})));
    QVERIFY(dpw::takesEffect(regression.spec("bins"), choices({})));
  }
};

QTEST_GUILESS_MAIN(TestMethodDeclarations)
#include "tst_method_declarations.moc"
