#include "data/grouped_scores.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <random>

#include "core/error.h"
#include "core/run_stop.h"
#include "core/internal_error.h"
#include "core/rng.h"
#include "data/csv_table.h"

namespace dpw {

std::vector<long> GroupedScores::groupSizes() const {
  std::vector<long> sizes(groupNames.size(), 0);
  for (int a : groups)
    if (a >= 0 && a < int(sizes.size())) ++sizes[a];
  return sizes;
}

void GroupedScores::validate() const {
  require(std::isfinite(lo) && std::isfinite(hi) && lo < hi, "score bounds must satisfy lo < hi, got [", lo, ", ", hi,
          "]");
  ensure(scores.size() == groups.size(), "data '", name, "': ", scores.size(), " scores but ", groups.size(),
          " group labels");
  require(!scores.empty(), "data '", name, "' has no rows");
  require(groupCount() >= 1, "data '", name, "' has no groups");
  // The messages name the rule, never a row's value or position (a person's data, issue #35).
  for (std::size_t i = 0; i < scores.size(); ++i) {
    require(std::isfinite(scores[i]) && scores[i] >= lo && scores[i] <= hi, "data '", name,
            "': a score is not a finite number in the bounds [", lo, ", ", hi, "]");
    require(groups[i] >= 0 && groups[i] < groupCount(), "data '", name, "': a group label is not in 0..",
            groupCount() - 1);
  }
  ensure(publicIndex.empty() || (publicIndex.size() == scores.size() && publicRows >= scores.size() &&
                                   std::is_sorted(publicIndex.begin(), publicIndex.end()) &&
                                   publicIndex.back() < publicRows),
          "data '", name, "': the kept rows' places among the public rows are inconsistent");
  // A declared group may have no rows: whether it has any is private (one row decides it), so no refusal
  // may depend on it (issue #35). The release gives such a group noise-only counts, the metrics skip it.
  ensure(targets.empty() || targets.size() == scores.size(), "data '", name, "': ", targets.size(), " targets but ",
          scores.size(), " scores");
  for (std::size_t i = 0; i < targets.size(); ++i)
    require(std::isfinite(targets[i]), "data '", name, "': a target is NaN or infinite");
  if (features.size() > 0) {
    ensure(std::size_t(features.rows()) == scores.size(), "data '", name, "': ", features.rows(),
            " feature rows but ", scores.size(), " scores");
    ensure(featureNames.size() == std::size_t(features.cols()), "data '", name, "': ", featureNames.size(),
            " feature names for ", features.cols(), " feature columns");
    require(!features.array().isInf().any(), "data '", name, "': a feature value is infinite (NaN marks a missing one)");
  }
}

void fillFeatures(GroupedScores& d, const CsvTable& t, const std::vector<std::size_t>& rows,
                  const std::vector<std::string>& columns) {
  d.features.resize(Eigen::Index(rows.size()), Eigen::Index(columns.size()));
  d.featureNames = columns;
  d.imputedFeatureCells = 0;
  constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const auto v = t.numericColumnAnyValue(columns[c]);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto& x = v[rows[i]];
      const bool present = x && std::isfinite(*x);
      d.features(Eigen::Index(i), Eigen::Index(c)) = present ? *x : kMissing;
      d.imputedFeatureCells += !present;
    }
  }
}

GroupedScores syntheticGroupedScores(long rowsPerGroup, int groupCount, std::uint64_t seed) {
  require(rowsPerGroup >= 2, "synthetic data needs at least 2 rows per group, got ", rowsPerGroup);
  require(groupCount >= 2 && groupCount <= 8, "synthetic data needs 2..8 groups, got ", groupCount);
  GroupedScores d;
  d.name = "synthetic";
  d.lo = 0;
  d.hi = 1;
  Rng rng = makeRng(seed, 0);
  for (int a = 0; a < groupCount; ++a) {
    d.groupNames.push_back("group " + std::to_string(a));
    std::gamma_distribution<double> ga(2.0 + 2.0 * a, 1.0), gb(4.0 - 0.5 * a, 1.0);
    const long na = std::max(2L, rowsPerGroup / (a + 1));
    for (long i = 0; i < na; ++i) {
      if ((i & 0xFFFF) == 0) throwIfRunStopped();  // 10⁷ rows take seconds (core/run_stop.h)
      const double x = ga(rng), y = gb(rng);
      d.scores.push_back(x / (x + y));  // Beta(2 + 2a, 4 - a/2)
      d.groups.push_back(a);
    }
  }
  Rng featureRng = makeRng(seed, 1);
  std::normal_distribution<double> normal;
  d.featureNames = {"score + noise", "noise"};
  d.features.resize(Eigen::Index(d.scores.size()), 2);
  for (std::size_t i = 0; i < d.scores.size(); ++i) {
    if ((i & 0xFFFF) == 0) throwIfRunStopped();
    d.features(Eigen::Index(i), 0) = d.scores[i] + 0.1 * normal(featureRng);
    d.features(Eigen::Index(i), 1) = normal(featureRng);
  }
  d.validate();
  return d;
}

GroupedScores loadGroupedScoresCsv(const std::string& path, const std::string& scoreColumn,
                                   const std::string& groupColumn, const std::vector<std::string>& groupValues,
                                   double lo, double hi, const std::vector<std::string>& featureColumns) {
  require(std::isfinite(lo) && std::isfinite(hi) && lo < hi, "score bounds must satisfy lo < hi, got [", lo, ", ", hi,
          "]");
  std::map<std::string, int> labels;
  for (const auto& v : groupValues) {
    require(!v.empty() && labels.emplace(v, int(labels.size())).second,
            "group_values: each declared group value must be non-empty and named once");
  }
  require(labels.size() >= 2, "group_values: declare at least two group values (the groups, in order)");
  const CsvTable t = CsvTable::readFile(path);
  // A NaN score is dropped like a missing one; ±∞ and scores outside [lo, hi] are clamped below.
  auto s = t.numericColumnAnyValue(scoreColumn);
  for (auto& v : s)
    if (v && std::isnan(*v)) v.reset();
  const std::size_t gj = t.columnIndex(groupColumn);
  GroupedScores d;
  d.name = std::filesystem::path(path).filename().string();
  d.lo = lo;
  d.hi = hi;
  d.groupNames = groupValues;
  d.publicRows = t.rows();
  std::vector<std::size_t> kept;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    if (!s[r] || t.isMissing(r, gj)) continue;
    std::string cell(t.cell(r, gj));
    while (!cell.empty() && cell.back() == ' ') cell.pop_back();
    while (!cell.empty() && cell.front() == ' ') cell.erase(cell.begin());
    const auto label = labels.find(cell);
    if (label == labels.end()) continue;  // not a declared group: dropped, still counted in publicRows
    d.scores.push_back(std::clamp(*s[r], lo, hi));
    d.groups.push_back(label->second);
    kept.push_back(r);
  }
  d.publicIndex = kept;
  if (!featureColumns.empty()) fillFeatures(d, t, kept, featureColumns);
  d.validate();
  return d;
}

}  // namespace dpw
