#pragma once
/// The human name of every output key of every method (summary.json keys such as
/// "beta_at_0_1_discrete_gaussian" or "fair_eps_0.1_ks_mean"): what the GUI's results table and the
/// comparison grid's headers, captions and tooltips show instead of the key. One home for the names
/// (output_declarations_labels.cpp); the release/evaluation classes are each method's (MethodInfo::outputs);
/// tests/engine/methods/tst_output_classes.cpp checks that every key a run produces has one.
#include <string>

namespace dpw {

struct OutputLabel {
  std::string title;    ///< "β at α = 0.1, discrete Gaussian"; empty: the key has no label
  std::string brief;    ///< a short name for grid captions ("ACC", "ε"); the title when the table gives none
  std::string unit;     ///< "" for a pure number; else e.g. "probability", "count", "s", "nats"
  std::string meaning;  ///< one sentence: what the number is (tooltips, the grid's legend)
};

/// The label of metric key `key` (exact keys, then the key families: "<x>_mean"/"<x>_std" over seeds,
/// "fair_eps_<ε>_<x>", "beta_at_0_1_<law>", "epsilon_<accountant>", "<arm>_eps<ε>"). An unknown key
/// gives an empty title.
OutputLabel outputLabel(const std::string& key);

}  // namespace dpw
