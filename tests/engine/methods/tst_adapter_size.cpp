// engine/methods/ holds thin adapters (issue #21): no source file there is over 400 lines; numerics go to
// their own room (engine/flow/, engine/fair_learning/, ...).
#include <QDirIterator>
#include <QFile>
#include <QtTest>

class TestAdapterSize : public QObject {
  Q_OBJECT
 private slots:
  void noMethodFileOver400Lines() {
    QDirIterator it(QStringLiteral(DPW_SOURCE_DIR) + "/engine/methods", {"*.h", "*.cpp"}, QDir::Files,
                    QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
      QFile f(it.next());
      QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
      int lines = 0;
      while (!f.atEnd()) f.readLine(), ++lines;
      ++files;
      QVERIFY2(lines <= 400, qPrintable(f.fileName() + ": " + QString::number(lines) + " lines"));
    }
    QVERIFY(files > 10);  // the folder was found
  }
};

QTEST_APPLESS_MAIN(TestAdapterSize)
#include "tst_adapter_size.moc"
