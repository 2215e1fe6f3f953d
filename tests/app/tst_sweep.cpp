// Tests of sweeps split into shards (app/common/sweep.h, dpwlab-cli sweep/merge): sharding covers
// every item once, merging shards equals the unsharded sweep, and bad input is refused.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <set>

#include "common/sweep.h"
#include "core/error.h"

namespace {
const QString kGrid = QString(DPW_SOURCE_DIR) + "/resources/sweeps/dpswd-noise-levels.json";

QProcess* cli(const QStringList& args) {
  auto* p = new QProcess;
  p->start(DPW_CLI_PATH, args);
  p->waitForFinished(300000);
  return p;
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

  void badShardArgument() {
    std::unique_ptr<QProcess> p(cli({"sweep", kGrid, "--shard", "4/3"}));
    QCOMPARE(p->exitCode(), 2);
    QVERIFY(p->readAllStandardError().contains("--shard must be i/N"));
  }
};

QTEST_MAIN(TestSweep)
#include "tst_sweep.moc"
