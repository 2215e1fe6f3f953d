// Tests of engine/privacy/mechanisms/mechanisms.h (the one noise module) and privacy/calibration/root_finding.h: replay and
// bit-compatibility of the seeded draws, moments, the secure grid law (sensitivity bound, lattice
// output, OS source), the calibrations, the shared choice lists.
#include <QtTest>
#include <cmath>
#include <cstring>
#include <vector>
#include <random>

#include "core/error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/privacy_params.h"
#include "privacy/calibration/root_finding.h"
#include "support/throws_with.h"

using namespace dpw;

namespace {
std::span<double> span(Vector& v) { return {v.data(), std::size_t(v.size())}; }
}  // namespace

class TestMechanisms : public QObject {
  Q_OBJECT
 private slots:
  // The batched polar draws equal std::normal_distribution's (libstdc++) bit for bit, and leave the
  // generator where it leaves it: odd and even lengths, several calls on one generator, tiny and large σ.
  void batchedGaussianEqualsStdNormalDistribution() {
    long compared = 0;
    for (std::uint64_t seed : {1ull, 2ull, 77ull})
      for (std::size_t n : {0ul, 1ul, 2ul, 3ul, 127ul, 128ul, 255ul, 256ul, 257ul, 1000ul, 100001ul})
        for (double sd : {1.0, 7.5408151363, 1e-300, 3e300}) {
          Rng a = makeRng(seed, n), b = makeRng(seed, n);
          BlockRng c = makeBlockRng(seed, n);
          for (int call = 0; call < 3; ++call) {
            std::vector<double> base(n + call);
            for (std::size_t i = 0; i < base.size(); ++i) base[i] = std::sin(double(i)) * (i % 3 == 0 ? -1.0 : 1.0);
            std::vector<double> expected = base, got = base;
            std::normal_distribution<double> normal(0.0, sd);
            for (double& v : expected) v += normal(a);
            addGaussianPolar(got, sd, b);
            for (std::size_t i = 0; i < got.size(); ++i)
              if (std::memcmp(&got[i], &expected[i], sizeof(double)) != 0)
                QFAIL(qPrintable(QString("seed %1 n %2 sd %3 call %4 index %5: %6 vs %7")
                                     .arg(seed).arg(n).arg(sd).arg(call).arg(i).arg(got[i], 0, 'g', 17)
                                     .arg(expected[i], 0, 'g', 17)));
            compared += long(got.size());
            std::vector<double> fromBlocks = base;
            addGaussianPolar(fromBlocks, sd, c);
            QVERIFY(expected.empty() ||  // memcmp takes no null pointer, even for 0 bytes
                    std::memcmp(fromBlocks.data(), expected.data(), expected.size() * sizeof(double)) == 0);
          }
          const std::uint64_t nextA = a(), nextB = b(), nextC = c();
          QCOMPARE(nextA, nextB);  // the generators are in the same state
          QCOMPARE(nextC, nextA);
        }
    QVERIFY(compared > 1000000);
  }

  // BlockRng (a state of words at a time) is std::mt19937_64 from the same seed sequence: 10^6 words
  // per stream, one at a time and in runs of every length across the state boundary.
  void blockRngEqualsMt19937_64() {
    for (std::uint64_t stream : {0ull, 1ull, 12345ull}) {
      Rng a = makeRng(99, stream);
      BlockRng b = makeBlockRng(99, stream);
      std::vector<std::uint64_t> run(1000);
      long compared = 0;
      for (std::size_t len = 1; compared < 1000000; len = len % 999 + 1) {
        if (len % 2) {
          b.fill(run.data(), len);
          for (std::size_t i = 0; i < len; ++i) QCOMPARE(run[i], a());
        } else {
          for (std::size_t i = 0; i < len; ++i) QCOMPARE(b(), a());
        }
        compared += long(len);
      }
    }
  }

  // Same seed, same stream: bit-identical output; another stream differs. Every law.
  void seededReplay() {
    const Vector v = Vector::LinSpaced(50, -1, 1);
    for (const Mechanism& m : {Mechanism::gaussianStd(1.0), Mechanism::laplace(1.0, 1.0),
                               Mechanism::discreteGaussianOnGrid(1.0, 1.0, 50), Mechanism::discreteLaplace(1.0, 1)}) {
      Rng a = makeRng(7, 3), b = makeRng(7, 3), c = makeRng(7, 4);
      Vector x = v, y = v, z = v;
      m.addTo(span(x), a), m.addTo(span(y), b), m.addTo(span(z), c);
      QVERIFY(x == y);
      QVERIFY(x != z);
    }
  }

  // The seeded draws are the ones the call sites made before they moved here (issue #13: published
  // seeded runs keep their numbers): one normal_distribution(0, σ) per call; b (E₁ − E₂).
  void bitCompatibleWithTheFormerDraws() {
    Rng a = makeRng(5), b = makeRng(5);
    Vector x = Vector::Constant(101, 0.25);
    Mechanism::gaussianStd(2.5).addTo(span(x), a);
    std::normal_distribution<double> normal(0.0, 2.5);
    for (Eigen::Index i = 0; i < x.size(); ++i) QCOMPARE(x[i], 0.25 + normal(b));
    Vector y = Vector::Zero(101);
    Mechanism::laplaceScale(0.4).addTo(span(y), a);
    std::exponential_distribution<double> e(1.0);
    for (Eigen::Index i = 0; i < y.size(); ++i) QCOMPARE(y[i], 0.4 * (e(b) - e(b)));
  }

  // Moments on n = 200000 draws: Gaussian variance σ², Laplace E|X| = b, Var = 2b²; the grid discrete
  // Gaussian's variance σ_Z² g² (for σ_Z ≥ 1 the discrete variance equals σ_Z² to within e^{-2π²σ_Z²}).
  // Tolerances are 5 standard errors (a false failure has probability < 1e-6; the seed is fixed anyway).
  void noiseMoments() {
    const Eigen::Index n = 200000;
    Rng rng = makeRng(11);
    Vector g = Vector::Zero(n);
    Mechanism::gaussianStd(3.0).addTo(span(g), rng);
    const double gMean = g.mean(), gVar = (g.array() - gMean).square().sum() / double(n - 1);
    QVERIFY(std::abs(gMean) < 5 * 3 / std::sqrt(double(n)));
    QVERIFY(std::abs(gVar - 9) < 5 * 9 * std::sqrt(2.0 / double(n)));
    const double b = 2.0 / 0.5;  // Δ₁ / ε
    Vector l = Vector::Zero(n);
    Mechanism::laplace(0.5, 2.0).addTo(span(l), rng);
    QVERIFY(std::abs(l.array().abs().mean() - b) < 5 * b / std::sqrt(double(n)));                // sd(|X|) = b
    QVERIFY(std::abs(l.array().square().mean() - 2 * b * b) < 5 * b * b * std::sqrt(20.0 / double(n)));  // Var(X²) = 20 b⁴
    const Mechanism grid = Mechanism::discreteGaussianOnGrid(3.0, 2.0, 4);
    Vector d = Vector::Zero(n);
    grid.addTo(span(d), rng);
    const double s2 = grid.scale() * grid.scale(), dVar = d.array().square().mean();
    QVERIFY2(std::abs(dVar - s2) < 5 * s2 * std::sqrt(2.0 / double(n)), qPrintable(QString::number(dVar / s2)));
  }

  // The grid law: g = Δ/(64 √dim), calibrated sensitivity Δ + g√dim, σ_Z² = ⌈z² 65² dim⌉ (so the noise
  // multiplier on the grid sensitivity is at least z), and the bound holds on rounded neighbours:
  // 2000 random pairs at distance exactly Δ, plus the worst case (both on half-steps, pushed apart).
  void gridSensitivityBound() {
    const double sigma = 3.0, delta2 = 2.0;
    const long dim = 70;
    const Mechanism m = Mechanism::discreteGaussianOnGrid(sigma, delta2, dim);
    const double g = delta2 / (64 * std::sqrt(70.0));
    QVERIFY(std::abs(m.gridStep() - g) < 1e-15 * g);
    QVERIFY(std::abs(m.gridSensitivity() - delta2 * (1 + 1.0 / 64)) < 1e-12);
    QCOMPARE(m.discreteParameter().num, std::uint64_t(std::ceil(1.5 * 1.5 * 65 * 65 * 70)));
    QVERIFY(m.scale() / m.gridSensitivity() >= sigma / delta2 * (1 - 1e-12));
    Rng rng = makeRng(3);
    std::normal_distribution<double> normal;
    double worst = 0;
    for (int t = 0; t < 2000; ++t) {
      Vector x(dim), dir(dim);
      for (long i = 0; i < dim; ++i) x[i] = 5 * normal(rng), dir[i] = normal(rng);
      Vector y = x + delta2 * dir / dir.norm();
      m.roundToGrid(span(x)), m.roundToGrid(span(y));
      worst = std::max(worst, (x - y).norm());
    }
    QVERIFY(worst <= m.gridSensitivity());
    // An adversarial pair: x just below the half-steps (all round down), x' moves coordinate 1 by
    // almost Δ and every other coordinate by 2η across its half-step (all round up): the rounded
    // distance exceeds the true one by about g per coordinate, the case the bound g√dim covers.
    const double eta = 1e-6 * g;
    Vector x = Vector::Constant(dim, 0.5 * g - eta), y = x.array() + 2 * eta;
    y[0] = x[0] + std::sqrt(delta2 * delta2 - (dim - 1) * 4 * eta * eta);
    const double before = (x - y).norm();
    m.roundToGrid(span(x)), m.roundToGrid(span(y));
    qInfo("grid: step %.3g, rounded distance %.6f for a true %.6f, bound Δ + g√dim = %.6f", g, (x - y).norm(), before,
          m.gridSensitivity());
    QVERIFY((x - y).norm() > before);  // the rounding did add distance
    QVERIFY((x - y).norm() <= m.gridSensitivity());
  }

  // The release of a discrete law is (integer)·g: its low-order bits are a function of the noisy integer,
  // whatever the input's bits were (this is what the low-order-bits audit checks end to end).
  void gridOutputIsOnTheLattice() {
    const Mechanism m = Mechanism::discreteGaussianOnGrid(1.0, 1.0, 8);
    Rng rng = makeRng(9);
    Vector x = Vector::LinSpaced(1000, -3.0001, 7.77777);
    m.addTo(span(x), rng);
    for (double v : x) QCOMPARE(v / m.gridStep(), std::nearbyint(v / m.gridStep()));
  }

  // Secure mode: OS words, rng untouched, two calls differ; continuous laws are refused.
  void secureSource() {
    const Mechanism m = Mechanism::discreteGaussianOnGrid(1.0, 1.0, 16);
    Rng rng = makeRng(1);
    const Rng before = rng;
    Vector a = Vector::Zero(16), b = Vector::Zero(16);
    m.addTo(span(a), NoiseSource::OsEntropy, rng), m.addTo(span(b), NoiseSource::OsEntropy, rng);
    QVERIFY(rng == before);
    QVERIFY(a != b);  // 16 coordinates with σ_Z ≈ 260 agreeing by chance: probability < 1e-30
    QVERIFY(dpwtest::throwsWith([&] { Mechanism::gaussianStd(1).addTo(span(a), NoiseSource::OsEntropy, rng); },
                                "secure noise needs an exact discrete mechanism"));
    QVERIFY(m.describe().find("grid of step") != std::string::npos);
    QVERIFY(describeNoiseSource(NoiseSource::Seeded).find("Teaching mode") != std::string::npos);
    QVERIFY(describeNoiseSource(NoiseSource::OsEntropy).find("Secure mode") != std::string::npos);
  }

  // Zero scale or ε = +inf adds nothing.
  void noNoiseCases() {
    Rng rng = makeRng(1);
    Vector v = Vector::Constant(5, 3.0);
    for (const Mechanism& m : {Mechanism(), Mechanism::gaussianStd(0), Mechanism::laplace(INFINITY, 1.0),
                               Mechanism::laplace(1.0, 0.0), Mechanism::discreteGaussianOnGrid(0, 1, 5)}) {
      QVERIFY(m.isNone());
      m.addTo(span(v), rng);
      QVERIFY(v == Vector::Constant(5, 3.0));
    }
  }

  // Reference §2: DPSWflow σ(k = 70, d = 8, ε = 5, δ = 1e-5) = 7.5194341218 with Δ = 7.5408151363 and
  // the mechanism's share δ/2 (printed to 10 decimals).
  void classicCalibration() {
    QVERIFY(std::abs(classicGaussianNoiseStd(5, 1e-5 / 2, 7.5408151363) - 7.5194341218) < 1e-9);
  }
  // The one analytic solve meets δ (δ(ε) at μ = Δ/s equals δ, 1e-9 relative), stays on the safe side
  // (δ(ε; μ) ≤ δ), and is never looser than the classic one for ε < 1.
  void analyticCalibration() {
    for (double eps : {0.1, 0.5, 0.9, 3.0, 20.0})
      for (double delta : {1e-3, 1e-6, 1e-10}) {
        const double mu = gdpMuFor(eps, delta);
        QVERIFY(gdpDelta(mu, eps) <= delta);
        QVERIFY(std::abs(gdpDelta(mu, eps) - delta) < 1e-9 * delta);
        const double s = analyticGaussianNoiseStd(eps, delta, 2.0);
        QCOMPARE(s, 2.0 / mu);
        if (eps < 1) QVERIFY(s <= classicGaussianNoiseStd(eps, delta, 2.0));
        QCOMPARE(Mechanism::gaussian(eps, delta, 2.0).scale(), s);
      }
  }

  // The root finder: x² ≤ 2 gives √2 to 1e-13 relative, on the feasible side; the bracket grows both ways.
  void rootFinder() {
    int calls = 0;
    const double r = largestBelow([&](double x) { ++calls; return x * x; }, 2.0, 1e-3, 2e-3);
    QVERIFY(r * r <= 2.0);
    QVERIFY(std::abs(r - std::sqrt(2.0)) < 1e-13 * std::sqrt(2.0));
    const double r2 = largestBelow([](double x) { return std::log(x); }, -20.0, 1.0, 2.0);
    QVERIFY(std::log(r2) <= -20.0 && std::abs(r2 - std::exp(-20.0)) < 1e-12 * std::exp(-20.0));
    qInfo("largestBelow(x² ≤ 2) from [1e-3, 2e-3]: %d evaluations", calls);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, largestBelow([](double) { return 0.0; }, 1.0, 1.0, 2.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, largestBelow([](double x) { return x; }, 1.0, 2.0, 1.0));
  }

  // One spelling of every choice, parsed once.
  void choiceLists() {
    for (const auto& id : noiseMechanismIds()) QCOMPARE(noiseMechanismId(parseNoiseMechanism(id)), id);
    for (const auto& id : noiseSourceIds()) QCOMPARE(noiseSourceId(parseNoiseSource(id)), id);
    QVERIFY(isDiscrete(parseNoiseMechanism("discrete-gaussian")) && !isDiscrete(parseNoiseMechanism("gaussian")));
    QVERIFY(dpwtest::throwsWith([] { parseNoiseMechanism("uniform"); }, "unknown noise mechanism 'uniform'"));
    QVERIFY(dpwtest::throwsWith([] { parseNoiseSource("dice"); }, "unknown noise source 'dice' (seeded, os-entropy)"));
    // Accountants: every id of makeAccountant parses to a kind that maps back, and the shared spec lists them.
    for (const auto& id : accountantIds()) {
      QCOMPARE(accountantId(parseAccountant(id)), id);
      QCOMPARE(makeAccountant(parseAccountant(id))->id(), id);
    }
    QVERIFY(neighbouringOf(AccountantKind::RdpWor) == Neighbouring::ReplaceOne);
    QVERIFY(neighbouringOf(AccountantKind::Rdp) == Neighbouring::AddRemove);
    const ParamSpec spec = accountantParam({AccountantKind::GdpUniform, AccountantKind::RdpWor}, AccountantKind::RdpWor, "h");
    QVERIFY(spec.choices == std::vector<std::string>({"gdp-uniform", "rdp-wor"}) && spec.defaultText == "rdp-wor");
    QVERIFY(noiseSourceParam("x").choices == noiseSourceIds());
  }

  void badInputThrows() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, classicGaussianNoiseStd(0, 1e-5, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, analyticGaussianNoiseStd(1, 1, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, analyticGaussianNoiseStd(1, 1e-5, -1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, gdpMuFor(800, 1e-5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, Mechanism::gaussianStd(-1.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, Mechanism::laplace(0.0, 1.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, Mechanism::laplace(1.0, -1.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, Mechanism::discreteGaussianOnGrid(1.0, 0.0, 3));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, Mechanism::discreteGaussianOnGrid(1.0, 1.0, 0));
    QVERIFY(dpwtest::throwsWith([] { Mechanism::discreteGaussianOnGrid(1e9, 1.0, 1000); }, "too large"));
    Rng rng = makeRng(1);
    Vector huge = Vector::Constant(1, 1e300);
    QVERIFY(dpwtest::throwsWith([&] { Mechanism::discreteGaussianOnGrid(1, 1, 1).addTo(span(huge), rng); }, "too large"));
    SeededWords words(rng);
    // Callers draw integers only from a discrete law with noise (addTo refuses the others with a user message).
    QVERIFY(dpwtest::throwsInternalWith([&] { Mechanism::gaussianStd(1).drawInteger(words); }, "integer noise needs"));
  }
};

QTEST_APPLESS_MAIN(TestMechanisms)
#include "tst_mechanisms.moc"
