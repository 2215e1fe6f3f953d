#pragma once
/// A fair-learning data set from a CSV file: chosen feature, label and group columns.
///
/// The group's two values and the label's two values are public declarations (FairCsvSpec::groupValues,
/// labelValues: the scenario's `group_values`, `label_values`, default "0,1"), never read from the file: the
/// first declared value is A = 0 (Y = 0), the second A = 1 (Y = 1), a cell matching one exactly as text
/// (surrounding blanks ignored). A row whose group (or label, when a label column is given) is not a declared
/// value, a missing cell included, is dropped before anything else (a rule of the row alone: whether the run
/// happens, and the shape of what it releases, never depend on such a row; issue #35). The cell sizes counted
/// after this rule are the ones the claim treats as public ([FairLearn] Def. 2.1: replace-one within a cell).
/// The kept rows are shuffled and split into train and test.
///
/// The data path is inside the privacy claim (issue #35): every feature is mapped by a rule fixed before
/// the private rows are read, so two neighbouring files get the same map and one row moves only its own
/// features. Each feature column j has public bounds [lo_j, hi_j] (FairCsvSpec::bounds, the scenario's
/// `feature_bounds`), and each cell x becomes
///   x̄ = clamp(x, lo_j, hi_j)  (±∞ and numbers beyond ±DBL_MAX to the nearer bound),
///   x̄ = (lo_j + hi_j)/2        for a missing ('' or '?') or NaN cell (a public imputation),
///   z = 2 (x̄ − lo_j)/(hi_j − lo_j) − 1 ∈ [−1, 1]   (the public affine map of the bounds),
/// computed as (x̄/2 − lo_j/2)/(hi_j/2 − lo_j/2) so that no intermediate overflows. A private run
/// (requirePublicBounds) refuses a feature without declared bounds. Without declared bounds (ε = ∞ only,
/// which claims nothing) the bounds are fitted: the min and max of the column's finite training values
/// (a column without two distinct finite values maps to 0). Text that is not a number is refused naming
/// the column and the rule, never the cell or its line. Cost O(rows × columns).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fair_learning/synthetic_bias.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

/// Public bounds of one feature column (declared by the user, not read from the data).
struct FairCsvBounds {
  std::string column;
  double lo = 0, hi = 0;
};

/// Parses `feature_bounds`: comma-separated items "column:lo:hi" (the last two ':' split, so a column
/// name may hold ':'), lo < hi finite. Blank text: none. @throws InvalidArgument naming the item and the
/// rule (a malformed item, lo ≥ hi, a non-finite bound, a column named twice).
std::vector<FairCsvBounds> parseFeatureBounds(std::string_view text);

/// Parses `group_values` / `label_values`: exactly two distinct non-empty comma-separated values, in the
/// order 0, 1 (blank text: "0,1"). @throws InvalidArgument naming the field and the rule.
std::vector<std::string> parseDeclaredValues(std::string_view text, const std::string& field);

struct FairCsvSpec {
  std::string path;
  /// Empty: the columns of `bounds` (in their order) if any, else every numeric column except label and
  /// group (that choice reads the cells, so it is for runs without a claim: ε = ∞). Split by
  /// core/parameter_text.h.
  std::vector<std::string> features;
  std::string labelColumn;            ///< empty: unsupervised (labels all 0)
  std::string groupColumn;
  std::vector<std::string> groupValues{"0", "1"};  ///< public: the group's values A = 0, A = 1 (see above)
  std::vector<std::string> labelValues{"0", "1"};  ///< public: the label's values Y = 0, Y = 1
  double testFraction = 0.3;
  std::vector<FairCsvBounds> bounds;  ///< public per-column bounds (see above)
  /// A private run: every feature column must have public bounds (refused otherwise, naming the column).
  bool requirePublicBounds = false;
  /// Audit fault (a) only: the old path that standardises on the private training rows (each feature
  /// minus its training mean, divided by its training standard deviation; no bounds, no clamping), which
  /// gives neighbouring data sets different maps (issue #35: 46.8 Δ at 9,900 rows). Never set by a method.
  bool plantedPrivateStandardisation = false;
};

/// What the loader did (for tests and the run's evaluation outputs: the counts are private).
struct FairCsvLoad {
  std::vector<std::string> features;   ///< the feature columns, in order
  std::vector<FairCsvBounds> bounds;   ///< the bounds used, one per feature (declared or fitted)
  bool publicBounds = false;           ///< every feature mapped by declared bounds
  long clampedCells = 0;               ///< cells outside their bounds (±∞ included) moved to the nearer bound
  long imputedCells = 0;               ///< missing or NaN cells set to the midpoint of their bounds
  long droppedRows = 0;                ///< rows whose group or label is not a declared value
};

/// Reads, shuffles, splits and maps the features (see above). @throws InvalidArgument if the file is
/// missing or malformed, a column is unknown or not numeric, a bound names no feature column, a private
/// run lacks bounds for a feature, the declared values are not two distinct ones, testFraction ∉ (0, 1), or
/// train or test would be empty (counts of the kept rows, public under the rule above). The shuffle that decides which rows are
/// trained on comes from the seed in teaching mode and from the OS in secure mode
/// (privacy/mechanisms/private_sampling.h).
FairCsvLoad loadFairCsv(const FairCsvSpec& spec, std::uint64_t seed, FairDataset& train, FairDataset& test,
                        NoiseSource source = NoiseSource::Seeded);

}  // namespace dpw
