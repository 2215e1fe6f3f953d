#pragma once
/// DP-SWD explorer: the controlled experiment of [DP-SWD] §5.1 / Fig. 2.
///
/// Source N(0, I_d) and target N(c·1, I_d), c swept over [0, cMax]; for each c the sliced distance
/// SW₂ and the Gaussian-smoothed DP-SWD at two noise levels σ₁, σ₂ ([DP-SWD] Alg. 1), each averaged
/// over `draws` fresh draws of samples and noise. DP-SWD must follow the increasing trend of SW₂.
#include <cstdint>

#include "core/method.h"

namespace dpw {

struct DpSwdExplorerSettings {
  long samples = 1000;    ///< n = m points per distribution
  long dimension = 5;     ///< d
  long projections = 50;  ///< k
  double sigma1 = 1.0;    ///< first noise level of the Gaussian mechanism
  double sigma2 = 3.0;    ///< second noise level
  double maxShift = 1.0;  ///< c goes from 0 to maxShift
  long shifts = 11;       ///< number of c values
  long draws = 5;         ///< draws averaged per point

  static DpSwdExplorerSettings fromParams(const ParamValues& p);
};

/// Runs the sweep; one step per shift value. Metrics: sw2_at_max, dpswd_sigma1_at_max,
/// dpswd_sigma2_at_max, and dpswd_increasing (1 if both DP-SWD curves end above where they start).
RunResult runDpSwdExplorer(const DpSwdExplorerSettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo dpSwdExplorerMethod();

}  // namespace dpw
