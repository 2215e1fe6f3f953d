#pragma once
/// Optimal transport on the line, the basics (the OT lesson, methods/ot_basics.h): between two samples with uniform
/// weights, n and m points, the monotone (quantile) coupling R of rankWeightCoupling (wasserstein_1d.h) is optimal
/// for every cost |x − y|^p with p ≥ 1 (convex in x − y; Santambrogio 2015 Thm 2.9), so
///   W_p^p = Σᵢⱼ R[i][j] |u₍ᵢ₎ − v₍ⱼ₎|^p = ∫₀¹ |F⁻¹(t) − G⁻¹(t)|^p dt,
/// the second form integrating the two quantile functions (steps at k/n and l/m). The plan is a Kantorovich plan:
/// rows sum to 1/n, columns to 1/m, at most n + m − 1 non-zeros. Any other plan costs at least as much; the
/// independent plan (every pair, mass 1/(n m)) is the one that ignores geometry.
#include <span>
#include <vector>

#include "ot/wasserstein_1d.h"

namespace dpw {

/// Σ R[i][j] |u₍ᵢ₎ − v₍ⱼ₎|^p over the quantile coupling, for samples sorted ascending. @throws InvalidArgument if a
/// sample is empty or p < 1.
double couplingCostSorted(std::span<const double> uSorted, std::span<const double> vSorted, double p);

/// ∫₀¹ |F⁻¹(t) − G⁻¹(t)|^p dt for the empirical quantile functions of the sorted samples (left-continuous steps),
/// summed over the pieces between consecutive breakpoints of {k/n} ∪ {l/m}.
double quantileIntegralSorted(std::span<const double> uSorted, std::span<const double> vSorted, double p);

/// (1/(n m)) Σᵢⱼ |uᵢ − vⱼ|^p: the cost of the independent plan.
double independentCouplingCost(std::span<const double> u, std::span<const double> v, double p);

/// The quantile coupling as an n × m matrix (row-major, sorted order), for drawing the plan.
std::vector<double> quantileCouplingMatrix(std::int64_t n, std::int64_t m);

}  // namespace dpw
