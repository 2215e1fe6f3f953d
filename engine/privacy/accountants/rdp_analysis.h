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
///                       + Σ_{j=3}^{α} γ^j C(α, j) min{2 e^{(j−1) ε(j)}, 4 √(M_{2⌊j/2⌋} M_{2⌈j/2⌉})}),
/// where the second member of each min is their Theorem 27 (arXiv 1808.00087, the strengthening for the
/// subsampled Gaussian that dp_accounting's `_compute_rdp_sample_wor_gaussian` implements): M_ℓ =
/// E_{N(0,σ²)}[(L − 1)^ℓ], L the likelihood ratio N(1, σ²)/N(0, σ²), i.e. the ℓ-th forward difference at 0 of
/// k ↦ e^{k(k−1)/(2σ²)}. Each term's min of two proven bounds is a proven bound (and never above either
/// theorem alone). M_ℓ is integrated numerically (gaussianRatioLogMoment), not summed: the alternating
/// sum cancels to garbage in double precision where Thm 27 matters (σ ≫ 1). Thm 27's terms are used for
/// α ≤ 256, as dp_accounting does (Thm 9 alone above).
/// The same bound holds for secure mode's grid discrete Gaussian at multiplier σ_Z/Δ_Z: for integer means
/// u, v, w and integer exponents, Σ_x N_Z(u)^a N_Z(v)^b N_Z(w)^{1−a−b} equals the continuous Gaussians' integral
/// exactly (the normaliser at the integer centre au + bv + (1−a−b)w is the one at 0), so every integer-order
/// moment the two theorems use (E[L^j] for Thm 9, the even central moments for Thm 27) is the continuous
/// Gaussian's at the same means, whose distances are at most Δ_Z.
/// Fractional α interpolate (α − 1)ε'(α) linearly between ⌊α⌋ and ⌈α⌉ (their Corollary 10, as
/// TensorFlow Privacy does); α ∈ (1, 2) interpolates with (α − 1)ε'(α) = 0 at α = 1.
/// The result is capped per order by the unsubsampled Gaussian: ε'(α) = min(bound(α), α/(2σ²)).
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
/// (Wang, Balle, Kasiviswanathan 2019, Thm 9 with Thm 27's terms, capped by α/(2σ²)). Cost: O(α) per order,
/// plus, once per σ and thread, the moments M_2..M_258 (~1-30 ms, most for σ < 1).
/// @throws InvalidArgument as rdpPoissonGaussian.
double rdpWithoutReplacementGaussian(double sampleRate, double noiseMultiplier, double order);

/// The quadrature step of gaussianRatioLogMoment's default.
inline constexpr double kGaussianRatioMomentStep = 0.02;
/// log M_ℓ(σ) = log E_{z∼N(0,1)}[(e^{z/σ − 1/(2σ²)} − 1)^ℓ] for even ℓ (the moment Thm 27 uses), by the trapezoid
/// rule with this step over the integrand's two log-concave pieces (rdp_analysis.cpp has the error analysis;
/// ~1e-13 relative at step 0.02). @throws InvalidArgument unless σ > 0, ℓ even in [2, 4096], step ∈ (0, 0.1].
double gaussianRatioLogMoment(double noiseMultiplier, int order, double step = kGaussianRatioMomentStep);

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
