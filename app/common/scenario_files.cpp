#include "common/scenario_files.h"

#include <QFile>
#include <cmath>
#include <limits>

#include "common/embedded_resources.h"
#include "core/error.h"
#include "core/parameter_text.h"

namespace dpwapp {

Scenario readScenarioFile(const QString& path) {
  if (!path.startsWith(':')) return Scenario::fromFile(path.toStdString());
  QFile f(path);  // an embedded preset: only Qt can read it
  if (!f.open(QIODevice::ReadOnly))
    throw dpw::InvalidArgument(QStringLiteral("cannot read scenario %1: %2").arg(path, f.errorString()).toStdString());
  try {
    return Scenario::fromJson(f.readAll().toStdString());
  } catch (const dpw::InvalidArgument& e) {
    throw dpw::InvalidArgument(path.toStdString() + ": " + e.what());
  }
}

Scenario embeddedDefaultScenario() {
  ensureEmbeddedResources();
  return readScenarioFile(":/scenarios/default.json");
}

QJsonValue paramToJson(const dpw::ParamValue& v) {
  if (std::holds_alternative<std::string>(v)) return QString::fromStdString(std::get<std::string>(v));
  return numberToJson(std::get<double>(v));
}

QJsonValue numberToJson(double x) {
  if (std::isnan(x)) return QStringLiteral("nan");
  if (std::isinf(x)) return x > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  return x;
}

double metricFromJson(const QJsonValue& v) {
  if (v.isDouble()) return v.toDouble();
  if (const auto x = dpw::parseInfinity(v.toString().toStdString())) return *x;
  return std::numeric_limits<double>::quiet_NaN();  // "nan", and null (what older files wrote for -inf and NaN)
}

}  // namespace dpwapp
