// Tests of engine/fair_regression/fair_sweep.h and fair_pipeline.h: determinism across thread counts,
// the α grid, and bad input.
#include <QtTest>

#include <omp.h>

#include "core/error.h"
#include "data/grouped_scores.h"
#include "fair_regression/fair_pipeline.h"
#include "fair_regression/fair_sweep.h"

using namespace dpw;

class TestFairSweep : public QObject {
  Q_OBJECT
 private slots:
  // Results must not depend on the number of threads (bit-identical).
  void threadCountIndependent() {
    const GroupedScores d = syntheticGroupedScores(600, 3, 1);
    FairSweepSettings s;
    s.alphas = {0.0, 0.1, 1.0};
    s.bins = {8, 16};
    s.epsilons = {std::numeric_limits<double>::infinity(), 1.0};
    s.seeds = 6;
    omp_set_num_threads(1);
    const FairSweepResult one = runFairSweep(d, s);
    omp_set_num_threads(2);
    const FairSweepResult two = runFairSweep(d, s);
    QCOMPARE(one.cells.size(), std::size_t(2 * 2 * 3));
    for (std::size_t i = 0; i < one.cells.size(); ++i) {
      QCOMPARE(one.cells[i].mseBySeed, two.cells[i].mseBySeed);
      QCOMPARE(one.cells[i].ksBySeed, two.cells[i].ksBySeed);
    }
    QCOMPARE(one.baselineMse.mean, two.baselineMse.mean);
    // Fair (α = 0) has lower KS than binning only, and higher MSE.
    QVERIFY(one.cell(1, 0, 0).ks.mean < one.binningKs[1].mean);
    QVERIFY(one.cell(1, 0, 0).mse.mean > one.binningMse[1].mean);
  }
  void paperGrid() {
    const auto a = paperAlphaGrid();
    QCOMPARE(a.size(), std::size_t(24));
    QCOMPARE(a.front(), 0.0);
    QVERIFY(std::abs(a[1] - 0.005) < 1e-15 && std::abs(a[10] - 0.1) < 1e-15);
    QVERIFY(std::abs(a[11] - 0.11) < 1e-15 && std::abs(a[22] - 0.35) < 1e-15);
    QCOMPARE(a.back(), 1.0);
  }
  void meanStdIsPopulation() {
    const MeanStd m = meanStd({1, 3});
    QCOMPARE(m.mean, 2.0);
    QCOMPARE(m.std, 1.0);
  }
  void badInput() {
    const GroupedScores d = syntheticGroupedScores(100, 2, 1);
    auto with = [&](auto change) {
      FairSweepSettings s;
      s.seeds = 2;
      change(s);
      return s;
    };
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairSweep(d, with([](auto& s) { s.bins = {0}; })));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairSweep(d, with([](auto& s) { s.alphas = {-0.1}; })));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairSweep(d, with([](auto& s) { s.epsilons = {0.0}; })));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairSweep(d, with([](auto& s) { s.epsilons = {-1.0}; })));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairSweep(d, with([](auto& s) { s.seeds = 0; })));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairSweep(d, with([](auto& s) { s.testFraction = 1.0; })));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairSweep(d, with([](auto& s) {
                               s.mechanism = NoiseMechanism::Gaussian;
                               s.epsilons = {1.0};
                               s.delta = 0;
                             })));
    // Scores outside the bounds.
    GroupedScores out = d;
    out.scores[3] = 1.5;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runFairSweep(out, with([](auto&) {})));
    // A group with no rows at all, and one with a single row (in train or in test, not both): both run, since
    // whether a declared group has rows is private (issue #35); the metrics stay finite.
    GroupedScores empty = d;
    empty.groupNames.push_back("nobody");
    GroupedScores single = d;
    single.groupNames.push_back("one");
    single.groups[0] = 2;
    for (const GroupedScores* g : {&empty, &single}) {
      const FairSweepResult r = runFairSweep(*g, with([](auto&) {}));
      QVERIFY(std::isfinite(r.cell(0, 0, 0).mse.mean) && std::isfinite(r.cell(0, 0, 0).ks.mean));
    }
  }
};

QTEST_APPLESS_MAIN(TestFairSweep)
#include "tst_fair_sweep.moc"
