// Randomized response (engine/privacy/mechanisms/randomized_response.h) against its closed forms: q = e^ε / (1 + e^ε)
// and the reports' likelihood ratio q / (1 − q) = e^ε; p̂ is unbiased (exactly, at the reports' mean π);
// Var(p̂) = e^ε / (n (e^ε − 1)²) for fixed people, plus p (1 − p) / n for people drawn from a population;
// and the drawn reports match both (means and variances within 4 standard errors over 20000 surveys).
#include <QtTest>
#include <cmath>
#include <vector>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/rng.h"
#include "privacy/mechanisms/randomized_response.h"

using namespace dpw;

class TestRandomizedResponse : public QObject {
  Q_OBJECT
 private slots:
  void truthProbabilityAndRatio() {
    for (double eps : {0.01, 0.5, 1.0, 3.0, 30.0}) {
      const RandomizedResponse rr(eps);
      const double q = std::exp(eps) / (1 + std::exp(eps));
      QVERIFY(std::abs(rr.truthProbability() - q) < 1e-15);
      QVERIFY(std::abs(rr.likelihoodRatioBound() / std::exp(eps) - 1) < 1e-9);
    }
    QVERIFY(RandomizedResponse(800).truthProbability() == 1.0);  // no overflow: e^800 is inf in double
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, RandomizedResponse(0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, RandomizedResponse(std::numeric_limits<double>::infinity()));
  }

  // E[r] = π, and p̂ is affine in r, so E[p̂] = unbiasedEstimate(π) = p exactly (rounding: 1e-14).
  void estimateIsUnbiasedAndVarianceIsClosedForm() {
    for (double eps : {0.2, 1.0, 4.0})
      for (double p : {0.0, 0.3, 0.9}) {
        const RandomizedResponse rr(eps);
        QVERIFY(std::abs(rr.unbiasedEstimate(rr.yesReportProbability(p)) - p) < 1e-12);
        const double e = std::exp(eps), n = 250;
        QVERIFY(std::abs(rr.estimateVariance(250) / (e / (n * (e - 1) * (e - 1))) - 1) < 1e-12);
        QVERIFY(std::abs(rr.populationEstimateVariance(p, 250) - rr.estimateVariance(250) - p * (1 - p) / n) < 1e-12);
      }
  }

  // 20000 surveys of 200 fixed people (60 yes) at ε = 0.7: the mean of p̂ within 4 standard errors of p = 0.3, its
  // variance within 4 standard errors of the closed form (relative SE of a variance: √(2/(N−1)) = 1%; the
  // estimate is a sum of 200 Bernoulli draws, near normal: its kurtosis adds < 1%).
  void drawsMatchTheClosedForms() {
    const RandomizedResponse rr(0.7);
    const long n = 200, surveys = 20000;
    std::vector<std::uint8_t> truths(n, 0), reports(n, 0);
    std::fill_n(truths.begin(), 60, std::uint8_t(1));
    Rng rng = makeRng(5);
    double s = 0, s2 = 0, truthful = 0;
    for (long k = 0; k < surveys; ++k) {
      const long yes = rr.respond(truths, reports, rng);
      long count = 0;
      for (long i = 0; i < n; ++i) count += reports[std::size_t(i)], truthful += reports[std::size_t(i)] == truths[std::size_t(i)];
      QCOMPARE(count, yes);
      const double est = rr.unbiasedEstimate(double(yes) / double(n));
      s += est, s2 += est * est;
    }
    const double mean = s / surveys, var = (s2 - surveys * mean * mean) / (surveys - 1), closed = rr.estimateVariance(n);
    QVERIFY2(std::abs(mean - 0.3) < 4 * std::sqrt(closed / surveys), qPrintable(QString::number(mean)));
    QVERIFY2(std::abs(var / closed - 1) < 4 * std::sqrt(2.0 / (surveys - 1)) + 0.01, qPrintable(QString::number(var / closed)));
    // The share of truthful reports: q within 4 standard errors (4·10⁶ Bernoulli draws).
    const double share = truthful / double(n * surveys), q = rr.truthProbability();
    QVERIFY(std::abs(share - q) < 4 * std::sqrt(q * (1 - q) / double(n * surveys)));
    std::vector<std::uint8_t> shorter(n - 1);
    QVERIFY_THROWS_EXCEPTION(InternalError, rr.respond(truths, shorter, rng));  // the spans are the engine's own
  }

  void centralLaplaceShare() {
    QVERIFY(std::abs(centralLaplaceShareStd(0.5, 100) - std::sqrt(2.0) / 50) < 1e-15);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, centralLaplaceShareStd(0, 100));
  }
};

QTEST_APPLESS_MAIN(TestRandomizedResponse)
#include "tst_randomized_response.moc"
