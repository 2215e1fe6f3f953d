// Exact discrete Laplace / discrete Gaussian samplers (CKS20 Alg. 1-3) and the OS entropy source
// (issue #8, secure-noise mode): empirical pmf, mean and variance against the exact distribution,
// replay from a seed, fresh bits from the OS (their calibrations: tests/engine/privacy/calibration/
// tst_discrete_calibration.cpp).
#include <QtTest>

#include <boost/math/distributions/chi_squared.hpp>
#include <cmath>
#include <map>

#include "core/error.h"
#include "core/rng.h"
#include "privacy/mechanisms/discrete_noise.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/mechanisms/secure_noise.h"
#include "support/throws_with.h"

using namespace dpw;

namespace {

constexpr long kDraws = 200000;

struct Fit {
  double chi2 = 0, critical = 0, mean = 0, variance = 0, tv = 0;
  int cells = 0;
};

// Chi-square of `draws` against `pmf`: one cell per integer whose expected count is ≥ 20, the two
// tails pooled into one cell each. `critical` is the 1 − 1e-4 quantile of χ²(cells − 1): a correct
// sampler exceeds it with probability 1e-4 (with a fixed seed the outcome is deterministic).
template <class Pmf>
Fit fit(const std::vector<std::int64_t>& draws, Pmf pmf) {
  std::map<std::int64_t, long> counts;
  Fit f;
  for (auto x : draws) ++counts[x], f.mean += double(x);
  f.mean /= double(draws.size());
  for (auto x : draws) f.variance += (double(x) - f.mean) * (double(x) - f.mean);
  f.variance /= double(draws.size() - 1);
  std::int64_t r = 0;
  while (pmf(r + 1) * double(draws.size()) >= 20) ++r;
  const double n = double(draws.size());
  double inside = 0;
  for (std::int64_t x = -r; x <= r; ++x) {
    const double e = pmf(x) * n, o = double(counts.count(x) ? counts[x] : 0);
    f.chi2 += (o - e) * (o - e) / e;
    f.tv += std::abs(o / n - pmf(x)) / 2;
    inside += pmf(x);
  }
  long below = 0, above = 0;
  for (auto& [x, c] : counts) {
    if (x < -r) below += c;
    if (x > r) above += c;
  }
  const double tail = (1 - inside) / 2;  // both pmfs are symmetric
  f.cells = int(2 * r + 1);
  if (tail * n >= 5) {
    for (long o : {below, above}) f.chi2 += (double(o) - tail * n) * (double(o) - tail * n) / (tail * n);
    f.cells += 2;
  }
  f.tv += (std::abs(double(below) / n - tail) + std::abs(double(above) / n - tail)) / 2;
  f.critical = boost::math::quantile(boost::math::complement(boost::math::chi_squared(f.cells - 1), 1e-4));
  return f;
}

}  // namespace

class TestDiscreteNoise : public QObject {
  Q_OBJECT
 private slots:
  // Bernoulli(exp(−γ)) frequencies within 5 binomial standard errors (a correct sampler misses with
  // probability < 1e-6); γ covers both branches of Alg. 1 (≤ 1 and > 1) and the edge γ = 0.
  void bernoulliExpMinusMatchesExp() {
    Rng rng = makeRng(11, 0);
    SeededWords w(rng);
    for (auto [num, den] : {std::pair<std::uint64_t, std::uint64_t>{0, 1}, {3, 10}, {1, 1}, {5, 2}}) {
      const long n = 100000;
      long ones = 0;
      for (long i = 0; i < n; ++i) ones += bernoulliExpMinus(num, den, w);
      const double p = std::exp(-double(num) / double(den)), se = std::sqrt(p * (1 - p) / n);
      qInfo("Bernoulli(exp(-%llu/%llu)): observed %.5f, exact %.5f", (unsigned long long)num,
            (unsigned long long)den, double(ones) / n, p);
      QVERIFY(std::abs(double(ones) / n - p) <= 5 * se + 1e-12);
    }
    QVERIFY(dpwtest::throwsInternalWith([&] { bernoulliExpMinus(1, 0, w); }, "den >= 1"));  // the samplers' own den
  }

  // Mean within 5 standard errors of 0 (SE = √(var/N)); sample variance within 3% of the exact
  // variance 2e^{−1/t}/(1 − e^{−1/t})² (the SE of a sample variance is var·√((κ − 1)/N) ≈ 0.5% for the
  // kurtosis κ ≈ 6 of a Laplace law at N = 2·10^5, so 3% is 6 SE); chi-square below its 1 − 1e-4 quantile.
  void discreteLaplaceMatchesPmf_data() {
    QTest::addColumn<qulonglong>("num");
    QTest::addColumn<qulonglong>("den");
    QTest::newRow("t = 0.7") << 7ULL << 10ULL;
    QTest::newRow("t = 3") << 3ULL << 1ULL;
    QTest::newRow("t = 2/ε at ε = 0.5 (histogram)") << qulonglong(discreteLaplaceScale(0.5, 2).num) << qulonglong(discreteLaplaceScale(0.5, 2).den);
  }
  void discreteLaplaceMatchesPmf() {
    QFETCH(qulonglong, num);
    QFETCH(qulonglong, den);
    const ExactRational scale{num, den};
    Rng rng = makeRng(5, 1);
    SeededWords w(rng);
    std::vector<std::int64_t> draws(kDraws);
    for (auto& x : draws) x = sampleDiscreteLaplace(scale, w);
    const double t = scale.value(), r = std::exp(-1 / t), var = 2 * r / ((1 - r) * (1 - r));
    const Fit f = fit(draws, [&](std::int64_t x) { return discreteLaplacePmf(x, t); });
    qInfo("discrete Laplace t = %.4f: mean %.4f, variance %.4f (exact %.4f), chi2 %.1f on %d cells (critical %.1f), TV %.4f",
          t, f.mean, f.variance, var, f.chi2, f.cells, f.critical, f.tv);
    QVERIFY(std::abs(f.mean) <= 5 * std::sqrt(var / kDraws));
    QVERIFY(std::abs(f.variance / var - 1) <= 0.03);
    QVERIFY(f.chi2 <= f.critical);
  }

  // The same checks for N_Z(0, σ²). Its variance is below σ² for small σ (CKS20 §2.1), so the reference
  // is the variance of the exact pmf, summed; kurtosis ≈ 3, so the variance's SE is ≈ 0.3% and 2% is 6 SE.
  void discreteGaussianMatchesPmf_data() {
    QTest::addColumn<qulonglong>("num");
    QTest::addColumn<qulonglong>("den");
    QTest::newRow("σ² = 0.5") << 1ULL << 2ULL;
    QTest::newRow("σ² = 4") << 4ULL << 1ULL;
    QTest::newRow("σ² = 30.25") << 121ULL << 4ULL;
    // σ ≈ 1000 with a 2^-20 denominator: 2 p q t² > 2^64, the arbitrary-precision branch.
    QTest::newRow("σ² ≈ 1000003 (big integers)") << qulonglong((1000003ULL << 20) + 12345ULL) << qulonglong(1ULL << 20);
  }
  void discreteGaussianMatchesPmf() {
    QFETCH(qulonglong, num);
    QFETCH(qulonglong, den);
    const ExactRational s2{num, den};
    Rng rng = makeRng(6, 1);
    SeededWords w(rng);
    std::vector<std::int64_t> draws(kDraws);
    for (auto& x : draws) x = sampleDiscreteGaussian(s2, w);
    double var = 0;
    const auto reach = std::int64_t(40 * std::sqrt(s2.value()) + 10);
    std::vector<double> pmfTable(std::size_t(2 * reach + 1));
    // discreteGaussianPmf sums its normaliser on every call: call it once, scale the rest by e^{−x²/(2σ²)}.
    const double p0 = discreteGaussianPmf(0, s2.value());
    for (std::int64_t x = -reach; x <= reach; ++x)
      pmfTable[std::size_t(x + reach)] = p0 * std::exp(-double(x) * double(x) / (2 * s2.value()));
    QVERIFY(std::abs(pmfTable[std::size_t(reach + 3)] / discreteGaussianPmf(3, s2.value()) - 1) < 1e-12);
    auto pmf = [&](std::int64_t x) { return std::abs(x) > reach ? 0.0 : pmfTable[std::size_t(x + reach)]; };
    for (std::int64_t x = -reach; x <= reach; ++x) var += double(x) * double(x) * pmf(x);
    const Fit f = fit(draws, pmf);
    qInfo("discrete Gaussian sigma^2 = %.4f: mean %.4f, variance %.4f (exact %.4f), chi2 %.1f on %d cells (critical %.1f), TV %.4f",
          s2.value(), f.mean, f.variance, var, f.chi2, f.cells, f.critical, f.tv);
    QVERIFY(std::abs(f.mean) <= 5 * std::sqrt(var / kDraws));
    QVERIFY(std::abs(f.variance / var - 1) <= 0.02);
    QVERIFY(f.chi2 <= f.critical);
    // The pmf itself is right: it sums to 1.
    double total = 0;
    for (std::int64_t x = -reach; x <= reach; ++x) total += pmf(x);
    QVERIFY(std::abs(total - 1) < 1e-12);
  }

  // A sampler that ignores its parameter would pass a loose test: the chi-square must reject draws of
  // N_Z(0, 4) against the pmf of N_Z(0, 4.4) (a 10% wrong variance), so the test above has power.
  void chiSquareDetectsAWrongVariance() {
    Rng rng = makeRng(6, 2);
    SeededWords w(rng);
    std::vector<std::int64_t> draws(kDraws);
    for (auto& x : draws) x = sampleDiscreteGaussian({4, 1}, w);
    const Fit f = fit(draws, [&](std::int64_t x) { return discreteGaussianPmf(x, 4.4); });
    QVERIFY(f.chi2 > f.critical);
  }

  void sameSeedSameDraws() {
    auto run = [](std::uint64_t seed) {
      Rng rng = makeRng(seed, 3);
      SeededWords w(rng);
      std::vector<std::int64_t> v;
      for (int i = 0; i < 50; ++i) v.push_back(sampleDiscreteLaplace({5, 2}, w)), v.push_back(sampleDiscreteGaussian({9, 1}, w));
      return v;
    };
    QCOMPARE(run(42), run(42));
    QVERIFY(run(42) != run(43));
  }

  // Two OS sources give different words and different noise; 100 draws of Lap_Z(10) agree by chance with
  // probability < (0.05)^100.
  void osEntropyGivesFreshDraws() {
    OsEntropy a, b;
    QVERIFY(a.next() != b.next());
    std::vector<std::int64_t> x, y;
    for (int i = 0; i < 100; ++i) x.push_back(sampleDiscreteLaplace({10, 1}, a)), y.push_back(sampleDiscreteLaplace({10, 1}, b));
    QVERIFY(x != y);
    // The OS source is a real sampler too: mean of Lap_Z(10) within 5 SE over 20000 draws.
    double mean = 0;
    const double r = std::exp(-0.1), var = 2 * r / ((1 - r) * (1 - r));
    for (int i = 0; i < 20000; ++i) mean += double(sampleDiscreteLaplace({10, 1}, a)) / 20000;
    QVERIFY(std::abs(mean) <= 5 * std::sqrt(var / 20000));
  }

  // No silent fallback: a source that cannot be read throws EntropyError.
  void osEntropyFailureIsAnError() {
    QVERIFY_THROWS_EXCEPTION(EntropyError, OsEntropy(OsEntropy::Source::DeviceOnly, "/nonexistent/urandom"));
    OsEntropy device(OsEntropy::Source::DeviceOnly, "/dev/urandom");
    QVERIFY(device.next() != device.next());
  }

  // A zero numerator or denominator is no law: the samplers refuse it.
  void samplersRefuseAZeroParameter() {
    Rng rng = makeRng(1);
    SeededWords w(rng);
    QVERIFY(dpwtest::throwsWith([&] { sampleDiscreteLaplace({0, 1}, w); }, "positive rational"));
    QVERIFY(dpwtest::throwsWith([&] { sampleDiscreteGaussian({1, 0}, w); }, "positive rational"));
  }
};

QTEST_APPLESS_MAIN(TestDiscreteNoise)
#include "tst_discrete_noise.moc"
