#include "privacy/accountants/discrete_gaussian_accountant.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "privacy/accountants/discrete_subsampled_rdp.h"

namespace dpw {

DiscreteGaussianRdpAccountant::DiscreteGaussianRdpAccountant()
    : rdp_(RdpAccountant::Sampling::Poisson, RdpConversion::BalleEtAl2020) {}

std::string DiscreteGaussianRdpAccountant::name() const {
  const bool subsampled = std::any_of(curves_.begin(), curves_.end(), [](const auto& c) { return c.first.second < 1; });
  return std::string("RDP of the grid discrete Gaussian (its Rényi curve, the Gaussian's, CKS20 Prop. 5; ") +
         (subsampled ? "Poisson subsampling, add/remove, by Zhu & Wang 2019 Thm 6, which holds for any mechanism with "
                       "that curve; "
                     : "") +
         "Balle et al. 2020 conversion)";
}

void DiscreteGaussianRdpAccountant::addGaussianSteps(double z, double q, long steps) {
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  require(z > 0 && std::isfinite(z), "the noise multiplier must be a finite number > 0, got ", z);
  require(steps >= 0, "the number of steps must be >= 0, got ", steps);
  auto it = curves_.find({z, q});
  if (it == curves_.end()) {
    // One value per order of the grid: the bound at the integer order ⌈α⌉ ≥ 2 (each integer computed once), or
    // the unsubsampled curve α/(2z²) where it is lower (it holds at every real α, and caps the subsampled pair).
    std::map<int, double> atInteger;
    std::vector<double> curve;
    curve.reserve(rdp_.orders().size());
    for (double a : rdp_.orders()) {
      const int n = std::max(2, int(std::ceil(a)));
      auto [at, fresh] = atInteger.try_emplace(n, 0.0);
      if (fresh) at->second = rdpPoissonDiscreteGaussian(q, z, n);
      curve.push_back(std::min(at->second, a / (2 * z * z)));
    }
    it = curves_.emplace(std::make_pair(z, q), std::move(curve)).first;
  }
  if (steps > 0) rdp_.addRdpCurve(it->second, steps);
}

}  // namespace dpw
