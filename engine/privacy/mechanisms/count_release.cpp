#include "privacy/mechanisms/count_release.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/error.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {

CountRelease::CountRelease(const Mechanism& mechanism, double count)
    : law_(mechanism.law()), discrete_(dpw::isDiscrete(mechanism.law())), count_(count), scale_(mechanism.scale()) {
  require(!mechanism.isNone() && scale_ > 0, "a count release needs a mechanism with noise");
  require(std::isfinite(count), "the count must be finite, got ", count);
  if (discrete_) {
    require(mechanism.gridStep() == 1, "a discrete count release needs integer data (grid step 1), got ",
            mechanism.gridStep());
    require(count == std::floor(count), "a discrete law needs an integer count, got ", count);
  }
  if (law_ == NoiseMechanism::DiscreteGaussian) {
    const double s2 = scale_ * scale_;
    const auto k = std::int64_t(40 * scale_ + 10);  // e^{−800} beyond: below double precision
    for (std::int64_t x = -k; x <= k; ++x) normaliser_ += std::exp(-double(x) * double(x) / (2 * s2));
  }
}

double CountRelease::reach() const {
  switch (law_) {
    case NoiseMechanism::Laplace:
    case NoiseMechanism::DiscreteLaplace:
      return std::ceil(14 * scale_) + 1;  // e^{−14} ≈ 8e-7
    default:
      return std::ceil(5 * scale_) + 1;  // 2Φ(−5) ≈ 6e-7
  }
}

double CountRelease::density(double y) const {
  const double z = y - count_;
  switch (law_) {
    case NoiseMechanism::Laplace:
      return std::exp(-std::abs(z) / scale_) / (2 * scale_);
    case NoiseMechanism::Gaussian:
      return std::exp(-0.5 * z * z / (scale_ * scale_)) / (scale_ * std::sqrt(2 * std::numbers::pi));
    case NoiseMechanism::DiscreteLaplace:
      if (z != std::round(z)) return 0;
      return std::tanh(0.5 / scale_) * std::exp(-std::abs(z) / scale_);
    case NoiseMechanism::DiscreteGaussian:
      if (z != std::round(z)) return 0;
      return std::exp(-0.5 * z * z / (scale_ * scale_)) / normaliser_;
  }
  return 0;
}

double CountRelease::cdf(double t) const {
  const double z = t - count_;
  switch (law_) {
    case NoiseMechanism::Laplace:
      return z < 0 ? 0.5 * std::exp(z / scale_) : 1 - 0.5 * std::exp(-z / scale_);
    case NoiseMechanism::Gaussian:
      return normalCdf(z / scale_);
    case NoiseMechanism::DiscreteLaplace: {
      // P(K ≤ k) for Lap_Z(t), r = e^{−1/t}: k < 0: r^{−k}/(1 + r); k ≥ 0: 1 − r^{k+1}/(1 + r).
      const double k = std::floor(z), r = std::exp(-1 / scale_);
      return k < 0 ? std::pow(r, -k) / (1 + r) : 1 - std::pow(r, k + 1) / (1 + r);
    }
    case NoiseMechanism::DiscreteGaussian: {
      const auto k = std::int64_t(std::floor(z)), reachK = std::int64_t(40 * scale_ + 10);
      if (k < -reachK) return 0;
      if (k >= reachK) return 1;
      double s = 0;  // the smaller tail, summed from the far end (accurate far out)
      if (k < 0) {
        for (std::int64_t x = -reachK; x <= k; ++x) s += std::exp(-0.5 * double(x) * double(x) / (scale_ * scale_));
        return s / normaliser_;
      }
      for (std::int64_t x = reachK; x > k; --x) s += std::exp(-0.5 * double(x) * double(x) / (scale_ * scale_));
      return 1 - s / normaliser_;
    }
  }
  return 0;
}

double countHockeyStick(const CountRelease& d, const CountRelease& dPrime, double epsilon, int gridPoints) {
  require(d.isDiscrete() == dPrime.isDiscrete(), "both releases must use the same kind of law");
  require(epsilon >= 0, "epsilon must be >= 0, got ", epsilon);
  const double w = std::max(d.reach(), dPrime.reach());
  const double centreLo = std::min(d.count(), dPrime.count()), centreHi = std::max(d.count(), dPrime.count());
  const double from = centreLo - 2 * w, to = centreHi + 2 * w;
  const double e = std::exp(epsilon);
  double delta = 0;
  if (d.isDiscrete()) {
    for (double y = from; y <= to; y += 1) delta += std::max(0.0, dPrime.density(y) - e * d.density(y));
    return delta;
  }
  require(gridPoints >= 3, "the grid needs at least 3 points, got ", gridPoints);
  const double h = (to - from) / (gridPoints - 1);
  for (int i = 0; i < gridPoints; ++i) {
    const double y = from + h * i;
    const double v = std::max(0.0, dPrime.density(y) - e * d.density(y));
    delta += (i == 0 || i == gridPoints - 1 ? 0.5 : 1.0) * v;
  }
  return delta * h;
}

TradeoffPoints countTradeoff(const CountRelease& d, const CountRelease& dPrime, const std::vector<double>& taus) {
  TradeoffPoints t;
  for (double tau : taus) {
    t.alpha.push_back(1 - d.cdf(tau));
    t.beta.push_back(dPrime.cdf(tau));
  }
  return t;
}

double epsilonDeltaTradeoff(double epsilon, double delta, double alpha) {
  return std::max({0.0, 1 - delta - std::exp(epsilon) * alpha, std::exp(-epsilon) * (1 - delta - alpha)});
}

}  // namespace dpw
