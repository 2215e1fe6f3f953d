#pragma once
/// A fair-learning data set from a CSV file: chosen feature, label and group columns.
///
/// The group column must hold exactly two distinct values (sorted as text; the first is A = 0); the
/// label column, when given, exactly two (the first is Y = 0). Features are numeric columns, no
/// missing values (the strict reader refuses them with file and line). Rows are shuffled with the seed
/// and split into train and test; features are standardised with the training means and standard
/// deviations (so the clipping bounds mean the same thing for every file). Cost O(rows × columns).
#include <cstdint>
#include <string>

#include "privacy/mechanisms/mechanisms.h"
#include <vector>

#include "fair_learning/synthetic_bias.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

struct FairCsvSpec {
  std::string path;
  std::vector<std::string> features;  ///< empty: every numeric column except label and group (split by core/parameter_text.h)
  std::string labelColumn;            ///< empty: unsupervised (labels all 0)
  std::string groupColumn;
  double testFraction = 0.3;
};

/// Reads, shuffles, splits and standardises. @throws InvalidArgument if the file is missing or
/// malformed, a column is unknown or not numeric, the group (or label) column does not have exactly
/// two values, testFraction ∉ (0, 1), or train or test would be empty. The shuffle that decides which
/// rows are trained on comes from the seed in teaching mode and from the OS in secure mode
/// (privacy/mechanisms/private_sampling.h).
void loadFairCsv(const FairCsvSpec& spec, std::uint64_t seed, FairDataset& train, FairDataset& test,
                 NoiseSource source = NoiseSource::Seeded);

}  // namespace dpw
