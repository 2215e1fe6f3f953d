// End-to-end tests of dpwlab-cli: the commands, their JSON, their files and their exit codes.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/build_info.h"
#include "privacy/mechanisms/mechanisms.h"
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
  // Issue #19 item 4: the methods' JSON names the numbers that mean words, as the form lists them.
  void methodsListSpecialValues() {
    const CliResult r = cli({"methods"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QString delta, sigma, directions;
    for (const QJsonValue m : QJsonDocument::fromJson(r.out).array())
      for (const QJsonValue p : m.toObject()["parameters"].toArray()) {
        const QJsonObject special = p.toObject()["special"].toObject();
        const QString id = m.toObject()["id"].toString(), key = p.toObject()["key"].toString();
        if (id == "fair-classifier" && key == "delta") delta = special["0"].toString();
        if (id == "fair-classifier" && key == "noise_multiplier") sigma = special["-1"].toString();
        if (id == "dpswflow-r" && key == "projections") directions = special["0"].toString();
      }
    QCOMPARE(delta, QString("auto (0.1/n)"));
    QCOMPARE(sigma, QString("from ε"));
    QCOMPARE(directions, QString("= d (data dimension)"));
    // One method by name (issue 37: refused), the same object as in the list; an unknown one: exit 2.
    const CliResult one = cli({"methods", "fair-classifier"});
    QVERIFY2(one.exitCode == 0, one.err.constData());
    QCOMPARE(QJsonDocument::fromJson(one.out).object()["id"].toString(), QString("fair-classifier"));
    for (const QJsonValue m : QJsonDocument::fromJson(r.out).array())
      if (m.toObject()["id"] == "fair-classifier") QCOMPARE(QJsonDocument::fromJson(one.out).object(), m.toObject());
    const CliResult unknown = cli({"methods", "no-such-method"});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("fair-classifier"), unknown.err.constData());  // the known ids listed
  }

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
    QVERIFY(o["cpu_seconds_median"].toDouble() > 0);
    QVERIFY(!o.contains("floor_seconds"));
  }

  // --floor adds the machine's floor (ot/sliced_floor.h) and the ratios of the run to it.
  void swFloor() {
    const CliResult r = cli({"sw", "--n", "200000", "--d", "4", "--k", "4", "--repeat", "1", "--floor"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o["floor_bytes_per_value"].toDouble(), 40.0);  // 2·10^5 values a row: the MSD sort's passes
    for (const char* key : {"floor_seconds", "floor_cpu_seconds", "floor_ratio", "floor_ratio_cpu", "projection_gflops", "copy_gbps"})
      QVERIFY2(o[key].toDouble() > 0, key);
    QCOMPARE(o["floor_ratio"].toDouble(), o["seconds_median"].toDouble() / o["floor_seconds"].toDouble());
  }

  void badUsageExitsWithTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no command") << QStringList{} << "a command is required";
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

  // --version and every command's --help: stdout, exit 0, nothing on stderr.
  void versionAndHelp() {
    const CliResult v = cli({"--version"});
    QCOMPARE(v.exitCode, 0);
    QCOMPARE(v.out.trimmed(), QByteArray("dpwlab-cli ") + dpw::kVersion + " (" + dpw::kBuildFlags + ") commit " +
                                  dpw::kGitCommit + " " + dpw::kGitState);
    QVERIFY(v.err.isEmpty());
    QCOMPARE(cli({"-v"}).out, v.out);  // -v as --version (issue 37: it was refused)
    for (const QString command : {"run", "methods", "audit", "sweep", "merge", "account", "calibrate", "sensitivity", "sw",
                                  "tradeoff"}) {
      const CliResult h = cli({command, "--help"});
      QVERIFY2(h.exitCode == 0, qPrintable(command));
      QVERIFY2(h.out.contains("Usage: dpwlab-cli " + command.toUtf8()), h.out.constData());
      QVERIFY(h.err.isEmpty());
    }
    QVERIFY(cli({"account", "--help"}).out.contains("--sigma"));
    // audit --help names every mechanism the privacy-audit method offers (its list, not a copy: three whole-run
    // audits were missing from the hand-written one).
    const QByteArray audit = cli({"audit", "--help"}).out.simplified();
    for (const char* id : {"gaussian", "fair-regression-2d-run", "fair-representation-run", "private-matching-run",
                           "dpswflow-projections-run", "dpswflow-r-one-run"})
      QVERIFY2(audit.contains(id), qPrintable(QString(id) + " missing in:\n" + audit));
  }

  // A good call prints nothing on stderr, without a display, a Qt platform or XDG_RUNTIME_DIR
  // (batch jobs, containers, ssh): the CLI needs no display; its export plugin (found beside it in the
  // build tree) draws the PNGs offscreen.
  void quietWithoutDisplay() {
    QTemporaryDir dir;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* var : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_RUNTIME_DIR"}) env.remove(var);
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(DPW_CLI_PATH, {"run", "default", "--out", dir.path()});
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    QCOMPARE(p.readAllStandardError(), QByteArray());
    QVERIFY(!QImage(dir.filePath("projections.png")).isNull());
    p.start(DPW_CLI_PATH, {"account", "--q", "0.01", "--sigma", "1", "--steps", "10", "--delta", "1e-5"});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    QCOMPARE(p.readAllStandardError(), QByteArray());
  }

  // The compute-node program (issue 37): ldd lists no Qt Gui, Svg, Widgets or Charts, no EGL, GL, X11 or xcb,
  // no FFmpeg or giflib: dpwlab-cli links Qt Core only, its pictures come from the export plugin.
  void linksNoGuiLibraries() {
    QProcess ldd;
    ldd.start("ldd", {DPW_CLI_PATH});
    if (!ldd.waitForFinished(30000) || ldd.exitCode() != 0) QSKIP("ldd is not available");
    const QByteArray libs = ldd.readAllStandardOutput();
    QVERIFY2(libs.contains("libQt6Core"), libs.constData());  // it did list the libraries
    for (const char* lib : {"libQt6Gui", "libQt6Svg", "libQt6Widgets", "libQt6Charts", "libEGL", "libGL", "libX11",
                            "libxcb", "libavcodec", "libavformat", "libswscale", "libavutil", "libgif"})
      QVERIFY2(!libs.contains(lib), qPrintable(QString(lib) + " in ldd of dpwlab-cli:\n" + libs));
  }

  // Where the export plugin cannot load (a compute node), a run writes everything but the pictures and says
  // so; --animation is refused before the run (exit 1, nothing written); --no-png needs no note.
  void runsWithoutExportPlugin() {
    QTemporaryDir dir;
    QFile notElf(dir.filePath("libdpwlab-export.so"));
    QVERIFY(notElf.open(QIODevice::WriteOnly));
    notElf.write("not a shared object");
    notElf.close();
    for (const QString& plugin : {dir.filePath("missing/libdpwlab-export.so"), notElf.fileName()}) {
      QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
      env.insert("DPWLAB_EXPORT_PLUGIN", plugin);
      auto run = [&](const QStringList& args) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(DPW_CLI_PATH, args);
        p.waitForFinished(120000);
        return CliResult{p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
      };
      const QString out = dir.filePath("out");
      const CliResult r = run({"run", "default", "--out", out});
      QVERIFY2(r.exitCode == 0, r.err.constData());
      QCOMPARE(QJsonDocument::fromJson(r.out).object()["method"].toString(), QString("dpswd-explorer"));
      for (const QString f : {"summary.json", "scenario.json", "distance_vs_shift.csv", "projections.csv"})
        QVERIFY2(QFile::exists(QDir(out).filePath(f)), qPrintable(f));
      QVERIFY(!QFile::exists(QDir(out).filePath("projections.png")));
      QVERIFY2(r.err.contains("note: no PNG charts") && r.err.contains(plugin.toUtf8()) &&
                   r.err.contains(plugin == notElf.fileName() ? "cannot load" : "cannot open"),
               r.err.constData());
      QCOMPARE(run({"run", "default", "--out", dir.filePath("quiet"), "--no-png"}).err, QByteArray());
      const CliResult animation = run({"run", "default", "--out", dir.filePath("anim"), "--animation", dir.filePath("a.gif")});
      QCOMPARE(animation.exitCode, 1);
      QVERIFY2(animation.err.contains("--animation needs the export plugin"), animation.err.constData());
      QVERIFY(!QFile::exists(dir.filePath("anim/summary.json")) && !QFile::exists(dir.filePath("a.gif")));
    }
  }

  // Every command's --help ends with examples of itself; the program's names the exit codes and the manual.
  void helpHasExamples() {
    const CliResult top = cli({"--help"});
    QVERIFY(top.out.contains("Examples:") && top.out.contains("Exit status: 0 success; 1 a run failed; 2 bad usage"));
    QVERIFY(top.out.contains("3 audit only") && top.out.contains("man -l build/packaging/man/dpwlab-cli.1.gz"));
    for (const QString command : {"run", "methods", "audit", "sweep", "merge", "account", "calibrate", "sensitivity",
                                  "sw", "tradeoff"}) {
      const QByteArray help = cli({command, "--help"}).out;
      const qsizetype examples = help.indexOf("Examples:");
      QVERIFY2(examples >= 0 && help.indexOf("dpwlab-cli " + command.toUtf8() + " ", examples) > examples,
               qPrintable(command + ":\n" + help));
    }
  }

  // summary.json says against whom ε holds (issue 35 item 3): "mode" and "threat_model" as fields, the statement
  // opening with the same words; teaching mode (the default) also says so on stderr.
  void summaryRecordsModeAndThreatModel() {
    QTemporaryDir dir;
    for (const bool secure : {false, true}) {
      QFile f(dir.filePath("s.json"));
      QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
      f.write(QByteArray(R"({"format": "dpwlab-scenario", "version": 1, "method": "fair-classifier", "seed": 3,
        "parameters": {"n": 400, "n_test": 100, "steps": 4, "epsilon": 2)") +
              (secure ? R"(, "noise_source": "os-entropy"}})" : "}}"));
      f.close();
      const CliResult r = cli({"run", dir.filePath("s.json"), "--out", dir.filePath("out"), "--no-png"});
      QVERIFY2(r.exitCode == 0, r.err.constData());
      const dpw::NoiseSource source = secure ? dpw::NoiseSource::OsEntropy : dpw::NoiseSource::Seeded;
      QFile written(dir.filePath("out/summary.json"));
      QVERIFY(written.open(QIODevice::ReadOnly));
      const QJsonObject o = QJsonDocument::fromJson(written.readAll()).object();
      QCOMPARE(o["mode"].toString(), QString(secure ? "secure" : "teaching"));
      QCOMPARE(o["threat_model"].toString(), QString::fromStdString(dpw::threatModel(source)));
      QVERIFY(o["privacy_statement"].toString().startsWith(
          secure ? "Against anyone, the seed's holders included: " : "Against anyone without the run's seed (with it"));
      QCOMPARE(QString::fromUtf8(r.err).contains("note: teaching mode"), !secure);
    }
  }

  // summary.json and scenario.json record the program version and build flags; the scenario reader
  // takes them back (scenarioReplaysExactly replays such a file).
  void outputsRecordVersion() {
    QTemporaryDir dir;
    const CliResult r = cli({"run", "default", "--out", dir.path(), "--no-png"});
    QCOMPARE(r.exitCode, 0);
    for (const QString name : {"summary.json", "scenario.json"}) {
      QFile f(dir.filePath(name));
      QVERIFY(f.open(QIODevice::ReadOnly));
      const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
      QCOMPARE(o["dpwlab_version"].toString(), QString(dpw::kVersion));
      QCOMPARE(o["build_flags"].toString(), QString(dpw::kBuildFlags));
      // The commit in summary.json (issue 37: results named no code); 40 hex digits in a checkout.
      if (name == "summary.json") {
        QCOMPARE(o["commit"].toString(), QString(dpw::kGitCommit));
        QVERIFY(o["commit"].toString() == "unknown" || o["commit"].toString().size() == 40);
      }
    }
  }

  // JSON output holds no bare inf/nan: an infinite ε is the string "inf" (valid JSON).
  void infiniteEpsilonIsValidJson() {
    const CliResult r = cli({"account", "--accountant", "gdp", "--q", "1", "--sigma", "1e-300", "--steps", "1", "--delta", "1e-5"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QJsonParseError err;
    const QJsonObject o = QJsonDocument::fromJson(r.out, &err).object();
    QCOMPARE(err.error, QJsonParseError::NoError);
    QCOMPARE(o["epsilon"].toString(), QString("inf"));
  }

  // Numbers parse with std::from_chars: '.' decimals and exponents, nothing locale-dependent, and
  // a number with trailing text or a comma decimal is refused with the option's name.
  void numbersParseStrictly() {
    QCOMPARE(cli({"calibrate", "--epsilon", "+2", "--q", "1e-1", "--steps", "10", "--delta", "0.00001"}).exitCode, 0);
    for (const QString bad : {"0,1", "0.1x", "", "nan"}) {
      const CliResult r = cli({"calibrate", "--epsilon", "2", "--q", bad, "--steps", "10", "--delta", "1e-5"});
      QCOMPARE(r.exitCode, 2);
      QVERIFY2(r.err.contains("--q"), r.err.constData());
    }
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
