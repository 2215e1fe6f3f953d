#pragma once
/// One-dimensional squared 2-Wasserstein distance between empirical measures of different sizes.
///
/// For u (n points) and v (m points) with uniform weights, sorted, the optimal coupling is the
/// monotone north-west-corner coupling R with R[i][j] = |((i)/n, (i+1)/n] ∩ ((j)/m, (j+1)/m]|
/// (0-based), at most n + m - 1 non-zeros, R = I/n when n = m. Then
///   W₂²(P_u, P_v) = Σᵢ Σⱼ R[i][j] (u₍ᵢ₎ − v₍ⱼ₎)²,
///   ∂W₂²/∂u₍ᵢ₎ = 2 Σⱼ R[i][j] (u₍ᵢ₎ − v₍ⱼ₎),   ∂W₂²/∂v₍ⱼ₎ = −2 Σᵢ R[i][j] (u₍ᵢ₎ − v₍ⱼ₎).
/// Source: [FairLearn] Prop. 3.1 (coupling) and Prop. 3.2 (gradients). The coupling is walked, never
/// stored: cost O((n + m) log(n + m)) for the sorts and O(n + m) for the walk. Overlaps are computed
/// exactly in integer units of 1/(n m).
#include <cstdint>
#include <span>
#include <vector>

#include "core/types.h"

namespace dpw {

/// One non-zero of the rank-weight coupling: R[i][j] = weight, in sorted order of u and v.
struct CouplingEntry {
  std::int64_t i;
  std::int64_t j;
  double weight;
};

/// The non-zeros of R for sizes n and m, in walk order. @throws InvalidArgument if n or m < 1.
std::vector<CouplingEntry> rankWeightCoupling(std::int64_t n, std::int64_t m);

/// W₂² between two samples that are already sorted ascending.
double w2SquaredSorted(std::span<const double> uSorted, std::span<const double> vSorted);

/// W₂² between two samples in any order. @throws InvalidArgument if empty or not finite.
double w2Squared(const VectorRef& u, const VectorRef& v);

struct W2Gradient {
  double value = 0;
  Vector gradU;  ///< ∂W₂²/∂u in the original order of u
  Vector gradV;  ///< ∂W₂²/∂v in the original order of v
};

/// W₂² and its gradients with respect to both samples ([FairLearn] Prop. 3.2).
/// @throws InvalidArgument if empty or not finite.
W2Gradient w2SquaredWithGradient(const VectorRef& u, const VectorRef& v);

/// Core walk on sorted data: adds ∂W₂²/∂u₍ᵢ₎ to gradUSorted[i] and ∂W₂²/∂v₍ⱼ₎ to gradVSorted[j]
/// (either may be empty to skip it) and returns W₂². No allocation; used by the sliced kernels.
double w2SquaredSortedAccumulate(std::span<const double> uSorted, std::span<const double> vSorted,
                                 std::span<double> gradUSorted, std::span<double> gradVSorted);

/// Validates a sample: non-empty and finite. `name` appears in the message.
void requireFiniteSample(const VectorRef& x, const char* name);

}  // namespace dpw
