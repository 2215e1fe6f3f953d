#pragma once
/// Scores with a group label each: the input of fair post-processing [FairReg] §2.
///
/// `scores[i]` lies in [lo, hi] and belongs to group `groups[i]` in 0..groupNames.size()-1. In the
/// paper's experiments the scores are the regression targets themselves ([FairReg] §5).
#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace dpw {

class CsvTable;

struct GroupedScores {
  std::string name;                     ///< "law", "communities", "synthetic", or a file name
  std::vector<double> scores;           ///< s_i
  std::vector<int> groups;              ///< a_i
  std::vector<std::string> groupNames;  ///< one per group, in label order
  double lo = 0, hi = 1;                ///< score bounds

  /// Optional regression inputs, one row per score, for scores that come from a regressor instead
  /// of being the targets: the features a regressor may be fitted on (empty: none), and the true
  /// targets when `scores` are predictions (empty: the scores are the targets, [FairReg] §5).
  Points features;
  std::vector<std::string> featureNames;
  /// Missing, NaN or infinite feature cells: NaN in `features`, imputed by the regressor with its fit
  /// rows' column means (least_squares_scores.h), never with a mean over the private rows.
  long imputedFeatureCells = 0;
  std::vector<double> targets;

  /// The row count the claim treats as public (issue #35): the substitution neighbours of [FairReg] Def. 2.1
  /// keep the number of rows of the file, so a loader that drops rows by a rule (a CSV row whose score is
  /// missing or whose group is not declared) keeps them in this count, and every split, the histogram's 1/n
  /// and δ auto use it, never the kept count (which one row changes). 0: size() (no row was dropped).
  std::size_t publicRows = 0;
  /// The place of each kept row among the public rows (ascending; empty: the identity).
  std::vector<std::size_t> publicIndex;
  std::size_t publicSize() const { return publicRows > 0 ? publicRows : size(); }

  /// What a prediction is compared with: the targets if present, else the scores.
  const std::vector<double>& truth() const { return targets.empty() ? scores : targets; }

  std::size_t size() const { return scores.size(); }
  int groupCount() const { return int(groupNames.size()); }
  /// Rows per group.
  std::vector<long> groupSizes() const;
  /// Checks the invariants above: equal lengths, lo < hi, finite scores inside [lo, hi], labels in
  /// range, finite targets and features (NaN = missing) with one row per score. A group may be empty: whether
  /// it has rows is private, so nothing refuses on it.
  /// @throws InvalidArgument naming the rule or the group, never a row's value or position; InternalError
  /// when lengths the loaders produce disagree (groups, targets, feature rows and names, kept rows' places).
  void validate() const;
};

/// Synthetic default with no file: `groupCount` groups, group a holding scores from a Beta-shaped
/// distribution on [0, 1] shifted up with a (Beta(2 + 2a, 4 - a/2)), group sizes decreasing
/// (n, n/2, n/3, ...). Deterministic in `seed`. Two features per row for a regressor: the score
/// seen through N(0, 0.1²) noise and a pure-noise column (from their own random stream, so the
/// scores do not depend on them).
/// @throws InvalidArgument if rowsPerGroup < 2 or groupCount not in 2..8.
GroupedScores syntheticGroupedScores(long rowsPerGroup, int groupCount, std::uint64_t seed);

/// Any CSV: a numeric score column, a group column, the declared group values `groupValues` (public: the
/// groups, in that order, matched exactly as text, surrounding blanks ignored; never read from the file) and
/// public bounds [lo, hi]. A row whose score is missing or NaN, or whose group is not a declared value
/// (missing included), is dropped but stays in publicRows (the file's row count, public), so the run and the
/// shape of what it releases never depend on such a row; a score outside [lo, hi] (±∞ included) is clamped
/// to the nearer bound (a rule of the row alone, so a neighbouring file moves one score; issue #35).
/// `featureColumns` (may be empty) become `features` (fillFeatures). @throws InvalidArgument if the file or a
/// column is missing or malformed (naming the column, never a cell), fewer than 2 declared values or a value
/// declared twice, or (validate) a declared group without rows.
GroupedScores loadGroupedScoresCsv(const std::string& path, const std::string& scoreColumn,
                                   const std::string& groupColumn, const std::vector<std::string>& groupValues,
                                   double lo, double hi, const std::vector<std::string>& featureColumns = {});

/// Fills `d.features` from numeric columns of `t` for the table rows `rows` (one per score); a missing,
/// NaN or infinite cell becomes NaN (counted in imputedFeatureCells) and is imputed later from public
/// rows only (leastSquaresScores), since a mean over these rows would move every imputed row's score
/// with one person's value. @throws InvalidArgument naming the file and column of a non-numeric cell.
void fillFeatures(GroupedScores& d, const CsvTable& t, const std::vector<std::size_t>& rows,
                  const std::vector<std::string>& columns);

}  // namespace dpw
