// Tests of engine/data/pca.h: variances against the SVD of the centred data (a different
// algorithm), orthonormal components, exact round trip at full rank, bad input.
#include "core/types.h"  // first: includes Eigen without GCC 12's false AVX-512 warnings

#include <QtTest>

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

#include "core/error.h"
#include "core/rng.h"
#include "data/pca.h"

using namespace dpw;

class TestPca : public QObject {
  Q_OBJECT
 private slots:
  void matchesSvd() {
    Rng rng = makeRng(4);
    const Points A = standardNormal(6, 6, rng);
    const Points X = (standardNormal(500, 6, rng) * A).array() + 3.0;  // correlated, shifted
    const Pca pca = fitPca(X, 3);
    const Eigen::MatrixXd centred = X.rowwise() - X.colwise().mean();
    Eigen::JacobiSVD<Eigen::MatrixXd> svd(centred, Eigen::ComputeThinV);
    for (int c = 0; c < 3; ++c) {
      const double expected = svd.singularValues()[c] * svd.singularValues()[c] / 500.0;
      QVERIFY(std::abs(pca.variances[c] - expected) < 1e-10 * expected);  // eigen vs SVD rounding
      QVERIFY(std::abs(std::abs(pca.components.col(c).dot(svd.matrixV().col(c))) - 1) < 1e-8);
    }
    QVERIFY((pca.components.transpose() * pca.components - Eigen::MatrixXd::Identity(3, 3)).norm() < 1e-12);
    const Pca full = fitPca(X, 6);
    QVERIFY((full.decode(full.encode(X)) - X).norm() < 1e-10 * X.norm());
  }
  void cancellationCheckKeepsTheFit() {
    // n spans several row blocks of the covariance accumulation (kPcaRowBlock).
    Rng rng = makeRng(9);
    const Points A = standardNormal(20, 20, rng);
    const Eigen::Index n = 2 * kPcaRowBlock + 123;
    const Points X = (standardNormal(n, 20, rng) * A).array() + 0.5;
    long asked = 0;
    const Pca checked = fitPca(X, 5, [&] { return ++asked < 0; });  // never true
    const Pca plain = fitPca(X, 5);
    QVERIFY(asked >= 3);  // asked between blocks
    QCOMPARE(checked.variances, plain.variances);  // bit for bit: the predicate changes nothing
    QCOMPARE(checked.components, plain.components);
    QCOMPARE(checked.mean, plain.mean);
    // The blocked fit against one rank update over all rows (the fit before blocking): the same
    // eigen-decomposition up to rounding (C differs by a few ulps; the eigenvalues are well separated,
    // so values and directions move by ~1e-15 relative; 1e-12 leaves room for any BLAS order).
    const Eigen::MatrixXd centred = X.rowwise() - X.colwise().mean();
    Eigen::MatrixXd C = Eigen::MatrixXd::Zero(20, 20);
    C.selfadjointView<Eigen::Lower>().rankUpdate(centred.transpose(), 1.0 / double(n));
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(C.selfadjointView<Eigen::Lower>());
    for (int c = 0; c < 5; ++c) {
      const double expected = solver.eigenvalues()[19 - c];
      QVERIFY(std::abs(plain.variances[c] - expected) < 1e-12 * expected);
      QVERIFY(std::abs(std::abs(plain.components.col(c).dot(solver.eigenvectors().col(19 - c))) - 1) < 1e-12);
    }
    // A predicate that answers true stops the fit with Cancelled.
    QVERIFY_THROWS_EXCEPTION(Cancelled, fitPca(X, 5, [] { return true; }));
  }
  void badInputThrows() {
    Rng rng = makeRng(1);
    const Points X = standardNormal(10, 4, rng);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fitPca(X, 0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fitPca(X, 5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fitPca(X.topRows(1), 1));
  }
};

QTEST_APPLESS_MAIN(TestPca)
#include "tst_pca.moc"
