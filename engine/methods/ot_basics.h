#pragma once
/// Optimal transport, the basics (ot/quantile_coupling.h): two small samples on the line, `source_size` points from
/// N(0, 1) and `target_size` from N(shift, spread²) (seeded), matched by the quantile coupling, the optimal
/// Kantorovich plan for the cost |x − y|^p. Charts:
///   - "ot_coupling": the two samples (source at height 0, target at 1) and a segment for every pair the plan moves
///                    mass between (none cross: the plan is monotone);
///   - "ot_quantiles": the two quantile functions; W_p^p is the integral of |F⁻¹ − G⁻¹|^p between them;
///   - "ot_plan":     the plan as an n × m heat map in sorted order (rows sum to 1/n, columns to 1/m).
/// No privacy is spent. Cost: O((n + m) log(n + m)) plus the n × m independent plan (microseconds).
#include <cstdint>

#include "core/method.h"

namespace dpw {

struct OtBasicsSettings {
  long sourceSize = 7;   ///< n
  long targetSize = 10;  ///< m
  double shift = 2;      ///< the target law's mean
  double spread = 0.5;   ///< the target law's standard deviation
  double p = 2;          ///< the cost |x − y|^p

  static OtBasicsSettings fromParams(const ParamValues& p);
};

/// Metrics: wp (W_p), wp_power (W_p^p by the coupling), wp_quantile_integral (by the quantile functions),
/// independent_cost (the independent plan's cost), plan_nonzeros (≤ n + m − 1), crossing_paths (pairs of paths in
/// opposite orders: 0), plan_row_error and
/// plan_column_error (largest |row sum − 1/n|, |column sum − 1/m|), mean_gap (target mean − source mean).
/// @throws InvalidArgument on bad settings (n, m ∉ [1, 200], p ∉ [1, 4], spread ∉ (0, 100], |shift| > 100).
RunResult runOtBasics(const OtBasicsSettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo otBasicsMethod();

}  // namespace dpw
