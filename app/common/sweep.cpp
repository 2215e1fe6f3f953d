#include "common/sweep.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>
#include <map>

#include "common/run_export.h"
#include "core/error.h"

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
  if (v.isString() && (v.toString() == "inf" || v.toString() == "infinity")) return INFINITY;
  if (!v.isDouble()) throw InvalidArgument("grid values of '" + spec.key + "' must be numbers (or \"inf\")");
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
  s.base = Scenario::fromJson(QJsonDocument(root.value("scenario").toObject()).toJson());
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
  const QJsonObject scenario = QJsonDocument::fromJson(base.toJson()).object();
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

long runSweepShard(const Sweep& sweep, int shard, int shards, const QString& dir) {
  const auto items = sweep.shardItems(shard, shards);
  if (!QDir().mkpath(dir)) throw InvalidArgument("cannot create output folder " + dir.toStdString());
  QByteArray out;
  for (const auto& item : items) {
    dpw::LatestFramesObserver observer;
    const dpw::RunResult r = item.scenario.methodInfo().run(item.scenario.params, item.scenario.seed, observer);
    QJsonObject metrics;
    for (const auto& [k, v] : r.metrics) metrics.insert(QString::fromStdString(k), paramToJson(v));
    const QJsonObject line{{"sweep", QString::fromLatin1(sweep.fingerprint)},
                           {"items", double(sweep.size())},
                           {"index", double(item.index)},
                           {"point", item.point},
                           {"seed", double(item.scenario.seed)},
                           {"metrics", metrics},
                           {"privacy_statement", QString::fromStdString(r.privacyStatement)}};
    out += QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
  }
  writeFileAtomically(QDir(dir).filePath(QStringLiteral("shard-%1-of-%2.jsonl").arg(shard).arg(shards)), out);
  return long(items.size());
}

QByteArray mergeSweepShards(const QStringList& dirs) {
  QByteArray fingerprint;
  long total = -1;
  std::map<long, QJsonObject> byIndex;
  for (const QString& d : dirs) {
    const QDir dir(d);
    if (!dir.exists()) throw InvalidArgument("no such folder: " + d.toStdString());
    for (const QString& name : dir.entryList({"shard-*-of-*.jsonl"}, QDir::Files)) {
      QFile f(dir.filePath(name));
      if (!f.open(QIODevice::ReadOnly)) throw InvalidArgument("cannot read " + f.fileName().toStdString());
      int lineNo = 0;
      for (const QByteArray& line : f.readAll().split('\n')) {
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
      metrics[it.key()].push_back(it.value().isString() ? INFINITY : it.value().toDouble());
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
      mean.insert(name, paramToJson(m));
      sd.insert(name, xs.size() > 1 ? paramToJson(std::sqrt(v / double(xs.size() - 1))) : QJsonValue(0.0));
    }
    rows.append(QJsonObject{{"point", point}, {"seeds", double(n)}, {"mean", mean}, {"std", sd}});
  }
  return QJsonDocument(QJsonObject{{"sweep", QString::fromLatin1(fingerprint)}, {"items", double(total)}, {"results", rows}})
      .toJson(QJsonDocument::Indented);
}

}  // namespace dpwapp
