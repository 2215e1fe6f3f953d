#include "privacy/sensitivity/fair_sensitivity.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace dpw {
namespace {
void requireBounds(double M, double L1, double L2) {
  require(M >= 0 && std::isfinite(M), "the output bound M must be a finite number >= 0, got ", M);
  require(L1 >= 0 && std::isfinite(L1), "the Jacobian bound L1 must be a finite number >= 0, got ", L1);
  require(L2 >= 0 && std::isfinite(L2), "the Jacobian bound L2 must be a finite number >= 0, got ", L2);
}
void requireFair(double alpha, double C, double M, double L, long n) {
  require(alpha >= 0 && alpha <= 1, "the fairness weight alpha must lie in [0, 1], got ", alpha);
  require(C >= 0 && std::isfinite(C), "the gradient clip C must be a finite number >= 0, got ", C);
  requireBounds(M, L, 0);
  require(n >= 1, "the number of points n must be at least 1, got ", n);
}
long smallest(const std::vector<long>& sizes, const char* what) {
  require(!sizes.empty(), "at least one ", what, " size is needed");
  for (long s : sizes) require(s >= 1, "every ", what, " needs at least one point, got a size of ", s);
  return *std::min_element(sizes.begin(), sizes.end());
}
}  // namespace

double wassersteinGradientSensitivityOneSided(double M, double L1, double L2, long n) {
  requireBounds(M, L1, L2);
  require(n >= 1, "the private sample size n must be at least 1, got ", n);
  return 4 * M * (3 * L1 + L2) / double(n);
}

double wassersteinGradientSensitivityTwoSided(double M, double L1, double L2, long n, long m) {
  requireBounds(M, L1, L2);
  require(n >= 1 && m >= 1, "the sample sizes n and m must be at least 1, got ", n, " and ", m);
  return 4 * M * std::max((3 * L1 + L2) / double(n), (L1 + 3 * L2) / double(m));
}

double fairLossSensitivitySp(double alpha, double C, double M, double L, long n, const std::vector<long>& groupSizes) {
  requireFair(alpha, C, M, L, n);
  const long nMin = smallest(groupSizes, "group");
  return (1 - alpha) * 2 * C / double(n) + alpha * 16 * M * L / double(nMin);
}

double fairLossSensitivityEo(double alpha, double C, double M, double L, long n, long R,
                             const std::vector<long>& cellSizes) {
  requireFair(alpha, C, M, L, n);
  require(R >= 1, "the number of labels R must be at least 1, got ", R);
  const long nMin = smallest(cellSizes, "(label, group) cell");
  return (1 - alpha) * 2 * C / double(n) + alpha / double(R) * 16 * M * L / double(nMin);
}

double histogramL1Sensitivity(long n) {
  require(n >= 1, "the number of points n must be at least 1, got ", n);
  return 2.0 / double(n);
}

double histogramLaplaceScale(long n, double epsilon) {
  require(epsilon > 0, "epsilon must be > 0, got ", epsilon);
  return std::isinf(epsilon) ? 0.0 : histogramL1Sensitivity(n) / epsilon;
}

}  // namespace dpw
