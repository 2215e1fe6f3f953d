#pragma once
/// The one-release Gaussian calibrations, each formula once, and their inverses (ε of one release at a
/// multiplier): the analytic (exact) calibration through μ-GDP and the classic one of Dwork & Roth.
/// The Gaussian mechanism with std σ on values of L2 sensitivity Δ₂ is μ-GDP with μ = Δ₂/σ ([FairLearn]
/// Lemma 2.3), i.e. (ε, δ(ε))-DP with δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) (accountants/gdp_analysis.h).
/// Calibrations over many releases read a ledger instead (ledger_calibration.h).

namespace dpw {

/// The one analytic-Gaussian solve: the largest μ with δ(ε; μ) ≤ δ for a μ-GDP mechanism (Balle & Wang 2018
/// Thm 8 is the same equation in σ = Δ/μ), by largestBelow (root_finding.h) to 1e-13 relative.
/// @throws InvalidArgument unless ε ∈ (0, 700], δ ∈ (0, 1).
double gdpMuFor(double epsilon, double delta);

/// Exact (analytic) calibration: s = Δ₂ / gdpMuFor(ε, δ), the smallest std for (ε, δ)-DP. Never larger
/// than the classic one for ε < 1. @throws as gdpMuFor, and unless Δ₂ ≥ 0.
double analyticGaussianNoiseStd(double epsilon, double delta, double l2Sensitivity);

/// √(2 ln(1.25/δ)): the classic Gaussian mechanism's factor (Dwork & Roth 2014, Thm A.1; a proof for
/// ε ≤ 1 only). @throws InvalidArgument unless δ ∈ (0, 1).
double classicGaussianFactor(double delta);

/// Classic calibration (Dwork & Roth 2014, Thm A.1; a proof only for ε < 1, used beyond by the
/// DPSWflow reference, reference §2): s = √(2 ln(1.25/δ)) · Δ₂ / ε.
/// Check: Δ₂ = 7.5408151363, ε = 5, δ = 1e-5/2 gives 7.5194341218.
/// @throws InvalidArgument unless ε > 0, δ ∈ (0, 1), Δ₂ ≥ 0.
double classicGaussianNoiseStd(double epsilon, double delta, double l2Sensitivity);

/// ε of one classic Gaussian release with this multiplier: classicGaussianFactor(δ) / multiplier.
double classicGaussianEpsilon(double multiplier, double delta);

/// Exact ε of one Gaussian release with this multiplier at δ: the release is μ-GDP with μ = 1/multiplier
/// (Dong, Roth & Su 2022), and gdpEpsilon inverts δ(ε; μ).
double exactGaussianEpsilon(double multiplier, double delta);

}  // namespace dpw
