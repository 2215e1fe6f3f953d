// The comparison grid's list parser (app/common/grid_list.h) on hand-made specs, without any widget:
// what a typed list becomes (values as sweep JSON, labels) and which lists are refused, with why.
#include <QJsonArray>
#include <QTest>
#include <cmath>

#include "common/grid_list.h"

namespace {

dpw::ParamSpec epsilonSpec() {
  dpw::ParamSpec s;
  s.key = "epsilon";
  s.label = "Privacy budget ε";
  s.defaultValue = 1;
  s.min = 0.01;
  s.max = 100;
  s.allowInfinity = true;
  return s;
}

dpw::ParamSpec unitSpec() {  // a weight in [0, 1]
  dpw::ParamSpec s;
  s.key = "alpha";
  s.label = "Fairness weight α";
  s.defaultValue = 0.5;
  s.min = 0;
  s.max = 1;
  return s;
}

dpw::ParamSpec choiceSpec() {
  dpw::ParamSpec s;
  s.key = "penalty";
  s.label = "Penalty";
  s.kind = dpw::ParamKind::Choice;
  s.choices = {"sp", "eo"};
  s.defaultText = "sp";
  return s;
}

}  // namespace

class TestGridList : public QObject {
  Q_OBJECT
 private slots:
  void numbersAndInfinity() {
    const dpwapp::GridList l = dpwapp::parseGridList(epsilonSpec(), " inf, 5 ,1");
    QVERIFY2(l.error.isEmpty(), qPrintable(l.error));
    QCOMPARE(l.values, (QJsonArray{"inf", 5.0, 1.0}));  // a sweep file's JSON: ∞ as the string "inf"
    QCOMPARE(l.labels, (QStringList{QString::fromUtf8("∞"), "5", "1"}));
  }

  void choices() {
    const dpwapp::GridList l = dpwapp::parseGridList(choiceSpec(), "eo, sp");
    QVERIFY2(l.error.isEmpty(), qPrintable(l.error));
    QCOMPARE(l.values, (QJsonArray{"eo", "sp"}));
    QVERIFY(!dpwapp::parseGridList(choiceSpec(), "sp, ko").error.isEmpty());  // not a choice
  }

  void specialValueByWord() {
    const dpw::ParamSpec sigma = dpw::withSpecial(unitSpec(), 0, "from ε");
    const dpwapp::GridList l = dpwapp::parseGridList(sigma, QString::fromUtf8("from ε, 0.5"));
    QVERIFY2(l.error.isEmpty(), qPrintable(l.error));
    QCOMPARE(l.values, (QJsonArray{0.0, 0.5}));  // the sweep keeps the number
    QCOMPARE(l.labels, (QStringList{QString::fromUtf8("from ε"), "0.5"}));
    // The word and its number are the same value: a repeat.
    QVERIFY(l.error.isEmpty() && !dpwapp::parseGridList(sigma, QString::fromUtf8("from ε, 0")).error.isEmpty());
  }

  void refused_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("says");  // what the message must name
    QTest::newRow("empty") << "" << "is empty";
    QTest::newRow("empty item") << "0.1,,0.2" << "empty item";
    QTest::newRow("word") << "0.1, half" << "'half' is not a number";
    QTest::newRow("out of range") << "0.5, 2" << "Fairness weight";
    QTest::newRow("infinity not allowed") << "0.5, inf" << "Fairness weight";
    QTest::newRow("repeat") << "0.5, 0.50" << "appears twice";
    QTest::newRow("seven values") << "0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6" << "at most 6 values, got 7";
  }
  void refused() {
    QFETCH(QString, text);
    QFETCH(QString, says);
    const dpwapp::GridList l = dpwapp::parseGridList(unitSpec(), text);
    QVERIFY2(l.error.contains(says), qPrintable(l.error));
    QVERIFY(l.error.startsWith(QString::fromUtf8("Fairness weight α")));  // names the parameter
  }

  void sixValuesAccepted() {
    QVERIFY(dpwapp::parseGridList(unitSpec(), "0, 0.1, 0.2, 0.3, 0.4, 0.5").error.isEmpty());
  }

  void suggestions() {
    QCOMPARE(dpwapp::suggestedGridList(epsilonSpec(), 3.0), QStringLiteral("inf, 5, 1"));
    QCOMPARE(dpwapp::suggestedGridList(unitSpec(), 0.3), QStringLiteral("0, 0.25, 0.5, 0.75"));
    QCOMPARE(dpwapp::suggestedGridList(choiceSpec(), std::string("sp")), QStringLiteral("sp, eo"));
    dpw::ParamSpec steps;
    steps.key = "steps";
    steps.kind = dpw::ParamKind::Integer;
    steps.min = 1;
    steps.max = 300;
    QCOMPARE(dpwapp::suggestedGridList(steps, 200.0), QStringLiteral("100, 200, 300"));  // ×2 clamped to the range
    // Every suggestion is a list the parser accepts.
    for (const dpw::ParamSpec& s : {epsilonSpec(), unitSpec(), choiceSpec(), steps})
      QVERIFY(dpwapp::parseGridList(s, dpwapp::suggestedGridList(s, s.defaultValue)).error.isEmpty());
  }

  void numbersAsShown() {
    QCOMPARE(dpwapp::gridNumber(INFINITY), QString::fromUtf8("∞"));
    QCOMPARE(dpwapp::gridNumber(-INFINITY), QString::fromUtf8("−∞"));
    QCOMPARE(dpwapp::gridNumber(NAN), QString::fromUtf8("–"));
    QCOMPARE(dpwapp::gridNumber(0.123456), QStringLiteral("0.1235"));
    QCOMPARE(dpwapp::gridNumber(0.123456, 3), QStringLiteral("0.123"));
  }
};

QTEST_GUILESS_MAIN(TestGridList)
#include "tst_grid_list.moc"
