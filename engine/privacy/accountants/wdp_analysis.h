#pragma once
/// Wasserstein differential privacy ([WDP], Yang, Qi, Zhou, AAAI 2024): budgets of the basic mechanisms
/// and the per-step loss of the Wasserstein accountant. Reference §5 restates the formulas.
///
/// Basic mechanisms at order μ ≥ 1, sensitivity 1 ([WDP] Prop. 8 and Prop. 7):
///   Gaussian N(0, σ²):  ε_W = ½ (1/σ)^{1/μ}
///   Laplace Lap(λ):     ε_W = ½ (√(2 (1/λ + e^{−1/λ} − 1)))^{1/μ}
/// RDP of the same mechanisms for comparison (Mironov 2017, Table II):
///   Gaussian: α/(2σ²);  Laplace: α > 1: 1/(α−1) ln(α/(2α−1) e^{(α−1)/λ} + (α−1)/(2α−1) e^{−α/λ}),
///   α = 1: 1/λ + e^{−1/λ} − 1.
/// Wasserstein accountant ([WDP] Thm 2, Lemma 1, Cor. 1): at each step, for each pair of neighbouring
/// gradients at distance d, Z ∼ N(q d, V) with V = (2 − 2q + 2q²) σ² (σ the absolute noise std), and
///   E|Z|^μ = (2V)^{μ/2} Γ((μ+1)/2)/√π · ₁F₁(−μ/2; ½; −q²d²/(2V))   (Winkelbauer 2012, eq. 18);
/// the step loss is (Σ_pairs E|Z|^μ)^{1/μ}, losses add over steps, and ε = L − ln(δ)/β.
/// Check (reference §5): d = 1, σ = 1, q = 0.01, μ = 16 gives 3.4877406772.
/// Note: this loss grows with σ, unlike every divergence-based budget; DPW Lab shows it next to RDP,
/// GDP and PLD, and never calibrates noise with it. Costs O(#pairs) Boost 1F1 evaluations per step.
#include <vector>

namespace dpw {

/// E|Z|^μ for Z ∼ N(m, v). @throws InvalidArgument unless μ ≥ 1 and v > 0.
double gaussianAbsoluteMoment(double mean, double variance, double mu);

/// Per-step Wasserstein loss for the given pair distances. @throws InvalidArgument unless σ > 0,
/// q ∈ (0, 1], μ ≥ 1, at least one pair and every distance ≥ 0.
double wdpStepLoss(const std::vector<double>& pairDistances, double noiseStd, double sampleRate, double mu);

/// ε = L − ln(δ)/β. @throws InvalidArgument unless β > 0 and δ ∈ (0, 1).
double wdpEpsilon(double totalLoss, double beta, double delta);

/// [WDP] Prop. 8. @throws InvalidArgument unless σ > 0 and μ ≥ 1.
double wdpGaussianMechanism(double sigma, double mu);
/// [WDP] Prop. 7. @throws InvalidArgument unless λ > 0 and μ ≥ 1.
double wdpLaplaceMechanism(double lambda, double mu);
/// α/(2σ²). @throws InvalidArgument unless σ > 0 and α ≥ 1.
double rdpGaussianMechanism(double sigma, double alpha);
/// Mironov 2017 Table II. @throws InvalidArgument unless λ > 0 and α ≥ 1.
double rdpLaplaceMechanism(double lambda, double alpha);

}  // namespace dpw
