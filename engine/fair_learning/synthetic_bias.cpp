#include "fair_learning/synthetic_bias.h"

#include <cmath>

#include "core/error.h"
#include "core/run_stop.h"

namespace dpw {

FairDataset syntheticBiasedData(const SyntheticBiasSettings& s, Rng& rng) {
  require(s.n >= 2, "n must be at least 2, got ", s.n);
  require(s.p >= 0 && s.p <= 1, "p must be in [0, 1], got ", s.p);
  require(s.coreFeatures >= 2 && s.coreFeatures % 2 == 0, "d_core must be even and >= 2, got ", s.coreFeatures);
  require(s.spuriousFeatures >= 0, "d_sp must be >= 0, got ", s.spuriousFeatures);
  require(s.coreVariance >= 0 && s.spuriousVariance >= 0, "variances must be >= 0, got ", s.coreVariance, " and ",
          s.spuriousVariance);
  std::uniform_real_distribution<double> unif(0.0, 1.0);
  std::bernoulli_distribution bern(s.p);
  std::normal_distribution<double> normal(0.0, 1.0);
  const double sc = std::sqrt(s.coreVariance), ss = std::sqrt(s.spuriousVariance);
  FairDataset D;
  D.coreFeatures = s.coreFeatures;
  D.X.resize(s.n, s.coreFeatures + s.spuriousFeatures);
  D.yC.resize(s.n, 2);
  D.a.resize(s.n);
  D.y.resize(s.n);
  for (long i = 0; i < s.n; ++i) {
    if ((i & 0xFFFF) == 0) throwIfRunStopped();  // 10⁷ rows take seconds (core/run_stop.h)
    const double c1 = unif(rng), c2 = unif(rng);
    const int y = c2 > 1 - c1 ? 1 : 0;
    const int a = bern(rng) ? y : 1 - y;
    D.yC(i, 0) = c1, D.yC(i, 1) = c2;
    D.y[i] = y, D.a[i] = a;
    for (int j = 0; j < s.coreFeatures; ++j) D.X(i, j) = (j % 2 == 0 ? c1 : c2) + sc * normal(rng);
    for (int j = 0; j < s.spuriousFeatures; ++j) D.X(i, s.coreFeatures + j) = a + ss * normal(rng);
  }
  return D;
}

}  // namespace dpw
