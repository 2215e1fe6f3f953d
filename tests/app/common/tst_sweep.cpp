// Tests of sweeps split into shares (app/common/sweep.h, dpwlab-cli sweep/merge): sharding covers every
// item once, merging shares equals the unsharded sweep, items are keyed by content (any share count,
// grown grids, claims, duplicates), statistics and tables, and bad input is refused.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QDirIterator>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <unistd.h>

#include <cmath>
#include <memory>
#include <set>
#include <tuple>

#include "common/sweep.h"
#include "core/build_info.h"
#include "core/error.h"
#include "core/run_observer.h"
#include "privacy/accountants/accountant.h"
#include "privacy/ledger/privacy_ledger.h"

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

/// Every result line of a results folder (all shard-*.jsonl files), in file-name order.
QList<QByteArray> resultLines(const QString& dir) {
  QList<QByteArray> lines;
  for (const QString& name : QDir(dir).entryList({"shard-*.jsonl"}, QDir::Files, QDir::Name))
    for (const QByteArray& l : readAll(QDir(dir).filePath(name)).split('\n'))
      if (!l.trimmed().isEmpty()) lines << l;
  return lines;
}

QJsonObject progressOf(QProcess* p) { return QJsonDocument::fromJson(p->readAllStandardOutput()).object(); }

QByteArray gridWith(const QByteArray& values, const QByteArray& seeds) {
  return QByteArray(R"({"format": "dpwlab-sweep", "version": 1, "scenario": {"format": "dpwlab-scenario", "version": 1,)") +
         R"("method": "dpswd-explorer", "seed": 1, "parameters": {"samples": 200, "projections": 20}},)" +
         R"("grid": {"sigma1": )" + values + R"(}, "seeds": )" + seeds + "}";
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
    QCOMPARE(doc["results"].toArray()[0].toObject()["n"].toDouble(), 4.0);
    QCOMPARE(doc["results"].toArray()[0].toObject()["method"].toString(), QString("dpswd-explorer"));

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

    QProcess p;
    p.start(DPW_CLI_PATH, {"sweep", grid, "--out", part.path(), "--quiet"});
    QVERIFY(p.waitForStarted());
    // Kill as soon as two items are on disk (polling every 2 ms).
    while (p.state() == QProcess::Running && resultLines(part.path()).size() < 2) QTest::qWait(2);
    const bool killedMidRun = p.state() == QProcess::Running;
    p.kill();
    p.waitForFinished();
    const int kept = int(resultLines(part.path()).size());
    if (!killedMidRun || kept >= 6) QSKIP("the shard finished before it could be killed (machine too fast)");
    // The write a kill interrupts: half a line without its newline (never read).
    const QString shardFile = QDir(part.path()).filePath(QDir(part.path()).entryList({"shard-*.jsonl"}).first());
    QFile f(shardFile);
    QVERIFY(f.open(QIODevice::Append));
    f.write("{\"key\": \"cut sh");
    f.close();
    // The killed process's claim is stale (same host, process gone): the rerun takes it over.
    // merge names the items still missing (the cut line does not count).
    std::unique_ptr<QProcess> early(cli({"merge", part.path()}));
    QCOMPARE(early->exitCode(), 2);
    QVERIFY(early->readAllStandardError().contains(QString("%1 of 6 items present").arg(kept).toUtf8()));

    std::unique_ptr<QProcess> again(cli({"sweep", grid, "--out", part.path()}));
    QVERIFY2(again->exitCode() == 0, again->readAllStandardError().constData());
    const QJsonObject progress = QJsonDocument::fromJson(again->readAllStandardOutput()).object();
    QCOMPARE(progress["already_done"].toInt(), kept);
    QCOMPARE(progress["ran"].toInt(), 6 - kept);
    QCOMPARE(resultLines(part.path()).size(), 6 + 1);  // the cut line stays, unread
    std::unique_ptr<QProcess> m1(cli({"merge", whole.path()})), m2(cli({"merge", part.path()}));
    QCOMPARE(m2->exitCode(), 0);
    QCOMPARE(m2->readAllStandardOutput(), m1->readAllStandardOutput());

    // A finished shard rerun does nothing.
    std::unique_ptr<QProcess> done(cli({"sweep", grid, "--out", part.path()}));
    QCOMPARE(QJsonDocument::fromJson(done->readAllStandardOutput()).object()["ran"].toInt(), 0);
  }

  // A grid listing one value or one seed twice is refused by name when it is read (issue 37: [0.5, 1, 1.0]
  // was merged as 6 seeds of ε = 1, std 0.01424 where its 3 seeds give 0.01592).
  void duplicatesRefused_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("1 and 1.0") << gridWith("[0.5, 1, 1.0]", "[1, 2]") << "grid 'sigma1' lists one value twice (entries 2 and 3: 1 and 1)";
    QTest::newRow("seeds") << gridWith("[0.5]", "[1, 1, 2]") << "seeds list seed 1 twice (entries 1 and 2)";
  }
  void duplicatesRefused() {
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    try {
      dpwapp::Sweep::fromJson(json);
      QFAIL("accepted a grid with a duplicate");
    } catch (const dpw::InvalidArgument& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
    }
  }

  // An item's key is what it runs: the same under any share count and in a grown grid; another seed or
  // value, another key.
  void keysAreContent() {
    const auto small = dpwapp::Sweep::fromJson(gridWith("[0.5, 1]", "[1, 2]"));
    const auto grown = dpwapp::Sweep::fromJson(gridWith("[0.25, 0.5, 1]", "[1, 2, 3]"));
    std::map<QByteArray, QString> byKey;
    for (const auto& item : grown.shardItems(1, 1))
      byKey[item.key] = QString("%1/%2").arg(item.point["sigma1"].toDouble()).arg(item.scenario.seed);
    QCOMPARE(long(byKey.size()), grown.size());  // all different
    for (int n : {1, 3})
      for (int i = 1; i <= n; ++i)
        for (const auto& item : small.shardItems(i, n))
          QCOMPARE(byKey[item.key], QString("%1/%2").arg(item.point["sigma1"].toDouble()).arg(item.scenario.seed));
  }

  // Resumed under another share count, and grown: only the items not yet in the folder run, and the
  // merge equals that of one uninterrupted run of the final grid.
  void resumesUnderAnySplitAndGrows() {
    QTemporaryDir dir, shared, whole;
    const QString small = dir.filePath("small.json"), grown = dir.filePath("grown.json");
    writeFile(small, gridWith("[0.5, 1]", "[1, 2]"));
    writeFile(grown, gridWith("[0.5, 1, 2]", "[1, 2, 3]"));
    std::unique_ptr<QProcess> a(cli({"sweep", small, "--shard", "2/3", "--out", shared.path(), "-q"}));
    QCOMPARE(progressOf(a.get())["ran"].toInt(), 1);  // items 1 of 0..3
    for (int i = 1; i <= 2; ++i) {  // the same sweep as two shares: item 1 is done already
      std::unique_ptr<QProcess> b(cli({"sweep", small, "--shard", QString("%1/2").arg(i), "--out", shared.path(), "-q"}));
      const QJsonObject pr = progressOf(b.get());
      QCOMPARE(pr["ran"].toInt() + pr["already_done"].toInt(), 2);
      QCOMPARE(pr["already_done"].toInt(), i == 2 ? 1 : 0);
    }
    QCOMPARE(resultLines(shared.path()).size(), 4);
    std::unique_ptr<QProcess> g(cli({"sweep", grown, "--out", shared.path(), "-q"}));  // 9 items, 4 done
    const QJsonObject pr = progressOf(g.get());
    QCOMPARE(pr["already_done"].toInt(), 4);
    QCOMPARE(pr["ran"].toInt(), 5);
    QCOMPARE(resultLines(shared.path()).size(), 9);
    std::unique_ptr<QProcess> w(cli({"sweep", grown, "--out", whole.path(), "-q"}));
    std::unique_ptr<QProcess> m1(cli({"merge", shared.path()})), m2(cli({"merge", whole.path()}));
    QVERIFY2(m1->exitCode() == 0, m1->readAllStandardError().constData());
    QCOMPARE(m1->readAllStandardOutput(), m2->readAllStandardOutput());
    // The small grid is still there to merge: its items are a subset, the others left out.
    std::unique_ptr<QProcess> m3(cli({"merge", shared.path(), "--grid", small}));
    QCOMPARE(m3->exitCode(), 0);
    QVERIFY(m3->readAllStandardError().contains("5 result(s) of items not in this grid left out"));
  }

  // A claim of a running process is respected (the item is left to it), a stale one is taken over.
  void claimsKeepItemsToOneProcess() {
    QTemporaryDir dir, out;
    const QString grid = dir.filePath("grid.json");
    writeFile(grid, gridWith("[0.5]", "[1, 2, 3]"));
    const auto items = dpwapp::Sweep::fromFile(grid).shardItems(1, 1);
    QVERIFY(QDir().mkpath(out.filePath("locks")));
    const QString host = dpwapp::RunPlace::here().host;
    // Item 0: held by this test process (alive, on this host). Item 1: by a process that has ended.
    writeFile(out.filePath("locks/" + items[0].key + ".lock"), QString("%1 %2 - 2026-01-01T00:00:00Z\n").arg(host).arg(::getpid()).toUtf8());
    QProcess ended;
    ended.start("true", {});
    QVERIFY(ended.waitForFinished());
    writeFile(out.filePath("locks/" + items[1].key + ".lock"), QString("%1 %2 - 2026-01-01T00:00:00Z\n").arg(host).arg(ended.processId() ? ended.processId() : 999999).toUtf8());
    std::unique_ptr<QProcess> p(cli({"sweep", grid, "--out", out.path()}));
    QCOMPARE(p->exitCode(), 0);
    const QJsonObject pr = progressOf(p.get());
    QCOMPARE(pr["ran"].toInt(), 2);
    QCOMPARE(pr["held_by_others"].toInt(), 1);
    QVERIFY(p->readAllStandardError().contains("item 0 (sigma1=0.5, seed 1, key " + items[0].key + "): being run by " + host.toUtf8()));
    QVERIFY(QFile::exists(out.filePath("locks/" + items[0].key + ".lock")));   // not ours to remove
    QVERIFY(!QFile::exists(out.filePath("locks/" + items[1].key + ".lock")));  // taken over, released
    std::unique_ptr<QProcess> m(cli({"merge", out.path()}));
    QCOMPARE(m->exitCode(), 2);
    QVERIFY(m->readAllStandardError().contains("2 of 3 items present; missing items 0"));
  }

  // Two results of one item: identical ones count once; disagreeing ones are refused by name.
  void mergeFoldsIdenticalDuplicates() {
    QTemporaryDir dir, out;
    const QString grid = dir.filePath("grid.json");
    writeFile(grid, gridWith("[0.5, 1]", "[1, 2]"));
    std::unique_ptr<QProcess> p(cli({"sweep", grid, "--out", out.path(), "-q"}));
    std::unique_ptr<QProcess> m1(cli({"merge", out.path()}));
    const QByteArray merged = m1->readAllStandardOutput();
    QJsonObject line = QJsonDocument::fromJson(resultLines(out.path()).first()).object();
    line["host"] = "elsewhere";  // another process ran it: where and when differ, the numbers agree
    line["wall_time_s"] = 99.0;
    writeFile(out.filePath("shard-1-of-2.other-1.jsonl"), QJsonDocument(line).toJson(QJsonDocument::Compact) + "\n");
    std::unique_ptr<QProcess> m2(cli({"merge", out.path()}));
    QCOMPARE(m2->exitCode(), 0);
    QCOMPARE(m2->readAllStandardOutput(), merged);
    QVERIFY(m2->readAllStandardError().contains("1 identical repeated result(s) counted once"));
    QJsonObject metrics = line["metrics"].toObject();
    metrics["sw2_at_max"] = metrics["sw2_at_max"].toDouble() + 1e-9;
    line["metrics"] = metrics;
    writeFile(out.filePath("shard-1-of-2.other-1.jsonl"), QJsonDocument(line).toJson(QJsonDocument::Compact) + "\n");
    std::unique_ptr<QProcess> m3(cli({"merge", out.path()}));
    QCOMPARE(m3->exitCode(), 2);
    QVERIFY2(m3->readAllStandardError().contains("item 0 (sigma1=0.5, seed 1) has two results that disagree"),
             m3->readAllStandardError().constData());
  }

  // --plan runs nothing, names a point that cannot run, and lists each task's items.
  void planChecksEveryPoint() {
    QTemporaryDir dir, out;
    const QString grid = dir.filePath("grid.json");
    writeFile(grid, gridWith("[0.5, 1]", "[1, 2, 3]"));
    std::unique_ptr<QProcess> p(cli({"sweep", grid, "--plan", "--shards", "2", "--out", out.path()}));
    const QByteArray text = p->readAllStandardOutput();
    QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
    QVERIFY2(text.contains("task 1/2: 3 of 3 items to run (0 2 4)") && text.contains("task 2/2: 3 of 3 items to run (1 3 5)"),
             text.constData());
    QVERIFY(resultLines(out.path()).isEmpty());
    // A budget the accountant cannot calibrate passes the grid's checks and fails at its run's start: the
    // plan names it (issue 37: ε = 1000 with a PLD accountant stopped its shard mid-way, unnamed).
    const QByteArray bad = R"({"format":"dpwlab-sweep","version":1,"scenario":{"format":"dpwlab-scenario","version":1,)"
                           R"("method":"fair-classifier","parameters":{"accountant":"pld-wor"}},"grid":{"epsilon":[1000]}})";
    writeFile(grid, bad);
    std::unique_ptr<QProcess> q(cli({"sweep", grid, "--plan", "--out", out.path()}));
    QCOMPARE(q->exitCode(), 2);
    QVERIFY2(q->readAllStandardError().contains("item 0 (epsilon=1000, seed 42): epsilon 1000 is above 100"),
             q->readAllStandardError().constData());
  }

  // Statistics of the merge against hand values: mean, sd with ddof = 1, se = sd/√n, and the 95%
  // interval with t(0.975, 2) = 4.302652729911275 (scipy.stats.t.ppf(0.975, 2)). 1e-12 relative: a
  // few roundings of doubles.
  void mergeStatistics() {
    QTemporaryDir dir, out;
    const QString grid = dir.filePath("grid.json");
    writeFile(grid, gridWith("[0.5]", "[1, 2, 3]"));
    std::unique_ptr<QProcess> p(cli({"sweep", grid, "--out", out.path(), "-q"}));
    std::vector<double> xs;
    for (const auto& l : resultLines(out.path())) xs.push_back(QJsonDocument::fromJson(l).object()["metrics"].toObject()["sw2_at_max"].toDouble());
    QCOMPARE(xs.size(), std::size_t(3));
    const double mean = (xs[0] + xs[1] + xs[2]) / 3;
    double ss = 0;
    for (double x : xs) ss += (x - mean) * (x - mean);
    const double sd = std::sqrt(ss / 2), se = sd / std::sqrt(3.0), half = 4.302652729911275 * se;
    std::unique_ptr<QProcess> m(cli({"merge", out.path(), "--tables", out.filePath("tables")}));
    QVERIFY2(m->exitCode() == 0, m->readAllStandardError().constData());
    const QJsonObject s = QJsonDocument::fromJson(m->readAllStandardOutput()).object()["results"].toArray()[0]
                              .toObject()["metrics"].toObject()["sw2_at_max"].toObject();
    auto close = [](double a, double b) { return std::abs(a - b) <= 1e-12 * std::abs(b); };
    QVERIFY(close(s["mean"].toDouble(), mean));
    QVERIFY(close(s["sd"].toDouble(), sd));
    QVERIFY(close(s["se"].toDouble(), se));
    QVERIFY(close(s["ci95_low"].toDouble(), mean - half));
    QVERIFY(close(s["ci95_high"].toDouble(), mean + half));
    // The tables: one row per run, snake_case columns; a summary row per point and metric.
    const QList<QByteArray> runs = readAll(out.filePath("tables/runs.csv")).trimmed().split('\n');
    QCOMPARE(runs.size(), 4);
    QVERIFY2(runs[0].startsWith("method,sigma1,seed,key,epsilon,delta,accountant,claim,proven_bound,sigma,q,steps,"), runs[0].constData());
    QVERIFY(runs[0].contains(",wall_time_s,host,job_id,finished_at,dpwlab_version,commit,build_flags,privacy_statement,scenario"));
    QCOMPARE(readAll(out.filePath("tables/runs.jsonl")).count('\n'), 3);
    QVERIFY(readAll(out.filePath("tables/summary.csv")).startsWith("method,sigma1,metric,n,mean,sd,se,ci95_low,ci95_high\n"));
    QVERIFY(readAll(out.filePath("tables/privacy.md")).contains("no privacy budget spent"));
    QVERIFY(readAll(out.filePath("tables/privacy.tex")).contains("\\begin{tabular}"));
  }

  // With the run's structured claim (RunResult::privacy) the numbers come from its ledger, not its sentence:
  // the same accountant, claim, q, steps and σ as the sentence states, and δ exact where the sentence rounds it
  // up to 4 significant digits.
  void privacyNumbersFromTheStructuredClaim() {
    const char* text = R"({"format": "dpwlab-scenario", "version": 1, "method": "fair-classifier", "seed": 3,
                           "parameters": {"n": 600, "n_test": 100, "steps": 5, "epsilon": 2}})";
    const dpw::Scenario scenario = dpw::Scenario::fromJson(text);
    dpw::LatestFramesObserver observer;
    const dpw::RunResult r = scenario.methodInfo().run(scenario.params, scenario.seed, observer);
    QVERIFY(r.privacy.ledger && !r.privacy.ledger->events().empty());
    QJsonObject metrics;
    for (const auto& [k, v] : r.metrics) metrics.insert(QString::fromStdString(k), dpwapp::numberToJson(v));
    const QString statement = QString::fromStdString(r.privacyStatement);
    const auto read = dpwapp::runPrivacy("fair-classifier", metrics, {}, statement);
    const auto structured = dpwapp::runPrivacy("fair-classifier", metrics, {}, statement, r.privacy);
    const dpw::PrivacyEvent& last = r.privacy.ledger->events().back();
    QCOMPARE(structured.accountant, QString::fromStdString(dpw::accountantId(r.privacy.ledger->accountant())));
    QCOMPARE(structured.accountant, read.accountant);
    QCOMPARE(structured.claim, QString("proven-bound"));
    QCOMPARE(structured.claim, read.claim);
    QCOMPARE(*structured.steps, last.count);
    QCOMPARE(*structured.steps, *read.steps);
    QCOMPARE(*structured.q, *read.q);  // both the sample_rate metric, full precision
    QCOMPARE(*structured.sigma, *read.sigma);
    QCOMPARE(*structured.delta, r.privacy.delta);
    // The printed δ is the exact one rounded up to 4 significant digits: above it by less than 1e-3 relative.
    QVERIFY2(*read.delta >= r.privacy.delta && *read.delta <= r.privacy.delta * (1 + 1e-3),
             qPrintable(QString::number(*read.delta, 'g', 17) + " vs " + QString::number(r.privacy.delta, 'g', 17)));
    QCOMPARE(*structured.epsilon, *read.epsilon);  // the method's ε metric in both
  }

  // The privacy numbers of a run, read from its claim sentence (as the ledger writes it) and the method's ε.
  void privacyNumbersOfARun() {
    const QString accounted = QString::fromUtf8("(ε = 1, δ = 3.334e-06) by the PLD (fixed-size sampling without replacement, replace-one; "
                                                "C_p(G) of Dong-Roth-Su Thm 4.2 composed exactly, connect-the-dots upper bound on a "
                                                "privacy-loss grid of 0.0001), a proven bound, q = 0.2001 (fixed batch), 500 steps, noise "
                                                "multiplier 18.08. Neighbours: …");
    const auto p = dpwapp::runPrivacy("fair-classifier", QJsonObject{{"epsilon", 0.9999999992901419}}, {}, accounted);
    QCOMPARE(*p.epsilon, 0.9999999992901419);  // the metric's full precision, not the printed 1
    QCOMPARE(*p.delta, 3.334e-06);
    QCOMPARE(p.accountant, QString("pld-wor"));
    QCOMPARE(p.claim, QString("proven-bound"));
    QCOMPARE(*p.q, 0.2001);
    QCOMPARE(*p.steps, 500L);
    QCOMPARE(*p.sigma, 18.08);
    const auto pure = dpwapp::runPrivacy("fair-regression", {}, QJsonObject{{"epsilon", 2}},
                                         QString::fromUtf8("ε = 2 (pure DP) by the discrete Laplace mechanism (t = 2) on the counts, one release"));
    QCOMPARE(*pure.epsilon, 2.0);
    QCOMPARE(*pure.delta, 0.0);
    QCOMPARE(pure.accountant, QString("basic-composition"));
    const auto none = dpwapp::runPrivacy("fair-classifier", QJsonObject{{"epsilon", "inf"}}, {},
                                         QString::fromUtf8("No privacy (ε = ∞): no clipping, no noise, 500 steps."));
    QVERIFY(std::isinf(*none.epsilon));
    QCOMPARE(none.claim, QString("no-privacy"));
    QCOMPARE(dpwapp::snakeCase("accuracy (evaluation, not private)"), QString("accuracy_evaluation_not_private"));
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
      QVERIFY(!QDir(dir.path()).entryList({QString("shard-%1.*.jsonl").arg(QString(expected).replace("/", "-of-"))}).isEmpty());
      if (QString(expected) == "2/3") {
        // Task 2 alone again (sbatch --array=2: MIN = MAX = 2, COUNT = 1) runs share 2 of the 3 recorded,
        // not the whole sweep as 1/1 (issue 37).
        QProcessEnvironment again = env;
        again.insert("SLURM_ARRAY_TASK_MIN", "2");
        again.insert("SLURM_ARRAY_TASK_MAX", "2");
        again.insert("SLURM_ARRAY_TASK_COUNT", "1");
        std::unique_ptr<QProcess> r(cli({"sweep", kGrid, "--out", dir.path()}, again));
        QVERIFY2(r->exitCode() == 0, r->readAllStandardError().constData());
        const QJsonObject pr = progressOf(r.get());
        QCOMPARE(pr["shard"].toString(), QString("2/3"));
        QCOMPARE(pr["ran"].toInt(), 0);
      }
      if (QString(expected) != "2/3") continue;
      // --shard given explicitly wins over the environment.
      QTemporaryDir other;
      std::unique_ptr<QProcess> q(cli({"sweep", kGrid, "--shard", "3/3", "--out", other.path()}, env));
      QCOMPARE(q->exitCode(), 0);
      QVERIFY(!QDir(other.path()).entryList({"shard-3-of-3.*.jsonl"}).isEmpty());
    }
  }

  // Every line records the program that wrote it.
  void shardLinesRecordVersion() {
    QTemporaryDir dir;
    std::unique_ptr<QProcess> p(cli({"sweep", kGrid, "--shard", "5/5", "--out", dir.path()}));
    QCOMPARE(p->exitCode(), 0);
    const QList<QByteArray> lines = resultLines(dir.path());
    QVERIFY(!lines.isEmpty());
    for (const auto& line : lines) {
      const QJsonObject o = QJsonDocument::fromJson(line).object();
      QCOMPARE(o["dpwlab_version"].toString(), QString(dpw::kVersion));
      QCOMPARE(o["build_flags"].toString(), QString(dpw::kBuildFlags));
      QCOMPARE(o["commit"].toString(), QString(dpw::kGitCommit));
      QVERIFY(o["wall_time_s"].toDouble() > 0);
      QVERIFY(!o["host"].toString().isEmpty());
    }
  }

  // merge keeps infinities: a metric at -inf for every seed stays "-inf" (spread 0); a mix of
  // numbers averages; null (older files' -inf) reads as NaN and gives "nan", never a bare number.
  void mergeKeepsInfinities() {
    QTemporaryDir dir;
    const QByteArray grid = gridWith("[0.5]", "[1, 2]");
    writeFile(dir.filePath("sweep.json"), grid);
    const auto items = dpwapp::Sweep::fromJson(grid).shardItems(1, 1);
    QByteArray lines;
    const char* metrics[] = {R"({"low":"-inf","x":1,"high":"inf","old":null})",
                             R"({"low":"-inf","x":3,"high":"inf","old":1})"};
    for (int i = 0; i < 2; ++i)
      lines += QByteArray("{\"key\":\"") + items[std::size_t(i)].key + "\",\"point\":{\"sigma1\":0.5},\"seed\":" +
               QByteArray::number(i + 1) + R"(,"metrics":)" + metrics[i] + "}\n";
    writeFile(dir.filePath("shard-1-of-1.h-1.jsonl"), lines);
    std::unique_ptr<QProcess> m(cli({"merge", dir.path()}));
    QVERIFY2(m->exitCode() == 0, m->readAllStandardError().constData());
    const QByteArray out = m->readAllStandardOutput();
    QJsonParseError err;
    const QJsonObject row = QJsonDocument::fromJson(out, &err).object()["results"].toArray()[0].toObject()["metrics"].toObject();
    QCOMPARE(err.error, QJsonParseError::NoError);
    QCOMPARE(row["low"].toObject()["mean"].toString(), QString("-inf"));
    QCOMPARE(row["low"].toObject()["sd"].toDouble(-1), 0.0);
    QCOMPARE(row["high"].toObject()["mean"].toString(), QString("inf"));
    QCOMPARE(row["x"].toObject()["mean"].toDouble(), 2.0);
    QCOMPARE(row["x"].toObject()["sd"].toDouble(), std::sqrt(2.0));  // sample sd of {1, 3}
    QCOMPARE(row["old"].toObject()["mean"].toString(), QString("nan"));
  }

  // The whole sweep's privacy by basic composition: Σ ε, Σ δ over its runs; ε = ∞ when a run has no
  // privacy, with the private runs' sums beside it; no claim when a run's numbers cannot be read.
  void jointPrivacyByBasicComposition() {
    QTemporaryDir dir;
    const QByteArray grid = R"({"format":"dpwlab-sweep","version":1,"scenario":{"format":"dpwlab-scenario","version":1,)"
                            R"("method":"fair-classifier"},"grid":{"epsilon":[1, 2, "inf"]},"seeds":[1]})";
    writeFile(dir.filePath("sweep.json"), grid);
    const auto items = dpwapp::Sweep::fromJson(grid).shardItems(1, 1);
    const char* privacy[] = {R"({"epsilon":1,"delta":1e-05})", R"({"epsilon":2,"delta":2e-05})", R"({"epsilon":"inf","delta":null})"};
    QByteArray lines;
    for (std::size_t i = 0; i < 3; ++i)
      lines += QByteArray("{\"key\":\"") + items[i].key + "\",\"seed\":1,\"metrics\":{\"a\":1},\"privacy\":" + privacy[i] + "}\n";
    writeFile(dir.filePath("shard-1-of-1.h-1.jsonl"), lines);
    std::unique_ptr<QProcess> m(cli({"merge", dir.path(), "--tables", dir.filePath("t")}));
    QVERIFY2(m->exitCode() == 0, m->readAllStandardError().constData());
    const QJsonObject joint = QJsonDocument::fromJson(m->readAllStandardOutput()).object()["joint_privacy"].toObject();
    QCOMPARE(joint["rule"].toString(), QString("basic composition"));
    QCOMPARE(joint["epsilon"].toString(), QString("inf"));
    QVERIFY(joint["delta"].isNull());
    QCOMPARE(joint["private_runs"].toInt(), 2);
    QCOMPARE(joint["private_runs_epsilon"].toDouble(), 3.0);
    QCOMPARE(joint["private_runs_delta"].toDouble(), 1e-05 + 2e-05);  // 3.0000000000000004e-05 in doubles:
    // the table rounds it up as every claim is printed (never below the bound), hence 3.001e-05 below.
    QVERIFY2(readAll(dir.filePath("t/privacy.md")).contains("ε = ∞ (a run without privacy is among them); its 2 private runs alone: ε ≤ 3, δ ≤ 3.001e-05"),
             readAll(dir.filePath("t/privacy.md")).constData());
    // A grid over epsilon: the target is grid_epsilon, beside the claimed epsilon.
    QVERIFY(readAll(dir.filePath("t/runs.csv")).startsWith("method,grid_epsilon,seed,key,epsilon,"));
  }

  void badShardArgument() {
    std::unique_ptr<QProcess> p(cli({"sweep", kGrid, "--shard", "4/3"}));
    QCOMPARE(p->exitCode(), 2);
    QVERIFY(p->readAllStandardError().contains("--shard must be i/N"));
  }
};

QTEST_MAIN(TestSweep)
#include "tst_sweep.moc"
