// The clipped mean's closed forms (engine/teaching/clipped_mean.h) for exponential data: E[min(X, C)] = μ (1 − e^{−C/μ})
// and P[X > C] = e^{−C/μ} against 10⁶ draws (within 4 standard errors); the best bound is where the squared
// error's derivative vanishes, μ e^{−2C/μ} = 2C / (ε n)² (to 1e-6 relative), and a minimum.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "core/rng.h"
#include "teaching/clipped_mean.h"

using namespace dpw;

class TestClippedMean : public QObject {
  Q_OBJECT
 private slots:
  void clipsIntoTheInterval() {
    const std::vector<double> v{-1, 0, 2.5, 7, 1e300};
    const std::vector<double> c = clipValues(v, 3);
    QCOMPARE(c, (std::vector<double>{0, 0, 2.5, 3, 3}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, clipValues(v, -1));
  }

  void closedFormsMatchTheDraws() {
    const double mu = 3, clip = 2;
    Rng rng = makeRng(17);
    const std::vector<double> data = exponentialData(mu, 1000000, rng);
    const std::vector<double> c = clipValues(data, clip);
    double s = 0, s2 = 0, above = 0, raw = 0;
    for (std::size_t i = 0; i < c.size(); ++i) s += c[i], s2 += c[i] * c[i], above += data[i] > clip, raw += data[i];
    const double n = double(c.size()), mean = s / n, var = s2 / n - mean * mean;
    const double closed = exponentialClippedMean(mu, clip);
    QVERIFY(std::abs(closed - mu * (1 - std::exp(-clip / mu))) < 1e-12);
    QVERIFY2(std::abs(mean - closed) < 4 * std::sqrt(var / n), qPrintable(QString("%1 vs %2").arg(mean).arg(closed)));
    const double pAbove = std::exp(-clip / mu);
    QVERIFY(std::abs(above / n - pAbove) < 4 * std::sqrt(pAbove * (1 - pAbove) / n));
    QVERIFY(std::abs(raw / n - mu) < 4 * mu / std::sqrt(n));  // the data's law has mean μ (and sd μ)
    QVERIFY(std::abs(exponentialClippingBias(mu, clip) - (closed - mu)) < 1e-12);
    QCOMPARE(exponentialClippingBias(mu, 0), -mu);
  }

  void noiseAndError() {
    QVERIFY(std::abs(clippedMeanNoiseStd(10, 200) - std::sqrt(2.0) * 10 / 200) < 1e-15);
    QCOMPARE(clippedMeanRmse(3, 4), 5.0);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, clippedMeanNoiseStd(1, 0));
  }

  void bestClipIsTheStationaryPoint() {
    for (auto [mu, eps, n] : {std::tuple{10.0, 1.0, 200L}, {1.0, 0.1, 50L}, {5.0, 3.0, 100000L}}) {
      const double c = exponentialBestClip(mu, eps, n);
      const double lhs = mu * std::exp(-2 * c / mu), rhs = 2 * c / ((eps * n) * (eps * n));
      QVERIFY2(std::abs(lhs / rhs - 1) < 1e-6, qPrintable(QString("μ %1: %2 vs %3").arg(mu).arg(lhs).arg(rhs)));
      const auto rmse = [&](double x) {
        return clippedMeanRmse(exponentialClippingBias(mu, x), clippedMeanNoiseStd(x / eps, n));
      };
      QVERIFY(rmse(c) < rmse(0.99 * c) && rmse(c) < rmse(1.01 * c));
    }
  }
};

QTEST_APPLESS_MAIN(TestClippedMean)
#include "tst_clipped_mean.moc"
