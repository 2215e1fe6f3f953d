// End-to-end tests of dpwlab-cli: the commands, their JSON, their files and their exit codes.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "support/cli_runner.h"

namespace {
using CliResult = dpwtest::CliOutput;
CliResult cli(const QStringList& args) { return dpwtest::runCli(args); }
}  // namespace

class TestCli : public QObject {
  Q_OBJECT
 private slots:
  void runDefaultWritesSummaryCsvAndPng() {
    QTemporaryDir dir;
    const CliResult r = cli({"run", "default", "--out", dir.path()});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject summary = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(summary["method"].toString(), QString("dpswd-explorer"));
    QCOMPARE(summary["metrics"].toObject()["dpswd_increasing"].toDouble(), 1.0);
    for (const QString f : {"summary.json", "scenario.json", "distance_vs_shift.csv", "distance_vs_shift.png",
                            "projections.csv", "projections.png"})
      QVERIFY2(QFile::exists(dir.filePath(f)), qPrintable(f));
    QImage png(dir.filePath("distance_vs_shift.png"));
    QVERIFY(!png.isNull());
    QCOMPARE(png.width(), 800);
    // The CSV holds the numbers of summary.json: the last SW₂ value is sw2_at_max.
    QFile csv(dir.filePath("distance_vs_shift.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.first(), QByteArray("series,x,y"));
    double lastSw = -1;
    for (const auto& line : lines)
      if (line.startsWith("\"SW₂\"")) lastSw = line.split(',').last().toDouble();
    QCOMPARE(lastSw, summary["metrics"].toObject()["sw2_at_max"].toDouble());
  }

  // A replay of the scenario written beside the results gives identical numbers.
  void scenarioReplaysExactly() {
    QTemporaryDir a, b;
    const CliResult first = cli({"run", "default", "--out", a.path(), "--no-png"});
    QCOMPARE(first.exitCode, 0);
    const CliResult second = cli({"run", a.filePath("scenario.json"), "--out", b.path(), "--no-png"});
    QVERIFY2(second.exitCode == 0, second.err.constData());
    QCOMPARE(second.out, first.out);
  }

  void swPrintsValueAndTime() {
    const CliResult r = cli({"sw", "--n", "2000", "--m", "1500", "--d", "4", "--k", "20", "--repeat", "2"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    // Second sample shifted by +1 in every coordinate: SW₂² ≈ E(θᵀ1)² = 1 for d = 4 (mean over the
    // sphere of (θᵀ1)² is ‖1‖²/d = 1), up to sampling and direction noise.
    QVERIFY(o["sw2"].toDouble() > 0.7 && o["sw2"].toDouble() < 1.3);
    QVERIFY(o["seconds_median"].toDouble() > 0);
  }

  void badUsageExitsWithTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no command") << QStringList{} << "usage";
    QTest::newRow("unknown command") << QStringList{"frobnicate"} << "unknown command";
    QTest::newRow("k zero") << QStringList{"sw", "--k", "0"} << "at least 1";
    QTest::newRow("not a number") << QStringList{"sw", "--n", "ten"} << "whole number";
    QTest::newRow("unknown option") << QStringList{"sw", "--nn", "3"} << "unknown option";
    QTest::newRow("missing scenario") << QStringList{"run", "/nonexistent.json"} << "cannot read";
  }
  void badUsageExitsWithTwo() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliResult r = cli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QVERIFY(r.out.isEmpty());
  }

  // Nothing is written when the output folder cannot be created.
  void unwritableOutputFails() {
    const CliResult r = cli({"run", "default", "--out", "/proc/dpwlab-no-such-dir"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(QString::fromUtf8(r.err).contains("cannot create output folder"));
  }
};

QTEST_MAIN(TestCli)
#include "tst_cli.moc"
