// Per-example clipping (engine/teaching/gradient_clipping.h): known vectors clipped into the ball; the logistic
// gradient against central finite differences (1e-7); no bias once C ≥ the longest gradient; the bias of two
// known gradients by hand; the noise's root mean squared length √2 σ C / B against 10⁵ draws (4 standard errors);
// the best C no worse than every C of a fine grid; the lesson's batch as documented.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/rng.h"
#include "privacy/mechanisms/mechanisms.h"
#include "teaching/gradient_clipping.h"

using namespace dpw;

class TestGradientClipping : public QObject {
  Q_OBJECT
 private slots:
  void clipsKnownVectors() {
    const Vec2 a = clipToBall({3, 4}, 1);
    QVERIFY(std::abs(a[0] - 0.6) < 1e-15 && std::abs(a[1] - 0.8) < 1e-15);
    QCOMPARE(clipToBall({0.3, 0.4}, 1), (Vec2{0.3, 0.4}));
    QCOMPARE(clipToBall({3, 4}, 5), (Vec2{3, 4}));
    QCOMPARE(clipToBall({0, 0}, 1), (Vec2{0, 0}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, clipToBall({1, 1}, 0));
    // Two gradients, one clipped: mean of (3, 4)→(0.6, 0.8) and (0, 0.5) against the mean of the raw ones.
    const std::vector<Vec2> g{{3, 4}, {0, 0.5}};
    const Vec2 m = meanGradient(g, 1), raw = meanGradient(g);
    QVERIFY(std::abs(m[0] - 0.3) < 1e-15 && std::abs(m[1] - 0.65) < 1e-15);
    QVERIFY(std::abs(raw[0] - 1.5) < 1e-15 && std::abs(raw[1] - 2.25) < 1e-15);
    QVERIFY_THROWS_EXCEPTION(InternalError, meanGradient(std::span<const Vec2>{}));  // the lesson's B >= 2: a bug
    QVERIFY(std::abs(clippingBias(g, 1) - std::hypot(1.2, 1.6)) < 1e-14);  // ½ ‖(3, 4) − (0.6, 0.8)‖ = ½ ‖(2.4, 3.2)‖ = 2
    QCOMPARE(clippingBias(g, 5), 0.0);
  }

  void logisticGradientIsTheDerivative() {
    const Vec2 w{0.3, -0.7}, x{1.5, 2.0};
    for (double y : {1.0, -1.0}) {
      const auto loss = [&](const Vec2& v) { return std::log1p(std::exp(-y * (v[0] * x[0] + v[1] * x[1]))); };
      const Vec2 g = logisticGradient(w, x, y);
      const double h = 1e-6;
      for (int k = 0; k < 2; ++k) {
        Vec2 up = w, down = w;
        up[std::size_t(k)] += h, down[std::size_t(k)] -= h;
        QVERIFY(std::abs((loss(up) - loss(down)) / (2 * h) - g[std::size_t(k)]) < 1e-7);
      }
    }
  }

  void noiseHasTheStatedLength() {
    const double sigma = 4, clip = 0.5;
    const long batch = 20, n = 100000;
    std::vector<double> z(2 * std::size_t(n), 0.0);
    Rng rng = makeRng(7);
    Mechanism::gaussianStd(sigma * clip).addTo(z, rng);
    double sq = 0, sq2 = 0;
    for (long i = 0; i < n; ++i) {
      const double l2 = (z[2 * std::size_t(i)] * z[2 * std::size_t(i)] + z[2 * std::size_t(i) + 1] * z[2 * std::size_t(i) + 1]) / (batch * batch);
      sq += l2, sq2 += l2 * l2;
    }
    const double mean = sq / double(n), se = std::sqrt((sq2 / double(n) - mean * mean) / double(n));
    const double closed = stepNoiseRms(sigma, clip, batch);
    QVERIFY(std::abs(closed - std::sqrt(2.0) * 4 * 0.5 / 20) < 1e-15);
    QVERIFY2(std::abs(mean - closed * closed) < 4 * se, qPrintable(QString("%1 vs %2").arg(mean).arg(closed * closed)));
  }

  void bestClipBeatsTheGrid() {
    Rng rng = makeRng(9);
    std::vector<Vec2> xs;
    std::vector<double> ys;
    lessonBatch(20, 2, rng, xs, ys);
    QCOMPARE(xs.size(), std::size_t(20));
    QCOMPARE(ys[19], 1.0);  // the outliers, last, mislabeled +1 around (−3, 3)
    QVERIFY(xs[19][0] < -1 && xs[19][1] > 1);
    std::vector<Vec2> g;
    for (std::size_t i = 0; i < xs.size(); ++i) g.push_back(logisticGradient({0, 0}, xs[i], ys[i]));
    for (double sigma : {0.5, 4.0}) {
      const double best = bestStepClip(g, sigma), err = stepRmsError(g, best, sigma);
      for (int k = 1; k <= 5000; ++k) QVERIFY(err <= stepRmsError(g, 3.0 * k / 5000, sigma) + 1e-12);
    }
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, lessonBatch(4, 3, rng, xs, ys));
  }
};

QTEST_GUILESS_MAIN(TestGradientClipping)
#include "tst_gradient_clipping.moc"
