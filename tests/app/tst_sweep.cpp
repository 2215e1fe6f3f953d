// Tests of sweeps split into shards (app/common/sweep.h, dpwlab-cli sweep/merge): sharding covers
// every item once, merging shards equals the unsharded sweep, and bad input is refused.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <memory>
#include <set>
#include <tuple>

#include "common/sweep.h"
#include "core/build_info.h"
#include "core/error.h"

namespace {
const QString kGrid = QString(DPW_SOURCE_DIR) + "/resources/sweeps/dpswd-noise-levels.json";

QProcess* cli(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
  auto* p = new QProcess;
  p->setProcessEnvironment(env);
  p->start(DPW_CLI_PATH, args);
  p->waitForFinished(300000);
  return p;
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

/// A sweep of 6 items that take some 0.1-0.5 s each, so that a shard can be killed half-way.
QByteArray slowGrid() {
  // (one raw string per line: moc does not read raw strings that span lines)
  return QByteArray(R"({"format": "dpwlab-sweep", "version": 1, "scenario": {"format": "dpwlab-scenario", "version": 1,)") +
         R"("method": "dpswd-explorer", "seed": 1, "parameters": {"samples": 6000, "projections": 40, "shifts": 3,)" +
         R"("draws": 2}}, "grid": {"sigma1": [0.5, 2]}, "seeds": {"first": 1, "count": 3}})";
}
}  // namespace

class TestSweep : public QObject {
  Q_OBJECT
 private slots:
  void shardsPartitionTheItems() {
    const auto sweep = dpwapp::Sweep::fromFile(kGrid);
    QCOMPARE(sweep.size(), 3L * 2 * 4);
    std::set<long> seen;
    for (int i = 1; i <= 5; ++i)
      for (const auto& item : sweep.shardItems(i, 5)) QVERIFY(seen.insert(item.index).second);
    QCOMPARE(long(seen.size()), sweep.size());
    // Item order: keys sorted (dimension, sigma1), seeds fastest.
    const auto all = sweep.shardItems(1, 1);
    QCOMPARE(all[0].scenario.seed, std::uint64_t(1));
    QCOMPARE(all[1].scenario.seed, std::uint64_t(2));
    QCOMPARE(all[4].scenario.params.real("sigma1"), 1.0);
    QCOMPARE(all[12].scenario.params.integer("dimension"), 5L);
  }

  void mergedShardsEqualTheWholeSweep() {
    QTemporaryDir whole, a, b, c;
    std::unique_ptr<QProcess> p(cli({"sweep", kGrid, "--out", whole.path()}));
    QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
    for (auto [i, dir] : {std::pair{1, &a}, {2, &b}, {3, &c}}) {
      std::unique_ptr<QProcess> s(cli({"sweep", kGrid, "--shard", QString("%1/3").arg(i), "--out", dir->path()}));
      QVERIFY2(s->exitCode() == 0, s->readAllStandardError().constData());
    }
    std::unique_ptr<QProcess> m1(cli({"merge", whole.path()})), m3(cli({"merge", a.path(), b.path(), c.path()}));
    QCOMPARE(m1->exitCode(), 0);
    QCOMPARE(m3->exitCode(), 0);
    const QByteArray merged = m3->readAllStandardOutput();
    QCOMPARE(merged, m1->readAllStandardOutput());
    const QJsonObject doc = QJsonDocument::fromJson(merged).object();
    QCOMPARE(doc["results"].toArray().size(), 6);
    QCOMPARE(doc["results"].toArray()[0].toObject()["seeds"].toDouble(), 4.0);

    // A missing shard is named, not silently averaged over.
    std::unique_ptr<QProcess> partial(cli({"merge", a.path(), b.path()}));
    QCOMPARE(partial->exitCode(), 2);
    QVERIFY(partial->readAllStandardError().contains("sweep incomplete"));
  }

  void refusesBadSweeps_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    const QByteArray scen = R"("scenario":{"format":"dpwlab-scenario","version":1,"method":"dpswd-explorer"})";
    QTest::newRow("format") << QByteArray(R"({"format":"x","version":1,)" + scen + "}") << "not a DPW Lab sweep";
    QTest::newRow("unknown grid key") << QByteArray(R"({"format":"dpwlab-sweep","version":1,)" + scen + R"(,"grid":{"nope":[1]}})") << "unknown parameter";
    QTest::newRow("out of range") << QByteArray(R"({"format":"dpwlab-sweep","version":1,)" + scen + R"(,"grid":{"projections":[0]}})") << "outside";
    QTest::newRow("empty list") << QByteArray(R"({"format":"dpwlab-sweep","version":1,)" + scen + R"(,"grid":{"sigma1":[]}})") << "non-empty";
    QTest::newRow("bad seeds") << QByteArray(R"({"format":"dpwlab-sweep","version":1,)" + scen + R"(,"seeds":{"first":-1,"count":2}})") << "seeds";
  }
  void refusesBadSweeps() {
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    try {
      dpwapp::Sweep::fromJson(json);
      QFAIL("accepted a bad sweep");
    } catch (const dpw::InvalidArgument& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
    }
  }

  // A shard killed half-way and rerun with the same arguments resumes: it keeps the items it had,
  // drops a line cut short, runs the rest, and the merge equals that of an uninterrupted run.
  void killedShardResumes() {
    QTemporaryDir dir, whole, part;
    const QString grid = dir.filePath("grid.json");
    writeFile(grid, slowGrid());
    std::unique_ptr<QProcess> full(cli({"sweep", grid, "--out", whole.path()}));
    QVERIFY2(full->exitCode() == 0, full->readAllStandardError().constData());

    const QString shardFile = part.filePath("shard-1-of-1.jsonl");
    QProcess p;
    p.start(DPW_CLI_PATH, {"sweep", grid, "--out", part.path()});
    QVERIFY(p.waitForStarted());
    // Kill as soon as two items are on disk (polling every 2 ms).
    while (p.state() == QProcess::Running && readAll(shardFile).count('\n') < 2) QTest::qWait(2);
    const bool killedMidRun = p.state() == QProcess::Running;
    p.kill();
    p.waitForFinished();
    const int kept = int(readAll(shardFile).count('\n'));
    if (!killedMidRun || kept >= 6) QSKIP("the shard finished before it could be killed (machine too fast)");
    // The write a kill interrupts: half a line without its newline.
    QFile f(shardFile);
    QVERIFY(f.open(QIODevice::Append));
    f.write("{\"sweep\": \"cut sh");
    f.close();
    // merge names the items still missing (the cut line does not count).
    std::unique_ptr<QProcess> early(cli({"merge", part.path()}));
    QCOMPARE(early->exitCode(), 2);
    QVERIFY(early->readAllStandardError().contains(QString("%1 of 6 items present").arg(kept).toUtf8()));

    std::unique_ptr<QProcess> again(cli({"sweep", grid, "--out", part.path()}));
    QVERIFY2(again->exitCode() == 0, again->readAllStandardError().constData());
    const QJsonObject progress = QJsonDocument::fromJson(again->readAllStandardOutput()).object();
    QCOMPARE(progress["already_done"].toInt(), kept);
    QCOMPARE(progress["ran"].toInt(), 6 - kept);
    QCOMPARE(readAll(shardFile).count('\n'), 6);
    std::unique_ptr<QProcess> m1(cli({"merge", whole.path()})), m2(cli({"merge", part.path()}));
    QCOMPARE(m2->exitCode(), 0);
    QCOMPARE(m2->readAllStandardOutput(), m1->readAllStandardOutput());

    // A finished shard rerun does nothing.
    std::unique_ptr<QProcess> done(cli({"sweep", grid, "--out", part.path()}));
    QCOMPARE(QJsonDocument::fromJson(done->readAllStandardOutput()).object()["ran"].toInt(), 0);
  }

  // A shard file of another sweep in the output folder is refused, never appended to.
  void otherSweepInFolderIsRefused() {
    QTemporaryDir dir;
    writeFile(dir.filePath("shard-1-of-3.jsonl"), R"({"sweep":"0123456789abcdef","items":24,"index":0})" "\n");
    std::unique_ptr<QProcess> p(cli({"sweep", kGrid, "--shard", "1/3", "--out", dir.path()}));
    QCOMPARE(p->exitCode(), 2);
    QVERIFY(p->readAllStandardError().contains("another sweep"));
  }

  // In a Slurm job array the shard comes from the task id (ids MIN..MAX -> shards 1..COUNT).
  void shardFromSlurmArray() {
    for (auto [id, min, expected] : {std::tuple{"2", "1", "2/3"}, {"0", "0", "1/3"}}) {
      QTemporaryDir dir;
      QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
      env.insert("SLURM_ARRAY_TASK_ID", id);
      env.insert("SLURM_ARRAY_TASK_MIN", min);
      env.insert("SLURM_ARRAY_TASK_COUNT", "3");
      std::unique_ptr<QProcess> p(cli({"sweep", kGrid, "--out", dir.path()}, env));
      QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
      QCOMPARE(QJsonDocument::fromJson(p->readAllStandardOutput()).object()["shard"].toString(), QString(expected));
      QVERIFY(QFile::exists(dir.filePath(QString("shard-%1.jsonl").arg(QString(expected).replace("/", "-of-")))));
      if (QString(expected) != "2/3") continue;
      // --shard given explicitly wins over the environment.
      QTemporaryDir other;
      std::unique_ptr<QProcess> q(cli({"sweep", kGrid, "--shard", "3/3", "--out", other.path()}, env));
      QCOMPARE(q->exitCode(), 0);
      QVERIFY(QFile::exists(other.filePath("shard-3-of-3.jsonl")));
    }
  }

  // Every line records the program that wrote it.
  void shardLinesRecordVersion() {
    QTemporaryDir dir;
    std::unique_ptr<QProcess> p(cli({"sweep", kGrid, "--shard", "5/5", "--out", dir.path()}));
    QCOMPARE(p->exitCode(), 0);
    const QList<QByteArray> lines = readAll(dir.filePath("shard-5-of-5.jsonl")).trimmed().split('\n');
    QVERIFY(!lines.isEmpty());
    for (const auto& line : lines) {
      const QJsonObject o = QJsonDocument::fromJson(line).object();
      QCOMPARE(o["dpwlab_version"].toString(), QString(dpw::kVersion));
      QCOMPARE(o["build_flags"].toString(), QString(dpw::kBuildFlags));
    }
  }

  // merge keeps infinities: a metric at -inf for every seed stays "-inf" (spread 0); a mix of
  // numbers averages; null (older files' -inf) reads as NaN and gives "nan", never a bare number.
  void mergeKeepsInfinities() {
    QTemporaryDir dir;
    QByteArray lines;
    const char* metrics[] = {R"({"low":"-inf","x":1,"high":"inf","old":null})",
                             R"({"low":"-inf","x":3,"high":"inf","old":1})"};
    for (int i = 0; i < 2; ++i)
      lines += QByteArray(R"({"sweep":"feedfeedfeedfeed","items":2,"index":)") + QByteArray::number(i) +
               R"(,"point":{"epsilon":1},"seed":)" + QByteArray::number(i + 1) + R"(,"metrics":)" + metrics[i] + "}\n";
    writeFile(dir.filePath("shard-1-of-1.jsonl"), lines);
    std::unique_ptr<QProcess> m(cli({"merge", dir.path()}));
    QVERIFY2(m->exitCode() == 0, m->readAllStandardError().constData());
    const QByteArray out = m->readAllStandardOutput();
    QJsonParseError err;
    const QJsonObject row = QJsonDocument::fromJson(out, &err).object()["results"].toArray()[0].toObject();
    QCOMPARE(err.error, QJsonParseError::NoError);
    QCOMPARE(row["mean"].toObject()["low"].toString(), QString("-inf"));
    QCOMPARE(row["std"].toObject()["low"].toDouble(-1), 0.0);
    QCOMPARE(row["mean"].toObject()["high"].toString(), QString("inf"));
    QCOMPARE(row["mean"].toObject()["x"].toDouble(), 2.0);
    QCOMPARE(row["std"].toObject()["x"].toDouble(), std::sqrt(2.0));  // sample std of {1, 3}
    QCOMPARE(row["mean"].toObject()["old"].toString(), QString("nan"));
  }

  void badShardArgument() {
    std::unique_ptr<QProcess> p(cli({"sweep", kGrid, "--shard", "4/3"}));
    QCOMPARE(p->exitCode(), 2);
    QVERIFY(p->readAllStandardError().contains("--shard must be i/N"));
  }
};

QTEST_MAIN(TestSweep)
#include "tst_sweep.moc"
