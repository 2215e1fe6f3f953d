#pragma once
// Loads committed golden values (tests/golden/*.json, recipes in tests/golden/README.md).
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace dpwtest {

inline QJsonObject loadGolden(const QString& name) {
  QFile f(QString(DPW_SOURCE_DIR) + "/tests/golden/" + name);
  if (!f.open(QIODevice::ReadOnly)) qFatal("missing golden file %s", qPrintable(name));
  return QJsonDocument::fromJson(f.readAll()).object();
}

inline double relativeError(double value, double reference) {
  return std::abs(value - reference) / std::max(std::abs(reference), 1e-300);
}

}  // namespace dpwtest
