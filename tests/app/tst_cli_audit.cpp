// dpwlab-cli audit on the new audits of issue #8: the preset scenarios pass (exit 0, bound ≤ claim), a
// broken canary is reported as a violation (exit 3, cli/exit_codes.h: apart from a failed run, 1), and a bad
// mechanism is refused (exit 2).
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "support/cli_runner.h"

class TestCliAudit : public QObject {
  Q_OBJECT
  static QString scenario(const QString& name) { return QString(DPW_SOURCE_DIR) + "/resources/scenarios/" + name; }

 private slots:
  void presetsPass_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("fair histogram") << "privacy-audit-fair-histogram.json";
    QTest::newRow("dpsgd canary") << "privacy-audit-dpsgd-canary.json";
  }
  void presetsPass() {
    QFETCH(QString, file);
    const auto r = dpwtest::runCli({"audit", scenario(file), "--trials", "20000"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject m = QJsonDocument::fromJson(r.out).object().value("metrics").toObject();
    QCOMPARE(m.value("claimed_epsilon").toDouble(), 1.0);
    QVERIFY(m.value("epsilon_lower_bound").toDouble() <= 1.0);
    QVERIFY(m.value("epsilon_lower_bound").toDouble() > 0.1);  // it measured something
    // The statement prints the bound at 4 digits rounded down (a lower bound stays one), not 6 to the nearest.
    const double bound = m.value("epsilon_lower_bound").toDouble();
    const QString statement = QJsonDocument::fromJson(r.out).object().value("privacy_statement").toString();
    QString shown = statement.section("measured ε ≥ ", 1).section(' ', 0, 0);
    const double printed = shown.toDouble();
    QVERIFY2(printed <= bound && printed > bound - 1e-3 && shown.remove('.').size() <= 5, qPrintable(statement));
  }
  // The Mironov preset: the floating-point Laplace histogram fails the low-order-bits attack.
  void lowOrderBitsPresetIsAViolation() {
    const auto r = dpwtest::runCli({"audit", scenario("privacy-audit-low-order-bits.json"), "--trials", "50000"});
    QCOMPARE(r.exitCode, 3);
    QVERIFY(r.out.contains("VIOLATION"));
  }
  void brokenCanaryIsAViolation() {
    QTemporaryDir dir;
    QFile f(dir.filePath("s.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "dpwlab-scenario", "version": 1, "method": "privacy-audit", "seed": 7,
               "parameters": {"mechanism": "dpsgd-canary", "epsilon": 1, "trials": 20000, "fault": "skip-clip"}})");
    f.close();
    const auto r = dpwtest::runCli({"audit", f.fileName()});
    QCOMPARE(r.exitCode, 3);
    QVERIFY(r.out.contains("VIOLATION"));
  }
  void unknownMechanismIsRefused() {
    QTemporaryDir dir;
    QFile f(dir.filePath("s.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "dpwlab-scenario", "version": 1, "method": "privacy-audit", "seed": 7,
               "parameters": {"mechanism": "telepathy"}})");
    f.close();
    const auto r = dpwtest::runCli({"audit", f.fileName()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("mechanism"));
  }
};

QTEST_GUILESS_MAIN(TestCliAudit)
#include "tst_cli_audit.moc"
