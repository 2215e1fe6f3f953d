#pragma once
/// Accountant explorer: the same run of the subsampled Gaussian mechanism (q, σ, T, δ) accounted by
/// every accountant of engine/privacy, and the WDP vs RDP budgets of the basic mechanisms vs the order.
///
/// Chart "privacy": ε spent vs step, one curve per accountant (RDP Poisson with the Balle et al. 2020
/// and the Mironov conversions, RDP without replacement (Wang et al. 2019), GDP by the CLT for Poisson
/// and for uniform sampling, PLD (dp_accounting's method)), with `points` checkpoints. Chart
/// "privacy_wdp": the [WDP] Wasserstein accountant (one pair at distance 1, σ in units of the
/// sensitivity), apart because its loss is scale-dependent, grows with σ and is no (ε, δ) bound. Chart "order_curves": [WDP] Fig. 1, the budgets of the Gaussian mechanism
/// (σ) and of the Laplace mechanism (λ) vs the order μ (WDP) or α (RDP), sensitivity 1.
/// Cost per checkpoint: O(#orders) (RDP), one FFT composition (PLD, ~10-100 ms).
#include <cstdint>

#include "core/method.h"

namespace dpw {

struct AccountantExplorerSettings {
  double sampleRate = 0.01;       ///< q
  double noiseMultiplier = 1.1;   ///< σ (std / sensitivity)
  long steps = 1000;              ///< T
  double delta = 1e-5;            ///< δ
  long points = 20;               ///< checkpoints along the run
  double wdpOrder = 16;           ///< μ of the Wasserstein accountant ([WDP] default)
  double wdpBeta = 32;            ///< β of the Wasserstein accountant ([WDP] default)
  double laplaceScale = 1.0;      ///< λ of the Laplace mechanism in the order curves
  double maxOrder = 100;          ///< orders 1..maxOrder in the order curves

  static AccountantExplorerSettings fromParams(const ParamValues& p);
};

/// One step per checkpoint. Metrics: epsilon_<id> for every accountant at the end (ids with '-' as
/// '_', e.g. epsilon_rdp_wor) and wdp_gaussian_at_max_order / rdp_gaussian_at_max_order.
/// @throws InvalidArgument on bad settings (q ∉ (0, 1], σ ≤ 0, T < 1, δ ∉ (0, 1), ...).
RunResult runAccountantExplorer(const AccountantExplorerSettings& s, std::uint64_t seed, RunObserver& observer);

MethodInfo accountantExplorerMethod();

}  // namespace dpw
