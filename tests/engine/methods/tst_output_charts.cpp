// The charts every method declares before any run (methods/output_charts.h): each method
// declares some, none twice, and the charts its other declarations name (the live ε curve, the comparison
// grid's chart) among them. That the charts a run draws are declared is checked on
// the runs tst_method_defaults and tst_lesson_contracts make anyway.
#include <QtTest>
#include <set>

#include "core/method.h"
#include "methods/output_charts.h"

class TestOutputCharts : public QObject {
  Q_OBJECT
 private slots:
  void everyMethodDeclaresItsCharts() {
    for (const auto& m : dpw::allMethods()) {
      const QString id = QString::fromStdString(m.id);
      const std::vector<std::string>& charts = dpw::declaredCharts(m.id);
      QVERIFY2(!charts.empty(), qPrintable(id + ": declares no chart (outputs.charts in its factory)"));
      const std::set<std::string> unique(charts.begin(), charts.end());
      QVERIFY2(unique.size() == charts.size(), qPrintable(id + ": a chart declared twice"));
      auto declared = [&](const std::string& chart) { return chart.empty() || unique.count(chart) > 0; };
      QVERIFY2(declared(m.privacy.chart), qPrintable(id + ": its live ε chart is not declared"));
      QVERIFY2(declared(m.grid.chart), qPrintable(id + ": its grid chart is not declared"));
    }
  }

  void anUnknownMethodHasNone() { QVERIFY(dpw::declaredCharts("no-such-method").empty()); }
};

QTEST_GUILESS_MAIN(TestOutputCharts)
#include "tst_output_charts.moc"
