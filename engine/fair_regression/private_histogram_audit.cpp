#include "fair_regression/private_histogram_audit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <vector>

#include "core/error.h"
#include "fair_regression/private_histogram.h"

namespace dpw {

// ---- fair-histogram: privateJointHistogram on 2 groups x 2 bins, n = 20 rows.
namespace {
constexpr int kGroups = 2, kBins = 2, kRows = 20;

/// The standard deviation of the law with scale `scale` (in counts), as the audit grid's noise_std column
/// says (mechanism_audits.cpp: √2 b for Laplace): the grid showed the Laplace scale b under that name.
/// Discrete Laplace with scale t (the two-sided geometric law, r = e^{−1/t}): Var = 2r/(1 − r)²; the discrete
/// Gaussian's variance is σ² up to a term below 1e-8 σ² for σ ≥ 1.
double noiseStdOf(NoiseMechanism law, double scale) {
  switch (law) {
    case NoiseMechanism::Laplace: return std::sqrt(2.0) * scale;
    case NoiseMechanism::DiscreteLaplace: {
      const double r = std::exp(-1 / scale);
      return std::sqrt(2 * r) / (1 - r);
    }
    case NoiseMechanism::Gaussian:
    case NoiseMechanism::DiscreteGaussian: return scale;
  }
  return scale;
}
}  // namespace

AuditTarget fairHistogramAuditTarget(const MechanismAuditSettings& s, std::uint64_t) {
  const NoiseMechanism law = s.histogramNoise;
  const bool secure = s.noiseSource == NoiseSource::OsEntropy;
  require(!secure || isDiscrete(law), "secure noise needs histogram_noise ",
          noiseLawIdList([](const NoiseLaw& l) { return l.discrete; }), ", got '", noiseMechanismId(law), "'");
  // The L2 laws (Gaussian-type) score by the Gaussian log-likelihood ratio and need a δ; the L1 laws are pure.
  const bool gaussianLaw = noiseLaw(law).norm == SensitivityNorm::L2;
  if (gaussianLaw) require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);
  const HistogramNoise claimed{s.epsilon, gaussianLaw ? s.delta : 0.0, law, secure};
  // The claim is the release's ledger's (private_histogram.h: histogramLedger, what fair regression reports),
  // not the ε typed into the audit: for the discrete laws the calibration rounds toward more noise, so the
  // ledger's ε is the one the release actually has.
  const PrivacyLedger ledger = histogramLedger(claimed, kRows);
  AuditTarget out;
  out.claimedEpsilon = ledger.epsilon();
  out.claimedDelta = ledger.deltaSpent();
  HistogramNoise used = claimed;
  requireAuditFault(s.fault, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds, AuditFault::SkipClip},
                    "fair-histogram");
  // noise-quarter: calibrated for 4ε (Laplace scale ÷ 4); noise-two-thirds: for ε/0.67 (Laplace scale × 0.67)
  if (s.fault == AuditFault::NoiseQuarter || s.fault == AuditFault::NoiseTwoThirds)
    used.epsilon = s.epsilon / auditNoiseFactor(s.fault);
  out.noiseScale = noiseStdOf(law, histogramNoiseScale(used, kRows) * kRows);
  const double claimedScale = histogramNoiseScale(claimed, kRows) * kRows;  // what the attacker assumes

  // D: row 0 in (0, 0), row 1 in (0, 1), the others cycle over the four cells.
  auto data = std::make_shared<std::array<std::vector<int>, 4>>();  // binsD, groupsD, binsP, groupsP
  auto& [binsD, groupsD, binsP, groupsP] = *data;
  for (int i = 0; i < kRows; ++i) groupsD.push_back((i % 4) / 2), binsD.push_back(i % 2);
  binsP = binsD, groupsP = groupsD;
  groupsP[0] = 1, binsP[0] = 1;  // substitution: row 0 moves to (1, 1)
  if (s.fault == AuditFault::SkipClip) groupsP[1] = 1, binsP[1] = 1;  // the same person's second row moves too
  const Points countD = jointHistogram(binsD, groupsD, kGroups, kBins) * kRows;
  const Points countP = jointHistogram(binsP, groupsP, kGroups, kBins) * kRows;
  // Log-likelihood ratio log p_D'(o) − log p_D(o) of the claimed law, summed over the cells that differ
  // (the others cancel). For the discrete laws the same formulas hold (the normalisers cancel).
  // likelihood-ratio: the Laplace ratio is written with a clamp, so its extreme values ±|μ_D − μ_D'|/b are
  // exact and carry no rounding: this attacker sees the mechanism as real numbers. low-order-bits: the
  // textbook expression (|o − μ_D| − |o − μ_D'|)/b in floating point; at the extremes its rounding depends
  // on the last bits of the released double, which differ between D and D' for floating-point noise
  // (Mironov 2012), and not for the discrete laws, whose output is a function of an integer.
  const bool bits = s.attack == AuditAttack::LowOrderBits;
  out.trial = [data, used, gaussianLaw, claimedScale, countD, countP, bits](bool neighbour, Rng& rng) {
    const auto& d = *data;
    const Points h = privateJointHistogram(neighbour ? d[2] : d[0], neighbour ? d[3] : d[1], kGroups, kBins, used, rng);
    double llr = 0;
    for (int a = 0; a < kGroups; ++a)
      for (int b = 0; b < kBins; ++b) {
        const double muD = std::round(countD(a, b)), muP = std::round(countP(a, b));
        if (muD == muP) continue;
        const double o = h(a, b) * kRows;
        if (gaussianLaw) {
          llr += ((o - muD) * (o - muD) - (o - muP) * (o - muP)) / (2 * claimedScale * claimedScale);
        } else if (bits) {
          llr += (std::abs(o - muD) - std::abs(o - muP)) / claimedScale;
        } else {
          const double gap = std::abs(muD - muP), towardP = muP < muD ? muD + muP - 2 * o : 2 * o - muD - muP;
          llr += std::clamp(towardP, -gap, gap) / claimedScale;
        }
      }
    return llr;
  };
  return out;
}

}  // namespace dpw
