#pragma once
/// f-DP trade-off curves β(α) (Dong, Roth, Su 2022, "Gaussian differential privacy", JRSS-B):
/// the smallest type II error β of any test between the outputs on two neighbouring data sets whose
/// type I error is at most α. A mechanism is f-DP if every neighbouring pair's curve lies above f.
///
/// From a privacy profile (the PLD route, Dong et al. Prop. 2.12 / Zhu, Dong, Wang 2022 "Optimal
/// accounting of DP via characteristic functions", §3): for a pair (P, Q) and every real ε,
/// any test φ has 1 − β − e^ε α ≤ H_{e^ε}(Q‖P) = δ(ε), so
///   β(α) ≥ sup_{ε ∈ ℝ} 1 − δ(ε) − e^ε α,
/// with equality (Neyman-Pearson) when δ is the exact hockey-stick curve. DPW Lab evaluates δ at the
/// loss grid points ε_j = jΔ of the composed pessimistic PLDs (pld_analysis.h), where
///   δ_j = P(∞) + Σ_{i>j} p_i − Σ_{i>j} p_i e^{(j−i)Δ}     (one backward pass, O(grid)),
/// takes the larger δ of the two adjacencies (remove and add, which cover both orders of a
/// neighbouring pair; at q = 1 they coincide), and maximises over j. The result is a valid lower
/// trade-off curve (the PLD's δ is pessimistic, the sup is over a subset of ε), the convex
/// min{f_remove, f_add}** of Dong et al. Thm 4.2. Error: the maximand is smooth at its optimum, so
/// restricting ε to the grid costs O(Δ²) (Δ = 1e-4: about 1e-9 at one step); composition adds the
/// PLD's own discretisation error (pld_analysis.h). For one unsubsampled Gaussian step it equals
/// Φ(Φ⁻¹(1 − α) − 1/σ) to 1e-6 (tested).
/// The argmax j is non-increasing in α (δ is convex in e^ε, so the maximand is unimodal in j), so all
/// α are done in one sweep: cost O(grid + #α) after the PLD (see pld_analysis.h for that cost).
///
/// GDP curve (Dong et al. Def. 2.6): G_μ(α) = Φ(Φ⁻¹(1 − α) − μ). T unsubsampled Gaussian steps with
/// multiplier σ are exactly μ = √T/σ; with Poisson rate q < 1 DPW Lab uses the CLT μ = q √(T(e^{1/σ²} − 1))
/// (Dong et al. Thm 5.3; gdp_analysis.h), an approximation, not a bound.
#include <string>
#include <vector>

#include "privacy/accountants/pld_analysis.h"

namespace dpw {

struct TradeoffCurve {
  std::vector<double> alpha;  ///< type I error, ascending in [0, 1]
  std::vector<double> beta;   ///< smallest type II error at that α
};

/// The α grid the CLI and the view use: 0, then 1e-6..1e-2 log-spaced (13 points), then 0.01..1 in
/// steps of 0.01 (the curve's interesting part for small ε is near α = 0).
std::vector<double> defaultTradeoffAlphas();

/// G_μ(α) = Φ(Φ⁻¹(1 − α) − μ). @throws InvalidArgument unless μ ≥ 0 and α ∈ [0, 1].
double gdpTradeoff(double mu, double alpha);

/// μ of `steps` Gaussian steps with multiplier σ at Poisson rate q: √T/σ at q = 1 (exact), the CLT
/// gdpMuPoisson otherwise. @throws InvalidArgument unless q ∈ (0, 1], σ > 0, steps ≥ 1.
double gdpTradeoffMu(double sampleRate, double noiseMultiplier, long steps);

/// β(α) = sup_j 1 − max_k δ_k(ε_j) − e^{ε_j} α over the PLDs given (all with the same interval).
/// @throws InvalidArgument unless every α is in [0, 1]; InternalError unless at least one PLD and
/// equal intervals (the PLDs are the engine's own).
TradeoffCurve tradeoffFromPlds(const std::vector<const PldPmf*>& plds, const std::vector<double>& alphas);

/// The curve of `steps` Poisson-subsampled Gaussian steps (add/remove, sensitivity 1), by PLD.
/// @throws InvalidArgument unless q ∈ (0, 1], σ > 0, steps ≥ 1 (PldTooLarge for huge supports).
TradeoffCurve pldTradeoffCurve(double sampleRate, double noiseMultiplier, long steps, const std::vector<double>& alphas,
                               double interval = 1e-4);

/// G_μ at every α with μ = gdpTradeoffMu(q, σ, T). @throws as gdpTradeoffMu.
TradeoffCurve gdpTradeoffCurve(double sampleRate, double noiseMultiplier, long steps, const std::vector<double>& alphas);

/// By accountant id: "pld" or "gdp". @throws InvalidArgument for another id or bad values.
TradeoffCurve tradeoffCurve(const std::string& accountantId, double sampleRate, double noiseMultiplier, long steps,
                            const std::vector<double>& alphas);

}  // namespace dpw
