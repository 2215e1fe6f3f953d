#pragma once
/// A fair-learning data set from a CSV file: chosen feature, label and group columns.
///
/// The group column must hold exactly two distinct values (sorted as text; the first is A = 0); the
/// label column, when given, exactly two (the first is Y = 0). Rows are shuffled with the seed and split
/// into train and test.
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

struct FairCsvSpec {
  std::string path;
  /// Empty: the columns of `bounds` (in their order) if any, else every numeric column except label and
  /// group (that choice reads the cells, so it is for runs without a claim: ε = ∞). Split by
  /// core/parameter_text.h.
  std::vector<std::string> features;
  std::string labelColumn;            ///< empty: unsupervised (labels all 0)
  std::string groupColumn;
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
};

/// Reads, shuffles, splits and maps the features (see above). @throws InvalidArgument if the file is
/// missing or malformed, a column is unknown or not numeric, a bound names no feature column, a private
/// run lacks bounds for a feature, the group (or label) column does not have exactly two values,
/// testFraction ∉ (0, 1), or train or test would be empty. The shuffle that decides which rows are
/// trained on comes from the seed in teaching mode and from the OS in secure mode
/// (privacy/mechanisms/private_sampling.h).
FairCsvLoad loadFairCsv(const FairCsvSpec& spec, std::uint64_t seed, FairDataset& train, FairDataset& test,
                        NoiseSource source = NoiseSource::Seeded);

}  // namespace dpw
