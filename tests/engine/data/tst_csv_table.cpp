// Tests of engine/data/csv_table.h: well-formed input in its variants, and every refusal.
#include <QtTest>

#include <cmath>
#include <limits>
#include <cstdio>
#include <fstream>

#include "core/error.h"
#include "data/csv_table.h"

#include "support/throws_with.h"

using namespace dpw;

namespace {
using dpwtest::throwsWith;
}  // namespace

class TestCsvTable : public QObject {
  Q_OBJECT
 private slots:
  void parsesHeaderQuotesAndCrlf() {
    const std::string text = "id,name,score\r\n1,\"Smith, J.\",3.5\r\n2,\"say \"\"hi\"\"\",-1e-3\r\n3,\"two\nlines\",?\r\n";
    const CsvTable t = CsvTable::parse(text, "mem.csv");
    QCOMPARE(t.rows(), std::size_t(3));
    QCOMPARE(t.cols(), std::size_t(3));
    QCOMPARE(t.cell(0, 1), std::string("Smith, J."));
    QCOMPARE(t.cell(1, 1), std::string("say \"hi\""));
    QCOMPARE(t.cell(2, 1), std::string("two\nlines"));
    QCOMPARE(t.lineOf(0), std::size_t(2));
    QCOMPARE(t.lineOf(2), std::size_t(4));
    const auto s = t.numericColumnWithMissing("score");
    QCOMPARE(*s[0], 3.5);
    QCOMPARE(*s[1], -1e-3);
    QVERIFY(!s[2].has_value());
    QVERIFY(t.columnHasMissing(2));
    QVERIFY(!t.columnHasMissing(0));
    QCOMPARE(t.numericColumn("id"), (std::vector<double>{1, 2, 3}));
  }
  void lastLineWithoutNewlineAndEmptyFields() {
    const CsvTable t = CsvTable::parse("a,b\n1,\n,2", "x");
    QCOMPARE(t.rows(), std::size_t(2));
    QVERIFY(t.isMissing(0, 1));
    QVERIFY(t.isMissing(1, 0));
    QCOMPARE(t.cell(1, 1), std::string("2"));
  }
  void headerlessWithNames() {
    CsvOptions o;
    o.hasHeader = false;
    o.columnNames = {"x", "y"};
    const CsvTable t = CsvTable::parse("1,2\n3,4\n", "h", o);
    QCOMPARE(t.numericColumn("y"), (std::vector<double>{2, 4}));
  }
  void raggedRowNamesLine() {
    QVERIFY(throwsWith([] { CsvTable::parse("a,b\n1,2\n3\n", "r.csv"); }, "r.csv:3: row has 1 fields"));
    QVERIFY(throwsWith([] { CsvTable::parse("a,b\n1,2,3\n", "r.csv"); }, "r.csv:2"));
  }
  void truncatedQuote() {
    QVERIFY(throwsWith([] { CsvTable::parse("a,b\n1,\"abc\n", "t.csv"); }, "unterminated quoted field"));
  }
  void strayQuoteAndTextAfterQuote() {
    QVERIFY(throwsWith([] { CsvTable::parse("a,b\n1,ab\"c\n", "q.csv"); }, "q.csv:2: stray quote"));
    QVERIFY(throwsWith([] { CsvTable::parse("a,b\n1,\"ab\"c\n", "q.csv"); }, "text after a closing quote"));
  }
  // Value errors name the file, the column and the rule, never the cell or its line (a person's data,
  // issue #35); numericColumnAnyValue hands NaN and ±∞ to callers that clamp them.
  void nonNumericNanInfAndMissingRequired() {
    const CsvTable t = CsvTable::parse("a,b,c,d\n1,xsecret,nan,?\n2,3,inf,4\n", "n.csv");
    QVERIFY(throwsWith([&] { t.numericColumn("b"); }, "CSV data 'n.csv': column 'b' holds a value that is not a number"));
    QVERIFY(!throwsWith([&] { t.numericColumn("b"); }, "secret"));
    QVERIFY(!throwsWith([&] { t.numericColumn("b"); }, ":2"));
    QVERIFY(throwsWith([&] { t.numericColumn("c"); }, "NaN and infinite values are not accepted"));
    QVERIFY(throwsWith([&] { t.numericColumn("d"); }, "column 'd' has a missing value"));
    QVERIFY(!throwsWith([&] { t.numericColumn("d"); }, ":2"));
    QVERIFY(throwsWith([&] { t.numericColumn("zzz"); }, "has no column 'zzz'; columns: 'a', 'b'"));
    const auto c = t.numericColumnAnyValue("c");
    QVERIFY(std::isnan(*c[0]));
    QCOMPARE(*c[1], std::numeric_limits<double>::infinity());
    QVERIFY(!t.numericColumnAnyValue("d")[0].has_value());
    QVERIFY(throwsWith([&] { t.numericColumnAnyValue("b"); }, "not a number"));
  }
  // Numbers beyond double are ±∞ (overflow) or ±0 (underflow), where they used to be "not a number";
  // 1e308 is finite and read as it is.
  void numbersBeyondDouble() {
    const double inf = std::numeric_limits<double>::infinity();
    QCOMPARE(*CsvTable::parseNumber("1e308"), 1e308);
    QCOMPARE(*CsvTable::parseNumber("+123456789e300"), 1.23456789e308);
    QCOMPARE(*CsvTable::parseNumber("1e400"), inf);
    QCOMPARE(*CsvTable::parseNumber("-1e400"), -inf);
    QCOMPARE(*CsvTable::parseNumber("+123456789e301"), inf);
    QCOMPARE(*CsvTable::parseNumber("0.000001e-330"), 0.0);
    QCOMPARE(*CsvTable::parseNumber("-1e-400"), 0.0);
    QVERIFY(std::signbit(*CsvTable::parseNumber("-1e-400")));
    QCOMPARE(*CsvTable::parseNumber("0.0001e313"), inf);
    QCOMPARE(*CsvTable::parseNumber("1e99999999999999999999"), inf);
    QCOMPARE(*CsvTable::parseNumber("1e-99999999999999999999"), 0.0);
    QVERIFY(!CsvTable::parseNumber("1e400x").has_value());
    QVERIFY(!CsvTable::parseNumber("e400").has_value());
  }
  void sizeLimitAndMissingFile() {
    CsvOptions o;
    o.maxBytes = 10;
    QVERIFY(throwsWith([&] { CsvTable::parse("a,b\n1,2\n3,4\n", "big.csv", o); }, "more than the limit of 10 bytes"));
    const std::string path = QDir::tempPath().toStdString() + "/dpw_csv_limit.csv";
    std::ofstream(path) << "a,b\n1,2\n3,4\n";
    QVERIFY(throwsWith([&] { CsvTable::readFile(path, o); }, "more than the limit"));
    QCOMPARE(CsvTable::readFile(path).rows(), std::size_t(2));
    std::remove(path.c_str());
    QVERIFY(throwsWith([] { CsvTable::readFile("/nonexistent/x.csv"); }, "cannot open CSV file '/nonexistent/x.csv'"));
  }
  void emptyInput() { QVERIFY(throwsWith([] { CsvTable::parse("", "e.csv"); }, "is empty")); }
  void parseNumberStrict() {
    QVERIFY(!CsvTable::parseNumber("1.5x").has_value());
    QVERIFY(!CsvTable::parseNumber("").has_value());
    QCOMPARE(*CsvTable::parseNumber("+2"), 2.0);
    QCOMPARE(*CsvTable::parseNumber("-0.25e2"), -25.0);
  }
};

QTEST_APPLESS_MAIN(TestCsvTable)
#include "tst_csv_table.moc"
