// The neighbouring CSV files of the whole-run audits (audit/csv_pair_files.h): each file holds what its writer
// wrote for it, the two paths differ (and differ between pairs), and both files are gone with the pair, also
// when writing failed half way.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "audit/csv_pair_files.h"

using namespace dpw;

namespace {
std::string contents(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

class TestCsvPairFiles : public QObject {
  Q_OBJECT
 private slots:
  void writesBothAndRemovesThem() {
    std::filesystem::path d, dPrime;
    {
      const CsvPairFiles pair("test", [](std::ostream& out, bool neighbour) {
        out << "x\n" << (neighbour ? "-1" : "1000") << "\n";
      });
      const CsvPairFiles other("test", [](std::ostream& out, bool) { out << "x\n0\n"; });
      d = pair.path(false), dPrime = pair.path(true);
      QVERIFY(d != dPrime);
      QVERIFY(d != other.path(false));
      QCOMPARE(contents(d), std::string("x\n1000\n"));
      QCOMPARE(contents(dPrime), std::string("x\n-1\n"));
    }
    QVERIFY(!std::filesystem::exists(d));
    QVERIFY(!std::filesystem::exists(dPrime));
  }

  void aFailedWriteLeavesNoFile() {
    std::filesystem::path written;
    bool threw = false;
    try {
      const CsvPairFiles pair("test", [&](std::ostream& out, bool neighbour) {
        out << "x\n";
        if (neighbour) throw std::runtime_error("the writer failed");
      });
    } catch (const std::runtime_error&) {
      threw = true;
    }
    QVERIFY(threw);
    // D was written before D′ failed: no file of this process's pairs is left in the temporary directory.
    const std::string prefix = "dpwlab-test-" + std::to_string(long(QCoreApplication::applicationPid())) + "-";
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::temp_directory_path()))
      QVERIFY2(entry.path().filename().string().rfind(prefix, 0) != 0, qPrintable(QString::fromStdString(entry.path().string())));
  }
};

QTEST_APPLESS_MAIN(TestCsvPairFiles)
#include "tst_csv_pair_files.moc"
