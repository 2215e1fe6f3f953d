#pragma once
/// Scores with a group label each: the input of fair post-processing [FairReg] §2.
///
/// `scores[i]` lies in [lo, hi] and belongs to group `groups[i]` in 0..groupNames.size()-1. In the
/// paper's experiments the scores are the regression targets themselves ([FairReg] §5).
#include <cstdint>
#include <string>
#include <vector>

namespace dpw {

struct GroupedScores {
  std::string name;                     ///< "law", "communities", "synthetic", or a file name
  std::vector<double> scores;           ///< s_i
  std::vector<int> groups;              ///< a_i
  std::vector<std::string> groupNames;  ///< one per group, in label order
  double lo = 0, hi = 1;                ///< score bounds

  std::size_t size() const { return scores.size(); }
  int groupCount() const { return int(groupNames.size()); }
  /// Rows per group.
  std::vector<long> groupSizes() const;
  /// Checks the invariants above: equal lengths, lo < hi, finite scores inside [lo, hi], labels in
  /// range, and every group non-empty. @throws InvalidArgument naming the first offending row/group.
  void validate() const;
};

/// Synthetic default with no file: `groupCount` groups, group a holding scores from a Beta-shaped
/// distribution on [0, 1] shifted up with a (Beta(2 + 2a, 4 - a/2)), group sizes decreasing
/// (n, n/2, n/3, ...). Deterministic in `seed`.
/// @throws InvalidArgument if rowsPerGroup < 2 or groupCount not in 2..8.
GroupedScores syntheticGroupedScores(long rowsPerGroup, int groupCount, std::uint64_t seed);

/// Any CSV: a numeric score column, a group column (text or numbers; groups are the sorted distinct
/// values), and bounds [lo, hi]. Rows whose score or group is missing are dropped.
/// @throws InvalidArgument if the file or a column is missing or malformed, a score lies outside
/// [lo, hi] (naming the line), fewer than 2 groups or an empty result.
GroupedScores loadGroupedScoresCsv(const std::string& path, const std::string& scoreColumn,
                                   const std::string& groupColumn, double lo, double hi);

}  // namespace dpw
