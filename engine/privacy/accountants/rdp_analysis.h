#pragma once
/// Rényi DP of the subsampled Gaussian mechanism and its conversion to (ε, δ)-DP.
///
/// Poisson subsampling, add/remove neighbours (Mironov, Talwar, Zhang 2019, "Rényi DP of the sampled
/// Gaussian mechanism", §3.3, computed as Opacus `opacus/accountants/analysis/rdp.py`): with
/// A_α = E_{z∼μ0}[(μ(z)/μ0(z))^α], μ0 = N(0, σ²), μ = (1 − q) μ0 + q N(1, σ²), the RDP at order α is
/// log(A_α)/(α − 1).
///   Integer α:  A_α = Σ_{i=0}^{α} C(α, i) q^i (1 − q)^{α−i} exp((i² − i)/(2σ²)).
///   Fractional α: the exact two-sided series of Mironov et al. (their eq. for A_α with
///   z0 = σ² ln(1/q − 1) + ½), summed in log space with signed binomials until both terms are
///   below e^{−30}, as Opacus does (not the sum of absolute values, which is only an upper bound).
///   q = 1 gives α/(2σ²) exactly.
/// Fixed-size sampling without replacement, replace-one neighbours (Wang, Balle, Kasiviswanathan 2019,
/// "Subsampled Rényi DP and analytical moments accountant", Theorem 9, base mechanism Gaussian with
/// ε(j) = j/(2σ²) and ε(∞) = ∞), for integer α ≥ 2 with γ = q:
///   (α − 1) ε'(α) ≤ log(1 + γ² C(α,2) min{4(e^{ε(2)} − 1), 2 e^{ε(2)}}
///                       + Σ_{j=3}^{α} 2 γ^j C(α, j) e^{(j−1) ε(j)});
/// fractional α interpolate (α − 1)ε'(α) linearly between ⌊α⌋ and ⌈α⌉ (their Corollary 10, as
/// TensorFlow Privacy does); α ∈ (1, 2) interpolates with (α − 1)ε'(α) = 0 at α = 1.
/// The result is capped per order by the unsubsampled Gaussian: ε'(α) = min(Thm 9(α), α/(2σ²)).
/// Valid for replace-one: a without-replacement sample of two replace-one neighbours differs in at
/// most one record, so the subsampled release is post-processing of a replace-one Gaussian step and
/// cannot be less private than it (autodp's AmplificationBySampling takes the same minimum). Without
/// the cap, Thm 9's small-order terms dominate at large σ (q = 0.2, σ = 200, T = 500 gave ε = 10.28).
///
/// Conversions of an RDP curve r(α) to (ε, δ):
///   Mironov 2017, Prop. 3 (classic):         ε = min_α r(α) + ln(1/δ)/(α − 1)
///   Balle et al. 2020, Thm 21 (improved):    ε = min_α r(α) + ln((α − 1)/α) − (ln δ + ln α)/(α − 1)
/// The improved one is never worse than the classic one (for α > 1 its extra terms are ≤ 0).
/// Costs: O(α) per integer order, O(number of series terms) per fractional order (tens).
#include <vector>

namespace dpw {

enum class RdpConversion {
  Mironov,       ///< Mironov 2017, Prop. 3
  BalleEtAl2020  ///< Balle, Barthe, Gaboardi, Hsu, Sato 2020, Thm 21 (as Opacus)
};

/// The order grid DPW Lab uses: Opacus's default grid (1.1, 1.2, ..., 10.9, 12, ..., 63) plus 11 and
/// large orders up to 1024 (64, 72, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 768, 1024),
/// which matter for σ ≈ 5 and small q.
const std::vector<double>& defaultRdpOrders();

/// RDP of one step of the Poisson-subsampled Gaussian at `order` > 1.
/// @throws InvalidArgument unless q ∈ [0, 1], σ > 0, order > 1.
double rdpPoissonGaussian(double sampleRate, double noiseMultiplier, double order);

/// RDP of one step of the without-replacement subsampled Gaussian (replace-one) at `order` > 1
/// (Wang, Balle, Kasiviswanathan 2019, Thm 9). @throws InvalidArgument as rdpPoissonGaussian.
double rdpWithoutReplacementGaussian(double sampleRate, double noiseMultiplier, double order);

struct RdpEpsilon {
  double epsilon;  ///< best ε over the grid (+inf if every order gives +inf)
  double order;    ///< the order that attains it
};

/// ε for δ from an RDP curve (rdp[i] at orders[i]), by the chosen conversion; ε ≥ 0, and 0 for an
/// all-zero curve (nothing spent) or when δ² > 1 − e^{−r(α)} at some order (then the total variation, at most
/// √(1 − e^{−KL}) ≤ √(1 − e^{−r(α)}), is below δ: dp_accounting's rule).
/// @throws InvalidArgument unless δ ∈ (0, 1) and the vectors have equal, non-zero sizes.
RdpEpsilon epsilonFromRdp(const std::vector<double>& orders, const std::vector<double>& rdp, double delta,
                          RdpConversion conversion);

/// δ for ε ≥ 0 from an RDP curve (the inverse of epsilonFromRdp, minimised over orders, capped at 1, and at most
/// √(1 − e^{−r(α)}), the total-variation bound, at every order).
/// @throws InvalidArgument unless ε ≥ 0 and the vectors have equal, non-zero sizes.
double deltaFromRdp(const std::vector<double>& orders, const std::vector<double>& rdp, double epsilon,
                    RdpConversion conversion);

}  // namespace dpw
