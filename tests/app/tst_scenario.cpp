// Tests of app/common/scenario.h: round trip, defaults, and every refusal with its message.
#include <QtTest>

#include "common/scenario.h"
#include "core/error.h"

using dpwapp::Scenario;

class TestScenario : public QObject {
  Q_OBJECT
 private slots:
  void embeddedDefaultLoads() {
    const Scenario s = Scenario::embeddedDefault();
    QCOMPARE(QString::fromStdString(s.method), QString("dpswd-explorer"));
    QCOMPARE(s.seed, std::uint64_t(42));
  }
  void roundTripIsExact() {
    Scenario s = Scenario::defaults("dpswd-explorer");
    s.seed = 123456789;
    s.params.set("sigma1", 0.123456789012345);
    const Scenario t = Scenario::fromJson(s.toJson());
    QCOMPARE(t.seed, s.seed);
    QCOMPARE(t.params.real("sigma1"), 0.123456789012345);
    QCOMPARE(t.toJson(), s.toJson());
  }
  // Regression (#8, found by fuzz_scenario): an empty "data" object must survive a round trip.
  void emptyDataRoundTrips() {
    const QByteArray json = R"({"format":"dpwlab-scenario","version":1,"method":"dpswd-explorer","data":{}})";
    const Scenario s = Scenario::fromJson(json);
    QVERIFY(s.data.isEmpty());
    QCOMPARE(Scenario::fromJson(s.toJson()).toJson(), s.toJson());
  }

  void refusesBadDocuments_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const QByteArray head = R"("format":"dpwlab-scenario","version":1,"method":"dpswd-explorer")";
    QTest::newRow("not json") << QByteArray("{nope") << "not valid JSON";
    QTest::newRow("truncated") << QByteArray("{" + head) << "not valid JSON";
    QTest::newRow("array") << QByteArray("[]") << "must be a JSON object";
    QTest::newRow("wrong format") << QByteArray(R"({"format":"x","version":1,"method":"dpswd-explorer"})") << "not a DPW Lab scenario";
    QTest::newRow("newer version") << QByteArray(R"({"format":"dpwlab-scenario","version":99,"method":"dpswd-explorer"})") << "newer";
    QTest::newRow("unknown method") << QByteArray(R"({"format":"dpwlab-scenario","version":1,"method":"magic"})") << "unknown method";
    QTest::newRow("unknown field") << QByteArray("{" + head + R"(,"colour":1})") << "unknown field 'colour'";
    QTest::newRow("unknown parameter") << QByteArray("{" + head + R"(,"parameters":{"sigmaa":1}})") << "unknown parameter 'sigmaa'";
    QTest::newRow("out of range") << QByteArray("{" + head + R"(,"parameters":{"projections":0}})") << "outside";
    QTest::newRow("not whole") << QByteArray("{" + head + R"(,"parameters":{"projections":2.5}})") << "whole number";
    QTest::newRow("string number") << QByteArray("{" + head + R"(,"parameters":{"sigma1":"abc"}})") << "must be a number";
    QTest::newRow("negative seed") << QByteArray("{" + head + R"(,"seed":-1})") << "seed";
  }
  void refusesBadDocuments() {
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    try {
      Scenario::fromJson(json);
      QFAIL("accepted a bad scenario");
    } catch (const dpw::InvalidArgument& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
    }
  }
};

QTEST_MAIN(TestScenario)
#include "tst_scenario.moc"
