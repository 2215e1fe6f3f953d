#pragma once
// Runs the built dpwlab-cli with arguments and returns its exit code, stdout and stderr
// (exit code -1 and "timeout" on stderr when it does not finish in time).
#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace dpwtest {

struct CliOutput {
  int exitCode;
  QByteArray out;
  QByteArray err;
};

/// `workingDirectory` empty: the test's own.
inline CliOutput runCli(const QStringList& args, int timeoutMs = 600000, const QString& workingDirectory = {}) {
  QProcess p;
  if (!workingDirectory.isEmpty()) p.setWorkingDirectory(workingDirectory);
  p.start(DPW_CLI_PATH, args);
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished();
    return {-1, {}, "timeout"};
  }
  return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

}  // namespace dpwtest
