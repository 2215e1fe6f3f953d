#include "teaching/clipped_mean.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/error.h"

namespace dpw {

std::vector<double> clipValues(std::span<const double> values, double clip) {
  require(clip >= 0, "the clipping bound must be at least 0, got ", clip);
  std::vector<double> out(values.size());
  std::transform(values.begin(), values.end(), out.begin(), [clip](double v) { return std::clamp(v, 0.0, clip); });
  return out;
}

double exponentialClippedMean(double mean, double clip) {
  require(mean > 0 && clip >= 0, "clipped mean: need a mean > 0 and a bound ≥ 0, got ", mean, ", ", clip);
  return -mean * std::expm1(-clip / mean);
}

double exponentialClippingBias(double mean, double clip) {
  require(mean > 0 && clip >= 0, "clipping bias: need a mean > 0 and a bound ≥ 0, got ", mean, ", ", clip);
  return -mean * std::exp(-clip / mean);
}

double clippedMeanNoiseStd(double laplaceScale, long people) {
  require(laplaceScale >= 0 && people >= 1, "noise std: need b ≥ 0 and n ≥ 1, got ", laplaceScale, ", ", people);
  return std::sqrt(2.0) * laplaceScale / double(people);
}

double clippedMeanRmse(double bias, double noiseStd) { return std::hypot(bias, noiseStd); }

double exponentialBestClip(double mean, double epsilon, long people) {
  require(mean > 0 && epsilon > 0 && people >= 1, "best clip: need μ > 0, ε > 0, n ≥ 1, got ", mean, ", ", epsilon, ", ",
          people);
  const auto mse = [&](double c) {
    const double bias = exponentialClippingBias(mean, c), noise = clippedMeanNoiseStd(c / epsilon, people);
    return bias * bias + noise * noise;
  };
  const double golden = (std::sqrt(5.0) - 1) / 2;
  double a = 0, b = 60 * mean;
  double c = b - golden * (b - a), d = a + golden * (b - a);
  while (b - a > 1e-9 * mean) {
    if (mse(c) < mse(d))
      b = d;
    else
      a = c;
    c = b - golden * (b - a), d = a + golden * (b - a);
  }
  return (a + b) / 2;
}

std::vector<double> exponentialData(double mean, long people, Rng& rng) {
  require(mean > 0 && people >= 1, "exponential data: need a mean > 0 and n ≥ 1, got ", mean, ", ", people);
  std::exponential_distribution<double> law(1 / mean);
  std::vector<double> v(static_cast<std::size_t>(people));
  for (double& x : v) x = law(rng);
  return v;
}

}  // namespace dpw
