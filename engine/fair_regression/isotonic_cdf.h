#pragma once
/// From a (noisy) joint histogram to group weights and group distributions on the bins
/// ([FairReg] Alg. 1 lines 4-6 and Lemma B.7; reference §3 step 3).
///
/// w_a = max(Σ_b hist[a][b], 1e-6). F_a = cumsum(hist[a] / w_a) is repaired into a CDF by the
/// L∞ isotonic regression iso(F)_j = (max_{l<=j} F_l + min_{r>=j} F_r) / 2 (Stout 2017: the
/// L∞-optimal nondecreasing fit), clipped to [0, 1], last entry set to 1; p_a = differences.
/// Without noise the repair is the identity, so p_a is the exact empirical PMF of group a.
#include <vector>

#include "core/types.h"

namespace dpw {

/// iso(x): (prefix max + suffix min) / 2. Cost O(k). Returns an empty vector for empty input.
std::vector<double> isotonicLinf(const std::vector<double>& x);

/// iso, clipped to [0, 1], last entry 1: a valid CDF on k bins. @throws InternalError if empty,
/// InvalidArgument if any entry is not finite.
std::vector<double> repairCdf(const std::vector<double>& cumulative);

struct GroupDistributions {
  std::vector<double> weights;             ///< w_a (not renormalised; sums to ~1)
  std::vector<std::vector<double>> pmf;    ///< p_a on the k bins, each sums to 1
  int groups() const { return int(weights.size()); }
  int bins() const { return pmf.empty() ? 0 : int(pmf[0].size()); }
};

/// w and p from an m x k histogram. @throws InternalError if it is empty, InvalidArgument if it has non-finite cells.
GroupDistributions repairedGroupDistributions(const Points& histogram);

}  // namespace dpw
