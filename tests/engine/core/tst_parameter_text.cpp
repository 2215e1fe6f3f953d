// Tests of engine/core/parameter_text.h: the one reader of typed text (form, scenario, sweep, grid, CLI,
// Python). One set of infinity spellings, strict numbers, one list splitter that refuses empty items.
#include <QtTest>

#include <cmath>
#include <limits>

#include "core/parameter_text.h"
#include "support/throws_with.h"

using namespace dpw;
using dpwtest::throwsWith;

namespace {
ParamSpec spec(const char* key, ParamKind kind, double min, double max) {
  ParamSpec s;
  s.key = key;
  s.kind = kind;
  s.min = min;
  s.max = max;
  return s;
}
}  // namespace

class TestParameterText : public QObject {
  Q_OBJECT
 private slots:
  void infinitySpellings() {
    const double inf = std::numeric_limits<double>::infinity();
    for (const char* t : {"inf", "INF", "Infinity", "+inf", " inf ", "\u221e", "+\u221e"}) QCOMPARE(parseInfinity(t), inf);
    for (const char* t : {"-inf", "-Infinity", "\u2212\u221e", "\u2212inf"}) QCOMPARE(parseInfinity(t), -inf);
    for (const char* t : {"", "in", "infinit", "nan", "1", "++inf", "inf inf"}) QVERIFY2(!parseInfinity(t), t);
  }

  void realsAreStrict() {
    QCOMPARE(parseReal("0.5"), 0.5);
    QCOMPARE(parseReal("+1e-5"), 1e-5);
    QCOMPARE(parseReal(" -2.5E3 "), -2500.0);
    QCOMPARE(parseReal("Infinity"), std::numeric_limits<double>::infinity());
    // Comma decimals, trailing text, NaN, hex, a doubled sign and empty text are not numbers.
    for (const char* t : {"0,5", "1e5x", "nan", "NaN", "0x10", "+-1", "", "  ", "1 2", "1e999"}) QVERIFY2(!parseReal(t), t);
  }

  void parameterValuesAreChecked() {
    ParamSpec eps = spec("epsilon", ParamKind::Real, 0.01, 100);
    eps.allowInfinity = true;
    QCOMPARE(std::get<double>(parseParamValue(eps, "inf")), std::numeric_limits<double>::infinity());
    QCOMPARE(std::get<double>(parseParamValue(eps, " 2 ")), 2.0);
    QVERIFY(throwsWith([&] { parseParamValue(eps, "abc"); }, "parameter 'epsilon' must be a number (or \"inf\"), got \"abc\""));
    QVERIFY(throwsWith([&] { parseParamValue(eps, "0"); }, "outside [0.01, 100]"));
    QVERIFY(throwsWith([&] { parseParamValue(eps, "-inf"); }, "must be finite"));
    eps.allowInfinity = false;
    QVERIFY(throwsWith([&] { parseParamValue(eps, "inf"); }, "must be finite"));
    const ParamSpec steps = spec("steps", ParamKind::Integer, 1, 1000);
    QVERIFY(throwsWith([&] { parseParamValue(steps, "2.5"); }, "whole number"));
    ParamSpec mode = spec("mode", ParamKind::Choice, 0, 0);
    mode.choices = {"a", "b"};
    QCOMPARE(std::get<std::string>(parseParamValue(mode, " b")), std::string("b"));
    QVERIFY(throwsWith([&] { parseParamValue(mode, "c"); }, "choose one of: a b"));
  }

  void listsSplitOnce() {
    QCOMPARE(splitList("a, b ,c", "x"), (std::vector<std::string>{"a", "b", "c"}));
    QCOMPARE(splitList("  ", "x"), std::vector<std::string>{});
    QCOMPARE(splitList("one", "x"), std::vector<std::string>{"one"});
    for (const char* t : {"1,,2", "1, 2,", ",1", " , "})
      QVERIFY2(throwsWith([&] { splitList(t, "epsilons"); }, "epsilons: an empty item between commas"), t);
    QCOMPARE(parseNumberList("inf, 10, 0.5, +2", "epsilons"),
             (std::vector<double>{std::numeric_limits<double>::infinity(), 10, 0.5, 2}));
    QVERIFY(throwsWith([] { parseNumberList("1, x", "epsilons"); }, "epsilons: 'x' is not a number"));
    QVERIFY(throwsWith([] { parseNumberList("1, nan", "epsilons"); }, "'nan' is not a number"));
  }
};

QTEST_MAIN(TestParameterText)
#include "tst_parameter_text.moc"
