// The explanation panel's results table (gui/results_table.h): human names and units instead of keys,
// the release before the evaluation, each row saying which it is.
#include <QtTest>

#include "core/output_classes.h"
#include "gui/results_table.h"

using namespace dpwapp;

class TestResultsTable : public QObject {
  Q_OBJECT
 private slots:
  void namesUnitsAndKinds() {
    const QString eval = QString::fromStdString(dpw::evaluationSuffix());
    QVariantMap m;
    m["beta_at_0_1_discrete_gaussian"] = 0.25;
    m["seconds"] = 1.5;
    m["violation"] = 1.0;
    m["fair_eps_0.1_ks_mean" + eval] = 0.0123;
    m["some_unlabelled_key"] = 2.0;
    const QVector<ResultRow> rows = resultRows(m);
    QCOMPARE(rows.size(), 5);
    for (int i = 0; i < 4; ++i) QVERIFY(!rows[i].evaluation);  // the release first
    QVERIFY(rows[4].evaluation);
    QCOMPARE(rows[4].key, QStringLiteral("fair_eps_0.1_ks_mean"));
    QCOMPARE(rows[4].name, QStringLiteral("KS violation at ε = 0.1 (mean over seeds)"));
    QCOMPARE(rows[4].value, QStringLiteral("0.0123"));
    const auto row = [&](const QString& key) {
      for (const ResultRow& r : rows)
        if (r.key == key) return r;
      return ResultRow{};
    };
    QCOMPARE(row("beta_at_0_1_discrete_gaussian").name, QStringLiteral("β at α = 0.1, discrete Gaussian"));
    QCOMPARE(row("beta_at_0_1_discrete_gaussian").unit, QStringLiteral("probability"));
    QCOMPARE(row("seconds").unit, QStringLiteral("s"));
    QCOMPARE(row("violation").value, QStringLiteral("yes"));
    QCOMPARE(row("some_unlabelled_key").name, QStringLiteral("some_unlabelled_key"));  // shown as itself

    const QString html = resultsTableHtml(m, false, {});
    QVERIFY(html.contains("Last run:"));
    QVERIFY(html.contains("private release"));
    QVERIFY(html.contains("Evaluation on private data"));
    QVERIFY(html.contains("not private"));
    QVERIFY(!html.contains("beta_at_0_1"));  // no raw key where a name exists
    QVERIFY(resultsTableHtml(m, true, "σ = 1").contains("Previous run</b> (σ = 1)"));
    QVERIFY(resultsTableHtml({}, false, {}).isEmpty());
    // A method that spends no privacy (OT on the line, the explorers) does not call its numbers a release.
    const QString none = resultsTableHtml(m, false, {}, false);
    QVERIFY(none.contains("no private data") && !none.contains("private release"));
  }
};

QTEST_MAIN(TestResultsTable)
#include "tst_results_table.moc"
