// The exponential mechanism (engine/privacy/mechanisms/exponential_mechanism.h) against its closed forms: chances
// sum to 1 and their ratios are exp(ε (u_r − u_s) / 2Δ) exactly (also for utilities near 1e300 / 2: no overflow);
// one utility moved by Δ changes every chance by at most e^ε (Dwork & Roth 2014 Thm 3.10, checked on 2000 random
// votes); the tail P[shortfall ≥ (2Δ/ε)(ln k + t)] ≤ e^{−t} (Thm 3.11); report-noisy-max with Gumbel noise draws
// the same law (chi-square test, 3 degrees of freedom, 200000 draws, rejected at p = 0.001 above 16.27).
#include <QtTest>
#include <cmath>
#include <numeric>
#include <random>

#include "core/error.h"
#include "core/rng.h"
#include "privacy/mechanisms/exponential_mechanism.h"

using namespace dpw;

class TestExponentialMechanism : public QObject {
  Q_OBJECT
 private slots:
  void chancesAreTheClosedForm() {
    const std::vector<double> u{3, 0, -2, 7.5};
    for (double eps : {0.1, 1.0, 8.0})
      for (double sens : {1.0, 2.5}) {
        const auto p = exponentialMechanismProbabilities(u, eps, sens);
        QVERIFY(std::abs(std::accumulate(p.begin(), p.end(), 0.0) - 1) < 1e-15);
        for (std::size_t r = 0; r < u.size(); ++r)
          for (std::size_t s = 0; s < u.size(); ++s)
            QVERIFY(std::abs(p[r] / p[s] / std::exp(eps * (u[r] - u[s]) / (2 * sens)) - 1) < 1e-12);
      }
    const auto big = exponentialMechanismProbabilities(std::vector<double>{1e300, 1e300}, 1, 1);
    QCOMPARE(big[0], 0.5);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, exponentialMechanismProbabilities(std::vector<double>{}, 1, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, exponentialMechanismProbabilities(std::vector<double>{1, NAN}, 1, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, exponentialMechanismProbabilities(std::vector<double>{1, 2}, 0, 1));
  }

  void neighboursStayWithinEToTheEpsilon() {
    std::mt19937_64 g(4);
    std::uniform_int_distribution<int> votes(0, 40), which(0, 5), sign(0, 1);
    double worst = 0;
    for (int trial = 0; trial < 2000; ++trial) {
      std::vector<double> u(6);
      for (double& x : u) x = votes(g);
      std::vector<double> v = u;
      v[std::size_t(which(g))] += sign(g) ? 1 : -1;
      const double eps = 0.7;
      const auto p = exponentialMechanismProbabilities(u, eps, 1), q = exponentialMechanismProbabilities(v, eps, 1);
      for (std::size_t r = 0; r < 6; ++r) worst = std::max(worst, std::abs(std::log(q[r] / p[r])));
    }
    QVERIFY2(worst <= 0.7 + 1e-12, qPrintable(QString::number(worst)));
    QVERIFY(worst > 0.3);  // and a single changed count moves the chances by a visible share of ε
  }

  void utilityTailBound() {
    const std::vector<double> u{50, 49, 45, 30, 30, 10, 0, 0};
    for (double eps : {0.05, 0.5, 2.0}) {
      const auto p = exponentialMechanismProbabilities(u, eps, 1);
      for (double t : {0.0, 1.0, 3.0}) {
        const double gap = exponentialMechanismShortfallBound(u.size(), eps, 1, t);
        QVERIFY(std::abs(gap - 2 / eps * (std::log(8.0) + t)) < 1e-12);
        double tail = 0;
        for (std::size_t r = 0; r < u.size(); ++r) tail += (50 - u[r] >= gap) ? p[r] : 0;
        QVERIFY2(tail <= std::exp(-t), qPrintable(QString("ε %1 t %2: %3").arg(eps).arg(t).arg(tail)));
      }
    }
  }

  void gumbelNoisyMaxDrawsTheSameLaw() {
    const std::vector<double> u{10, 9, 7, 2};
    const double eps = 0.8;
    const auto p = exponentialMechanismProbabilities(u, eps, 1);
    Rng rng = makeRng(21);
    const int n = 200000;
    std::vector<double> c(4, 0);
    for (int i = 0; i < n; ++i) c[reportNoisyMaxGumbel(u, eps, 1, rng)] += 1;
    double chi2 = 0;
    for (std::size_t r = 0; r < 4; ++r) chi2 += (c[r] - n * p[r]) * (c[r] - n * p[r]) / (n * p[r]);
    QVERIFY2(chi2 < 16.27, qPrintable(QString::number(chi2)));
  }
};

QTEST_APPLESS_MAIN(TestExponentialMechanism)
#include "tst_exponential_mechanism.moc"
