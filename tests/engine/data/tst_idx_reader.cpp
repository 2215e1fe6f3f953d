// Tests of engine/data/idx_reader.h and data/fashion_mnist.h: round trip of small files written
// here (gzip and plain), every malformed-file message, and the real Fashion-MNIST labels.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "core/error.h"
#include "core/internal_error.h"
#include "data/fashion_mnist.h"
#include "data/idx_reader.h"
#include "support/idx_files.h"
#include "support/throws_with.h"

using namespace dpw;

namespace {
using dpwtest::writeGz;

std::string idxBytes(std::vector<std::uint32_t> dims, std::size_t dataBytes, std::uint8_t type = 0x08) {
  std::string s = dpwtest::idxHeader(dims, type);
  for (std::size_t i = 0; i < dataBytes; ++i) s += char(i % 251);
  return s;
}
void writePlain(const QString& path, const std::string& bytes) {
  std::ofstream(path.toStdString(), std::ios::binary) << bytes;
}
void expectMessage(const std::string& path, const char* fragment) {
  QVERIFY(dpwtest::throwsWith([&] { readIdxFile(path); }, fragment));
}
}  // namespace

class TestIdxReader : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip() {
    QTemporaryDir dir;
    writeGz(dir.filePath("a.gz"), idxBytes({3, 4, 5}, 60));
    writePlain(dir.filePath("a.idx"), idxBytes({7}, 7));
    const IdxArray a = readIdxFile(dir.filePath("a.gz").toStdString());
    QCOMPARE(a.dims, (std::vector<std::uint32_t>{3, 4, 5}));
    QCOMPARE(a.values.size(), std::size_t(60));
    QCOMPARE(int(a.values[59]), 59);
    const IdxArray b = readIdxFile(dir.filePath("a.idx").toStdString());
    QCOMPARE(b.dims, (std::vector<std::uint32_t>{7}));
  }
  // Regression (#8, found by fuzz_idx): a short file whose header declares 3.5e9 values is refused as
  // truncated without first allocating the declared size.
  void hugeHeaderOnShortFileIsTruncatedNotOutOfMemory() {
    QTemporaryDir dir;
    writePlain(dir.filePath("huge.idx"), idxBytes({512, 196608, 35}, 20));
    expectMessage(dir.filePath("huge.idx").toStdString(), "truncated: 20 of");
  }
  void malformedFilesGiveClearMessages() {
    QTemporaryDir dir;
    auto p = [&](const char* name) { return dir.filePath(name).toStdString(); };
    expectMessage(p("missing.gz"), "does not exist");
    writeGz(dir.filePath("trunc.gz"), idxBytes({10, 28, 28}, 1000));
    expectMessage(p("trunc.gz"), "truncated: 1000 of 7840");
    writeGz(dir.filePath("magic.gz"), "\x01\x02\x08\x01" + std::string(8, 'x'));
    expectMessage(p("magic.gz"), "bad magic");
    writeGz(dir.filePath("float.gz"), idxBytes({2}, 8, 0x0d));
    expectMessage(p("float.gz"), "only unsigned bytes");
    writeGz(dir.filePath("extra.gz"), idxBytes({2}, 3));
    expectMessage(p("extra.gz"), "bytes after");
    // A gzip stream cut in the middle, and one with damaged compressed bytes.
    writeGz(dir.filePath("good.gz"), idxBytes({100, 100}, 10000));
    std::ifstream in(p("good.gz"), std::ios::binary);
    std::string gz((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    writePlain(dir.filePath("cut.gz"), gz.substr(0, gz.size() / 2));
    try {
      readIdxFile(p("cut.gz"));
      QFAIL("no exception");
    } catch (const InvalidArgument& e) {
      const std::string w = e.what();
      QVERIFY2(w.find("corrupt") != std::string::npos || w.find("truncated") != std::string::npos, e.what());
    }
    std::string damaged = gz;
    for (std::size_t i = 20; i < 60 && i < damaged.size(); ++i) damaged[i] = char(~damaged[i]);
    writePlain(dir.filePath("damaged.gz"), damaged);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, readIdxFile(p("damaged.gz")));
    expectMessage(dir.path().toStdString(), "not a regular file");
  }
  void fashionMnist() {
    QVERIFY(dpwtest::throwsWith([] { loadFashionMnist("/nonexistent-folder", "train"); }, "dataset-fashion-mnist"));
    QVERIFY_THROWS_EXCEPTION(InternalError, loadFashionMnist(kFashionMnistDir, "validation"));  // the engine names the split
    const LabelledImages test = loadFashionMnist(kFashionMnistDir, "t10k");
    QCOMPARE(test.pixels.rows(), Eigen::Index(10000));
    QCOMPARE(test.pixels.cols(), Eigen::Index(784));
    QCOMPARE(test.width, 28);
    std::vector<int> counts(10, 0);
    for (int l : test.labels) ++counts[std::size_t(l)];
    for (int c : counts) QCOMPARE(c, 1000);  // the test set is balanced (Xiao et al. 2017)
    QVERIFY(test.pixels.minCoeff() >= 0 && test.pixels.maxCoeff() <= 1);
  }
};

QTEST_APPLESS_MAIN(TestIdxReader)
#include "tst_idx_reader.moc"
