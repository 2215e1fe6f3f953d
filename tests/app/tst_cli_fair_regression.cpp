// dpwlab-cli run on the fair-regression presets reproduces the Communities & Crime table row of
// [FairReg] in summary.json, run from a folder that is not the project (the presets name the data
// set, which ships with DPW Lab). The numbers must equal the engine's (tests/engine/fair_regression/
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
    const auto r = dpwtest::runCli({"run", QString(DPW_SOURCE_DIR) + "/resources/scenarios/fair-regression-communities.json",
                                    "--out", dir.path(), "--no-png"},
                                   300000, QDir::tempPath());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject m = QJsonDocument::fromJson(r.out).object()["metrics"].toObject();
    // The test-set numbers are computed on private rows: they are the run's evaluation, not its release.
    const QJsonObject e = QJsonDocument::fromJson(r.out).object()["evaluation"].toObject();
    QVERIFY(QFile::exists(dir.filePath("summary.json")));
    QCOMPARE(m["seeds"].toDouble(), 50.0);
    // Published (mean, std) over 50 seeds, k = 12, α = 0: fair ε = inf and ε = 1 rows.
    const auto near = [&](const char* key, double pub, double pubStd) {
      const double ours = e[QString(key) + "_mean"].toDouble(), oursStd = e[QString(key) + "_std"].toDouble();
      const double band = 3 * std::sqrt(pubStd * pubStd + oursStd * oursStd) / std::sqrt(50.0);
      QVERIFY2(std::abs(ours - pub) <= band, qPrintable(QString("%1: %2 vs %3").arg(key).arg(ours).arg(pub)));
    };
    near("fair_eps_inf_mse", 0.018486, 0.001028);
    near("fair_eps_inf_ks", 0.064075, 0.024100);
    near("fair_eps_1_mse", 0.018106, 0.001894);
    near("fair_eps_1_ks", 0.068496, 0.026381);
    near("raw_ks", 0.457663, 0.033567);
  }
  // A relative data_path that exists neither beside the scenario nor in the working folder: exit 2,
  // and the message names the path and both places tried.
  void missingDataFileIsExit2() {
    QTemporaryDir dir;
    QFile f(dir.filePath("s.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "dpwlab-scenario", "version": 1, "method": "fair-regression", "seed": 1,
               "parameters": {"dataset": "law", "data_path": "no-such-folder/law.csv", "seeds": 1}})");
    f.close();
    const auto r = dpwtest::runCli({"run", dir.filePath("s.json"), "--out", dir.filePath("out"), "--no-png"}, 60000,
                                   dir.path());
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("not found") && r.err.contains("scenario folder") && r.err.contains("working folder"),
             r.err.constData());
  }
  // A relative data_path resolves against the scenario file's folder, whatever the working folder.
  void relativePathResolvesBesideScenario() {
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath("data"));
    for (const QString name : {"communities.data", "communities.names"})
      QVERIFY(QFile::copy(QString(DPW_SOURCE_DIR) + "/resources/data/" + name, dir.filePath("data/" + name)));
    QFile f(dir.filePath("s.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "dpwlab-scenario", "version": 1, "method": "fair-regression", "seed": 1,
               "parameters": {"dataset": "communities", "data_path": "data/communities.data", "seeds": 1, "bins": 12,
                              "alpha_sweep": "none"}})");
    f.close();
    const auto r = dpwtest::runCli({"run", dir.filePath("s.json"), "--out", dir.filePath("out"), "--no-png"}, 120000,
                                   "/");
    QVERIFY2(r.exitCode == 0, r.err.constData());
  }
  // Every preset runs from a working folder that is not the project (here: a new empty folder). The
  // fair-regression ones need their bundled data sets; the others only prove they start and finish.
  void everyPresetRunsFromAnyFolder() {
    QTemporaryDir cwd;
    const QStringList presets = QDir(QString(DPW_SOURCE_DIR) + "/resources/scenarios").entryList({"*.json"});
    QVERIFY(presets.size() >= 20);
    for (const QString& name : presets) {
      QFile f(QString(DPW_SOURCE_DIR) + "/resources/scenarios/" + name);
      QVERIFY(f.open(QIODevice::ReadOnly));
      const QString method = QJsonDocument::fromJson(f.readAll()).object()["method"].toString();
      if (method != "fair-regression") continue;  // the others read no files (no data_path: checked below)
      QTemporaryDir out;
      const auto r = dpwtest::runCli({"run", QString(DPW_SOURCE_DIR) + "/resources/scenarios/" + name, "--out",
                                      out.path(), "--no-png"},
                                     300000, cwd.path());
      QVERIFY2(r.exitCode == 0, qPrintable(name + ": " + QString::fromUtf8(r.err)));
    }
    // No preset names a path: data sets are named, so a preset runs wherever it is opened.
    for (const QString& name : presets) {
      QFile f(QString(DPW_SOURCE_DIR) + "/resources/scenarios/" + name);
      QVERIFY(f.open(QIODevice::ReadOnly));
      QVERIFY2(!f.readAll().contains("data_path"), qPrintable(name));
    }
  }
};

QTEST_GUILESS_MAIN(TestCliFairRegression)
#include "tst_cli_fair_regression.moc"
