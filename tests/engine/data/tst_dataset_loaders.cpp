// Tests of engine/data/{law_school,communities_crime,grouped_scores}.h: the preprocessing counts of
// resources/data/PROVENANCE.md, the synthetic default, the generic CSV loader and its refusals.
#include <QtTest>

#include <cstdio>
#include <fstream>

#include "core/error.h"
#include "data/communities_crime.h"
#include "data/grouped_scores.h"
#include "data/law_school.h"

using namespace dpw;

namespace {
const std::string kData = std::string(DPW_SOURCE_DIR) + "/resources/data/";
std::string writeTemp(const std::string& name, const std::string& text) {
  const std::string path = QDir::tempPath().toStdString() + "/" + name;
  std::ofstream(path) << text;
  return path;
}
}  // namespace

class TestDatasetLoaders : public QObject {
  Q_OBJECT
 private slots:
  // PROVENANCE.md: 21,983 rows; asian 897, black 1343, hisp 1027, white 18716; ugpa in [1.5, 3.9].
  void lawSchoolCounts() {
    const GroupedScores d = loadLawSchool(kData + "bar_pass_prediction.csv");
    QCOMPARE(d.size(), std::size_t(21983));
    QCOMPARE(d.groupNames, (std::vector<std::string>{"asian", "black", "hisp", "white"}));
    QCOMPARE(d.groupSizes(), (std::vector<long>{897, 1343, 1027, 18716}));
    QCOMPARE(*std::min_element(d.scores.begin(), d.scores.end()), 1.5);
    QCOMPARE(*std::max_element(d.scores.begin(), d.scores.end()), 3.9);
    QCOMPARE(d.lo, 1.0);
    QCOMPARE(d.hi, 4.0);
  }
  // PROVENANCE.md: 1994 rows, 102 columns kept, groups white 1024 / black 970.
  void communitiesCounts() {
    const CommunitiesCrime c = loadCommunitiesCrime(kData + "communities.data");
    QCOMPARE(c.data.size(), std::size_t(1994));
    QCOMPARE(c.keptColumns.size(), std::size_t(102));
    QCOMPARE(c.keptColumns.back(), std::string("ViolentCrimesPerPop"));
    QCOMPARE(c.data.groupSizes(), (std::vector<long>{1024, 970}));
    for (const char* dropped : {"communityname", "state", "county", "community", "fold"}) {
      const bool kept = std::find(c.keptColumns.begin(), c.keptColumns.end(), dropped) != c.keptColumns.end();
      QCOMPARE(kept, std::string(dropped) == "fold");  // fold has no missing value, so rxian keeps it
    }
  }
  void syntheticIsDeterministicAndShifted() {
    const GroupedScores a = syntheticGroupedScores(1000, 3, 7), b = syntheticGroupedScores(1000, 3, 7);
    QCOMPARE(a.scores, b.scores);
    QCOMPARE(a.groupSizes(), (std::vector<long>{1000, 500, 333}));
    std::vector<double> mean(3, 0.0);
    for (std::size_t i = 0; i < a.size(); ++i) mean[a.groups[i]] += a.scores[i] / a.groupSizes()[a.groups[i]];
    // Beta(2 + 2a, 4 - a/2) means: 1/3, 4/7.5, 6/9; sampling error ~ 0.2 / sqrt(333) < 0.02.
    QVERIFY(std::abs(mean[0] - 2.0 / 6.0) < 0.03);
    QVERIFY(std::abs(mean[2] - 6.0 / 9.0) < 0.03);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, syntheticGroupedScores(1, 3, 0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, syntheticGroupedScores(100, 1, 0));
  }
  void genericCsv() {
    const std::string p = writeTemp("dpw_gs.csv", "y,g,other\n0.5,b,1\n0.25,a,2\n?,a,3\n0.75,,4\n1.0,b,5\n");
    const GroupedScores d = loadGroupedScoresCsv(p, "y", "g", {"a", "b"}, 0, 1);
    QCOMPARE(d.groupNames, (std::vector<std::string>{"a", "b"}));
    QCOMPARE(d.scores, (std::vector<double>{0.5, 0.25, 1.0}));
    QCOMPARE(d.groups, (std::vector<int>{1, 0, 1}));
    // The dropped rows (missing score, missing group) stay in the public count (grouped_scores.h).
    QCOMPARE(d.publicSize(), std::size_t(5));
    QCOMPARE(d.publicIndex, (std::vector<std::size_t>{0, 1, 4}));
    std::remove(p.c_str());
  }
  // A score outside the public bounds is clamped to the nearer one (±∞ and 1e308 included), a NaN score
  // dropped like a missing one: rules of the row alone (issue #35), where an out-of-bounds score used to
  // refuse the run with its value and line in the message.
  void genericCsvBadInput() {
    const std::string p = writeTemp("dpw_gs_bad.csv", "y,g\n0.5,a\n1.5,b\n1e308,a\n-inf,b\nnan,a\n1e400,b\n");
    const GroupedScores clamped = loadGroupedScoresCsv(p, "y", "g", {"a", "b"}, 0, 1);
    QCOMPARE(clamped.scores, (std::vector<double>{0.5, 1, 1, 0, 1}));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, loadGroupedScoresCsv(p, "missing", "g", {"a", "b"}, 0, 2));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, loadGroupedScoresCsv(p, "y", "missing", {"a", "b"}, 0, 2));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, loadGroupedScoresCsv(p, "y", "g", {"a", "b"}, 2, 0));
    // A declared group with no row loads (an empty group is private information, issue #35).
    const std::string one = writeTemp("dpw_gs_one.csv", "y,g\n0.5,a\n0.7,a\n");
    QCOMPARE(loadGroupedScoresCsv(one, "y", "g", {"a", "b"}, 0, 1).groupSizes(), (std::vector<long>{2, 0}));
    std::remove(p.c_str());
    std::remove(one.c_str());
  }
  // A declared group may be empty: whether it has rows is private, so validate never refuses on it (#35).
  void validateAcceptsAnEmptyGroup() {
    GroupedScores d;
    d.name = "t";
    d.groupNames = {"x", "y"};
    d.scores = {0.1, 0.2};
    d.groups = {0, 0};
    d.validate();
    QCOMPARE(d.groupSizes(), (std::vector<long>{2, 0}));
  }
  void missingFiles() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, loadLawSchool("/nonexistent.csv"));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, loadCommunitiesCrime(kData + "communities.data", "/nonexistent.names"));
  }
};

QTEST_APPLESS_MAIN(TestDatasetLoaders)
#include "tst_dataset_loaders.moc"
