// Names unique where they would collide (issue #39): no two headers under engine/ and app/ share a file name.
// Two "clipped_mean.h" (a lesson's numbers in teaching/, its registry adapter in methods/) compile, since
// includes name their folder, but a reader, a grep, an editor's tab or a "(clipped_mean.h)" in a comment
// cannot tell them apart. A method's adapter takes the name <lesson>_method.h (methods/flow/dpsw_flow_method.cpp).
#include <QDir>
#include <QDirIterator>
#include <QMap>
#include <QtTest>

namespace {

/// The file names held by more than one of `paths` (relative paths, '/'-separated), each with its paths.
QMap<QString, QStringList> sharedNames(const QStringList& paths) {
  QMap<QString, QStringList> byName;
  for (const QString& p : paths) byName[p.section('/', -1)].append(p);
  QMap<QString, QStringList> shared;
  for (auto it = byName.cbegin(); it != byName.cend(); ++it)
    if (it.value().size() > 1) shared.insert(it.key(), it.value());
  return shared;
}

}  // namespace

class TestHeaderNames : public QObject {
  Q_OBJECT
 private slots:
  void noTwoHeadersShareAName() {
    const QDir root(QStringLiteral(DPW_SOURCE_DIR));
    QStringList headers;
    for (const char* top : {"engine", "app"}) {
      QDirIterator it(root.filePath(top), {"*.h"}, QDir::Files, QDirIterator::Subdirectories);
      while (it.hasNext()) headers.append(root.relativeFilePath(it.next()));
    }
    QVERIFY(headers.size() > 100);  // both folders were found
    const QMap<QString, QStringList> shared = sharedNames(headers);
    QStringList lines;
    for (auto it = shared.cbegin(); it != shared.cend(); ++it) lines.append(it.value().join(" and "));
    QVERIFY2(shared.isEmpty(), qPrintable("headers sharing a name: " + lines.join("; ")));
  }
  // The test itself can fail: two folders holding the same name are caught, distinct names pass.
  void ruleCatchesASharedName() {
    const QMap<QString, QStringList> shared =
        sharedNames({"engine/teaching/clipped_mean.h", "engine/methods/clipped_mean.h", "app/common/sweep.h"});
    QCOMPARE(shared.size(), 1);
    QCOMPARE(shared.value("clipped_mean.h").size(), 2);
    QVERIFY(sharedNames({"engine/teaching/clipped_mean.h", "engine/methods/clipped_mean_method.h"}).isEmpty());
  }
};

QTEST_APPLESS_MAIN(TestHeaderNames)
#include "tst_header_names.moc"
