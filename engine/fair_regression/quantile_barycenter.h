#pragma once
/// Closed-form 1-D Wasserstein-2 barycenter by quantile averaging (Agueh & Carlier 2011; [FairReg]
/// §3.1 with α = 0): Q̄(u) = Σ_a w_a Q_a(u) / Σ_a w_a, cost Σ_a w_a ∫₀¹ (Q_a(u) − Q̄(u))² du, for
/// distributions p_a on the bin indices 0..k-1. It is the unrestricted-support barycenter, so the
/// fixed-support LP at α = 0 satisfies  cost <= LP <= cost + Σ_a w_a / 4  (rounding Q̄ to the nearest
/// bin moves it by at most 1/2, and the cross term vanishes because Q̄ is the weighted mean).
/// Cost: O(m k log(m k)).
#include <vector>

#include "fair_regression/isotonic_cdf.h"

namespace dpw {

struct QuantileBarycenter {
  double cost = 0;                 ///< Σ_a w_a W2²(p_a, barycenter), bin-index units
  std::vector<double> locations;   ///< atoms of the barycenter (bin-index units, increasing)
  std::vector<double> masses;      ///< their masses (sum 1)
};

/// @throws InvalidArgument if there are no groups, the weights sum to 0, or a pmf is invalid.
QuantileBarycenter quantileAveragingBarycenter(const GroupDistributions& d);

}  // namespace dpw
