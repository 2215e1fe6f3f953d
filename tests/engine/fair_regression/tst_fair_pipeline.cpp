// Tests of engine/fair_regression/fair_pipeline.h: splitPublicRows, and the histogram's public n (issue #35).
//
// A CSV row whose group is not declared, or whose score is missing, is dropped, but the count that shapes the
// release (the split's sizes, the histogram's 1/n, the noise calibrated for n, δ auto) is the file's row count,
// which substitution neighbours keep. Two files that differ in one such row must therefore give the same n and
// released histograms whose exact parts differ by at most the sensitivity (one count here), with the same noise.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <random>

#include "core/error.h"
#include "core/rng.h"
#include "data/grouped_scores.h"
#include "fair_regression/binning.h"
#include "fair_regression/fair_pipeline.h"
#include "fair_regression/private_histogram.h"

using namespace dpw;

namespace {

constexpr long kRows = 400;
constexpr long kChanged = 200;

// Scores in [0, 1], groups a/b; row kChanged is written as `row` when given.
std::string writeFile(const QTemporaryDir& dir, const std::string& name, const std::string& row) {
  const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
  std::ofstream f(path);
  Rng rng = makeRng(11);
  std::uniform_real_distribution<double> u;
  f << "y,g\n";
  for (long i = 0; i < kRows; ++i) {
    const double y = u(rng);
    if (i == kChanged && !row.empty()) f << row << '\n';
    else f << y << ',' << (i % 3 ? "a" : "b") << '\n';
  }
  return path;
}

struct Release {
  long n = 0;
  Points counts;  // exact joint counts of the training part
  Points released;
};

Release release(const GroupedScores& data, std::uint64_t seed) {
  Rng splitRng = makeRng(seed, 0);
  SeededWords words(splitRng);
  const PublicSplit parts = splitPublicRows(data, 0.3, words);
  const Binning bins(0, 1, 8);
  std::vector<int> b;
  for (double v : parts.train.scores) b.push_back(bins.index(v));
  Release r;
  r.n = long(parts.train.publicSize());
  r.counts = jointHistogram(b, parts.train.groups, 2, 8, r.n) * double(r.n);
  Rng noiseRng = makeRng(seed, 3);
  r.released = privateJointHistogram(b, parts.train.groups, 2, 8,
                                     HistogramNoise{1.0, 0, NoiseMechanism::DiscreteLaplace, false}, noiseRng, r.n);
  return r;
}

}  // namespace

class TestFairPipeline : public QObject {
  Q_OBJECT
 private slots:
  void droppedRowsKeepThePublicCount() {
    QTemporaryDir dir;
    const std::vector<std::string> groups{"a", "b"};
    const GroupedScores base = loadGroupedScoresCsv(writeFile(dir, "base.csv", ""), "y", "g", groups, 0, 1);
    QCOMPARE(base.publicSize(), std::size_t(kRows));
    QCOMPARE(base.size(), std::size_t(kRows));
    // The neighbours: row kChanged with an undeclared group, a missing group, a missing or NaN score, and
    // with a declared group (a replace-one neighbour that is kept).
    for (const std::string row : {"0.5,c", "0.5,", ",a", "nan,b", "0.999,a"}) {
      const GroupedScores other = loadGroupedScoresCsv(writeFile(dir, "other.csv", row), "y", "g", groups, 0, 1);
      QCOMPARE(other.publicSize(), std::size_t(kRows));
      for (std::uint64_t seed : {1u, 2u, 3u, 4u}) {
        const Release r0 = release(base, seed), r1 = release(other, seed);
        QCOMPARE(r1.n, r0.n);  // ceil(0.3 × 400) = 120 test rows, n = 280, whatever the row
        QCOMPARE(r0.n, 280L);
        const double l1 = (r0.counts - r1.counts).cwiseAbs().sum();
        QVERIFY2(l1 <= 2, qPrintable(QString("%1: counts moved by %2").arg(row.c_str()).arg(l1)));
        // The same noise draws on both (same shape, same stream): the releases differ by the counts alone.
        const double released = (r0.released - r1.released).cwiseAbs().sum() * double(r0.n);
        QVERIFY2(std::abs(released - l1) < 1e-9, qPrintable(QString("%1 vs %2").arg(released).arg(l1)));
      }
    }
  }

  // Without dropped rows the split is the one of selectRows on splitTrainTest (the bundled data sets' results
  // do not move); with one, the parts skip it and keep the public sizes.
  void splitWithoutDroppedRowsIsUnchanged() {
    GroupedScores d = syntheticGroupedScores(50, 2, 3);
    Rng a = makeRng(5, 0), b = makeRng(5, 0);
    SeededWords wa(a), wb(b);
    const TrainTestSplit split = splitTrainTest(d.size(), 0.25, wa);
    const PublicSplit parts = splitPublicRows(d, 0.25, wb);
    QCOMPARE(parts.train.scores, selectRows(d, split.train).scores);
    QCOMPARE(parts.test.scores, selectRows(d, split.test).scores);
    QVERIFY(parts.train.publicIndex.empty() && parts.test.publicIndex.empty());
    // Drop the public row 0 (keep its place): every other row goes where it went, the sizes stay public.
    GroupedScores dropped = selectRows(d, [&] {
      std::vector<std::size_t> rows;
      for (std::size_t i = 1; i < d.size(); ++i) rows.push_back(i);
      return rows;
    }());
    dropped.publicRows = d.size();
    for (std::size_t i = 1; i < d.size(); ++i) dropped.publicIndex.push_back(i);
    dropped.validate();
    Rng c = makeRng(5, 0);
    SeededWords wc(c);
    const PublicSplit p2 = splitPublicRows(dropped, 0.25, wc);
    QCOMPARE(p2.train.publicSize(), parts.train.publicSize());
    QCOMPARE(p2.test.publicSize(), parts.test.publicSize());
    QCOMPARE(p2.train.size() + p2.test.size(), d.size() - 1);
    std::vector<double> want;
    for (std::size_t r : split.train)
      if (r != 0) want.push_back(d.scores[r]);
    QCOMPARE(p2.train.scores, want);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, jointHistogram({0, 1}, {0, 1}, 2, 2, 1));  // n below the rows
  }

  // The groups are declared, never read from the file: a file with a third group value runs (its rows
  // dropped), and the declared order is the groups' order.
  void declaredGroupValues() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("g.csv").toStdString();
    std::ofstream(path) << "y,g\n0.1,b\n0.2,a\n0.3, c \n0.4,b\n0.5,a\n";
    const GroupedScores d = loadGroupedScoresCsv(path, "y", "g", {"b", "a"}, 0, 1);
    QCOMPARE(d.groupNames, (std::vector<std::string>{"b", "a"}));
    QCOMPARE(d.groups, (std::vector<int>{0, 1, 0, 1}));
    QCOMPARE(d.publicSize(), std::size_t(5));
    QCOMPARE(d.publicIndex, (std::vector<std::size_t>{0, 1, 3, 4}));
    const GroupedScores three = loadGroupedScoresCsv(path, "y", "g", {"a", "b", "c"}, 0, 1);  // blanks trimmed
    QCOMPARE(three.groupSizes(), (std::vector<long>{2, 2, 1}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, loadGroupedScoresCsv(path, "y", "g", {"a"}, 0, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, loadGroupedScoresCsv(path, "y", "g", {"a", "a"}, 0, 1));
  }
};

QTEST_GUILESS_MAIN(TestFairPipeline)
#include "tst_fair_pipeline.moc"
