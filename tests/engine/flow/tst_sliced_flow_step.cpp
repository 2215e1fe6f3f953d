// Tests of engine/flow/sliced_flow_step.h: the worked step of reference §2, numpy's
// quantile/interp drift, thread-count independence, the many-particle step in slices, convergence of the noiseless flow, bad input.
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>
#include <omp.h>

#include <bit>
#include <cmath>
#include <span>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/rng.h"
#include "flow/sliced_flow_step.h"
#include "flow/toy_targets.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"
#include "support/matrix_io.h"
#include "support/reference_python.h"

using namespace dpw;

class TestSlicedFlowStep : public QObject {
  Q_OBJECT
 private slots:
  // Reference §2: s = 0, k = 1, θ = (1, 0), P = 5, h = 1; x [0,1,2,3] toward [10,20,30] gives
  // [10, 50/3, 70/3, 30]; the second coordinate is orthogonal to θ and must not move. 1e-12: a few
  // roundings of numbers of size 30.
  void workedStep() {
    Points X(4, 2), Y(3, 2), theta(1, 2);
    X << 0, 0.5, 1, 0.5, 2, 0.5, 3, 0.5;
    Y << 10, 0, 20, 0, 30, 0;
    theta << 1, 0;
    FlowStepOptions o;
    o.quantiles = 5;
    o.stepSize = 1;
    slicedFlowStep(X, Y, theta, o);
    const double expected[] = {10, 50.0 / 3, 70.0 / 3, 30};
    for (int i = 0; i < 4; ++i) {
      QVERIFY2(std::abs(X(i, 0) - expected[i]) < 1e-12, qPrintable(QString::number(X(i, 0), 'g', 17)));
      QCOMPARE(X(i, 1), 0.5);
    }
  }

  // The drift at s = 0 against numpy (np.quantile "linear" + np.interp), the same formula coded
  // independently. Ties (rounded particles) exercise the rightmost-of-a-run rule of np.interp, P > n
  // repeated quantiles. Tolerance 1e-10 absolute on drifts of size ~1: interpolations of values of
  // size ~5 with a few roundings each, averaged over k. The noisy path is checked by its invariants.
  void agreesWithNumpy_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("P");
    QTest::addColumn<bool>("ties");
    QTest::newRow("small P") << 300 << 200 << 20 << 7 << false;
    QTest::newRow("P > n, ties") << 257 << 1000 << 33 << 500 << true;
    QTest::newRow("radix path") << 3000 << 2500 << 40 << 100 << false;
  }
  void agreesWithNumpy() {
    QFETCH(int, n);
    QFETCH(int, m);
    QFETCH(int, k);
    QFETCH(int, P);
    QFETCH(bool, ties);
    Rng rng = makeRng(n + 7 * m + k);
    Points X = standardNormal(n, 3, rng), Y = standardNormal(m, 3, rng).array() * 0.5 + 2.0;
    if (ties) X = (X.array() * 4).round() / 4;
    const Points theta = randomDirections(k, 3, rng);
    QTemporaryDir dir;
    dpwtest::writeMatrix(dir.filePath("X.txt"), X);
    dpwtest::writeMatrix(dir.filePath("Y.txt"), Y);
    dpwtest::writeMatrix(dir.filePath("theta.txt"), theta);
    const QJsonArray ref =
        dpwtest::runReferenceScript("flow_reference.py", {dir.path(), QString::number(P)})["drift"].toArray();
    FlowStepOptions o;
    o.quantiles = P;
    const Points drift = slicedFlowDrift(X, Y, theta, o);
    QCOMPARE(ref.size(), n);
    double worst = 0;
    for (int i = 0; i < n; ++i)
      for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(drift(i, c) - ref[i].toArray()[c].toDouble()));
    QVERIFY2(worst < 1e-10, qPrintable(QString("max |ours - numpy| = %1").arg(worst)));
  }

  // With noise: bit-identical for 1 and 2 threads and for a replay; a different seed changes it.
  void noisyStepIsDeterministic() {
    Rng rng = makeRng(3);
    const Points X0 = standardNormal(2000, 4, rng), Y = standardNormal(1500, 4, rng);
    const Points theta = randomDirections(50, 4, rng);
    FlowStepOptions o;
    o.noiseStd = 0.7;
    o.noiseSeed = 11;
    o.regularisation = 0.01;
    o.diffusionSeed = 12;
    o.quantiles = 64;
    auto stepWith = [&](int threads, std::uint64_t seed) {
      omp_set_num_threads(threads);
      Points X = X0;
      FlowStepOptions oo = o;
      oo.noiseSeed = seed;
      slicedFlowStep(X, Y, theta, oo);
      return X;
    };
    const Points a = stepWith(1, 11), b = stepWith(2, 11), c = stepWith(2, 11), e = stepWith(2, 99);
    QVERIFY(a == b);
    QVERIFY(b == c);
    QVERIFY((a - e).norm() > 1e-3);
  }

  // The step moves the particles as its drift's row blocks are summed (one parallel region, the
  // directions of a block shared out as tasks): bit for bit X − h·slicedFlowDrift(X), on 1, 2 and 3
  // threads, at the bench toy's shape (k = 50: blocks of 7 and 1, where the tasks rebalance) and with
  // fewer particles than a row block's 512 and than the threads' work.
  void stepIsParticlesMinusHTimesDrift_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("d");
    QTest::addColumn<int>("k");
    QTest::newRow("toy shape") << 5000 << 2 << 50;
    QTest::newRow("d = 8, k = 70") << 3000 << 8 << 70;
    QTest::newRow("n = 3, one block") << 3 << 2 << 5;
    QTest::newRow("n = 700, 17 directions") << 700 << 3 << 17;
  }
  void stepIsParticlesMinusHTimesDrift() {
    QFETCH(int, n);
    QFETCH(int, d);
    QFETCH(int, k);
    Rng rng = makeRng(std::uint64_t(n + k));
    const Points X0 = standardNormal(n, d, rng), Y = 0.5 * standardNormal(2 * n + 1, d, rng);
    const Points theta = randomDirections(k, d, rng);
    FlowStepOptions o;
    o.noiseStd = 1.0;
    o.noiseSeed = 21;
    o.quantiles = std::min(1000, n + 1);
    o.stepSize = 0.7;
    const Points expected = X0 - o.stepSize * slicedFlowDrift(X0, Y, theta, o);
    for (const int threads : {1, 2, 3}) {
      omp_set_num_threads(threads);
      Points X = X0;
      slicedFlowStep(X, Y, theta, o);
      QVERIFY2(X == expected, qPrintable(QString("%1 threads").arg(threads)));
    }
    omp_set_num_threads(2);
  }

  // Many particles, one block of directions (k ≤ 16): the step moves each slice of particles as soon as its
  // drift is known (sliced_flow_step.cpp, driftInSlices). It must equal its definition X − h·drift, then the
  // diffusion noise of particles [1024 b, 1024 (b + 1)) from stream b, bit for bit, on 1 and 2 threads (a
  // slice boundary must not cut a stream or move an operation).
  void stepInSlicesIsDriftThenDiffusion() {
    Rng rng = makeRng(8);
    const Points X0 = standardNormal(100003, 2, rng), Y = standardNormal(3000, 2, rng).array() * 2.0 + 1.0;
    const Points theta = randomDirections(2, 2, rng);
    FlowStepOptions o;
    o.noiseStd = 0.3;
    o.noiseSeed = 5;
    o.quantiles = 100;
    o.stepSize = 0.7;
    o.regularisation = 0.02;
    o.diffusionSeed = 6;
    Points expected = X0 - o.stepSize * slicedFlowDrift(X0, Y, theta, o);
    const double sd = std::sqrt(2.0 * o.stepSize * o.regularisation);
    for (Eigen::Index b = 0; b * 1024 < expected.rows(); ++b) {
      Rng r = makeRng(o.diffusionSeed, std::uint64_t(b));
      const Eigen::Index rows = std::min<Eigen::Index>(1024, expected.rows() - b * 1024);
      Mechanism::gaussianStd(sd).addTo(std::span<double>(expected.row(b * 1024).data(), std::size_t(rows * 2)), r);
    }
    for (int threads : {1, 2}) {
      omp_set_num_threads(threads);
      Points X = X0;
      slicedFlowStep(X, Y, theta, o);
      for (Eigen::Index i = 0; i < X.size(); ++i)
        QCOMPARE(std::bit_cast<std::uint64_t>(X.data()[i]), std::bit_cast<std::uint64_t>(expected.data()[i]));
    }
  }

  // σ = 0 flow on the default toy (5 Gaussians on a ring): SW₂² between the particles and the target
  // sample, on 200 fresh directions, falls below 0.01 (it starts at 0.34: N(0, I) vs the radius-2 ring).
  void noiselessFlowReachesTheRing() {
    Rng rng = makeRng(5);
    const Points Y = sampleToyTarget("ring5", 2000, 5, rng);
    Points X = standardNormal(2000, 2, rng);
    const Points probe = randomDirections(200, 2, rng);
    const double start = slicedW2Squared(X, Y, probe).value;
    FlowStepOptions o;
    o.quantiles = 100;
    o.stepSize = 1;
    for (int t = 0; t < 300; ++t) slicedFlowStep(X, Y, randomDirections(30, 2, rng), o);
    const double end = slicedW2Squared(X, Y, probe).value;
    QVERIFY2(start > 0.3, qPrintable(QString::number(start)));
    QVERIFY2(end < 0.01, qPrintable(QString("SW2^2 after 300 steps: %1").arg(end)));
  }

  // The noise really added has std s on both sides. With d = k = 1, θ = 1, one data row y and P = 2,
  // T = ỹ = y + η for every particle, so particles at 0 move (h = 1) to x_i = y + η − ξ_i: the spread
  // across particles is the particle-side noise (std s), the mean across seeds the data-side noise.
  // s = 2.5: across 200000 particles the sample std is within 1% (its standard error is 0.16%);
  // across 400 seeds the std of the mean is within 15% (standard error ≈ 3.5%); excess kurtosis of
  // the particle noise within 0.05 (standard error ≈ 0.011) for a Gaussian.
  void noiseHasTheRequestedStd() {
    const double s = 2.5, y = 1.5;
    Points Y(1, 1), theta(1, 1);
    Y << y;
    theta << 1;
    FlowStepOptions o;
    o.noiseStd = s;
    o.quantiles = 2;
    o.stepSize = 1;
    o.noiseSeed = 77;
    Points X = Points::Zero(200000, 1);
    slicedFlowStep(X, Y, theta, o);
    const double mean = X.mean();
    const Eigen::ArrayXd c = X.col(0).array() - mean;
    const double sd = std::sqrt(c.square().mean()), kurt = c.pow(4).mean() / std::pow(sd, 4) - 3;
    QVERIFY2(std::abs(sd / s - 1) < 0.01, qPrintable(QString::number(sd)));
    QVERIFY2(std::abs(kurt) < 0.05, qPrintable(QString::number(kurt)));
    std::vector<double> means;
    for (int seed = 0; seed < 400; ++seed) {
      Points Z = Points::Zero(1000, 1);
      o.noiseSeed = std::uint64_t(1000 + seed);
      slicedFlowStep(Z, Y, theta, o);
      means.push_back(Z.mean());
    }
    double m = 0, v = 0;
    for (double x : means) m += x / 400;
    for (double x : means) v += (x - m) * (x - m) / 399;
    QVERIFY2(std::abs(std::sqrt(v) / (s * std::sqrt(1.001)) - 1) < 0.15, qPrintable(QString::number(std::sqrt(v))));
    QVERIFY(std::abs(m - y) < 4 * s / std::sqrt(400.0));
  }

  // The kick law (docs/flow-results.md): with the particles already distributed as the data, one noisy
  // step moves a particle along θ by the sampling error of the shared noisy data quantiles read at a
  // scrambled rank, std ≈ 1.25 s √(1/b + 1/n) (1.25 ≈ √(π/2), the median's factor for a Gaussian; the
  // tails add a little), NOT by its own noise (std s, the old claim "each particle is kicked by its own
  // projection noise"). Data and particles N(0, 0.1² I₂), s = 9.83, n = 5000, one direction, P = 100;
  // b ∈ {25, 250, 2500}. The kick is shared across particles (a smooth random function of the rank),
  // so its std is averaged over 12 seeds: the measured ratio to the law must be in [0.8, 1.4]
  // (measured 0.95 at b = 25, 1.17 at 250, 1.15 at 2500: the tails of the Gaussian quantile error put
  // it above 1, linear interpolation between 25 order statistics below), so the kick scales as
  // √(1/b + 1/n) over a 10x range of its size, and at b = 250 it is below 0.1 s (the own-noise law
  // would give s).
  void kickIsTheSharedQuantileError() {
    const double s = 9.83;
    const Eigen::Index n = 5000;
    Points theta(1, 2);
    theta << 1, 0;
    double ratio250 = 0;
    for (const Eigen::Index b : {Eigen::Index(25), Eigen::Index(250), Eigen::Index(2500)}) {
      double meanSd = 0;
      const int seeds = 12;
      for (int seed = 0; seed < seeds; ++seed) {
        Rng rng = makeRng(500 + std::uint64_t(seed), 1);
        std::normal_distribution<double> normal(0.0, 0.1);
        Points X(n, 2), Y(b, 2);
        for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = normal(rng);
        for (Eigen::Index i = 0; i < Y.size(); ++i) Y.data()[i] = normal(rng);
        FlowStepOptions o;
        o.noiseStd = s;
        o.noiseSeed = 900 + std::uint64_t(seed);
        o.quantiles = 100;
        const Points drift = slicedFlowDrift(X, Y, theta, o);
        const Eigen::ArrayXd g = drift.col(0).array() - drift.col(0).mean();
        meanSd += std::sqrt(g.square().mean()) / seeds;
      }
      const double law = 1.25 * s * std::sqrt(1.0 / double(b) + 1.0 / double(n));
      const double ratio = meanSd / law;
      qInfo("kick law: b = %ld, kick std %.3f, 1.25 s sqrt(1/b + 1/n) = %.3f, ratio %.3f", long(b), meanSd, law, ratio);
      QVERIFY2(ratio > 0.8 && ratio < 1.4, qPrintable(QString("b %1: kick %2, law %3").arg(b).arg(meanSd).arg(law)));
      if (b == 250) {
        ratio250 = ratio;
        QVERIFY2(meanSd < 0.1 * s, qPrintable(QString::number(meanSd)));
      }
    }
    QVERIFY(ratio250 > 0);
  }

  // Released targets (DPSWflow, noise once): the data Y are not read, so two different Y give the
  // bitwise same drift; another step (another noise seed) redraws the particle-side noise only; targets
  // with the wrong number of rows are refused.
  void releasedTargetsReplaceTheData() {
    Rng rng = makeRng(4, 0);
    const Points X = standardNormal(300, 3, rng);
    const Points dirs = randomDirections(5, 3, rng);
    Points released(5, 200);
    std::normal_distribution<double> normal(0.0, 1.0);
    for (Eigen::Index i = 0; i < released.size(); ++i) released.data()[i] = normal(rng);
    for (Eigen::Index j = 0; j < 5; ++j) std::sort(released.row(j).data(), released.row(j).data() + 200);
    FlowStepOptions o;
    o.noiseStd = 0.7;
    o.noiseSeed = 11;
    o.quantiles = 50;
    o.sortedNoisyTargets = &released;
    const Points a = slicedFlowDrift(X, standardNormal(10, 3, rng), dirs, o);
    const Points b = slicedFlowDrift(X, standardNormal(40, 3, rng), dirs, o);
    QVERIFY(a == b);
    o.noiseSeed = 12;  // another step: fresh particle noise, same released targets
    QVERIFY(slicedFlowDrift(X, X, dirs, o) != a);
    Points wrong(4, 200);
    wrong.setZero();
    o.sortedNoisyTargets = &wrong;  // released by the flow for these directions: a mismatch is a bug
    QVERIFY_THROWS_EXCEPTION(InternalError, slicedFlowDrift(X, X, dirs, o));
  }

  void badInputThrows() {
    Rng rng = makeRng(1);
    Points X = standardNormal(10, 2, rng);
    const Points Y = standardNormal(10, 2, rng), theta = randomDirections(3, 2, rng);
    FlowStepOptions o;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, slicedFlowDrift(X, Y, Points(0, 2), o));  // k = 0
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, slicedFlowDrift(X, Points(5, 3), theta, o));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, slicedFlowDrift(Points(0, 2), Y, theta, o));
    o.quantiles = 1;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, slicedFlowDrift(X, Y, theta, o));
    o.quantiles = 10;
    o.noiseStd = -1;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, slicedFlowDrift(X, Y, theta, o));
    o.noiseStd = 0;
    o.stepSize = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, slicedFlowStep(X, Y, theta, o));
    o.stepSize = 1;
    o.regularisation = -0.1;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, slicedFlowStep(X, Y, theta, o));
    Points bad = X;
    bad(0, 0) = std::nan("");
    o.regularisation = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, slicedFlowStep(bad, Y, theta, o));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, sampleToyTarget("square", 10, 0, rng));
  }
};

QTEST_APPLESS_MAIN(TestSlicedFlowStep)
#include "tst_sliced_flow_step.moc"
