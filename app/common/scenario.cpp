#include "common/scenario.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>
#include <limits>

#include "common/embedded_resources.h"
#include "core/error.h"

namespace dpwapp {
namespace {

using dpw::InvalidArgument;

void refuseUnknownKeys(const QJsonObject& obj, const QStringList& known, const QString& where) {
  for (auto it = obj.begin(); it != obj.end(); ++it)
    if (!known.contains(it.key()))
      throw InvalidArgument(QStringLiteral("unknown field '%1' in %2 (known: %3)")
                                .arg(it.key(), where, known.join(", "))
                                .toStdString());
}

dpw::ParamValue paramFromJson(const dpw::ParamSpec& spec, const QJsonValue& v) {
  const bool textual = spec.kind == dpw::ParamKind::Choice || spec.kind == dpw::ParamKind::Text;
  if (textual) {
    if (!v.isString())
      throw InvalidArgument("parameter '" + spec.key + "' must be a string in the scenario");
    return v.toString().toStdString();
  }
  if (v.isString()) {
    if (const auto x = infinityFromJson(v)) return *x;
    throw InvalidArgument("parameter '" + spec.key + "' must be a number (or \"inf\", \"-inf\"), got \"" +
                          v.toString().toStdString() + "\"");
  }
  if (!v.isDouble()) throw InvalidArgument("parameter '" + spec.key + "' must be a number in the scenario");
  return v.toDouble();
}

}  // namespace

QJsonValue paramToJson(const dpw::ParamValue& v) {
  if (std::holds_alternative<std::string>(v)) return QString::fromStdString(std::get<std::string>(v));
  return numberToJson(std::get<double>(v));
}

QJsonValue numberToJson(double x) {
  if (std::isnan(x)) return QStringLiteral("nan");
  if (std::isinf(x)) return x > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  return x;
}

std::optional<double> infinityFromJson(const QJsonValue& v) {
  const QString s = v.toString().trimmed().toLower();
  if (s == "inf" || s == "infinity" || s == "+inf") return std::numeric_limits<double>::infinity();
  if (s == "-inf" || s == "-infinity") return -std::numeric_limits<double>::infinity();
  return std::nullopt;
}

double metricFromJson(const QJsonValue& v) {
  if (v.isDouble()) return v.toDouble();
  if (const auto x = infinityFromJson(v)) return *x;
  return std::numeric_limits<double>::quiet_NaN();  // "nan", and null (what older files wrote for -inf and NaN)
}

Scenario Scenario::defaults(const std::string& methodId) {
  Scenario s;
  s.method = dpw::findMethod(methodId).id;
  s.params = dpw::ParamValues(dpw::findMethod(methodId).params);
  s.data = QJsonObject{{"source", "synthetic"}};
  return s;
}

Scenario Scenario::fromJson(const QByteArray& json) {
  QJsonParseError err;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
  if (err.error != QJsonParseError::NoError)
    throw InvalidArgument(QStringLiteral("scenario is not valid JSON: %1 at offset %2")
                              .arg(err.errorString())
                              .arg(err.offset)
                              .toStdString());
  if (!doc.isObject()) throw InvalidArgument("scenario must be a JSON object");
  const QJsonObject root = doc.object();
  refuseUnknownKeys(root, {"format", "version", "method", "seed", "parameters", "data", "view", "lesson", "privacy_statement", "note",
                           "dpwlab_version", "build_flags"},
                    "the scenario");
  for (const char* key : {"privacy_statement", "note", "dpwlab_version", "build_flags"})  // informational
    if (root.contains(key) && !root.value(key).isString())
      throw InvalidArgument(std::string("scenario field \"") + key + "\" must be a string");
  if (root.value("format").toString() != "dpwlab-scenario")
    throw InvalidArgument("not a DPW Lab scenario: field \"format\" must be \"dpwlab-scenario\"");
  const QJsonValue version = root.value("version");
  if (!version.isDouble() || version.toDouble() != std::floor(version.toDouble()) || version.toDouble() < 1)
    throw InvalidArgument("scenario field \"version\" must be a positive whole number");
  if (version.toInt() > kScenarioVersion)
    throw InvalidArgument(QStringLiteral("scenario version %1 is newer than this DPW Lab understands (%2); "
                                         "please update DPW Lab")
                              .arg(version.toInt())
                              .arg(kScenarioVersion)
                              .toStdString());
  if (!root.value("method").isString()) throw InvalidArgument("scenario field \"method\" must be a string");
  Scenario s = defaults(root.value("method").toString().toStdString());
  if (root.contains("seed")) {
    const QJsonValue seed = root.value("seed");
    const double x = seed.toDouble(-1);
    if (!seed.isDouble() || x < 0 || x != std::floor(x) || x > 9007199254740992.0)
      throw InvalidArgument("scenario field \"seed\" must be a whole number between 0 and 2^53");
    s.seed = static_cast<std::uint64_t>(x);
  }
  if (root.contains("parameters")) {
    if (!root.value("parameters").isObject()) throw InvalidArgument("scenario field \"parameters\" must be an object");
    const QJsonObject params = root.value("parameters").toObject();
    dpw::ParamValues values = s.params;
    for (auto it = params.begin(); it != params.end(); ++it) {
      const std::string key = it.key().toStdString();
      const auto& specs = values.specs();
      auto spec = std::find_if(specs.begin(), specs.end(), [&](const dpw::ParamSpec& p) { return p.key == key; });
      if (spec == specs.end()) {
        QStringList known;
        for (const auto& p : specs) known << QString::fromStdString(p.key);
        throw InvalidArgument(QStringLiteral("unknown parameter '%1' for method %2 (known: %3)")
                                  .arg(it.key(), QString::fromStdString(s.method), known.join(", "))
                                  .toStdString());
      }
      values.set(key, paramFromJson(*spec, it.value()));
    }
    s.params = values;
  }
  if (root.contains("data")) {
    if (!root.value("data").isObject()) throw InvalidArgument("scenario field \"data\" must be an object");
    s.data = root.value("data").toObject();
  }
  if (root.contains("view")) {
    if (!root.value("view").isObject()) throw InvalidArgument("scenario field \"view\" must be an object");
    const QJsonObject view = root.value("view").toObject();
    refuseUnknownKeys(view, {"kind", "epsilons", "alphas"}, "the scenario's view");
    if (view.value("kind").toString() != "comparison-grid")
      throw InvalidArgument("scenario view: \"kind\" must be \"comparison-grid\"");
    for (const char* key : {"epsilons", "alphas"})
      if (view.contains(key) && !view.value(key).isString())
        throw InvalidArgument(std::string("scenario view: \"") + key + "\" must be a string such as \"inf, 5, 1\"");
    s.view = view;
  }
  if (root.contains("lesson")) s.lesson = lessonFromJson(root.value("lesson"));
  return s;
}

Scenario Scenario::fromFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly))
    throw InvalidArgument(QStringLiteral("cannot read scenario %1: %2").arg(path, f.errorString()).toStdString());
  if (f.size() > 16 * 1024 * 1024) throw InvalidArgument("scenario file is larger than 16 MiB");
  try {
    Scenario s = fromJson(f.readAll());
    // Relative data paths in the scenario resolve against its own folder first (not for embedded presets).
    if (!path.startsWith(':')) s.params.setBaseDirectory(QFileInfo(path).absolutePath().toStdString());
    return s;
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(path.toStdString() + ": " + e.what());
  }
}

Scenario Scenario::embeddedDefault() {
  ensureEmbeddedResources();
  return fromFile(":/scenarios/default.json");
}

QByteArray Scenario::toJson() const {
  QJsonObject params;
  for (const auto& [key, value] : this->params.values()) params.insert(QString::fromStdString(key), paramToJson(value));
  QJsonObject root{{"format", "dpwlab-scenario"},
                   {"version", kScenarioVersion},
                   {"method", QString::fromStdString(method)},
                   {"seed", static_cast<double>(seed)},
                   {"parameters", params}};
  root.insert("data", data);  // always, so that a read-write round trip is exact (found by fuzzing, #8)
  if (!view.isEmpty()) root.insert("view", view);
  if (lesson) root.insert("lesson", lessonToJson(*lesson));
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

}  // namespace dpwapp
