// Tests of engine/ot/sliced_wasserstein.h: POT with the same directions, gradients, DP-SWD.
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <omp.h>
#include <random>

#include "core/error.h"
#include "core/rng.h"
#include "dpswd/dpswd_release.h"
#include "ot/directions.h"
#include "ot/wasserstein_1d.h"
#include "support/matrix_io.h"
#include "support/reference_python.h"

using namespace dpw;

namespace {
Points gaussian(Eigen::Index n, Eigen::Index d, double shift, Rng& rng, bool ties = false) {
  Points p = standardNormal(n, d, rng).array() + shift;
  if (ties) p = (p.array() * 4).round() / 4;
  return p;
}

/// One direction's value computed plainly, for every-bit comparisons (== : QCOMPARE on doubles is
/// fuzzy): both rows of projections sorted by std::sort, the rank-order sum with one accumulator, / n.
double plainValue(const Eigen::Ref<const Vector>& u, const Eigen::Ref<const Vector>& v) {
  std::vector<double> su(u.begin(), u.end()), sv(v.begin(), v.end());
  std::sort(su.begin(), su.end());
  std::sort(sv.begin(), sv.end());
  double cost = 0;
  for (std::size_t i = 0; i < su.size(); ++i) cost += (su[i] - sv[i]) * (su[i] - sv[i]);
  return cost * (1.0 / double(su.size()));
}
}  // namespace

class TestSlicedWasserstein : public QObject {
  Q_OBJECT
 private slots:
  // ot.sliced_wasserstein_distance with the same directions, unequal sizes and ties: 1e-10 relative.
  void agreesWithPot_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("d");
    QTest::addColumn<int>("k");
    QTest::addColumn<bool>("ties");
    QTest::newRow("equal sizes") << 300 << 300 << 3 << 20 << false;
    QTest::newRow("unequal with ties") << 500 << 213 << 4 << 50 << true;
    QTest::newRow("radix path, unequal") << 2000 << 1500 << 8 << 40 << false;
  }
  void agreesWithPot() {
    QFETCH(int, n);
    QFETCH(int, m);
    QFETCH(int, d);
    QFETCH(int, k);
    QFETCH(bool, ties);
    Rng rng = makeRng(n + m + d);
    const Points X = gaussian(n, d, 0.0, rng, ties), Y = gaussian(m, d, 0.7, rng, ties);
    const Points theta = randomDirections(k, d, rng);
    QTemporaryDir dir;
    dpwtest::writeMatrix(dir.filePath("X.txt"), X);
    dpwtest::writeMatrix(dir.filePath("Y.txt"), Y);
    dpwtest::writeMatrix(dir.filePath("theta.txt"), theta);
    dpwtest::writeVector(dir.filePath("u.txt"), Vector::Ones(2));
    dpwtest::writeVector(dir.filePath("v.txt"), Vector::Ones(2));
    const double expected = dpwtest::runReferenceScript("pot_reference.py", {dir.path()})["sw2sq"].toDouble();
    const double ours = slicedW2Squared(X, Y, theta).value;
    QVERIFY2(std::abs(ours - expected) <= 1e-10 * expected,
             qPrintable(QString("ours %1, POT %2").arg(ours, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    // The gradient path sorts differently (argsort) but must give the same value.
    QVERIFY(std::abs(slicedW2SquaredWithGradients(X, Y, theta).value - ours) <= 1e-12 * ours);
  }

  // Closed form: shifting every point by t along a direction set gives SW₂² = mean_j (θⱼᵀ t)².
  void translationClosedForm() {
    Rng rng = makeRng(3);
    const Points X = gaussian(400, 3, 0, rng);
    Eigen::RowVector3d t(1.0, -2.0, 0.5);
    const Points Y = X.rowwise() + t;
    const Points theta = randomDirections(25, 3, rng);
    const double expected = (theta * t.transpose()).array().square().mean();
    QVERIFY(std::abs(slicedW2Squared(X, Y, theta).value - expected) < 1e-12);
  }

  // Gradients with respect to both point sets against central finite differences.
  void gradientsMatchFiniteDifferences() {
    Rng rng = makeRng(11);
    const Points X = gaussian(12, 3, 0, rng), Y = gaussian(7, 3, 1, rng);
    const Points theta = randomDirections(9, 3, rng);
    const SlicedResult r = slicedW2SquaredWithGradients(X, Y, theta);
    const double h = 1e-6;
    for (Eigen::Index i = 0; i < X.rows(); ++i)
      for (Eigen::Index c = 0; c < X.cols(); ++c) {
        Points Xp = X, Xm = X;
        Xp(i, c) += h, Xm(i, c) -= h;
        const double fd = (slicedW2Squared(Xp, Y, theta).value - slicedW2Squared(Xm, Y, theta).value) / (2 * h);
        QVERIFY2(std::abs(fd - r.gradX(i, c)) < 1e-7, qPrintable(QString("X(%1,%2)").arg(i).arg(c)));
      }
    for (Eigen::Index j = 0; j < Y.rows(); ++j)
      for (Eigen::Index c = 0; c < Y.cols(); ++c) {
        Points Yp = Y, Ym = Y;
        Yp(j, c) += h, Ym(j, c) -= h;
        const double fd = (slicedW2Squared(X, Yp, theta).value - slicedW2Squared(X, Ym, theta).value) / (2 * h);
        QVERIFY(std::abs(fd - r.gradY(j, c)) < 1e-7);
      }
  }

  // DP-SWD with σ = 0 is SW₂² exactly.
  void dpSwdAtZeroNoiseIsSw() {
    Rng rng = makeRng(5);
    const Points X = gaussian(800, 5, 0, rng), Y = gaussian(700, 5, 0.5, rng);
    const Points theta = randomDirections(30, 5, rng);
    QCOMPARE(slicedW2Squared(X, Y, theta, {0.0, 99}).value, slicedW2Squared(X, Y, theta).value);
  }

  // [DP-SWD] Fig. 2: the mean of DP-SWD over draws increases with the mean shift c, and lies above
  // SW₂² (the noise adds spread to both projections). Each mean is over 20 draws; the step in c is
  // chosen so that the increase (about 5 (Δc)²/... > 0.1) is many standard errors.
  void dpSwdMeanIncreasesWithShift() {
    Rng rng = makeRng(8);
    const int draws = 20;
    double previous = -1;
    for (double c : {0.0, 0.5, 1.0}) {
      double dp = 0, sw = 0;
      for (int r = 0; r < draws; ++r) {
        const Points X = gaussian(500, 5, 0, rng), Y = gaussian(500, 5, c, rng);
        const Points theta = randomDirections(50, 5, rng);
        dp += slicedW2Squared(X, Y, theta, {1.0, rng()}).value / draws;
        sw += slicedW2Squared(X, Y, theta).value / draws;
      }
      QVERIFY2(dp > previous, qPrintable(QString("c = %1: mean DP-SWD %2 not above %3").arg(c).arg(dp).arg(previous)));
      QVERIFY(dp > sw);
      previous = dp;
    }
  }

  // The same seed gives the same value whatever the number of threads.
  void resultDoesNotDependOnThreads() {
    Rng rng = makeRng(9);
    const Points X = gaussian(3000, 8, 0, rng), Y = gaussian(2500, 8, 1, rng);
    const Points theta = randomDirections(100, 8, rng);
    const int before = omp_get_max_threads();
    omp_set_num_threads(1);
    const SlicedResult one = slicedW2SquaredWithGradients(X, Y, theta, {0.5, 3});
    omp_set_num_threads(2);
    const SlicedResult two = slicedW2SquaredWithGradients(X, Y, theta, {0.5, 3});
    omp_set_num_threads(before);
    QVERIFY(one.value == two.value);  // every bit (QCOMPARE on doubles is fuzzy)
    QVERIFY((one.gradX - two.gradX).cwiseAbs().maxCoeff() < 1e-15);
  }

  // Samples of more than 2^22 points in all (blocks of 3 directions, the MSD radix sort): every
  // direction's value against w2Squared of its projections (std::sort and the same rank-weight walk).
  // Only the rounding of the dot products may differ (Eigen's product of one row against the block's
  // GEMM), which moves a value by about 1e-16 relative: 1e-12 is far above it, far below any sort error.
  void hugeSamplesMatchThePerDirectionReference() {
    Rng rng = makeRng(12);
    const Points X = gaussian(2'300'000, 3, 0, rng), Y = gaussian(2'000'000, 3, 0.5, rng, true);
    const Points theta = randomDirections(3, 3, rng);
    const SlicedResult r = slicedW2Squared(X, Y, theta);
    for (Eigen::Index j = 0; j < theta.rows(); ++j) {
      const Vector u = X * theta.row(j).transpose(), v = Y * theta.row(j).transpose();
      const double expected = w2Squared(u, v);
      QVERIFY2(std::abs(r.perDirection[j] - expected) <= 1e-12 * expected,
               qPrintable(QString("direction %1: %2 vs %3").arg(j).arg(r.perDirection[j], 0, 'g', 17).arg(expected, 0, 'g', 17)));
    }
  }

  // n = m past 2^17 (each thread its own blocks): the projection writes the values' top digits under
  // keys guessed from a subsample, and the sort uses them when the range fits. Every bit of a direction's
  // value equals the plain computation (std::sort, the rank-order sum), with data whose ranges the
  // subsample guesses well (normal) and badly (one far outlier in X: its digits do not serve, the sort
  // makes its own), with and without noise (added after the projection: no digits).
  void projectedDigitsGiveThePlainValueBitForBit() {
    Rng rng = makeRng(14);
    const Eigen::Index n = 300'000;
    Points X = gaussian(n, 3, 0, rng);
    const Points Y = gaussian(n, 3, 0.5, rng, true), theta = randomDirections(3, 3, rng);
    for (const bool outlier : {false, true}) {
      if (outlier) X.row(123) *= 1e4;
      for (const double noise : {0.0, 0.3}) {
        const SlicedResult r = slicedW2Squared(X, Y, theta, {noise, 5});
        for (Eigen::Index j = 0; j < theta.rows(); ++j) {
          const Points pair = theta.rows() > 1 ? theta.middleRows(std::min<Eigen::Index>(j, theta.rows() - 2), 2) : theta;
          const Eigen::Index row = j - std::min<Eigen::Index>(j, theta.rows() - 2);
          Points u = pair * X.transpose(), v = pair * Y.transpose();
          if (noise > 0) {  // the same draws as the call: stream j, u then v
            Rng g = makeRng(5, std::uint64_t(j));
            Mechanism::gaussianStd(noise).addTo(std::span<double>(u.row(row).data(), std::size_t(n)), g);
            Mechanism::gaussianStd(noise).addTo(std::span<double>(v.row(row).data(), std::size_t(n)), g);
          }
          QVERIFY2(r.perDirection[j] == plainValue(u.row(row), v.row(row)), qPrintable(QString("direction %1").arg(j)));
        }
      }
    }
  }

  // Samples of more than 2^23 points in all, n = m: the threads share blocks of directions (15 here,
  // then a last block of 3) and the value path sorts bucket by bucket. Every bit of a direction's value
  // equals the plain computation: Eigen's product for the projections (from 2 directions on, the same
  // bits as the blocks'), std::sort, and the rank-order sum (tests directions of both blocks).
  void sharedBlocksGiveThePlainValueBitForBit() {
    Rng rng = makeRng(13);
    const Eigen::Index n = 4'200'000;  // n + m = 8.4e6 > 2^23
    const Points X = gaussian(n, 3, 0, rng), Y = gaussian(n, 3, 0.5, rng, true);
    const Points theta = randomDirections(18, 3, rng);
    const SlicedResult r = slicedW2Squared(X, Y, theta);
    for (const Eigen::Index j : {Eigen::Index(0), Eigen::Index(14), Eigen::Index(15), Eigen::Index(16)}) {
      const Points pair = theta.middleRows(j, 2);  // two directions: Eigen's GEMM, not its matrix-vector product
      Points u = pair * X.transpose(), v = pair * Y.transpose();
      QVERIFY2(r.perDirection[j] == plainValue(u.row(0), v.row(0)), qPrintable(QString("direction %1").arg(j)));
    }
  }

  // A direction's value does not depend on the block it falls in: the last block of k = 17 (blocks of
  // 16) holds one direction, which gets the bits it has in a block of two (k = 18), and so does k = 1.
  // Below 2^17 points (the LSD sort, with gradients too) and above (the projection's top digits).
  void aBlockOfOneDirectionGivesTheSameBits() {
    Rng rng = makeRng(15);
    for (const Eigen::Index n : {Eigen::Index(3000), Eigen::Index(300'000)}) {
      const Points X = gaussian(n, 8, 0, rng), Y = gaussian(n, 8, 0.5, rng), theta = randomDirections(18, 8, rng);
      const SlicedResult last = slicedW2Squared(X, Y, theta.topRows(17)), inPair = slicedW2Squared(X, Y, theta);
      QVERIFY2(last.perDirection[16] == inPair.perDirection[16], qPrintable(QString("n = %1, k = 17").arg(n)));
      const SlicedResult one = slicedW2Squared(X, Y, theta.topRows(1));
      QVERIFY2(one.perDirection[0] == inPair.perDirection[0], qPrintable(QString("n = %1, k = 1").arg(n)));
      if (n > 3000) continue;  // with gradients (its value divides by n where the value path multiplies by 1/n)
      const SlicedResult lastWithGradients = slicedW2SquaredWithGradients(X, Y, theta.topRows(17)),
                         inPairWithGradients = slicedW2SquaredWithGradients(X, Y, theta);
      QVERIFY(lastWithGradients.perDirection[16] == inPairWithGradients.perDirection[16]);
      QVERIFY(lastWithGradients.gradX.isApprox(inPairWithGradients.gradX * 18.0 / 17.0 -
                                               slicedW2SquaredWithGradients(X, Y, theta.bottomRows(1)).gradX / 17.0,
                                               1e-12));
    }
  }

  void badInputThrows() {
    Points X = Points::Zero(3, 2), Y = Points::Zero(3, 3), theta = Points::Ones(2, 2), empty(0, 2);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, slicedW2Squared(X, Y, theta));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, slicedW2Squared(empty, X, theta));
    Points Xn = X;
    Xn(0, 0) = std::nan("");
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, slicedW2Squared(Xn, X, theta));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, slicedW2Squared(X, X, theta, {-1.0, 0}));
    Rng rng = makeRng(1);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, randomDirections(0, 3, rng));
  }

  // The points' finiteness is found by the projection passes: a NaN or ±inf anywhere in either set,
  // with or without gradients, is refused with the message naming that set, whichever block finds it.
  void nonFinitePointsAreRefused() {
    Rng rng = makeRng(11);
    const Points X = gaussian(5000, 8, 0, rng), Y = gaussian(4001, 8, 1, rng);
    const Points theta = randomDirections(40, 8, rng);
    for (const bool gradients : {false, true})
      for (const double bad : {std::nan(""), std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity()})
        for (const bool inY : {false, true})
          for (const Eigen::Index i : {Eigen::Index(0), Eigen::Index(2000), Eigen::Index(3999)}) {
            Points Xb = X, Yb = Y;
            (inY ? Yb : Xb)(i, 7) = bad;
            QString message;
            try {
              if (gradients) slicedW2SquaredWithGradients(Xb, Yb, theta);
              else slicedW2Squared(Xb, Yb, theta);
            } catch (const InvalidArgument& e) {
              message = e.what();
            }
            QCOMPARE(message, QString(inY ? "the second point set contains NaN or infinite values"
                                          : "the first point set contains NaN or infinite values"));
          }
  }
};

QTEST_APPLESS_MAIN(TestSlicedWasserstein)
#include "tst_sliced_wasserstein.moc"
