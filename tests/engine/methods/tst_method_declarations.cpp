// What every method declares for the app (dpw::MethodInfo::privacy and ::grid): consistent with its
// own parameters, so the status bar and the comparison grid need no method ids of their own.
#include <QtTest>
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
};

QTEST_GUILESS_MAIN(TestMethodDeclarations)
#include "tst_method_declarations.moc"
