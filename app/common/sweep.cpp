#include "common/sweep.h"

#include <unistd.h>

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "common/run_export.h"
#include "core/error.h"
#include "core/parameter_text.h"

namespace dpwapp {
namespace {

using dpw::InvalidArgument;

std::string str(const QString& s) { return s.toStdString(); }

dpw::ParamValue valueFromJson(const dpw::ParamSpec& spec, const QJsonValue& v) {
  const bool textual = spec.kind == dpw::ParamKind::Choice || spec.kind == dpw::ParamKind::Text;
  if (textual) {
    if (!v.isString()) throw InvalidArgument("grid values of '" + spec.key + "' must be strings");
    return v.toString().toStdString();
  }
  if (v.isString()) return dpw::parseParamValue(spec, v.toString().toStdString());  // "inf", as in scenarios
  if (!v.isDouble()) throw InvalidArgument("grid values of '" + spec.key + "' must be numbers (or \"inf\", \"-inf\")");
  return v.toDouble();
}

}  // namespace

Sweep Sweep::fromJson(const QByteArray& json) {
  QJsonParseError err;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
  if (err.error != QJsonParseError::NoError)
    throw InvalidArgument(str(QStringLiteral("sweep is not valid JSON: %1 at offset %2").arg(err.errorString()).arg(err.offset)));
  const QJsonObject root = doc.object();
  for (auto it = root.begin(); it != root.end(); ++it)
    if (!QStringList{"format", "version", "scenario", "grid", "seeds"}.contains(it.key()))
      throw InvalidArgument(str("unknown field '" + it.key() + "' in the sweep (known: format, version, scenario, grid, seeds)"));
  if (root.value("format").toString() != "dpwlab-sweep")
    throw InvalidArgument("not a DPW Lab sweep: field \"format\" must be \"dpwlab-sweep\"");
  if (root.value("version").toInt(-1) != 1) throw InvalidArgument("sweep field \"version\" must be 1");
  if (!root.value("scenario").isObject()) throw InvalidArgument("sweep field \"scenario\" must be a scenario object");
  Sweep s;
  s.base = Scenario::fromJson(QJsonDocument(root.value("scenario").toObject()).toJson().toStdString());
  s.grid = root.value("grid").toObject();
  for (auto it = s.grid.begin(); it != s.grid.end(); ++it) {
    if (!it.value().isArray() || it.value().toArray().isEmpty())
      throw InvalidArgument(str("grid entry '" + it.key() + "' must be a non-empty list of values"));
    dpw::ParamValues check = s.base.params;
    const auto& spec = check.spec(it.key().toStdString());
    for (const auto& v : it.value().toArray()) check.set(spec.key, valueFromJson(spec, v));
  }
  const QJsonValue seeds = root.value("seeds");
  if (seeds.isArray()) {
    for (const auto& v : seeds.toArray()) {
      if (!v.isDouble() || v.toDouble() < 0 || v.toDouble() != std::floor(v.toDouble()))
        throw InvalidArgument("seeds must be whole numbers >= 0");
      s.seeds.push_back(std::uint64_t(v.toDouble()));
    }
  } else if (seeds.isObject()) {
    const double first = seeds["first"].toDouble(-1), count = seeds["count"].toDouble(-1);
    if (first < 0 || count < 1 || first != std::floor(first) || count != std::floor(count) || count > 1e6)
      throw InvalidArgument("seeds {\"first\": F, \"count\": C} needs whole F >= 0 and 1 <= C <= 10^6");
    for (long i = 0; i < long(count); ++i) s.seeds.push_back(std::uint64_t(first) + i);
  } else if (seeds.isUndefined()) {
    s.seeds.push_back(s.base.seed);
  } else {
    throw InvalidArgument("sweep field \"seeds\" must be a list or {\"first\": F, \"count\": C}");
  }
  if (s.seeds.empty()) throw InvalidArgument("a sweep needs at least one seed");
  s.fingerprint = QCryptographicHash::hash(QJsonDocument(root).toJson(QJsonDocument::Compact), QCryptographicHash::Sha256).toHex().left(16);
  return s;
}

Sweep Sweep::fromFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) throw InvalidArgument(str("cannot read sweep " + path + ": " + f.errorString()));
  return fromJson(f.readAll());
}

Sweep Sweep::around(const Scenario& base, const QJsonObject& grid) {
  const QJsonObject scenario = QJsonDocument::fromJson(scenarioJson(base)).object();
  const QJsonObject root{{"format", "dpwlab-sweep"}, {"version", 1}, {"scenario", scenario}, {"grid", grid}};
  return fromJson(QJsonDocument(root).toJson(QJsonDocument::Compact));
}

long Sweep::size() const {
  long n = long(seeds.size());
  for (auto it = grid.begin(); it != grid.end(); ++it) n *= long(it.value().toArray().size());
  return n;
}

std::vector<SweepItem> Sweep::shardItems(int shard, int shards) const {
  if (shards < 1 || shard < 1 || shard > shards)
    throw InvalidArgument("shard must be i/N with 1 <= i <= N, got " + std::to_string(shard) + "/" + std::to_string(shards));
  const QStringList keys = grid.keys();  // QJsonObject keys are sorted
  std::vector<SweepItem> items;
  for (long index = shard - 1; index < size(); index += shards) {
    SweepItem item;
    item.index = index;
    item.scenario = base;
    long rest = index;
    item.scenario.seed = seeds[rest % long(seeds.size())];
    rest /= long(seeds.size());
    for (int k = int(keys.size()) - 1; k >= 0; --k) {
      const QJsonArray values = grid.value(keys[k]).toArray();
      const QJsonValue v = values[int(rest % values.size())];
      rest /= values.size();
      const auto& spec = item.scenario.params.spec(keys[k].toStdString());
      item.scenario.params.set(spec.key, valueFromJson(spec, v));
      item.point.insert(keys[k], v);
    }
    items.push_back(std::move(item));
  }
  return items;
}

QString shardFileName(int shard, int shards) { return QStringLiteral("shard-%1-of-%2.jsonl").arg(shard).arg(shards); }

ShardProgress runSweepShard(const Sweep& sweep, int shard, int shards, const QString& dir) {
  const auto items = sweep.shardItems(shard, shards);
  if (!QDir().mkpath(dir)) throw InvalidArgument("cannot create output folder " + dir.toStdString());
  QFile file(QDir(dir).filePath(shardFileName(shard, shards)));
  ShardProgress progress;
  progress.items = long(items.size());
  // Resume: keep every complete line of an earlier run of this shard; drop a line cut short by a kill.
  std::set<long> done;
  if (file.exists()) {
    if (!file.open(QIODevice::ReadOnly)) throw InvalidArgument(str("cannot read " + file.fileName() + ": " + file.errorString()));
    const QByteArray bytes = file.readAll();
    file.close();
    qint64 complete = 0;
    int lineNo = 0;
    for (qint64 end; (end = bytes.indexOf('\n', complete)) >= 0; complete = end + 1) {
      ++lineNo;
      const QByteArray line = bytes.mid(complete, end - complete);
      if (line.trimmed().isEmpty()) continue;
      const QJsonObject o = QJsonDocument::fromJson(line).object();
      const long index = long(o.value("index").toDouble(-1));
      auto where = [&] { return QStringLiteral("%1 line %2").arg(file.fileName()).arg(lineNo); };
      if (o.value("sweep").toString().toLatin1() != sweep.fingerprint)
        throw InvalidArgument(str(where() + " belongs to another sweep (" + o.value("sweep").toString() + ", this one is " +
                                  QString::fromLatin1(sweep.fingerprint) + "): use another --out folder or remove the file"));
      if (index < 0 || index >= sweep.size() || index % shards != shard - 1)
        throw InvalidArgument(str(where() + " is not an item of shard " + QString::number(shard) + "/" + QString::number(shards)));
      done.insert(index);
    }
    if (complete < bytes.size()) {  // a last line without its newline: the write a kill interrupted
      if (!file.resize(complete)) throw InvalidArgument(str("cannot truncate " + file.fileName() + ": " + file.errorString()));
    }
  }
  progress.alreadyDone = long(done.size());
  if (!file.open(QIODevice::WriteOnly | QIODevice::Append))
    throw InvalidArgument(str("cannot write " + file.fileName() + ": " + file.errorString()));
  for (const auto& item : items) {
    if (done.count(item.index)) continue;
    dpw::LatestFramesObserver observer;
    const dpw::RunResult r = item.scenario.methodInfo().run(item.scenario.params, item.scenario.seed, observer);
    QJsonObject metrics;
    for (const auto& [k, v] : r.metrics) metrics.insert(QString::fromStdString(k), numberToJson(v));
    QJsonObject line{{"sweep", QString::fromLatin1(sweep.fingerprint)},
                     {"items", double(sweep.size())},
                     {"index", double(item.index)},
                     {"point", item.point},
                     {"seed", double(item.scenario.seed)},
                     {"metrics", metrics},
                     {"privacy_statement", QString::fromStdString(r.privacyStatement)}};
    if (!r.evaluation.empty()) {  // computed on private data, apart (core/output_classes.h)
      QJsonObject evaluation;
      for (const auto& [k, v] : r.evaluation) evaluation.insert(QString::fromStdString(k), numberToJson(v));
      line.insert("evaluation", evaluation);
    }
    addBuildInfo(line);
    // One write per line, then flushed to the disk: a kill or a lost node costs at most this item.
    const QByteArray bytes = QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    if (file.write(bytes) != bytes.size() || !file.flush() || ::fsync(file.handle()) != 0)
      throw InvalidArgument(str("cannot write " + file.fileName() + ": " + file.errorString()));
    ++progress.ran;
  }
  return progress;
}

QByteArray mergeSweepShards(const QStringList& dirs) {
  QByteArray fingerprint;
  long total = -1;
  std::map<long, QJsonObject> byIndex;
  std::set<QString> builtBy;  // program versions and build flags of the shards
  for (const QString& d : dirs) {
    const QDir dir(d);
    if (!dir.exists()) throw InvalidArgument("no such folder: " + d.toStdString());
    for (const QString& name : dir.entryList({"shard-*-of-*.jsonl"}, QDir::Files)) {
      QFile f(dir.filePath(name));
      if (!f.open(QIODevice::ReadOnly)) throw InvalidArgument("cannot read " + f.fileName().toStdString());
      int lineNo = 0;
      QList<QByteArray> lines = f.readAll().split('\n');
      lines.removeLast();  // after the last newline: empty, or the line of a shard still running or killed
      for (const QByteArray& line : lines) {
        ++lineNo;
        if (line.trimmed().isEmpty()) continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.isEmpty() || !o.contains("index"))
          throw InvalidArgument(QStringLiteral("%1 line %2 is not a sweep result").arg(f.fileName()).arg(lineNo).toStdString());
        const QByteArray fp = o["sweep"].toString().toLatin1();
        if (fingerprint.isEmpty()) fingerprint = fp, total = long(o["items"].toDouble());
        if (fp != fingerprint)
          throw InvalidArgument(QStringLiteral("%1 belongs to another sweep (%2, expected %3)").arg(f.fileName(), fp, fingerprint).toStdString());
        const long index = long(o["index"].toDouble());
        if (byIndex.count(index))
          throw InvalidArgument(QStringLiteral("item %1 appears twice (again in %2)").arg(index).arg(f.fileName()).toStdString());
        byIndex[index] = o;
        builtBy.insert(o["dpwlab_version"].toString("unknown") + " (" + o["build_flags"].toString("unknown") + ")");
      }
    }
  }
  if (total < 0) throw InvalidArgument("no shard files (shard-*-of-*.jsonl) found");
  QStringList missing;
  for (long i = 0; i < total && missing.size() < 10; ++i)
    if (!byIndex.count(i)) missing << QString::number(i);
  if (!missing.isEmpty())
    throw InvalidArgument(QStringLiteral("sweep incomplete: %1 of %2 items present; missing items %3%4")
                              .arg(byIndex.size()).arg(total).arg(missing.join(", "), missing.size() == 10 ? ", …" : "")
                              .toStdString());
  // Group by grid point, in item order.
  std::vector<QJsonObject> points;
  std::map<QByteArray, std::map<QString, std::vector<double>>> values;
  for (const auto& [index, o] : byIndex) {
    const QByteArray key = QJsonDocument(o["point"].toObject()).toJson(QJsonDocument::Compact);
    if (!values.count(key)) points.push_back(o["point"].toObject());
    auto& metrics = values[key];
    const QJsonObject m = o["metrics"].toObject();
    for (auto it = m.begin(); it != m.end(); ++it)
      metrics[it.key()].push_back(metricFromJson(it.value()));
    const QJsonObject e = o["evaluation"].toObject();  // labelled: computed on private data
    for (auto it = e.begin(); it != e.end(); ++it)
      metrics[QString::fromStdString(dpw::evaluationName(it.key().toStdString()))].push_back(metricFromJson(it.value()));
  }
  QJsonArray rows;
  for (const auto& point : points) {
    const auto& metrics = values[QJsonDocument(point).toJson(QJsonDocument::Compact)];
    QJsonObject mean, sd;
    long n = 0;
    for (const auto& [name, xs] : metrics) {
      n = long(xs.size());
      double m = 0;
      for (double x : xs) m += x / double(xs.size());
      double v = 0;
      for (double x : xs) v += (x - m) * (x - m);
      // All seeds at the same infinity (e.g. ε = -inf): mean that infinity, spread 0 (not inf - inf = NaN).
      const bool same = std::all_of(xs.begin(), xs.end(), [&](double x) { return x == xs.front(); });
      if (same) m = xs.front();
      mean.insert(name, numberToJson(m));
      sd.insert(name, same ? 0.0 : xs.size() > 1 ? numberToJson(std::sqrt(v / double(xs.size() - 1))) : QJsonValue(0.0));
    }
    rows.append(QJsonObject{{"point", point}, {"seeds", double(n)}, {"mean", mean}, {"std", sd}});
  }
  QJsonArray shardsBuiltBy;
  for (const QString& b : builtBy) shardsBuiltBy.append(b);
  QJsonObject merged{{"sweep", QString::fromLatin1(fingerprint)},
                     {"items", double(total)},
                     {"shards_built_by", shardsBuiltBy},
                     {"results", rows}};
  addBuildInfo(merged);
  return QJsonDocument(merged).toJson(QJsonDocument::Indented);
}

}  // namespace dpwapp
