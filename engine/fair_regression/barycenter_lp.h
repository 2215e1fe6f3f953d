#pragma once
/// The fixed-support barycenter linear program with KS-ball tolerance ([FairReg] Eq. (3)-(4), LP;
/// reference §3 step 4), solved with COIN-OR CLP.
///
/// minimise   Σ_a w_a Σ_{i,j} γ_a[i][j] (i − j)²          (bin-index units)
/// over       γ_a >= 0 (k x k per group), b >= 0 (k),
/// subject to Σ_j γ_a[i][j] = p_a[i]                       (row sums: the group's distribution)
///            |Σ_{j<=t} (q_a[j] − b[j])| <= α/2, all t      (q_a[j] = Σ_i γ_a[i][j]: KS ball of radius α/2)
/// There is no separate Σ b = 1 constraint (the last prefix bounds it to 1 ± α/2).
///
/// Sparse formulation: instead of the dense prefix rows (k³ nonzeros per group) we add free-in-a-box
/// variables d_a[t] ∈ [−α/2, α/2] with d_a[t] − d_a[t−1] − Σ_i γ_a[i][t] + b[t] = 0, so d_a[t] is the
/// prefix sum. Size: m k² + k + m k columns, 2 m k rows, 2 m k² + 3 m k nonzeros.
/// α only changes the bounds of the d columns, so a sweep over α re-solves with the dual simplex
/// from the previous optimal basis (warm start).
#include <functional>
#include <memory>
#include <vector>

#include "core/types.h"
#include "fair_regression/isotonic_cdf.h"

class ClpSimplex;

namespace dpw {

struct BarycenterSolution {
  double alpha = 0;
  double objective = 0;                       ///< Σ_a w_a <γ_a, C>, bin-index units
  std::vector<double> barycenter;             ///< b (k)
  std::vector<Points> couplings;              ///< γ_a (k x k), entries >= 0
  std::vector<std::vector<double>> targets;   ///< q_a = column sums of γ_a
  int iterations = 0;                         ///< simplex iterations of this solve
};

class BarycenterLp {
 public:
  /// Builds the model. @throws InvalidArgument if there are no groups or bins, the pmfs have
  /// different lengths, or any weight/mass is negative or not finite.
  explicit BarycenterLp(GroupDistributions distributions);
  ~BarycenterLp();
  BarycenterLp(const BarycenterLp&) = delete;
  BarycenterLp& operator=(const BarycenterLp&) = delete;

  /// Solves for tolerance α (warm-started from the previous solve of this object). Primal and
  /// dual tolerances are 1e-11, so the constraints hold to ~1e-10 on the returned solution.
  /// Cost: dual simplex; ~ms for k = 36, 4 groups, minutes for k in the thousands. `cancelled`, when
  /// given, is asked after every simplex iteration; once it answers true the solve stops and throws
  /// Cancelled (a run's Stop does not wait for the optimum). @throws InvalidArgument if α < 0 or NaN;
  /// std::runtime_error if CLP does not report an optimum (it is always feasible for α >= 0).
  BarycenterSolution solve(double alpha, const std::function<bool()>& cancelled = {});

  const GroupDistributions& distributions() const { return d_; }

 private:
  GroupDistributions d_;
  std::unique_ptr<ClpSimplex> model_;
};

/// One-shot convenience: BarycenterLp(d).solve(alpha).
BarycenterSolution solveBarycenterLp(const GroupDistributions& d, double alpha);

}  // namespace dpw
