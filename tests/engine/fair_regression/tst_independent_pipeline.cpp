// The whole fair-regression pipeline against an independent re-implementation of reference §3
// (tests/reference/fair_regression_reference.py: numpy + scipy's HiGHS LP, written from the text
// only), on Communities & Crime, k = 12, α = 0, 200 seeds each, ε ∈ {∞, 0.5, 0.1}.
//
// The two use different random splits and noise, so their means are compared with the two-sample
// band 3·√(sd_ours²/200 + sd_ref²/200). This is the check behind the one published cell we miss
// (tst_published_tables.cpp): at ε = 0.5 and 0.1 the published Communities MSEs (0.01769, 0.01549)
// lie below what the algorithm as described gives, here and in the independent implementation alike
// (1000 seeds: 0.01872 and 0.01852).
#include <QJsonObject>
#include <QtTest>
#include <cmath>

#include "data/communities_crime.h"
#include "fair_regression/fair_sweep.h"
#include "support/reference_python.h"

using namespace dpw;

class TestIndependentPipeline : public QObject {
  Q_OBJECT
 private slots:
  void communitiesAgreesWithIndependentImplementation() {
    constexpr int seeds = 200;
    const QJsonObject ref = dpwtest::runReferenceScript(
        "fair_regression_reference.py", {DPW_SOURCE_DIR "/resources/data", "12", "0", QString::number(seeds), "inf", "0.5", "0.1"});
    FairSweepSettings s;
    s.alphas = {0.0};
    s.bins = {12};
    s.epsilons = {std::numeric_limits<double>::infinity(), 0.5, 0.1};
    s.mechanism = NoiseMechanism::Laplace;  // the reference's mechanism
    s.seeds = seeds;
    s.testFraction = 0.3;
    s.baseline = false;
    const FairSweepResult r =
        runFairSweep(loadCommunitiesCrime(std::string(DPW_SOURCE_DIR) + "/resources/data/communities.data").data, s);
    const char* keys[] = {"inf", "0.5", "0.1"};
    for (std::size_t e = 0; e < 3; ++e) {
      const QJsonObject x = ref[keys[e]].toObject();
      const auto check = [&](const char* what, const MeanStd& ours, double refMean, double refStd) {
        const double band = 3 * std::sqrt((ours.std * ours.std + refStd * refStd) / seeds);
        const QString label = QString("ε = %1 %2: ours %3 (sd %4), independent %5 (sd %6), band %7")
                                  .arg(keys[e], what)
                                  .arg(ours.mean, 0, 'f', 6)
                                  .arg(ours.std, 0, 'f', 6)
                                  .arg(refMean, 0, 'f', 6)
                                  .arg(refStd, 0, 'f', 6)
                                  .arg(band, 0, 'f', 6);
        qInfo("%s", qPrintable(label));
        QVERIFY2(std::abs(ours.mean - refMean) <= band, qPrintable(label));
      };
      check("mse", r.cell(0, e, 0).mse, x["mse_mean"].toDouble(), x["mse_std"].toDouble());
      check("ks", r.cell(0, e, 0).ks, x["ks_mean"].toDouble(), x["ks_std"].toDouble());
    }
  }
};

QTEST_APPLESS_MAIN(TestIndependentPipeline)
#include "tst_independent_pipeline.moc"
