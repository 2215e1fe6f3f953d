#include "fair_regression/private_histogram.h"

#include <cmath>
#include <memory>
#include <span>
#include <sstream>

#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/ledger/privacy_statement.h"
#include "privacy/mechanisms/discrete_noise.h"
#include "privacy/mechanisms/secure_noise.h"

namespace dpw {

namespace {

void requireSecureIsDiscrete(const HistogramNoise& noise) {
  if (noise.secure && !isDiscrete(noise.mechanism)) throw InvalidArgument(secureNeedsDiscreteMessage());
}

}  // namespace

Mechanism histogramMechanism(const HistogramNoise& noise, long n) {
  require(n >= 1, "the histogram needs at least one training row, got ", n);
  require(noise.epsilon > 0 && !std::isnan(noise.epsilon), "epsilon must be > 0 (or inf for no privacy), got ",
          noise.epsilon);
  requireSecureIsDiscrete(noise);
  if (std::isinf(noise.epsilon)) return Mechanism();
  return noiseLaw(noise.mechanism).histogram(noise.epsilon, noise.delta, n);  // the law's file (privacy/mechanisms/laws/)
}

double histogramNoiseScale(const HistogramNoise& noise, long n) {
  const Mechanism m = histogramMechanism(noise, n);
  return isDiscrete(noise.mechanism) ? m.scale() / double(n) : m.scale();
}

Points jointHistogram(const std::vector<int>& bins, const std::vector<int>& groups, int groupCount, int k, long n) {
  ensure(bins.size() == groups.size(), "histogram: ", bins.size(), " bins but ", groups.size(), " group labels");
  require(!bins.empty(), "histogram: no training rows");
  require(groupCount >= 1 && k >= 1, "histogram: need at least one group and one bin, got ", groupCount, " and ", k);
  require(n == 0 || n >= long(bins.size()), "histogram: the public row count is below the rows counted");
  Points h = Points::Zero(groupCount, k);
  const double unit = 1.0 / double(n > 0 ? n : long(bins.size()));
  for (std::size_t i = 0; i < bins.size(); ++i) {
    ensure(groups[i] >= 0 && groups[i] < groupCount, "histogram: group label ", groups[i], " out of range");
    ensure(bins[i] >= 0 && bins[i] < k, "histogram: bin ", bins[i], " out of range");
    h(groups[i], bins[i]) += unit;
  }
  return h;
}

Points privateJointHistogram(const std::vector<int>& bins, const std::vector<int>& groups, int groupCount, int k,
                             const HistogramNoise& noise, Rng& rng, long n) {
  Points h = jointHistogram(bins, groups, groupCount, k, n);
  const long rows = n > 0 ? n : long(bins.size());  // the public count (private_histogram.h)
  const Mechanism mechanism = histogramMechanism(noise, rows);
  if (mechanism.isNone()) return h;
  if (isDiscrete(noise.mechanism)) {
    // Integer counts (exact), integer noise (exact samplers), then one division by the public n.
    std::vector<std::int64_t> counts(std::size_t(groupCount) * std::size_t(k), 0);
    for (std::size_t i = 0; i < bins.size(); ++i) ++counts[std::size_t(groups[i]) * std::size_t(k) + std::size_t(bins[i])];
    std::unique_ptr<RandomWords> words;
    if (noise.secure) words = std::make_unique<OsEntropy>();
    else words = std::make_unique<SeededWords>(rng);
    for (int a = 0; a < groupCount; ++a)
      for (int b = 0; b < k; ++b) {
        const std::int64_t z = mechanism.drawInteger(*words);
        h(a, b) = double(counts[std::size_t(a) * std::size_t(k) + std::size_t(b)] + z) / double(rows);
      }
    return h;
  }
  mechanism.addTo(std::span<double>(h.data(), std::size_t(h.size())), rng);  // row by row (h is row-major)
  return h;
}

double histogramSensitivity(NoiseMechanism law, long n) {
  require(n >= 1, "the histogram needs at least one training row, got ", n);
  const double counts = noiseLaw(law).norm == SensitivityNorm::L1 ? 2.0 : std::sqrt(2.0);
  return isDiscrete(law) ? counts : counts / double(n);
}

PrivacyLedger histogramLedger(const HistogramNoise& noise, long n) {
  const Mechanism mechanism = histogramMechanism(noise, n);
  PrivacyLedger ledger = PrivacyLedger::basicComposition(isPureEpsilon(noiseLaw(noise.mechanism)) ? 0.0 : noise.delta);
  PrivacyEvent release = oneReleaseOf(mechanism, histogramSensitivity(noise.mechanism, n), Neighbouring::ReplaceOne);
  release.law = noise.mechanism;  // also without noise (ε = inf), whose Mechanism has no law
  ledger.record(release);
  return ledger;
}

std::string describePrivacy(const HistogramNoise& noise, long n) {
  if (std::isinf(noise.epsilon)) return "No privacy (ε = inf): the histogram is used without noise.";
  const PrivacyLedger ledger = histogramLedger(noise, n);
  std::ostringstream os;
  os << claimSentence(ledger, ledger.deltaSpent(),
                      isDiscrete(noise.mechanism) ? "the integer counts of the joint (group, bin) histogram"
                                                  : "the frequencies of the joint (group, bin) histogram")
     << "; everything after it is post-processing. "
     << describeNoiseSource(noise.secure ? NoiseSource::OsEntropy : NoiseSource::Seeded);
  return os.str();
}

}  // namespace dpw
