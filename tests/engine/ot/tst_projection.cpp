// Tests of engine/ot/projection.h: every bit of projectRows against Eigen's product D·Xᵀ, and the ranges.
#include <QtTest>
#include <cstring>
#include <limits>
#include <random>

#include "core/rng.h"
#include "ot/projection.h"

using namespace dpw;

namespace {

/// out has expected's shape and every bit of it, and lo/hi are the min/max of expected's rows.
void verifyBitsAndRanges(const Points& out, const Points& expected, const std::vector<double>& lo,
                         const std::vector<double>& hi) {
  QCOMPARE(out.rows(), expected.rows());
  QCOMPARE(out.cols(), expected.cols());
  QVERIFY(std::memcmp(out.data(), expected.data(), sizeof(double) * std::size_t(expected.size())) == 0);
  for (Eigen::Index r = 0; r < expected.rows(); ++r) {
    QCOMPARE(lo[std::size_t(r)], expected.row(r).minCoeff());
    QCOMPARE(hi[std::size_t(r)], expected.row(r).maxCoeff());
  }
}

/// Eigen's product D·Xᵀ, where one direction is the first row of the product with the direction twice:
/// the bits it has in any block of two or more (Eigen's matrix-vector product for one row rounds
/// differently), which projectRows gives it.
Points asInABlock(const Points& D, const Points& X) {
  if (D.rows() != 1) return D * X.transpose();
  Points twice(2, D.cols());
  twice << D, D;
  const Points both = twice * X.transpose();
  return both.topRows(1);
}

}  // namespace

class TestProjection : public QObject {
  Q_OBJECT
 private slots:
  void sameBitsAsEigensProduct_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("d");
    QTest::addColumn<int>("k");
    // Points around the panel sizes (24, 48) and chunk size (384), a remainder of every kind; one
    // direction to 16; dimensions below, at and above a packet.
    for (int n : {1, 23, 47, 48, 49, 71, 385, 1000, 100003})
      for (int d : {1, 3, 8, 13})
        for (int k : {1, 2, 3, 4, 5, 16})
          QTest::newRow(qPrintable(QString("n=%1 d=%2 k=%3").arg(n).arg(d).arg(k))) << n << d << k;
  }
  void sameBitsAsEigensProduct() {
    QFETCH(int, n);
    QFETCH(int, d);
    QFETCH(int, k);
    Rng rng = makeRng(std::uint64_t(n * 1000 + d * 20 + k));
    Points X = standardNormal(n, d, rng), D = standardNormal(k, d, rng);
    for (int i = 0; i < n; i += 7) X.row(i).setZero();  // products ±0: the chain from +0 must stay +0
    if (n > 3) X.row(3).setConstant(-0.0);
    Points expected = asInABlock(D, X), out;
    std::vector<double> lo(k), hi(k);
    QVERIFY(projectRows(D, X, out, lo.data(), hi.data()));
    verifyBitsAndRanges(out, expected, lo, hi);
  }

  // projectRowsTogether by 1, 2 or 3 threads: projectRows' bits, ranges and finiteness.
  void togetherSameBitsAsEigensProduct_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("d");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("threads");
    for (int n : {23, 385, 1000, 100003})
      for (int d : {3, 8})
        for (int k : {1, 2, 5})
          for (int threads : {1, 2, 3})
            QTest::newRow(qPrintable(QString("n=%1 d=%2 k=%3 threads=%4").arg(n).arg(d).arg(k).arg(threads)))
                << n << d << k << threads;
  }
  void togetherSameBitsAsEigensProduct() {
    QFETCH(int, n);
    QFETCH(int, d);
    QFETCH(int, k);
    QFETCH(int, threads);
    Rng rng = makeRng(std::uint64_t(n * 1000 + d * 20 + k + 3));
    Points X = standardNormal(n, d, rng);
    const Points D = standardNormal(k, d, rng), expected = asInABlock(D, X);
    Points out(k, n);
    std::vector<double> lo(k), hi(k);
    bool finite = false;
#pragma omp parallel num_threads(threads)
    projectRowsTogether(D, X, out, lo.data(), hi.data(), finite);
    QVERIFY(finite);
    verifyBitsAndRanges(out, expected, lo, hi);
    for (const Eigen::Index i : {Eigen::Index(0), Eigen::Index(n / 2), Eigen::Index(n - 1)}) {
      Points Xb = X;
      Xb(i, d - 1) = std::numeric_limits<double>::infinity();
#pragma omp parallel num_threads(threads)
      projectRowsTogether(D, Xb, out, lo.data(), hi.data(), finite);
      QVERIFY2(!finite, qPrintable(QString("x(%1, %2) = inf").arg(i).arg(d - 1)));
    }
  }

  // The top digits written with the projections (ProjectionDigits): every one equals the sort's own,
  // key(value) >> kMsdLowBits, for keys that hold every value, clamp some (too narrow) or all (far off),
  // through the own kernel (streamed past 2^22 values), Eigen's tail, and projectRowsTogether.
  void digitsAreTheSortsOwn_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("threads");  // 0: projectRows
    for (int n : {47, 1000, 100003, 1'100'000})
      for (int k : {2, 3, 5})
        for (int threads : {0, 2})
          QTest::newRow(qPrintable(QString("n=%1 k=%2 threads=%3").arg(n).arg(k).arg(threads))) << n << k << threads;
  }
  void digitsAreTheSortsOwn() {
    QFETCH(int, n);
    QFETCH(int, k);
    QFETCH(int, threads);
    Rng rng = makeRng(std::uint64_t(n + k + threads));
    const Points X = standardNormal(n, 8, rng), D = standardNormal(k, 8, rng), expected = D * X.transpose();
    std::vector<MsdKey> keys(static_cast<std::size_t>(k));
    for (int r = 0; r < k; ++r) {
      const double lo = expected.row(r).minCoeff(), hi = expected.row(r).maxCoeff(), w = hi - lo;
      const double ranges[3][2] = {{lo - 0.1 * w, hi + 0.1 * w}, {lo + 0.3 * w, hi - 0.3 * w}, {hi + w, hi + 2 * w}};
      QVERIFY(makeMsdKey(ranges[r % 3][0], ranges[r % 3][1], keys[std::size_t(r)]));
    }
    std::vector<std::uint16_t> tops(std::size_t(k) * std::size_t(n), 0xFFFF);
    const ProjectionDigits digits{keys.data(), tops.data(), n};
    Points out(k, n);
    std::vector<double> lo(k), hi(k);
    bool finite = false;
    if (threads == 0) {
      finite = projectRows(D, X, out, lo.data(), hi.data(), &digits);
    } else {
#pragma omp parallel num_threads(threads)
      projectRowsTogether(D, X, out, lo.data(), hi.data(), finite, &digits);
    }
    QVERIFY(finite);
    verifyBitsAndRanges(out, expected, lo, hi);
    for (int r = 0; r < k; ++r)
      for (int i = 0; i < n; ++i) {
        const std::uint16_t own = std::uint16_t(keys[std::size_t(r)](expected(r, i)) >> kMsdLowBits);
        if (tops[std::size_t(r) * std::size_t(n) + std::size_t(i)] != own)
          QFAIL(qPrintable(QString("row %1, point %2: digit %3, the sort's %4").arg(r).arg(i)
                               .arg(tops[std::size_t(r) * std::size_t(n) + std::size_t(i)]).arg(own)));
      }
  }

  // One NaN or ±inf anywhere in X (first point, inside the own kernel's chunks, in Eigen's tail; any
  // coordinate, also one whose direction coefficient is 0) and projectRows says X is not finite.
  void reportsNonFiniteCoordinates_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("d");
    for (int n : {23, 1000, 100003})
      for (int d : {3, 8, 13}) QTest::newRow(qPrintable(QString("n=%1 d=%2").arg(n).arg(d))) << n << d;
  }
  void reportsNonFiniteCoordinates() {
    QFETCH(int, n);
    QFETCH(int, d);
    Rng rng = makeRng(std::uint64_t(n + d));
    const Points X = standardNormal(n, d, rng);
    Points D = standardNormal(4, d, rng), out;
    D.col(d - 1).setZero();  // a non-finite last coordinate is multiplied by 0 in every direction
    std::vector<double> lo(4), hi(4);
    for (const double bad : {std::nan(""), std::numeric_limits<double>::infinity(),
                             -std::numeric_limits<double>::infinity()})
      for (const Eigen::Index i : {Eigen::Index(0), Eigen::Index(n / 2), Eigen::Index(n - 1)})
        for (const Eigen::Index c : {Eigen::Index(0), Eigen::Index(d - 1)}) {
          Points Xb = X;
          Xb(i, c) = bad;
          QVERIFY2(!projectRows(D, Xb, out, lo.data(), hi.data()),
                   qPrintable(QString("x(%1, %2) = %3").arg(i).arg(c).arg(bad)));
        }
  }
};

QTEST_APPLESS_MAIN(TestProjection)
#include "tst_projection.moc"
