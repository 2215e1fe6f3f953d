// Tests of engine/data/pca.h: variances against the SVD of the centred data (a different
// algorithm), orthonormal components, exact round trip at full rank, bad input.
#include "core/types.h"  // first: includes Eigen without GCC 12's false AVX-512 warnings

#include <QtTest>

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
