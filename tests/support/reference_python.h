#pragma once
// Runs an independent reference implementation (POT, numpy, scipy) with Debian's /usr/bin/python3
// and returns its JSON answer. A missing interpreter or library is a test failure, not a skip: the
// project's install script provides them.
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>
#include <QtTest>

namespace dpwtest {

inline QJsonObject runReferenceScript(const QString& script, const QStringList& args) {
  QProcess p;
  p.start("/usr/bin/python3", QStringList{QString(DPW_SOURCE_DIR) + "/tests/reference/" + script} + args);
  if (!p.waitForFinished(300000)) {
    p.kill();
    qFatal("reference script %s timed out", qPrintable(script));
  }
  const QByteArray out = p.readAllStandardOutput();
  if (p.exitCode() != 0)
    qFatal("reference script %s failed: %s", qPrintable(script), p.readAllStandardError().constData());
  return QJsonDocument::fromJson(out).object();
}

}  // namespace dpwtest
