// Tests of engine/fair_regression/least_squares_scores.h: the fit against numpy's lstsq on real data,
// exact recovery, degenerate columns, the split, and bad input.
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <random>

#include "core/error.h"
#include "data/communities_crime.h"
#include "data/law_school.h"
#include "fair_regression/binning.h"
#include "fair_regression/fair_pipeline.h"
#include "fair_regression/least_squares_scores.h"
#include "fair_regression/private_histogram.h"
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
    QCOMPARE(long(d.features.array().isNaN().count()), 406L);  // left for the regressor to impute from its fit rows
    QVERIFY(!d.features.array().isInf().any());
    Rng rng = makeRng(2);
    const RegressorScores r = leastSquaresScores(d, 0.3, rng);
    QVERIFY(r.data.features.allFinite());
    QVERIFY(r.imputation.allFinite());
  }

  // The neighbouring-CSV probe of the regressor's data path (issue #35): two files that differ in one
  // row of the post-processed part (its fam_inc an outlier 1e6, NaN, ∞, 1e308, or missing) give scores
  // that differ in that row alone, so the joint histogram moves by at most its L1 sensitivity of 2
  // counts (private_histogram.h). With the old imputation (a column mean over all rows) the outlier
  // moved the mean, so every row with a missing fam_inc got another score, and the fit rows' imputed
  // values moved the fit and every score: measured 598 of 599 post-processed scores moved, 112 counts.
  void neighbouringRowMovesOnlyItsOwnScore() {
    QTemporaryDir dir;
    const long n = 857;
    const double fitFraction = 0.3;
    Rng pick = makeRng(9);
    const TrainTestSplit split = splitTrainTest(std::size_t(n), fitFraction, pick);  // as leastSquaresScores draws
    const std::size_t changed = split.train.front();
    auto write = [&](const QString& name, const std::string& outlier) {
      Rng rng = makeRng(4);
      std::normal_distribution<double> g;
      std::ofstream f(dir.filePath(name).toStdString());
      f << "y,g,lsat,fam_inc\n";
      for (long i = 0; i < n; ++i) {
        const double lsat = g(rng), inc = g(rng);
        const double y = std::clamp(0.5 + 0.15 * lsat + 0.1 * inc + 0.05 * g(rng), 0.0, 1.0);
        f << y << ',' << (i % 2 ? "a" : "b") << ',' << lsat << ',';
        if (std::size_t(i) == changed && !outlier.empty()) f << outlier;
        else if (i % 7 == 0) f << '?';
        else f << inc;
        f << '\n';
      }
      return dir.filePath(name).toStdString();
    };
    const GroupedScores base = loadGroupedScoresCsv(write("d.csv", ""), "y", "g", {"a", "b"}, 0, 1, {"lsat", "fam_inc"});
    Rng r0 = makeRng(9);
    const RegressorScores s0 = leastSquaresScores(base, fitFraction, r0);
    const Binning bins(0, 1, 12);
    auto counts = [&](const GroupedScores& d) {
      std::vector<int> b;
      for (double v : d.scores) b.push_back(bins.index(v));
      return Points(jointHistogram(b, d.groups, d.groupCount(), bins.bins()) * double(d.size()));
    };
    for (const char* outlier : {"1e6", "nan", "inf", "1e308", "-1e308", "?"}) {
      const GroupedScores other = loadGroupedScoresCsv(write("d2.csv", outlier), "y", "g", {"a", "b"}, 0, 1, {"lsat", "fam_inc"});
      Rng r1 = makeRng(9);
      const RegressorScores s1 = leastSquaresScores(other, fitFraction, r1);
      QCOMPARE(s1.data.size(), s0.data.size());
      long moved = 0;
      for (std::size_t i = 0; i < s0.data.size(); ++i) moved += s0.data.scores[i] != s1.data.scores[i];
      const double l1 = (counts(s0.data) - counts(s1.data)).cwiseAbs().sum();
      QVERIFY2(moved <= 1 && l1 <= 2, qPrintable(QString("%1: %2 scores moved, %3 counts").arg(outlier).arg(moved).arg(l1)));
    }
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
