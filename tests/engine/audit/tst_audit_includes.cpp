// The audit depends on nothing it audits (issue #21): every engine include of engine/audit/ is from audit/,
// core/ or privacy/. The targets of the methods' releases live beside those releases and are registered
// by methods/registry.cpp (registerAuditMechanism).
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

class TestAuditIncludes : public QObject {
  Q_OBJECT
 private slots:
  void auditIncludesOnlyPrivacyAndCore() {
    const QDir dir(QStringLiteral(DPW_SOURCE_DIR) + "/engine/audit");
    const QStringList files = dir.entryList({"*.h", "*.cpp"}, QDir::Files);
    QVERIFY(files.size() >= 4);  // the folder was found
    const QRegularExpression include("^\\s*#\\s*include\\s*\"([^\"]+)\"");
    int checked = 0;
    for (const QString& name : files) {
      QFile f(dir.filePath(name));
      QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
      while (!f.atEnd()) {
        const auto m = include.match(QString::fromUtf8(f.readLine()));
        if (!m.hasMatch()) continue;
        const QString path = m.captured(1);
        ++checked;
        QVERIFY2(path.startsWith("audit/") || path.startsWith("core/") || path.startsWith("privacy/"),
                 qPrintable(name + " includes " + path));
      }
    }
    QVERIFY(checked > 0);
  }
  // The test itself can fail: a line naming a method's header is caught by the same rule.
  void ruleCatchesAMethodInclude() {
    const QRegularExpression include("^\\s*#\\s*include\\s*\"([^\"]+)\"");
    const QString path = include.match("#include \"fair_learning/fair_dpsgd.h\"").captured(1);
    QVERIFY(!(path.startsWith("audit/") || path.startsWith("core/") || path.startsWith("privacy/")));
  }
};

QTEST_APPLESS_MAIN(TestAuditIncludes)
#include "tst_audit_includes.moc"
