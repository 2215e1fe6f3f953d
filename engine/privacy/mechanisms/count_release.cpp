#include "privacy/mechanisms/count_release.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"

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
  normaliser_ = noiseLaw(law_).normaliser(scale_);
}

double CountRelease::reach() const { return noiseLaw(law_).reach(scale_); }

double CountRelease::density(double y) const { return noiseLaw(law_).density(y - count_, scale_, normaliser_); }

double CountRelease::cdf(double t) const { return noiseLaw(law_).cdf(t - count_, scale_, normaliser_); }

double countHockeyStick(const CountRelease& d, const CountRelease& dPrime, double epsilon, int gridPoints) {
  ensure(d.isDiscrete() == dPrime.isDiscrete(), "both releases must use the same kind of law");
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
  ensure(gridPoints >= 3, "the grid needs at least 3 points, got ", gridPoints);
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
