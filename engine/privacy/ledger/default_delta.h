#pragma once
/// The δ a run claims when the user leaves it to the default, and the warning when a δ is not small next to
/// one person's share of the data. δ is the probability that the privacy loss may exceed ε, so it must be
/// well below 1/m for m private rows: a mechanism that publishes each row with probability δ is (0, δ)-DP
/// (Dwork & Roth 2014 §2.3). Every method that releases on private rows defaults to δ = 1/(10 m) (the fair
/// learning paper's 0.1/n, [FairLearn] App. B), from the row count it already treats as public; a δ given
/// above it is kept and the statement says so (deltaWarning).
#include <string>

namespace dpw {

/// 1/(10 rows): the default δ of a run on `rows` private rows. @throws InvalidArgument unless rows ≥ 1.
double defaultDelta(long rows);

/// "" when δ ≤ 1/(10 rows); else " Warning: δ = 1e-05 is above 1/(10 m) = 3.334e-06 for the m = 30000 private
/// rows: a failure probability not small next to one row's share (leave δ at auto for 1/(10 m))." (with its
/// leading space, to append to a statement). `rows` ≤ 0: "".
std::string deltaWarning(double delta, long rows);

}  // namespace dpw
