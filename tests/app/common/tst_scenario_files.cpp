// Tests of the scenario format (engine/scenario/scenario.h) and its Qt side (app/common/scenario_files.h):
// round trip, defaults, every preset read as written, and every refusal with its message.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <clocale>
#include <cmath>
#include <cstdlib>

#include "common/scenario_files.h"
#include "core/error.h"
#include "core/parameter_text.h"

using dpwapp::Scenario;

class TestScenario : public QObject {
  Q_OBJECT
 private slots:
  void embeddedDefaultLoads() {
    const Scenario s = dpwapp::embeddedDefaultScenario();
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
    const std::string json = R"({"format":"dpwlab-scenario","version":1,"method":"dpswd-explorer","data":{}})";
    const Scenario s = Scenario::fromJson(json);
    QCOMPARE(s.data, std::string("{}"));
    QCOMPARE(Scenario::fromJson(s.toJson()).toJson(), s.toJson());
  }

  // Files DPW Lab writes carry "dpwlab_version" and "build_flags"; reading them back accepts both as
  // information (the run does not depend on them), and refuses them when they are not strings.
  void acceptsBuildInfo() {
    const std::string head = R"("format":"dpwlab-scenario","version":1,"method":"dpswd-explorer")";
    const Scenario s = Scenario::fromJson("{" + head + R"(,"dpwlab_version":"0.3.0","build_flags":"native","privacy_statement":"x"})");
    QCOMPARE(s.toJson(), Scenario::fromJson("{" + head + "}").toJson());
    QVERIFY_THROWS_EXCEPTION(dpw::InvalidArgument, Scenario::fromJson("{" + head + R"(,"build_flags":1})"));
  }

  // Non-finite numbers are the strings "inf", "-inf", "nan" in every JSON file, and read back.
  void nonFiniteNumbersAreStrings() {
    QCOMPARE(dpwapp::numberToJson(INFINITY), QJsonValue("inf"));
    QCOMPARE(dpwapp::numberToJson(-INFINITY), QJsonValue("-inf"));
    QCOMPARE(dpwapp::numberToJson(NAN), QJsonValue("nan"));
    QCOMPARE(dpwapp::numberToJson(0.5), QJsonValue(0.5));
    QCOMPARE(dpwapp::metricFromJson(QJsonValue("-inf")), -INFINITY);
    QCOMPARE(dpwapp::metricFromJson(QJsonValue("inf")), INFINITY);
    QVERIFY(std::isnan(dpwapp::metricFromJson(QJsonValue("nan"))));
    QVERIFY(std::isnan(dpwapp::metricFromJson(QJsonValue())));
    QCOMPARE(dpwapp::metricFromJson(QJsonValue(-3.25)), -3.25);
  }

  // Every preset and lesson reads as written (#21: the reader moved into the engine): each parameter the
  // file gives has the file's value (checked against Qt's independent JSON reader), the others their
  // defaults, and seed, view and lesson are kept; a write/read round trip gives the same document.
  void everyPresetReadsAsWritten() {
    const QDir dir(QString(DPW_SOURCE_DIR) + "/resources/scenarios");
    const QStringList files = dir.entryList({"*.json"});
    QVERIFY(files.size() >= 30);
    for (const QString& name : files) {
      QFile f(dir.filePath(name));
      QVERIFY(f.open(QIODevice::ReadOnly));
      const QJsonObject raw = QJsonDocument::fromJson(f.readAll()).object();
      const Scenario s = dpwapp::readScenarioFile(dir.filePath(name));
      QCOMPARE(QString::fromStdString(s.method), raw.value("method").toString());
      QCOMPARE(double(s.seed), raw.value("seed").toDouble(42));
      const QJsonObject params = raw.value("parameters").toObject();
      for (const auto& spec : s.params.specs()) {
        const QString key = QString::fromStdString(spec.key);
        const dpw::ParamValue got = s.params.values().at(spec.key);
        if (!params.contains(key)) {
          QVERIFY2(got == dpw::ParamValues(s.methodInfo().params).values().at(spec.key), qPrintable(name + ": " + key));
        } else if (std::holds_alternative<std::string>(got)) {
          QCOMPARE(QString::fromStdString(std::get<std::string>(got)), params.value(key).toString());
        } else {
          const QJsonValue v = params.value(key);
          QCOMPARE(std::get<double>(got), v.isString() ? dpwapp::metricFromJson(v) : v.toDouble());
        }
      }
      QCOMPARE(s.view.has_value(), raw.contains("view"));
      if (s.view) QCOMPARE(QString::fromStdString(s.view->epsilons.value_or("")), raw.value("view")["epsilons"].toString());
      QCOMPARE(s.lesson.has_value(), raw.contains("lesson"));
      if (s.lesson) QCOMPARE(QString::fromStdString(s.lesson->title), raw.value("lesson")["title"].toString());
      QCOMPARE(Scenario::fromJson(s.toJson()).toJson(), s.toJson());
    }
  }

  // A parameter given as a string goes through the one text parser: every spelling of infinity the form
  // accepts, nothing else; whole numbers are written back as whole numbers (1000, not 1000.0).
  void parameterStringsUseTheSharedParser() {
    const std::string head = R"({"format":"dpwlab-scenario","version":1,"method":"fair-regression","parameters":)";
    for (const char* inf : {"inf", "Infinity", "+inf", "\u221e"}) {
      const std::string json = head + "{\"epsilon\":\"" + inf + "\"}}";
      QCOMPARE(Scenario::fromJson(json).params.real("epsilon"), INFINITY);
    }
    const std::string nan = head + "{\"epsilon\":\"nan\"}}", minusInf = head + "{\"epsilon\":\"-inf\"}}";
    QVERIFY_THROWS_EXCEPTION(dpw::InvalidArgument, Scenario::fromJson(nan));
    QVERIFY_THROWS_EXCEPTION(dpw::InvalidArgument, Scenario::fromJson(minusInf));
    const std::string bins = head + "{\"bins\":50}}";
    const std::string written = Scenario::fromJson(bins).toJson();
    QVERIFY2(written.find("\"bins\": 50,") != std::string::npos, written.c_str());
  }

  // Number lists in parameters ("epsilons": "0.5, 1e-3, inf") parse the same under a comma-decimal
  // locale: QApplication sets the C locale from the environment, and strtod/stod then read "0.5" as 0.
  // The test generates de_DE.UTF-8 with localedef when the system lacks it (skips without localedef).
  void numberListsIgnoreTheLocale() {
    QTemporaryDir dir;
    const std::string saved = std::setlocale(LC_NUMERIC, nullptr);
    if (!std::setlocale(LC_NUMERIC, "de_DE.UTF-8")) {
      if (QProcess::execute("localedef", {"-i", "de_DE", "-f", "UTF-8", dir.filePath("de_DE.UTF-8")}) != 0)
        QSKIP("no de_DE.UTF-8 locale and localedef could not make one");
      qputenv("LOCPATH", dir.path().toLocal8Bit());
      if (!std::setlocale(LC_NUMERIC, "de_DE.UTF-8")) QSKIP("generated de_DE.UTF-8 locale does not load");
    }
    const double strtodReads = std::strtod("0.5", nullptr);  // 0 under a comma-decimal locale
    std::vector<double> parsed;
    try {
      parsed = dpw::parseNumberList("0.5, 1e-3, +2, inf", "epsilons");
    } catch (...) {
    }
    std::setlocale(LC_NUMERIC, saved.c_str());
    qunsetenv("LOCPATH");
    QCOMPARE(strtodReads, 0.0);  // the locale was active: strtod would have got it wrong
    QCOMPARE(parsed, (std::vector<double>{0.5, 1e-3, 2.0, INFINITY}));
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
      Scenario::fromJson(json.toStdString());
      QFAIL("accepted a bad scenario");
    } catch (const dpw::InvalidArgument& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
    }
  }
};

QTEST_MAIN(TestScenario)
#include "tst_scenario_files.moc"
