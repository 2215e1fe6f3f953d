#pragma once
/// The biased synthetic data of [FairLearn] Appendix B.
///
///   Y^C ~ U([0,1]²),  Y = 1{Y^C₂ > 1 − Y^C₁},  A = B Y + (1 − B)(1 − Y) with B ~ Bernoulli(p),
///   X_core = (Y^C repeated d_core/2 times) + N(0, σ²_core I),  X_sp = (A repeated d_sp times) + N(0, σ²_sp I),
///   X = [X_core, X_sp].
/// Paper values: n = 30000, p = 0.7, d_core = d_sp = 8, σ²_core = 0.2, σ²_sp = 0.4 (variances).
/// Cost O(n (d_core + d_sp)).
#include <vector>

#include "core/rng.h"
#include "core/types.h"

namespace dpw {

/// A tabular data set for fair learning: features, sensitive attribute, label, continuous response.
struct FairDataset {
  Points X;              ///< n x d features
  std::vector<int> a;    ///< sensitive attribute in {0, 1}
  std::vector<int> y;    ///< label in {0, …, R−1}
  Points yC;             ///< n x 2 continuous response (synthetic data only; empty otherwise)
  int coreFeatures = 0;  ///< the first coreFeatures columns are the "core" ones (reconstruction metric)
  Eigen::Index size() const { return X.rows(); }
};

struct SyntheticBiasSettings {
  long n = 30000;
  double p = 0.7;
  int coreFeatures = 8;      ///< d_core, even
  int spuriousFeatures = 8;  ///< d_sp
  double coreVariance = 0.2;
  double spuriousVariance = 0.4;
};

/// Draws the Appendix B data. @throws InvalidArgument if n < 2, p ∉ [0, 1], d_core odd or < 2,
/// d_sp < 0, or a variance < 0.
FairDataset syntheticBiasedData(const SyntheticBiasSettings& s, Rng& rng);

}  // namespace dpw
