// Tests of engine/flow/frechet_features.h: the Fréchet distance against its closed forms and
// the public LDA feature map's defining property.
#include <QtTest>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/rng.h"
#include "flow/frechet_features.h"

using namespace dpw;

class TestFrechetFeatures : public QObject {
  Q_OBJECT
 private slots:
  // FD(A, s A + c) = ‖(s − 1) m + c‖² + (1 − s)² tr(C) exactly (the covariances commute), for sample
  // mean m and covariance C of A; FD is symmetric although its formula is not (a non-commuting pair);
  // FD(A, A) = 0. 1e-9: sums of 2000 squares of O(1) numbers and a 5 x 5 eigen-decomposition.
  void closedForms() {
    Rng rng = makeRng(8, 0);
    Points A = standardNormal(2000, 5, rng);
    A.col(0) *= 3;
    A.col(1) += A.col(2);
    const Eigen::RowVectorXd c = Eigen::RowVectorXd::LinSpaced(5, -1, 1);
    const double s = 1.7;
    const Points B = (s * A).rowwise() + c;
    const Eigen::RowVectorXd m = A.colwise().mean();
    const Eigen::MatrixXd Z = A.rowwise() - m;
    const double trC = (Z.transpose() * Z).trace() / 1999.0;
    const double expected = ((s - 1) * m + c).squaredNorm() + (1 - s) * (1 - s) * trC;
    QVERIFY2(std::abs(frechetDistance(A, B) - expected) < 1e-9 * expected,
             qPrintable(QString("%1 vs %2").arg(frechetDistance(A, B)).arg(expected)));
    QVERIFY(std::abs(frechetDistance(A, A)) < 1e-9);
    Points D = standardNormal(1500, 5, rng);
    D.col(3) += 2 * D.col(4);
    QVERIFY(std::abs(frechetDistance(A, D) - frechetDistance(D, A)) < 1e-9);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, frechetDistance(A.topRows(1), D));
    QVERIFY_THROWS_EXCEPTION(InternalError, frechetDistance(A, D.leftCols(3)));  // one feature map: a bug
  }
  // The LDA map whitens the pooled within-class covariance: the features' within-class residuals
  // have covariance I (to 1e-9, a 3 x 3 eigen-decomposition), and the overall feature mean is 0.
  void featureMapWhitensWithinClass() {
    Rng rng = makeRng(9, 0);
    Points X = standardNormal(3000, 3, rng);
    X.col(1) = 0.5 * X.col(1) + 0.3 * X.col(0);
    std::vector<int> labels(3000);
    for (Eigen::Index i = 0; i < 3000; ++i) {
      labels[std::size_t(i)] = int(i % 3);
      X(i, 0) += 2.0 * double(i % 3);
    }
    const PublicFeatureMap f = fitPublicFeatureMap(X, labels);
    const Points F = f.apply(X);
    QVERIFY(F.colwise().mean().norm() < 1e-9);
    Eigen::MatrixXd S = Eigen::MatrixXd::Zero(3, 3);
    for (int c = 0; c < 3; ++c) {
      Points Fc(1000, 3);
      for (Eigen::Index i = 0; i < 1000; ++i) Fc.row(i) = F.row(3 * i + c);
      const Eigen::MatrixXd Z = Fc.rowwise() - Fc.colwise().mean();
      S += Z.transpose() * Z;
    }
    S /= 2997.0;
    QVERIFY2((S - Eigen::MatrixXd::Identity(3, 3)).norm() < 1e-9, qPrintable(QString::number((S - Eigen::MatrixXd::Identity(3, 3)).norm())));
    QVERIFY_THROWS_EXCEPTION(InternalError, fitPublicFeatureMap(X, std::vector<int>(10, 0)));  // the loader pairs them
  }
};

QTEST_APPLESS_MAIN(TestFrechetFeatures)
#include "tst_frechet_features.moc"
