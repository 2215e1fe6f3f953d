#pragma once
/// UCI Communities and Crime with the preprocessing of [FairReg] §5 / reference section 3: the
/// headerless communities.data with names from communities.names ("@attribute NAME type" lines);
/// drop communityname, state, county and every column with a missing value ('?'), which leaves 102
/// columns; score = ViolentCrimesPerPop, bounds (0, 1); group 1 ("black") if racepctblack > 0.06,
/// else 0 ("white"). On the shipped file: 1994 rows, groups 1024 / 970. Features for a regressor: the
/// 101 kept columns other than the target.
#include <string>
#include <vector>

#include "data/grouped_scores.h"

namespace dpw {

struct CommunitiesCrime {
  GroupedScores data;
  std::vector<std::string> keptColumns;  ///< the 102 columns left after preprocessing (target included)
};

/// `namesPath` empty: the .names file next to `dataPath` (same stem).
/// @throws InvalidArgument if a file is missing or malformed, the names do not match the field
/// count, or the target or racepctblack is missing.
CommunitiesCrime loadCommunitiesCrime(const std::string& dataPath, const std::string& namesPath = "");

}  // namespace dpw
