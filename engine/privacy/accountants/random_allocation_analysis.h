#pragma once
/// Privacy of the Gaussian mechanism on shuffled batches ("random allocation", "balls in bins"): each epoch
/// shuffles the rows once and cuts k = ⌊1/q⌋ batches of q·N rows, so every row is in exactly one of the epoch's
/// k steps (an incomplete last batch is dropped). Add/remove neighbours. Feldman & Shenfeld 2025, "Privacy
/// amplification by random allocation" (= FS25).
///
/// The pair. FS25 reduce one epoch of k adaptive Gaussian steps (noise multiplier σ, each step's sum of clipped
/// gradients of L2 sensitivity 1) to the non-adaptive pair on R^k
///   P = (1/k) Σ_i N(e_i, σ² I)   (the data set with the row: it moved one step's output by e_i)
///   Q = N(0, σ² I)               (without it)
/// and an epoch is dominated by it in both directions. With L_i = e^{x_i/σ² − 1/(2σ²)} (the likelihood ratio
/// of step i) and t = 1/(2σ²), for integer α ≥ 2, expanding the power of the mean by the multinomial theorem
/// (E_Q[Π L_i^{n_i}] = e^{t Σ(n_i² − n_i)}):
///   remove, exact (FS25 Cor. 6.2):  e^{(α−1) D_α(P‖Q)} = E_Q[(Σ L_i/k)^α] = k^{−α} e^{−αt} S_α,
///   add, bound:  e^{(α−1) D_α(Q‖P)} = E_Q[(Σ L_i/k)^{−(α−1)}] ≤ E_Q[(Σ L_i^{−1}/k)^{α−1}] = k^{−(α−1)} e^{(α−1)t} S_{α−1}
///   (the harmonic mean is at most the arithmetic one), where
///   S_n = Σ_{n_1+...+n_k = n} n!/(n_1!···n_k!) e^{t Σ n_i²} = n! [x^n] f(x)^k,  f(x) = Σ_m e^{t m²} x^m / m!.
/// f^k has positive coefficients only, so S_n is computed without cancellation (binary powering of the
/// truncated series in log space, degree ≤ 256: O(256² log k) per (k, σ), a few ms). Both directions are also
/// capped by the unsubsampled Gaussian α/(2σ²) (exp((α−1)D_α) is jointly convex and P is a mixture of
/// N(e_i, σ²I)). k = 1 gives the Gaussian α/(2σ²) exactly in both directions.
/// A second add bound, by Jensen (−log of a mean ≤ the mean of −log): the add loss log(Q/P) is at most
/// Σ_i (−x_i/σ² + t)/k, which under Q is N(t, 1/(kσ²)) per epoch: the loss of a μ-GDP mechanism
/// (μ² = 1/(kσ²)) shifted by c = (1 − 1/k) t. The hockey-stick divergence grows with the loss, so E epochs are
/// (ε, δ_μ(ε − c)) in the add direction with μ² = Σ_e 1/(k_e σ_e²), c = Σ_e (1 − 1/k_e)/(2σ_e²) (δ_μ: gdp_analysis.h,
/// the same formula for an ε − c below 0). FS25 give the one-epoch form.
/// ε(δ) is the larger of the two directions' ε, each composed over epochs by its own curve (the orientation
/// of a neighbouring pair is the same in every epoch), the add direction taking the smaller of its two bounds.
/// Conversion: Balle et al. 2020 (rdp_analysis.h), on the integer orders of defaultRdpOrders() up to 256.
/// Everything here is a proven upper bound; it is looser than FS25's PLD-based numbers (their decomposition
/// and their later PLD accountant), mostly in the add direction at σ ≲ 1.
///
/// A lower bound for the comparison with Poisson accounting (Chua et al., ICML 2024, "How private are DP-SGD
/// implementations?"): the non-adaptive pair above is realised by a DP-SGD run (one row's gradient e_1, the
/// others 0), so any test between P^E and Q^E bounds the true ε of shuffled batches from below:
/// H_{e^ε}(P^E‖Q^E) ≥ P(S) − e^ε Q(S) for every event S. Per epoch, the largest output exceeds τ with
///   q = 1 − Φ(τ/σ)^k without the row,  p = 1 − Φ((τ − 1)/σ) Φ(τ/σ)^{k−1} with it,
/// and the count N of such epochs is Bin(E, p) against Bin(E, q); with S = {N ≥ c},
/// ε ≥ max_{τ, c} log((P(N ≥ c) − δ)/Q(N ≥ c)). A run stopping mid-epoch counts only its whole epochs (≥ 1 here).
#include <vector>

namespace dpw {

/// The integer orders of defaultRdpOrders() in [2, 256], on which the curves below are given.
const std::vector<double>& randomAllocationOrders();

/// k = ⌊1/q⌋ batches per epoch (q·k = 1 up to 1e-9 relative counts as a whole k).
/// @throws InvalidArgument unless q ∈ (0, 1].
long allocationBatches(double sampleRate);

/// One epoch's RDP curves on randomAllocationOrders(): remove (exact, capped) and add (bound, capped).
struct AllocationCurves {
  std::vector<double> remove, add;
};
/// @throws InvalidArgument unless k ≥ 1 and σ > 0 finite.
AllocationCurves allocationEpochCurves(long batches, double noiseMultiplier);

/// δ_μ(x) = Φ(−x/μ + μ/2) − e^x Φ(−x/μ − μ/2) for any real x (the hockey-stick divergence of a μ-GDP pair at
/// e^x; 1 − ... at x → −∞ it tends to 1). μ = 0 gives 0 for x ≥ 0, 1 − e^x below.
double gaussianHockeyStick(double mu, double x);

/// A lower bound on the ε of E epochs of k shuffled batches at σ and δ (the count test above, τ on a grid, every
/// c). 0 if no test reaches δ. Cost O(600·E). @throws InvalidArgument unless k ≥ 1, σ > 0, 1 ≤ E ≤ 100000,
/// δ ∈ (0, 1).
double shuffledEpsilonLowerBound(long batches, double noiseMultiplier, long epochs, double delta);

}  // namespace dpw
