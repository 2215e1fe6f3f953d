#pragma once
/// The privacy loss distribution of the Gaussian step under fixed-size sampling WITHOUT replacement with
/// replace-one neighbours: the exact (numerically pessimistic) form of the accounting that [FairLearn] §5.3
/// approximates by the CLT.
///
/// Dong, Roth & Su 2022 (JRSS-B) Thm 4.2: if M is f-DP under replace-one, M on a uniformly drawn batch of
/// m of the n records is C_p(f)-DP, p = m/n, with C_p(f) = min{f_p, f_p⁻¹}** and f_p = p f + (1 − p) Id.
/// With f = G_{1/σ} (the Gaussian step, noise σ·Δ for the replace-one sensitivity Δ) and their Thm 3.2,
/// T adaptive steps are C_p(G_{1/σ})^{⊗T}-DP: a proven bound, which the paper's "gdp-uniform" replaces
/// by its central-limit approximation G_μ, μ = p√T·√(e^{1/σ²} − 1).
///
/// C_p(f) is symmetric, so one PLD describes it. Its (ε, δ) profile is δ(ε) = 1 + C_p(f)*(−e^ε):
///  - for ε ≥ 0 the supporting line of slope −e^ε ≤ −1 touches C_p(f) where it equals f_p, whose profile is
///    that of the pair (μ_upper, μ_lower) = ((1 − p) N(0, σ²) + p N(−1, σ²), N(0, σ²)): the Poisson REMOVE
///    pair of pld_analysis.h, δ(ε) = δ_remove(ε);
///  - for ε < 0 symmetry gives H_γ(P‖Q) = 1 − γ + γ H_{1/γ}(P‖Q): δ(ε) = 1 − e^ε + e^ε δ_remove(−ε).
/// The PLD is built from this δ curve by connect-the-dots (pld_analysis.h: pessimistic, every ε an upper
/// bound up to the truncated masses), composed by FFT. With cells ([FairLearn] Lemma 5.1) p is the largest
/// cell rate: C_p(f) decreases in p.
/// At q = 0.2, T = 500, δ = 3.3e-6, ε = 1 it needs σ = 18.09 where the CLT approximation gives 18.16: the
/// proven bound costs no extra noise there (the CLT approximation over-states ε slightly)
/// (tests/engine/privacy/accountants/tst_pld_wor_analysis.cpp).
#include "privacy/accountants/pld_analysis.h"

namespace dpw {

/// Exact δ(ε) of one step's C_p(G_{1/σ}) (any real ε; unit sensitivity, noise multiplier σ, rate q).
/// @throws InvalidArgument unless σ > 0 and q ∈ (0, 1].
double withoutReplacementGaussianDelta(double noiseMultiplier, double sampleRate, double epsilon);

/// Connect-the-dots pessimistic PLD of one step's C_p(G_{1/σ}), losses on the grid i·interval.
/// @throws as withoutReplacementGaussianDelta, unless interval > 0; PldTooLarge above 2^25 points.
PldPmf withoutReplacementGaussianPld(double noiseMultiplier, double sampleRate, double interval = 1e-4,
                                     PldEstimate estimate = PldEstimate::Pessimistic);

}  // namespace dpw
