#pragma once
/// Gaussian differential privacy (μ-GDP): the central-limit accounting of Dong, Roth, Su 2022 ("Gaussian
/// differential privacy", JRSS-B) and the exact (ε, δ) of a μ-GDP mechanism.
///
/// Poisson subsampling at rate q, T steps of noise multiplier σ (Dong-Roth-Su, Cor. 5.4 / §5.3):
///   μ = q √T √(e^{1/σ²} − 1).
/// Uniform fixed-size sampling ([FairLearn] reference §4, from Bu et al. 2020's CLT for shuffling):
///   μ = √2 q √T √(e^{1/σ²} Φ(1.5/σ) + 3 Φ(−0.5/σ) − 2).
/// Both are approximations (a CLT), not bounds: they may fall below the tight PLD value.
/// A μ-GDP mechanism is (ε, δ(ε))-DP for every ε ≥ 0 with ([FairLearn] Lemma 2.3; Dong et al. Cor. 2.13)
///   δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2);
/// composition: μ = √(Σ μ_i²). Costs O(1) (δ) and O(10-20) evaluations of δ (ε, by
/// smallestBelow: TOMS 748, privacy/calibration/root_finding.h).
namespace dpw {

/// μ of T Poisson-subsampled Gaussian steps. @throws InvalidArgument unless q ∈ [0, 1], σ > 0, T ≥ 0.
double gdpMuPoisson(double sampleRate, double noiseMultiplier, long steps);
/// μ of T uniformly (fixed-size) subsampled Gaussian steps. @throws InvalidArgument as gdpMuPoisson.
double gdpMuUniform(double sampleRate, double noiseMultiplier, long steps);
/// δ(ε) of a μ-GDP mechanism. @throws InvalidArgument unless μ ≥ 0 and ε ≥ 0.
double gdpDelta(double mu, double epsilon);
/// Smallest ε ≥ 0 with δ(ε) ≤ δ (smallestBelow to 1e-13 relative width, the returned ε meeting δ;
/// 0 if δ(0) ≤ δ; +∞ if no ε ≤ 1e6 does).
/// @throws InvalidArgument unless μ ≥ 0 and δ ∈ (0, 1).
double gdpEpsilon(double mu, double delta);

}  // namespace dpw
