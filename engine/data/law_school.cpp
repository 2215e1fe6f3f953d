#include "data/law_school.h"

#include <limits>

#include "core/error.h"
#include "data/csv_table.h"

namespace dpw {

GroupedScores loadLawSchool(const std::string& csvPath) {
  const CsvTable t = CsvTable::readFile(csvPath);
  const std::vector<std::string> kept{"asian", "black", "hisp", "white"};
  const auto race = t.textColumn("race1");
  const std::size_t uj = t.columnIndex("ugpa");
  GroupedScores d;
  d.name = "law";
  d.groupNames = kept;
  d.lo = 1;
  d.hi = 4;
  std::vector<std::size_t> keptRows;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    int a = -1;
    for (int g = 0; g < 4; ++g)
      if (race[r] == kept[g]) a = g;
    if (a < 0) continue;
    // NaN for a missing or unreadable cell: it fails the range test below.
    const double v = t.isMissing(r, uj) ? std::numeric_limits<double>::quiet_NaN()
                                        : CsvTable::parseNumber(t.cell(r, uj)).value_or(std::numeric_limits<double>::quiet_NaN());
    require(v >= d.lo && v <= d.hi, csvPath,
            ": a kept row's ugpa is missing or not a number in [1, 4] (the shipped file has none)");
    d.scores.push_back(v);
    d.groups.push_back(a);
    keptRows.push_back(r);
  }
  // Inputs for a regressor of ugpa: LSAT score, sex, full-time study, family income, age (race is
  // the protected attribute and is left out).
  fillFeatures(d, t, keptRows, {"lsat", "male", "fulltime", "fam_inc", "age"});
  d.validate();
  return d;
}

}  // namespace dpw
