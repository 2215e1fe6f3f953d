#include "privacy/fair_learning_sensitivity.h"

#include <algorithm>

#include "core/error.h"

namespace dpw {

double wassersteinGradientSensitivity(double M, double L1, double L2, std::int64_t n, std::int64_t m) {
  require(M >= 0 && L1 >= 0 && L2 >= 0, "clipping bounds must be >= 0, got M = ", M, ", L1 = ", L1, ", L2 = ", L2);
  require(n >= 1 && m >= 1, "sample sizes must be >= 1, got n = ", n, ", m = ", m);
  return 4 * M * std::max((3 * L1 + L2) / double(n), (L1 + 3 * L2) / double(m));
}

double fairLearningSensitivity(double alpha, double C, double M, double L, std::int64_t lossBatch,
                               std::int64_t minCellBatch, int labels) {
  require(alpha >= 0 && alpha <= 1, "alpha must be in [0, 1], got ", alpha);
  require(C >= 0 && M >= 0 && L >= 0, "clipping bounds must be >= 0, got C = ", C, ", M = ", M, ", L = ", L);
  require(lossBatch >= 1 && minCellBatch >= 1, "batch sizes must be >= 1, got ", lossBatch, " and ", minCellBatch);
  require(labels >= 1, "the number of labels R must be >= 1, got ", labels);
  return (1 - alpha) * 2 * C / double(lossBatch) + alpha / labels * 16 * M * L / double(minCellBatch);
}

}  // namespace dpw
