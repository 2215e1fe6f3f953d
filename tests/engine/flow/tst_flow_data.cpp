// Tests of engine/flow/flow_data.h: the Fashion-MNIST data path of the flows is inside the claim
// (issue #35). The neighbouring-data probe writes two small Fashion-MNIST folders (IDX, gzip) that differ
// in one image of the private half (odd rows) and checks that everything fitted (the PCA, the decoding
// scale r̄) and every public sample is bit-identical, and that the private latents differ in that row
// alone, each on the unit sphere (the row rule that bounds the mechanism's sensitivity). The same change
// in the public half must move the PCA (the probe can fail).
#include "core/types.h"  // first: includes Eigen without GCC 12's false AVX-512 warnings

#include <QTemporaryDir>
#include <QtTest>
#include <zlib.h>

#include <random>

#include "core/rng.h"
#include "flow/flow_data.h"

using namespace dpw;

namespace {

constexpr int kSide = 4, kTrain = 40, kTest = 10;

std::string idx(const std::vector<std::uint32_t>& dims, const std::vector<std::uint8_t>& values) {
  std::string s{char(0), char(0), char(0x08), char(dims.size())};
  for (auto d : dims)
    for (int b = 3; b >= 0; --b) s += char((d >> (8 * b)) & 0xff);
  s.append(values.begin(), values.end());
  return s;
}

void writeGz(const QString& path, const std::string& bytes) {
  gzFile f = gzopen(path.toStdString().c_str(), "wb");
  QVERIFY(f);
  gzwrite(f, bytes.data(), unsigned(bytes.size()));
  gzclose(f);
}

// A folder in the Debian package's layout; train image `changed` (if ≥ 0) is all white.
void writeFolder(const QString& dir, int changed) {
  Rng rng = makeRng(31);
  std::uniform_int_distribution<int> byte(0, 255);
  for (auto [split, n] : {std::pair{QString("train"), kTrain}, std::pair{QString("t10k"), kTest}}) {
    std::vector<std::uint8_t> pixels(std::size_t(n) * kSide * kSide);
    std::vector<std::uint8_t> labels(static_cast<std::size_t>(n));
    for (auto& p : pixels) p = std::uint8_t(byte(rng));
    for (int i = 0; i < n; ++i) labels[std::size_t(i)] = std::uint8_t(i % 10);
    if (split == "train" && changed >= 0)
      std::fill_n(pixels.begin() + std::ptrdiff_t(changed) * kSide * kSide, kSide * kSide, std::uint8_t(255));
    writeGz(dir + "/" + split + "-images-idx3-ubyte.gz", idx({std::uint32_t(n), kSide, kSide}, pixels));
    writeGz(dir + "/" + split + "-labels-idx1-ubyte.gz", idx({std::uint32_t(n)}, labels));
  }
}

bool same(const Points& a, const Points& b) { return a.rows() == b.rows() && a.cols() == b.cols() && a == b; }

}  // namespace

class TestFlowData : public QObject {
  Q_OBJECT
 private slots:
  void fashionMnistFitsNothingOnThePrivateHalf() {
    QTemporaryDir dir;
    for (const char* sub : {"base", "private", "public"}) QVERIFY(QDir(dir.path()).mkdir(sub));
    writeFolder(dir.filePath("base"), -1);
    writeFolder(dir.filePath("private"), 7);  // odd row: private row 3
    writeFolder(dir.filePath("public"), 6);   // even row: public row 3
    const FlowData a = loadFlowTarget("fashion-mnist", 0, 1, dir.filePath("base").toStdString());
    const FlowData b = loadFlowTarget("fashion-mnist", 0, 1, dir.filePath("private").toStdString());
    QCOMPARE(a.privateData.rows(), Eigen::Index(kTrain / 2));
    QVERIFY(a.pca.mean == b.pca.mean && same(a.pca.components, b.pca.components) && a.pca.variances == b.pca.variances);
    QCOMPARE(a.latentNorm, b.latentNorm);
    QVERIFY(same(a.publicData, b.publicData) && same(a.reference, b.reference) && same(a.heldOut, b.heldOut));
    for (Eigen::Index i = 0; i < a.privateData.rows(); ++i) {
      QCOMPARE(a.privateData.row(i) == b.privateData.row(i), i != 3);
      QVERIFY(std::abs(b.privateData.row(i).norm() - 1) < 1e-12);  // the unit sphere: rounding of one division
    }
    const FlowData c = loadFlowTarget("fashion-mnist", 0, 1, dir.filePath("public").toStdString());
    QVERIFY(!(a.pca.mean == c.pca.mean));  // a public row does move the fit: the probe can see a change
  }
};

QTEST_GUILESS_MAIN(TestFlowData)
#include "tst_flow_data.moc"
