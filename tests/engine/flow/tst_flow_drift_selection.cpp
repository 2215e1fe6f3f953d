// The drift of engine/flow/sliced_flow_step.h, computed by selection (engine/ot/order_statistics.h)
// and a grid lookup of each particle's CDF when n > 40 P, by sorting otherwise, against a verbatim copy of the sort-based drift it
// replaced (radix argsort of the particles, radix sort of the data, monotone walks): equal BIT FOR BIT
// on random inputs, noisy and noiseless, with ties, n < P, n = 1, m = 1, constant data, the released
// targets of DPSWflow, ±0.0, and many particles with one block of directions (computed in slices). (With ±0.0 the data sizes avoid 16 < m ≤ 256, where the old data sort
// was std::sort, which may order tied zeros either way; only the sign of a zero could differ there.)
#include <QtTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <span>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "flow/sliced_flow_step.h"
#include "ot/directions.h"
#include "ot/quantile.h"
#include "ot/radix_sort.h"

using namespace dpw;

namespace {

// ---- reference: the sort-based drift as it was (engine/flow/sliced_flow_step.cpp before selection) ----
constexpr Eigen::Index kBlock = 16;
constexpr Eigen::Index kChunks = 8;

void addNoise(double* p, Eigen::Index n, double sd, Rng& rng) {
  Mechanism::gaussianStd(sd).addTo(std::span<double>(p, std::size_t(n)), rng);
}

/// Quantiles of sorted x at u = i/(P−1), i = 0..P−1 (engine/ot/quantile.h convention), into q.
void uniformQuantiles(std::span<const double> sorted, std::vector<double>& q) {
  const int P = int(q.size());
  for (int i = 0; i < P; ++i) q[i] = quantileOfSorted(sorted, i == P - 1 ? 1.0 : double(i) / double(P - 1));
}

/// For one direction: writes gᵢ = p̃ᵢ − T(F(p̃ᵢ)) for every particle (original order) into g.
/// `proj` holds the noisy particle projections, `sortedTarget` the sorted noisy data projections.
struct DirectionWorkspace {
  std::vector<std::uint32_t> order;
  std::vector<std::uint64_t> orderScratch;
  std::vector<double> sorted, qp, qt, u, targetScratch;
};

void driftCoefficients(const double* proj, Eigen::Index n, std::span<const double> sortedTarget, int P,
                       DirectionWorkspace& w, double* g) {
  radixArgsort(std::span<const double>(proj, n), w.order, w.orderScratch);
  w.sorted.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) w.sorted[i] = proj[w.order[i]];
  w.qp.resize(P);
  w.qt.resize(P);
  uniformQuantiles(w.sorted, w.qp);
  uniformQuantiles(sortedTarget, w.qt);
  // Walk the sorted particles: F = numpy.interp(x, qp, u) with hi = first index with qp[hi] > x
  // (the rightmost of a run of equal qp, as engine/ot/quantile.h's interpolate), then
  // T = numpy.interp(F, u, qt) on the uniform grid, indexed directly.
  const double scale = double(P - 1);
  int hi = 0;
  for (Eigen::Index r = 0; r < n; ++r) {
    const double x = w.sorted[r];
    double F;
    if (x < w.qp[0]) {
      F = 0.0;
    } else if (x >= w.qp[P - 1]) {
      F = 1.0;
    } else {
      while (w.qp[hi] <= x) ++hi;  // terminates: qp[P−1] > x
      const int lo = hi - 1;
      const double t = (x - w.qp[lo]) / (w.qp[hi] - w.qp[lo]);
      const double ulo = double(lo) / scale, uhi = hi == P - 1 ? 1.0 : double(hi) / scale;
      F = ulo + t * (uhi - ulo);
    }
    double T;
    const double pos = F * scale;
    if (pos >= scale) {
      T = w.qt[P - 1];
    } else {
      const int lo = int(pos);
      const double t = pos - double(lo);
      T = w.qt[lo] + t * (w.qt[lo + 1] - w.qt[lo]);
    }
    g[w.order[r]] = x - T;
  }
}


Points sortBasedDrift(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                       const FlowStepOptions& o) {
  const Points* pre = o.sortedNoisyTargets;
  require(pre == nullptr || (pre->rows() == directions.rows() && pre->cols() > 0), "the released target projections have ",
          pre ? pre->rows() : 0, " rows for ", directions.rows(), " directions");
  const Eigen::Index n = X.rows(), m = pre ? pre->cols() : Y.rows(), k = directions.rows(), d = X.cols();
  // Up to kBlock directions per block; beyond one block, at least kChunks equal blocks, so the fixed
  // partition balances over the threads (k = 50 as 16+16+16+2 left one of two threads idle a third of
  // the time). The noise of direction j is stream j whatever the blocks.
  const Eigen::Index blocks =
      k <= kBlock ? 1 : std::max<Eigen::Index>((k + kBlock - 1) / kBlock, std::min<Eigen::Index>(k / 2, kChunks));
  const Eigen::Index blockSize = (k + blocks - 1) / blocks;
  const Eigen::Index chunks = std::min<Eigen::Index>(blocks, kChunks);
  std::vector<Points> partial(chunks);
#pragma omp parallel
  {
    Points pu, pv, G;  // projections (jn x n, jn x m) and drift coefficients (jn x n) of one block
    DirectionWorkspace w;
    std::vector<double> radixScratch;
#pragma omp for schedule(dynamic, 1)
    for (Eigen::Index c = 0; c < chunks; ++c) {
      partial[c].setZero(n, d);
      for (Eigen::Index b = c * blocks / chunks; b < (c + 1) * blocks / chunks; ++b) {
        const Eigen::Index j0 = b * blockSize, jn = std::min(blockSize, k - j0);
        if (jn <= 0) continue;
        pu.noalias() = directions.middleRows(j0, jn) * X.transpose();
        if (!pre) pv.noalias() = directions.middleRows(j0, jn) * Y.transpose();
        G.resize(jn, n);
        for (Eigen::Index r = 0; r < jn; ++r) {
          double* rowU = pu.row(r).data();
          if (!o.secureNoise.isNone()) {  // secure mode: exact discrete Gaussian on a grid, OS entropy
            OsEntropy words;
            o.secureNoise.addTo(std::span<double>(rowU, std::size_t(n)), words);
            if (!pre) o.secureNoise.addTo(std::span<double>(pv.row(r).data(), std::size_t(m)), words);
          } else if (o.noiseStd > 0) {
            Rng rng = makeRng(o.noiseSeed, std::uint64_t(j0 + r));
            addNoise(rowU, n, o.noiseStd, rng);
            if (!pre) addNoise(pv.row(r).data(), m, o.noiseStd, rng);
          }
          if (pre) {
            driftCoefficients(rowU, n, std::span<const double>(pre->row(j0 + r).data(), m), o.quantiles, w,
                              G.row(r).data());
            continue;
          }
          double* rowV = pv.row(r).data();
          radixSort(std::span<double>(rowV, m), radixScratch);
          driftCoefficients(rowU, n, std::span<const double>(rowV, m), o.quantiles, w, G.row(r).data());
        }
        partial[c].noalias() += G.transpose() * directions.middleRows(j0, jn);  // Σⱼ gⱼ θⱼᵀ
      }
    }
  }
  Points drift = std::move(partial[0]);
  for (Eigen::Index c = 1; c < chunks; ++c) drift += partial[c];
  drift /= double(k);
  return drift;
}


// ---- end of the reference ----

bool sameBits(const Points& a, const Points& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  for (Eigen::Index i = 0; i < a.size(); ++i)
    if (std::bit_cast<std::uint64_t>(a.data()[i]) != std::bit_cast<std::uint64_t>(b.data()[i])) return false;
  return true;
}

}  // namespace

class TestFlowDriftSelection : public QObject {
  Q_OBJECT
 private slots:
  void sameBitsAsSorting_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("P");
    QTest::addColumn<double>("noise");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("released");
    QTest::newRow("bench d = 8 shape") << 10000 << 250 << 70 << 1000 << 2.5 << "normal" << false;
    QTest::newRow("bench toy shape") << 5000 << 5000 << 50 << 1000 << 1.0 << "normal" << false;
    QTest::newRow("noiseless, P small") << 3000 << 2500 << 40 << 7 << 0.0 << "normal" << false;
    QTest::newRow("ties, P > n") << 257 << 1000 << 33 << 500 << 0.0 << "ties" << false;
    QTest::newRow("ties, noisy") << 4000 << 300 << 20 << 100 << 0.0 << "coarse ties" << false;
    QTest::newRow("n < P") << 40 << 600 << 10 << 100 << 0.3 << "normal" << false;
    QTest::newRow("n = 1") << 1 << 500 << 5 << 10 << 0.3 << "normal" << false;
    QTest::newRow("n = 1, m = 1") << 1 << 1 << 3 << 2 << 0.0 << "normal" << false;
    QTest::newRow("m = 1") << 700 << 1 << 9 << 50 << 0.0 << "normal" << false;
    QTest::newRow("constant data") << 2000 << 400 << 12 << 100 << 0.0 << "constant data" << false;
    QTest::newRow("constant particles") << 2000 << 400 << 12 << 100 << 0.0 << "constant particles" << false;
    QTest::newRow("signed zeros, m = 10") << 1500 << 10 << 6 << 64 << 0.0 << "signed zeros" << false;
    QTest::newRow("signed zeros, m = 1000") << 600 << 1000 << 6 << 300 << 0.0 << "signed zeros" << false;
    QTest::newRow("released targets") << 6000 << 800 << 30 << 200 << 1.5 << "normal" << true;
    // n > 40 P: the particle side by selection and the grid lookup (above: by sorting).
    QTest::newRow("10^5 particles, selection") << 100000 << 20000 << 17 << 100 << 0.5 << "normal" << false;
    QTest::newRow("ties, selection") << 20000 << 300 << 9 << 50 << 0.0 << "coarse ties" << false;
    QTest::newRow("fine ties, selection") << 20000 << 300 << 9 << 100 << 0.0 << "ties" << false;
    QTest::newRow("constant particles, selection") << 5000 << 400 << 8 << 20 << 0.0 << "constant particles" << false;
    QTest::newRow("signed zeros, selection") << 3000 << 1000 << 6 << 16 << 0.0 << "signed zeros" << false;
    QTest::newRow("released targets, selection") << 30000 << 800 << 12 << 100 << 1.5 << "normal" << true;
    QTest::newRow("P = 2, selection") << 1000 << 50 << 5 << 2 << 0.2 << "normal" << false;
    // n ≥ 2 slices of 24·1024 and k ≤ 16: one block of directions, computed in slices of particles by both
    // threads (sliced_flow_step.cpp, driftInSlices); a remainder of particles in the last slice.
    QTest::newRow("one block in slices, released") << 100003 << 500 << 2 << 100 << 0.0 << "normal" << true;
    QTest::newRow("one block in slices, noisy") << 73731 << 3000 << 16 << 100 << 0.7 << "normal" << false;
    QTest::newRow("one block in slices, ties") << 49152 << 300 << 3 << 50 << 0.0 << "coarse ties" << false;
    QTest::newRow("one block in slices, signed zeros") << 60000 << 1000 << 6 << 16 << 0.0 << "signed zeros" << false;
  }
  void sameBitsAsSorting() {
    QFETCH(int, n);
    QFETCH(int, m);
    QFETCH(int, k);
    QFETCH(int, P);
    QFETCH(double, noise);
    QFETCH(QString, kind);
    QFETCH(bool, released);
    Rng rng = makeRng(std::uint64_t(n) * 1009 + std::uint64_t(m) * 7 + std::uint64_t(k));
    const int d = 3;
    Points X = standardNormal(n, d, rng), Y = standardNormal(m, d, rng).array() * 0.5 + 1.0;
    Points theta = randomDirections(k, d, rng);
    if (kind == "ties") X = (X.array() * 4).round() / 4;
    if (kind == "coarse ties") X = X.array().round(), Y = Y.array().round();
    if (kind == "constant data") Y.rowwise() = Y.row(0);
    if (kind == "constant particles") X.rowwise() = X.row(0);
    if (kind == "signed zeros") {  // axis directions, so the projections are the coordinates, ±0 kept
      theta.setZero();
      for (int j = 0; j < k; ++j) theta(j, j % d) = j % 2 ? 1.0 : -1.0;
      for (Eigen::Index i = 0; i < X.size(); ++i)
        if (i % 5 != 0) X.data()[i] = std::signbit(X.data()[i]) ? -0.0 : 0.0;
      for (Eigen::Index i = 0; i < Y.size(); ++i)
        if (i % 3 != 0) Y.data()[i] = std::signbit(Y.data()[i]) ? -0.0 : 0.0;
    }
    FlowStepOptions o;
    o.quantiles = P;
    o.noiseStd = noise;
    o.noiseSeed = 77;
    Points targets;
    if (released) {  // sorted noisy data projections, as DPSWflow releases them once
      targets = theta * Y.transpose();
      for (Eigen::Index j = 0; j < k; ++j) {
        Rng r = makeRng(5, std::uint64_t(j));
        addNoise(targets.row(j).data(), targets.cols(), 1.0, r);
        std::sort(targets.row(j).data(), targets.row(j).data() + targets.cols());
      }
      o.sortedNoisyTargets = &targets;
    }
    const Points reference = sortBasedDrift(X, Y, theta, o);
    const Points drift = slicedFlowDrift(X, Y, theta, o);
    QVERIFY(reference.allFinite());
    if (!sameBits(drift, reference)) {
      double worst = 0;
      for (Eigen::Index i = 0; i < drift.size(); ++i) worst = std::max(worst, std::abs(drift.data()[i] - reference.data()[i]));
      QFAIL(qPrintable(QString("drift differs from the sort-based one, max |difference| = %1").arg(worst)));
    }
  }
};

QTEST_APPLESS_MAIN(TestFlowDriftSelection)
#include "tst_flow_drift_selection.moc"
