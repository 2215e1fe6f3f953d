#include "privacy/calibration/discrete_calibration.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "privacy/calibration/root_finding.h"

namespace dpw {

namespace {

constexpr std::uint64_t kMaxNumerator = kExactRationalMaxNumerator;
constexpr std::uint64_t kDenominator = kExactRationalDenominator;

}  // namespace

ExactRational discreteLaplaceScale(double epsilon, long l1Sensitivity) {
  require(epsilon > 0 && std::isfinite(epsilon), "the discrete Laplace mechanism needs a finite epsilon > 0, got ",
          epsilon);
  require(l1Sensitivity >= 1, "the discrete Laplace mechanism needs an integer sensitivity >= 1, got ", l1Sensitivity);
  const long double target = (long double)l1Sensitivity * kDenominator / epsilon;  // Δ/ε · 2^20
  require(target < (long double)kMaxNumerator, "epsilon ", epsilon, " is too small for the exact discrete Laplace sampler");
  auto num = std::uint64_t(std::ceil(target));
  if (num == 0) num = 1;
  // Never less noise than asked: Δ·den ≤ ε·num must hold.
  while ((long double)l1Sensitivity * kDenominator > (long double)epsilon * num) ++num;
  return {num, kDenominator};
}

double discreteLaplaceEpsilon(ExactRational scale, long l1Sensitivity) {
  return double(l1Sensitivity) * double(scale.den) / double(scale.num);
}

double concentratedDpDelta(double rho, double epsilon) {
  require(rho > 0 && std::isfinite(rho), "rho must be a positive finite number, got ", rho);
  require(epsilon >= 0 && std::isfinite(epsilon), "epsilon must be a finite number >= 0, got ", epsilon);
  // log δ(α) = (α−1)(αρ−ε) − ln(α−1) + α ln(1 − 1/α): convex in α > 1 (second derivative 2ρ + 1/(α(α−1))).
  auto logDelta = [&](double a) { return (a - 1) * (a * rho - epsilon) - std::log(a - 1) + a * std::log1p(-1 / a); };
  double lo = 1 + 1e-12, hi = 2 + 2 * (epsilon + rho) / rho;
  const double g = (std::sqrt(5.0) - 1) / 2;
  double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo), f1 = logDelta(x1), f2 = logDelta(x2);
  for (int it = 0; it < 300 && hi - lo > 1e-12 * hi; ++it) {
    if (f1 < f2) {
      hi = x2, x2 = x1, f2 = f1, x1 = hi - g * (hi - lo), f1 = logDelta(x1);
    } else {
      lo = x1, x1 = x2, f1 = f2, x2 = lo + g * (hi - lo), f2 = logDelta(x2);
    }
  }
  return std::min(1.0, std::exp(std::min(f1, f2)));
}

ExactRational discreteGaussianVariance(double epsilon, double delta, double l2SensitivitySquared) {
  require(epsilon > 0 && std::isfinite(epsilon), "the discrete Gaussian mechanism needs a finite epsilon > 0, got ",
          epsilon);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1) for the discrete Gaussian mechanism, got ", delta);
  require(l2SensitivitySquared > 0 && std::isfinite(l2SensitivitySquared), "sensitivity must be positive, got ",
          l2SensitivitySquared);
  // The root search evaluates δ(ρ) (a golden-section minimum over α) 10-20 times; callers that release
  // many histograms ask the same question again and again, so the last answer is kept (per thread).
  struct Memo {
    double epsilon = -1, delta = -1, sensitivity = -1;
    ExactRational result;
  };
  thread_local Memo memo;
  if (memo.epsilon == epsilon && memo.delta == delta && memo.sensitivity == l2SensitivitySquared) return memo.result;
  // δ(ρ) increases with ρ: the largest ρ with δ(ρ) ≤ δ (privacy/calibration/root_finding.h).
  const double lo = largestBelow([epsilon](double rho) { return concentratedDpDelta(rho, epsilon); }, delta, 0.5, 1.0);
  require(lo > 0 && concentratedDpDelta(lo, epsilon) <= delta, "no discrete Gaussian reaches (", epsilon, ", ", delta, ")");
  const long double sigma2 = (long double)l2SensitivitySquared / (2 * (long double)lo);
  const long double target = sigma2 * kDenominator;
  require(target < (long double)kMaxNumerator, "(epsilon ", epsilon, ", delta ", delta,
          ") needs a variance too large for the exact discrete Gaussian sampler");
  auto num = std::uint64_t(std::ceil(target));
  if (num == 0) num = 1;
  memo = {epsilon, delta, l2SensitivitySquared, {num, kDenominator}};
  return memo.result;
}

}  // namespace dpw
