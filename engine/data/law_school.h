#pragma once
/// LSAC Law School data (bar_pass_prediction.csv) with the preprocessing of [FairReg] §5 / reference
/// section 3: keep race1 in {asian, black, hisp, white} (groups 0..3 in that sorted order), score =
/// ugpa, bounds (1, 4). On the shipped file this gives 21,983 rows: 897 / 1343 / 1027 / 18716.
/// Features for a regressor: lsat, male, fulltime, fam_inc, age (406 missing cells, imputed by the
/// regressor from its fit rows: least_squares_scores.h).
#include <string>

#include "data/grouped_scores.h"

namespace dpw {

/// @throws InvalidArgument if the file is missing or malformed, lacks race1 or ugpa, or a kept row
/// has a missing or out-of-bounds ugpa (the message names the rule, not the row).
GroupedScores loadLawSchool(const std::string& csvPath);

}  // namespace dpw
