// The membership attack's closed forms (engine/teaching/membership_inference.h): the threshold attack's TPR and FPR
// against 10⁶ Gaussian draws each (within 4 standard errors); the ROC as the f-DP curve 1 − G_μ (the parametric pair
// (FPR(t), TPR(t)) lies on it to 1e-12); the largest advantage at t = Δ/2 equal to 2Φ(μ/2) − 1 and no threshold doing
// better; the (ε, δ) advantage bound equal to the region's largest TPR − FPR (fine grid, to 1e-6); the Gaussian
// calibrated for (ε, δ) inside that region; the measured advantage on small hand-made score lists.
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/rng.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/mechanisms/mechanisms.h"
#include "teaching/membership_inference.h"

using namespace dpw;

class TestMembershipInference : public QObject {
  Q_OBJECT
 private slots:
  void ratesMatchTheDraws() {
    const double sigma = 3.7306, t = 0.5;
    const long n = 1000000;
    std::vector<double> in(std::size_t(n), 1.0), out(std::size_t(n), 0.0);
    Rng rng = makeRng(40);
    Mechanism::gaussianStd(sigma).addTo(in, rng);
    Mechanism::gaussianStd(sigma).addTo(out, rng);
    std::sort(in.begin(), in.end());
    std::sort(out.begin(), out.end());
    const double tpr = attackTruePositiveRate(sigma, 1, t), fpr = attackFalsePositiveRate(sigma, t);
    QVERIFY(std::abs(tpr - normalCdf(0.5 / sigma)) < 1e-15);  // Φ((1 − ½)/σ)
    QVERIFY(std::abs(fpr - normalCdf(-0.5 / sigma)) < 1e-15);
    const double se = std::sqrt(0.25 / double(n));
    QVERIFY2(std::abs(shareAbove(in, t) - tpr) < 4 * se, qPrintable(QString("%1 vs %2").arg(shareAbove(in, t)).arg(tpr)));
    QVERIFY(std::abs(shareAbove(out, t) - fpr) < 4 * se);
    QVERIFY(std::abs(measuredAdvantage(in, out) - gaussianAttackAdvantage(1 / sigma)) < 8 * se);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, attackTruePositiveRate(0, 1, t));
  }

  void rocIsTheFdpCurveAndHalfIsBest() {
    for (double sigma : {0.5, 1.0, 3.7306}) {
      const double mu = 1 / sigma;
      double bestAdv = 0;
      for (int k = -400; k <= 400; ++k) {
        const double t = 0.5 + k * sigma / 50;
        const double tpr = attackTruePositiveRate(sigma, 1, t), fpr = attackFalsePositiveRate(sigma, t);
        QVERIFY(std::abs(gaussianRocTpr(mu, fpr) - tpr) < 1e-12);
        bestAdv = std::max(bestAdv, tpr - fpr);
      }
      const double half = attackTruePositiveRate(sigma, 1, 0.5) - attackFalsePositiveRate(sigma, 0.5);
      QVERIFY(std::abs(half - gaussianAttackAdvantage(mu)) < 1e-14);
      QVERIFY(bestAdv <= gaussianAttackAdvantage(mu) + 1e-15);
    }
    QCOMPARE(gaussianRocTpr(1, 0), 0.0);
    QCOMPARE(gaussianRocTpr(1, 1), 1.0);
  }

  void advantageBoundIsTheRegionsLargestGap() {
    for (const auto& [eps, delta] : {std::pair{1.0, 1e-5}, std::pair{0.1, 0.0}, std::pair{4.0, 0.01}}) {
      double best = 0;
      for (int k = 0; k <= 1000000; ++k) {
        const double a = k / 1e6;
        best = std::max(best, epsilonDeltaTprBound(eps, delta, a) - a);
      }
      QVERIFY2(std::abs(best - epsilonDeltaAdvantageBound(eps, delta)) < 1e-6,
               qPrintable(QString("%1 vs %2").arg(best).arg(epsilonDeltaAdvantageBound(eps, delta))));
    }
    QVERIFY(std::abs(epsilonDeltaAdvantageBound(1, 0) - std::tanh(0.5)) < 1e-15);  // (e − 1)/(e + 1)
  }

  // The Gaussian calibrated for (ε, δ) is (ε, δ)-DP: its best attack stays inside the region.
  void calibratedGaussianStaysInsideTheRegion() {
    for (double eps : {0.25, 1.0, 4.0}) {
      const double mu = gdpMuFor(eps, 1e-5);
      for (int k = 0; k <= 1000; ++k) {
        const double a = k / 1000.0;
        QVERIFY(gaussianRocTpr(mu, a) <= epsilonDeltaTprBound(eps, 1e-5, a) + 1e-12);
      }
      QVERIFY(gaussianAttackAdvantage(mu) < epsilonDeltaAdvantageBound(eps, 1e-5));
    }
  }

  void measuredAdvantageOnKnownScores() {
    const std::vector<double> in{2, 3, 4, 5}, out{0, 1, 2, 3};
    QCOMPARE(shareAbove(in, 3), 0.5);
    QCOMPARE(shareAbove(out, -1), 1.0);
    QCOMPARE(measuredAdvantage(in, out), 0.5);  // t = 3: TPR ½, FPR 0; t = 2 (or 1): ¾ − ¼
    const std::vector<double> apart{10, 11}, below{0, 1};
    QCOMPARE(measuredAdvantage(apart, below), 1.0);
    QCOMPARE(measuredAdvantage(below, apart), 0.0);  // the attack never does worse than "always in"
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, measuredAdvantage({}, below));
  }
};

QTEST_GUILESS_MAIN(TestMembershipInference)
#include "tst_membership_inference.moc"
