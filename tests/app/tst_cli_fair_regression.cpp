// dpwlab-cli run on the fair-regression presets reproduces the Communities & Crime table row of
// [FairReg] in summary.json (run from the project folder, where the presets' relative data_path
// "../shared/data/..." resolves). The numbers must equal the engine's (tests/engine/fair_regression/
// tst_published_tables.cpp checks them against the paper); here: the published means within the
// two-sample 3-SE band, and summary.json written.
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "support/cli_runner.h"

class TestCliFairRegression : public QObject {
  Q_OBJECT
 private slots:
  void communitiesPresetReproducesTableRow() {
    QTemporaryDir dir;
    const auto r = dpwtest::runCli(
        {"run", "resources/scenarios/fair-regression-communities.json", "--out", dir.path(), "--no-png"}, 300000,
        DPW_SOURCE_DIR);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject m = QJsonDocument::fromJson(r.out).object()["metrics"].toObject();
    QVERIFY(QFile::exists(dir.filePath("summary.json")));
    QCOMPARE(m["seeds"].toDouble(), 50.0);
    // Published (mean, std) over 50 seeds, k = 12, α = 0: fair ε = inf and ε = 1 rows.
    const auto near = [&](const char* key, double pub, double pubStd) {
      const double ours = m[QString(key) + "_mean"].toDouble(), oursStd = m[QString(key) + "_std"].toDouble();
      const double band = 3 * std::sqrt(pubStd * pubStd + oursStd * oursStd) / std::sqrt(50.0);
      QVERIFY2(std::abs(ours - pub) <= band, qPrintable(QString("%1: %2 vs %3").arg(key).arg(ours).arg(pub)));
    };
    near("fair_eps_inf_mse", 0.018486, 0.001028);
    near("fair_eps_inf_ks", 0.064075, 0.024100);
    near("fair_eps_1_mse", 0.018106, 0.001894);
    near("fair_eps_1_ks", 0.068496, 0.026381);
    near("raw_ks", 0.457663, 0.033567);
  }
  void missingDataFileIsExit2() {
    QTemporaryDir dir;
    const auto r = dpwtest::runCli({"run", QString(DPW_SOURCE_DIR) + "/resources/scenarios/fair-regression-law.json",
                                    "--out", dir.filePath("out"), "--no-png"},
                                   60000, dir.path());  // the relative data_path does not resolve here
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("not found"));
  }
};

QTEST_GUILESS_MAIN(TestCliFairRegression)
#include "tst_cli_fair_regression.moc"
