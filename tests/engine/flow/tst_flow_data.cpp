// Tests of engine/flow/flow_data.h: the Fashion-MNIST data path of the flows is inside the claim
// (issue #35). The neighbouring-data probe writes two small Fashion-MNIST folders (IDX, gzip) that differ
// in one image of the private half (odd rows) and checks that everything fitted (the PCA, the decoding
// scale r̄) and every public sample is bit-identical, and that the private latents differ in that row
// alone, each on the unit sphere (the row rule that bounds the mechanism's sensitivity). The same change
// in the public half must move the PCA (the probe can fail).
#include "core/types.h"  // first: includes Eigen without GCC 12's false AVX-512 warnings

#include <QTemporaryDir>
#include <QtTest>

#include <random>

#include "core/error.h"
#include "core/rng.h"
#include "flow/flow_data.h"
#include "support/idx_files.h"

using namespace dpw;

namespace {

constexpr int kSide = 4, kTrain = 40, kTest = 10;

using dpwtest::writeGz;

std::string idx(const std::vector<std::uint32_t>& dims, const std::vector<std::uint8_t>& values) {
  std::string s = dpwtest::idxHeader(dims);
  s.append(values.begin(), values.end());
  return s;
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

// publicShapeBatch (issue #35): a Poisson batch released as noisy projections, one row per batch row, must
// have the public size b whatever the draw, so its shape never shows |B|.
void checkPublicShape(long drawn, long size) {
  Points data(40, 3);
  for (Eigen::Index i = 0; i < data.rows(); ++i) data.row(i) << double(i + 1), 1.0, -1.0;  // row i: first entry i+1
  std::vector<Eigen::Index> rows;
  for (long i = 0; i < drawn; ++i) rows.push_back(Eigen::Index(3 * i % 40));
  dpw::Rng rng = dpw::makeRng(7, 0);
  dpw::SeededWords coins(rng);
  std::vector<long> seen(41, 0);  // seen[0]: fillers
  long fillerFirst = 0;
  const int trials = 4000;
  for (int t = 0; t < trials; ++t) {
    const Points batch = dpw::publicShapeBatch(data, rows, size, coins);
    QCOMPARE(batch.rows(), Eigen::Index(size));
    QCOMPARE(batch.cols(), Eigen::Index(3));
    for (Eigen::Index r = 0; r < batch.rows(); ++r) {
      const bool filler = batch.row(r).isZero();
      QVERIFY(filler || (batch(r, 1) == 1.0 && batch(r, 2) == -1.0));  // a filler or a whole data row
      ++seen[filler ? 0 : std::size_t(batch(r, 0))];
    }
    fillerFirst += batch.row(0).isZero();
  }
  const long fillers = std::max(0L, size - drawn);
  QCOMPARE(seen[0], long(trials) * fillers);
  // Each drawn row is kept with probability min(1, size/drawn): binomial, 5 standard deviations.
  const double keep = std::min(1.0, double(size) / double(std::max(1L, drawn)));
  for (Eigen::Index r : rows) {
    const double n = double(seen[std::size_t(r + 1)]), sd = std::sqrt(trials * keep * (1 - keep));
    QVERIFY2(std::abs(n - trials * keep) <= 5 * sd + 1e-9, qPrintable(QString("row kept %1 of %2").arg(n).arg(trials)));
  }
  // The order is uniform: the first place holds a filler with probability fillers/size.
  const double pf = double(fillers) / double(size), sd = std::sqrt(trials * pf * (1 - pf));
  QVERIFY2(std::abs(double(fillerFirst) - trials * pf) <= 5 * sd + 1e-9,
           qPrintable(QString("filler first %1 of %2, expected %3").arg(fillerFirst).arg(trials).arg(trials * pf)));
}

}  // namespace

class TestFlowData : public QObject {
  Q_OBJECT
 private slots:
  void poissonBatchTakesThePublicSize() {
    for (long drawn : {0L, 3L, 9L, 10L, 11L, 25L}) checkPublicShape(drawn, 10);
    checkPublicShape(0, 1);
    dpw::Rng rng = dpw::makeRng(1, 0);
    dpw::SeededWords coins(rng);
    QVERIFY_THROWS_EXCEPTION(dpw::InvalidArgument, dpw::publicShapeBatch(Points(4, 2), {}, 0, coins));
  }
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
