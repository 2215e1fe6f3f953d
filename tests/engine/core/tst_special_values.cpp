// Tests of the special values of engine/core/parameters.h (issue #19 item 4, "words, not codes"): every
// number a help text gives a meaning to ("0 means 0.1/n", "−1: from ε", "0 = d") is declared as a
// SpecialValue, so the form offers it by name; each is a valid value of its parameter and reads back as
// the same number.
#include <QRegularExpression>
#include <QtTest>

#include "core/method.h"
#include "core/parameters.h"

using namespace dpw;

namespace {

/// Parameters where 0 (or 1) is an ordinary point of a continuum that the help text merely describes
/// ("0 = no fairness" of the weight α, "0 = exact parity, 1 = no constraint" of the KS tolerance):
/// not a code for something else, so no word is needed.
bool continuum(const ParamSpec& spec) { return spec.key == "alpha"; }

}  // namespace

class TestSpecialValues : public QObject {
  Q_OBJECT
 private slots:
  void everyCodedNumberIsNamed() {
    // "0 = d", "0 means 0.1/n", "−1: calibrate", "(0 = m)": a number given a meaning, in any spelling the
    // help texts and labels used before the special values existed.
    const QRegularExpression code(QStringLiteral("(^|[ (;])(0|−1|-1) (=|means)|(^|[ (;])(−1|-1):"));
    int named = 0;
    for (const auto& m : allMethods())
      for (const auto& spec : m.params) {
        if (spec.kind != ParamKind::Real && spec.kind != ParamKind::Integer) continue;
        named += int(spec.special.size());
        if (continuum(spec)) continue;
        for (const std::string& text : {spec.label, spec.help}) {
          const auto match = code.match(QString::fromStdString(text));
          QVERIFY2(!match.hasMatch(), qPrintable(QString("%1.%2: the text gives a number a meaning (\"%3\") without a "
                                                         "special value: %4")
                                                     .arg(QString::fromStdString(m.id), QString::fromStdString(spec.key),
                                                          match.captured(0), QString::fromStdString(text))));
        }
        // A help text that says "(0 in scenario files)" names the number of a declared special value.
        const QRegularExpression inFiles(QStringLiteral("\\((−?\\d+) in scenario files\\)"));
        for (auto it = inFiles.globalMatch(QString::fromStdString(spec.help)); it.hasNext();) {
          const double v = it.next().captured(1).replace(QStringLiteral("−"), QStringLiteral("-")).toDouble();
          QVERIFY2(specialValue(spec, v), qPrintable(QString("%1.%2: help mentions %3, which is no special value")
                                                         .arg(QString::fromStdString(m.id), QString::fromStdString(spec.key))
                                                         .arg(v)));
        }
      }
    // The ones issue #19 names, at least: δ auto, noise from ε (fair learning −1, flows 0), directions = d.
    QVERIFY2(named >= 4 * 2 + 2 + 2, qPrintable(QString::number(named)));
  }

  void theIssuesExamplesAreNamed_data() {
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("label");
    QTest::newRow("fair δ") << "fair-classifier" << "delta" << 0.0 << "auto (0.1/n)";
    QTest::newRow("fair σ") << "fair-classifier" << "noise_multiplier" << -1.0 << "from ε";
    QTest::newRow("matching σ") << "private-matching" << "noise_multiplier" << -1.0 << "from ε";
    QTest::newRow("flow σ") << "dpswflow-r" << "noise_multiplier" << 0.0 << "from ε";
    QTest::newRow("generator σ") << "dpswgen" << "noise_multiplier" << 0.0 << "from ε";
    QTest::newRow("flow k") << "dpswflow-r" << "projections" << 0.0 << "= d (data dimension)";
    QTest::newRow("flow public rows") << "dpswflow-r" << "public_rows" << 0.0 << "= m (private row count)";
  }
  void theIssuesExamplesAreNamed() {
    QFETCH(QString, method);
    QFETCH(QString, key);
    QFETCH(double, value);
    QFETCH(QString, label);
    const ParamValues defaults(findMethod(method.toStdString()).params);
    const ParamSpec& spec = defaults.spec(key.toStdString());
    const SpecialValue* byValue = specialValue(spec, value);
    QVERIFY(byValue);
    QCOMPARE(QString::fromStdString(byValue->label), label);
    QCOMPARE(specialValue(spec, label.toStdString()), byValue);
  }

  void specialValuesAreValidDistinctWords() {
    for (const auto& m : allMethods())
      for (const auto& spec : m.params) {
        const QString where = QString::fromStdString(m.id + "." + spec.key);
        if (spec.special.empty()) continue;
        QVERIFY2(spec.kind == ParamKind::Real || spec.kind == ParamKind::Integer, qPrintable(where));
        QStringList labels;
        for (const auto& s : spec.special) {
          const QString label = QString::fromStdString(s.label);
          // A valid value of its parameter, so a scenario file with the number loads as before.
          QVERIFY2(checkParam(spec, s.value).empty(), qPrintable(where + ": " + QString::fromStdString(checkParam(spec, s.value))));
          ParamValues values(m.params);
          values.set(spec.key, s.value);
          QCOMPARE(values.real(spec.key), s.value);
          // A word, not a number (the form reads a typed number as a number), and no two alike.
          bool isNumber = false;
          label.toDouble(&isNumber);
          QVERIFY2(!label.trimmed().isEmpty() && !isNumber, qPrintable(where + ": '" + label + "'"));
          QVERIFY2(!labels.contains(label), qPrintable(where + ": '" + label + "' twice"));
          labels << label;
          QCOMPARE(specialValue(spec, s.value), &s);
        }
      }
  }

  void lookupOfAnOrdinaryNumberFindsNothing() {
    ParamSpec spec;
    spec.key = "k";
    spec.kind = ParamKind::Integer;
    spec = withSpecial(spec, 0, "= d");
    QVERIFY(specialValue(spec, 0.0));
    QVERIFY(!specialValue(spec, 1.0));
    QVERIFY(!specialValue(spec, std::string("= m")));
    QCOMPARE(specialValue(spec, std::string("= d"))->value, 0.0);
  }
};

QTEST_MAIN(TestSpecialValues)
#include "tst_special_values.moc"
