#pragma once
/// Exact (Clopper-Pearson) confidence bounds for a binomial proportion.
///
/// For k successes in n trials, the one-sided bounds at confidence 1 − α are the Beta quantiles
///   lower = B⁻¹(α; k, n − k + 1)   (0 when k = 0),
///   upper = B⁻¹(1 − α; k + 1, n − k) (1 when k = n)
/// (Clopper & Pearson 1934). They never undercover, which is what a privacy audit needs: an
/// empirical ε lower bound built from them holds with probability at least the stated confidence.
namespace dpw {

/// @throws InternalError unless 0 ≤ k ≤ n, n ≥ 1 and α ∈ (0, 1) (its callers count k of n and derive α from a
/// checked confidence).
double clopperPearsonLower(long k, long n, double alpha);
double clopperPearsonUpper(long k, long n, double alpha);

}  // namespace dpw
