// Tests of engine/fair_regression/least_squares_scores.h: the fit against numpy's lstsq on real data,
// exact recovery, degenerate columns, the split, and bad input.
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>
#include <random>

#include "core/error.h"
#include "data/communities_crime.h"
#include "data/law_school.h"
#include "fair_regression/least_squares_scores.h"
#include "methods/fair_regression.h"
#include "support/matrix_io.h"
#include "support/reference_python.h"
#include "support/throws_with.h"

using namespace dpw;

class TestLeastSquaresScores : public QObject {
  Q_OBJECT
 private slots:
  // Communities: 1994 rows x 101 features, well conditioned enough that QR (ours) and SVD (numpy)
  // agree to rounding: predictions are compared, 1e-11 absolute on targets in [0, 1] (the solvers'
  // backward errors are ~1e-14; the condition number of the standardised design is ~1e4).
  void matchesNumpyOnCommunities() {
    const auto c = loadCommunitiesCrime(QString(DPW_SOURCE_DIR "/resources/data/communities.data").toStdString());
    const GroupedScores& d = c.data;
    QCOMPARE(d.features.cols(), Eigen::Index(101));
    QCOMPARE(d.imputedFeatureCells, 0L);
    const LeastSquaresFit fit = fitLeastSquares(d.features, d.scores);
    QTemporaryDir dir;
    dpwtest::writeMatrix(dir.filePath("X.txt"), d.features);
    dpwtest::writeVector(dir.filePath("y.txt"), Eigen::Map<const Vector>(d.scores.data(), Eigen::Index(d.size())));
    const QJsonObject ref =
        dpwtest::runReferenceScript("least_squares_reference.py", {dir.filePath("X.txt"), dir.filePath("y.txt")});
    const QJsonArray coef = ref["coefficients"].toArray();
    QCOMPARE(coef.size(), 101);
    double worst = 0;
    for (Eigen::Index i = 0; i < d.features.rows(); ++i) {
      double refPred = ref["intercept"].toDouble();
      for (int j = 0; j < 101; ++j) refPred += coef[j].toDouble() * d.features(i, j);
      worst = std::max(worst, std::abs(fit.predict(d.features.row(i)) - refPred));
    }
    qInfo("Communities OLS: fit MSE %.10f (numpy %.10f), worst prediction difference %.2e", fit.fitMse,
          ref["fit_mse"].toDouble(), worst);
    QVERIFY(worst < 1e-11);
    QVERIFY(std::abs(fit.fitMse - ref["fit_mse"].toDouble()) < 1e-12);
  }

  void lawHasItsFeatures() {
    const GroupedScores d = loadLawSchool(QString(DPW_SOURCE_DIR "/resources/data/bar_pass_prediction.csv").toStdString());
    QCOMPARE(d.size(), std::size_t(21983));  // unchanged by the features
    QCOMPARE(d.features.cols(), Eigen::Index(5));
    QCOMPARE(d.imputedFeatureCells, 406L);  // male 4 + fulltime 33 + fam_inc 281 + age 88
    QVERIFY(d.features.allFinite());
  }

  // y = 2 + 3 x1 − x2 exactly; a duplicated and a constant column must not disturb the predictions.
  void recoversAnExactLinearModelWithDegenerateColumns() {
    Rng rng = makeRng(3);
    std::normal_distribution<double> g;
    Points X(200, 4);
    std::vector<double> y(200);
    for (int i = 0; i < 200; ++i) {
      X(i, 0) = g(rng), X(i, 1) = 100 * g(rng), X(i, 2) = X(i, 0), X(i, 3) = 7.0;
      y[i] = 2 + 3 * X(i, 0) - 0.01 * X(i, 1);
    }
    const LeastSquaresFit fit = fitLeastSquares(X, y);
    QCOMPARE(fit.coefficients(3), 0.0);  // constant column left out
    QVERIFY(std::abs(fit.coefficients(0) + fit.coefficients(2) - 3) < 1e-10);
    QVERIFY(std::abs(fit.coefficients(1) + 0.01) < 1e-12);
    for (int i = 0; i < 200; ++i) QVERIFY(std::abs(fit.predict(X.row(i)) - y[i]) < 1e-10);
    QVERIFY(fit.fitMse < 1e-20);
  }

  void splitsRowsAndKeepsTargets() {
    const GroupedScores d = syntheticGroupedScores(600, 3, 5);
    Rng rng = makeRng(1);
    const RegressorScores r = leastSquaresScores(d, 0.25, rng);
    QCOMPARE(std::size_t(r.fitRows) + r.data.size(), d.size());
    QCOMPARE(r.fitRows, long(std::ceil(0.25 * double(d.size()))));
    QCOMPARE(r.data.targets.size(), r.data.size());
    long clipped = 0;
    for (std::size_t i = 0; i < r.data.size(); ++i) {
      QVERIFY(r.data.scores[i] >= d.lo && r.data.scores[i] <= d.hi);
      if (r.data.scores[i] == d.lo || r.data.scores[i] == d.hi) ++clipped;
    }
    QCOMPARE(clipped, r.clippedLow + r.clippedHigh);
    // The synthetic feature is the score plus N(0, 0.1²) noise: the regressor's error is near 0.01.
    QVERIFY(r.fit.fitMse > 0.005 && r.fit.fitMse < 0.012);
  }

  void rawMseIsTheRegressorsErrorAndZeroForTargets() {
    CollectingObserver obs;
    FairRegressionSettings s;
    s.seeds = 3;
    s.bins = 12;
    const RunResult targets = runFairRegression(s, 1, obs);
    QCOMPARE(targets.metrics.at("raw_mse_mean"), 0.0);
    s.leastSquaresScores = true;
    const RunResult lsq = runFairRegression(s, 1, obs);
    QVERIFY(lsq.metrics.at("raw_mse_mean") > 0.005 && lsq.metrics.at("raw_mse_mean") < 0.015);
    QVERIFY(lsq.metrics.at("mse_mean") > lsq.metrics.at("raw_mse_mean"));  // fairness costs accuracy here
    QVERIFY(lsq.metrics.at("ks_mean") < lsq.metrics.at("raw_ks_mean"));
    QCOMPARE(lsq.metrics.at("regressor_rows"), std::ceil(0.3 * (2000 + 1000 + 666)));
  }

  void badInputIsRefused() {
    GroupedScores d = syntheticGroupedScores(50, 2, 1);
    Rng rng = makeRng(1);
    QVERIFY(dpwtest::throwsWith([&] { leastSquaresScores(d, 0.0, rng); }, "regressor_fraction must lie in (0, 1)"));
    d.features.resize(0, 0);
    d.featureNames.clear();
    QVERIFY(dpwtest::throwsWith([&] { leastSquaresScores(d, 0.3, rng); }, "has no feature columns"));
    Points X(2, 3);
    X.setOnes();
    QVERIFY(dpwtest::throwsWith([&] { fitLeastSquares(X, {1.0, 2.0}); }, "too few"));
    FairRegressionSettings s;
    s.dataset = FairRegressionData::Csv;
    s.dataPath = QString(DPW_SOURCE_DIR "/resources/data/bar_pass_prediction.csv").toStdString();
    s.scoreColumn = "ugpa";
    s.groupColumn = "race1";
    s.lo = 1, s.hi = 4;
    s.leastSquaresScores = true;
    QVERIFY(dpwtest::throwsWith([&] { loadFairRegressionData(s, 0); }, "need feature_columns"));
    s.featureColumns = {"lsat", "race2"};
    QVERIFY(dpwtest::throwsWith([&] { loadFairRegressionData(s, 0); }, "race2"));
  }
};

QTEST_APPLESS_MAIN(TestLeastSquaresScores)
#include "tst_least_squares_scores.moc"
