#include "privacy/accountants/wdp_analysis.h"

#include <boost/math/special_functions/hypergeometric_1F1.hpp>
#include <cmath>

#include "core/error.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {

double gaussianAbsoluteMoment(double mean, double variance, double mu) {
  require(mu >= 1 && std::isfinite(mu), "the WDP order mu must be a finite number >= 1, got ", mu);
  require(variance > 0 && std::isfinite(variance), "a variance must be > 0, got ", variance);
  const double logScale = 0.5 * mu * std::log(2 * variance) + std::lgamma((mu + 1) / 2) - 0.5 * std::log(M_PI);
  const double f = boost::math::hypergeometric_1F1(-mu / 2, 0.5, -mean * mean / (2 * variance));
  return std::exp(logScale) * f;
}

double wdpStepLoss(const std::vector<double>& pairs, double sigma, double q, double mu) {
  require(sigma > 0 && std::isfinite(sigma), "the noise standard deviation must be a finite number > 0, got ", sigma);
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  require(!pairs.empty(), "the Wasserstein accountant needs at least one pair of neighbouring gradients");
  const double variance = (2 - 2 * q + 2 * q * q) * sigma * sigma;
  double sum = 0;
  for (double d : pairs) {
    require(d >= 0 && std::isfinite(d), "a distance between neighbouring gradients must be >= 0, got ", d);
    sum += gaussianAbsoluteMoment(q * d, variance, mu);
  }
  return std::pow(sum, 1 / mu);
}

double wdpEpsilon(double totalLoss, double beta, double delta) {
  require(beta > 0 && std::isfinite(beta), "beta must be a finite number > 0, got ", beta);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  return totalLoss - std::log(delta) / beta;
}

double wdpGaussianMechanism(double sigma, double mu) {
  require(sigma > 0, "sigma must be > 0, got ", sigma);
  require(mu >= 1, "the WDP order mu must be >= 1, got ", mu);
  return 0.5 * std::pow(1 / sigma, 1 / mu);
}

double wdpLaplaceMechanism(double lambda, double mu) {
  require(lambda > 0, "the Laplace scale lambda must be > 0, got ", lambda);
  require(mu >= 1, "the WDP order mu must be >= 1, got ", mu);
  const double inner = 1 / lambda + std::expm1(-1 / lambda);
  return 0.5 * std::pow(std::sqrt(2 * inner), 1 / mu);
}

double rdpGaussianMechanism(double sigma, double alpha) {
  require(sigma > 0, "sigma must be > 0, got ", sigma);
  require(alpha >= 1, "an RDP order must be >= 1, got ", alpha);
  return alpha / (2 * sigma * sigma);
}

double rdpLaplaceMechanism(double lambda, double alpha) {
  require(lambda > 0, "the Laplace scale lambda must be > 0, got ", lambda);
  require(alpha >= 1, "an RDP order must be >= 1, got ", alpha);
  if (alpha == 1) return 1 / lambda + std::expm1(-1 / lambda);
  const double a = std::log(alpha / (2 * alpha - 1)) + (alpha - 1) / lambda;
  const double b = std::log((alpha - 1) / (2 * alpha - 1)) - alpha / lambda;
  return logAdd(a, b) / (alpha - 1);
}

}  // namespace dpw
