#include "fair_regression/private_histogram.h"

#include <cmath>
#include <memory>
#include <random>
#include <sstream>

#include "core/error.h"
#include "privacy/discrete_noise.h"
#include "privacy/secure_noise.h"

namespace dpw {

namespace {

double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// δ achieved by N(0, σ²) at sensitivity Δ and ε (Balle & Wang 2018, Thm. 8).
double gaussianDelta(double epsilon, double sigma, double delta) {
  const double a = delta / (2 * sigma), b = epsilon * sigma / delta;
  return normalCdf(a - b) - std::exp(epsilon) * normalCdf(-a - b);
}

void requireSecureIsDiscrete(const HistogramNoise& noise) {
  require(!noise.secure || isDiscrete(noise.mechanism),
          "secure noise needs an exact discrete mechanism (discrete-laplace or discrete-gaussian): floating-point "
          "Laplace or Gaussian draws leak the true value through their low-order bits (Mironov 2012)");
}

}  // namespace

NoiseMechanism parseNoiseMechanism(const std::string& name) {
  if (name == "laplace") return NoiseMechanism::Laplace;
  if (name == "gaussian") return NoiseMechanism::Gaussian;
  if (name == "discrete-laplace") return NoiseMechanism::DiscreteLaplace;
  if (name == "discrete-gaussian") return NoiseMechanism::DiscreteGaussian;
  throw InvalidArgument("unknown noise mechanism '" + name +
                        "' (laplace, gaussian, discrete-laplace or discrete-gaussian)");
}

bool isDiscrete(NoiseMechanism m) { return m == NoiseMechanism::DiscreteLaplace || m == NoiseMechanism::DiscreteGaussian; }

double analyticGaussianSigma(double epsilon, double delta, double l2Sensitivity) {
  require(epsilon > 0 && std::isfinite(epsilon), "the Gaussian mechanism needs a finite epsilon > 0, got ", epsilon);
  require(epsilon <= 700, "epsilon ", epsilon, " is too large for the Gaussian calibration (at most 700)");
  require(delta > 0 && delta < 1, "delta must lie in (0, 1) for the Gaussian mechanism, got ", delta);
  require(l2Sensitivity > 0 && std::isfinite(l2Sensitivity), "sensitivity must be positive, got ", l2Sensitivity);
  double lo = 0, hi = l2Sensitivity;
  while (gaussianDelta(epsilon, hi, l2Sensitivity) > delta) hi *= 2;
  for (int it = 0; it < 200 && hi - lo > 1e-15 * hi; ++it) {
    const double mid = 0.5 * (lo + hi);
    (gaussianDelta(epsilon, mid, l2Sensitivity) > delta ? lo : hi) = mid;
  }
  return hi;
}

double histogramNoiseScale(const HistogramNoise& noise, long n) {
  require(n >= 1, "the histogram needs at least one training row, got ", n);
  require(noise.epsilon > 0 && !std::isnan(noise.epsilon), "epsilon must be > 0 (or inf for no privacy), got ",
          noise.epsilon);
  requireSecureIsDiscrete(noise);
  if (std::isinf(noise.epsilon)) return 0.0;
  switch (noise.mechanism) {
    case NoiseMechanism::Laplace: return 2.0 / (noise.epsilon * double(n));
    case NoiseMechanism::Gaussian: return analyticGaussianSigma(noise.epsilon, noise.delta, std::sqrt(2.0) / double(n));
    case NoiseMechanism::DiscreteLaplace: return discreteLaplaceScale(noise.epsilon, 2).value() / double(n);
    case NoiseMechanism::DiscreteGaussian:
      return std::sqrt(discreteGaussianVariance(noise.epsilon, noise.delta, 2.0).value()) / double(n);
  }
  return 0.0;
}

Points jointHistogram(const std::vector<int>& bins, const std::vector<int>& groups, int groupCount, int k) {
  require(bins.size() == groups.size(), "histogram: ", bins.size(), " bins but ", groups.size(), " group labels");
  require(!bins.empty(), "histogram: no training rows");
  require(groupCount >= 1 && k >= 1, "histogram: need at least one group and one bin, got ", groupCount, " and ", k);
  Points h = Points::Zero(groupCount, k);
  const double unit = 1.0 / double(bins.size());
  for (std::size_t i = 0; i < bins.size(); ++i) {
    require(groups[i] >= 0 && groups[i] < groupCount, "histogram: group label ", groups[i], " out of range");
    require(bins[i] >= 0 && bins[i] < k, "histogram: bin ", bins[i], " out of range");
    h(groups[i], bins[i]) += unit;
  }
  return h;
}

Points privateJointHistogram(const std::vector<int>& bins, const std::vector<int>& groups, int groupCount, int k,
                             const HistogramNoise& noise, Rng& rng) {
  Points h = jointHistogram(bins, groups, groupCount, k);
  const double scale = histogramNoiseScale(noise, long(bins.size()));
  if (scale == 0) return h;
  if (isDiscrete(noise.mechanism)) {
    // Integer counts (exact), integer noise (exact samplers), then one division by the public n.
    std::vector<std::int64_t> counts(std::size_t(groupCount) * std::size_t(k), 0);
    for (std::size_t i = 0; i < bins.size(); ++i) ++counts[std::size_t(groups[i]) * std::size_t(k) + std::size_t(bins[i])];
    std::unique_ptr<RandomWords> words;
    if (noise.secure) words = std::make_unique<OsEntropy>();
    else words = std::make_unique<SeededWords>(rng);
    const bool laplace = noise.mechanism == NoiseMechanism::DiscreteLaplace;
    const ExactRational param = laplace ? discreteLaplaceScale(noise.epsilon, 2)
                                        : discreteGaussianVariance(noise.epsilon, noise.delta, 2.0);
    const double n = double(bins.size());
    for (int a = 0; a < groupCount; ++a)
      for (int b = 0; b < k; ++b) {
        const std::int64_t z = laplace ? sampleDiscreteLaplace(param, *words) : sampleDiscreteGaussian(param, *words);
        h(a, b) = double(counts[std::size_t(a) * std::size_t(k) + std::size_t(b)] + z) / n;
      }
    return h;
  }
  if (noise.mechanism == NoiseMechanism::Laplace) {
    // Laplace(0, b) = b (E1 - E2) with E1, E2 standard exponential.
    std::exponential_distribution<double> e(1.0);
    for (int a = 0; a < groupCount; ++a)
      for (int b = 0; b < k; ++b) h(a, b) += scale * (e(rng) - e(rng));
  } else {
    std::normal_distribution<double> g(0.0, scale);
    for (int a = 0; a < groupCount; ++a)
      for (int b = 0; b < k; ++b) h(a, b) += g(rng);
  }
  return h;
}

std::string describePrivacy(const HistogramNoise& noise) {
  std::ostringstream os;
  if (std::isinf(noise.epsilon)) {
    os << "No privacy (ε = inf): the histogram is used without noise.";
  } else if (noise.mechanism == NoiseMechanism::Laplace) {
    os << "ε = " << noise.epsilon << " (pure DP) by the Laplace mechanism on the joint histogram (L1 sensitivity 2/n), "
       << "one release; everything after it is post-processing.";
  } else if (noise.mechanism == NoiseMechanism::DiscreteLaplace) {
    const ExactRational t = discreteLaplaceScale(noise.epsilon, 2);
    os << "ε = " << discreteLaplaceEpsilon(t, 2) << " (pure DP, asked " << noise.epsilon
       << ") by the exact discrete Laplace mechanism (scale " << t.value()
       << ", CKS20 Alg. 2) on the integer counts of the joint histogram (L1 sensitivity 2), one release.";
  } else if (noise.mechanism == NoiseMechanism::DiscreteGaussian) {
    const ExactRational v = discreteGaussianVariance(noise.epsilon, noise.delta, 2.0);
    os << "(ε = " << noise.epsilon << ", δ = " << noise.delta << ") by the exact discrete Gaussian mechanism (σ = "
       << std::sqrt(v.value()) << ", ρ = " << 1.0 / v.value()
       << "-zCDP, CKS20 Alg. 3) on the integer counts of the joint histogram (L2 sensitivity √2), one release.";
  } else {
    os << "(ε = " << noise.epsilon << ", δ = " << noise.delta
       << ") by the analytic Gaussian mechanism on the joint histogram (L2 sensitivity √2/n), one release.";
  }
  if (!std::isinf(noise.epsilon) && isDiscrete(noise.mechanism))  // the continuous lines stay as published
    os << (noise.secure ? " Secure mode: the noise comes from the operating system's CSPRNG (getrandom), so this run "
                          "cannot be replayed from its seed."
                        : " Teaching mode: the noise is seeded, so the run replays exactly from its seed (and anyone "
                          "with the seed can remove the noise).");
  return os.str();
}

}  // namespace dpw
