#pragma once
/// The private joint histogram of (group, bin) ([FairReg] Alg. 1 lines 1-3, reference §3 step 2).
///
/// hist[a][b] = #{i : a_i = a, bin_i = b} / n, n = number of training rows (public). Under
/// substitution of one row (the neighbouring relation of [FairReg] Def. 2.1) one cell loses 1/n and
/// another gains 1/n, so the L1 sensitivity is 2/n and the L2 sensitivity sqrt(2)/n.
/// - Laplace: every cell gets Laplace(0, 2/(εn)) noise: pure ε-DP ([FairReg] Thm. 3.2 proof).
/// - Gaussian (the (ε, δ) option of the paper's footnote): every cell gets N(0, σ²) with σ the
///   analytic Gaussian calibration of Balle & Wang (2018, Thm. 8) for L2 sensitivity sqrt(2)/n
///   (privacy/mechanisms/mechanisms.h: analyticGaussianNoiseStd).
/// - Discrete Laplace (exact, integer): every integer count gets Lap_Z(t) noise with t the smallest
///   multiple of 2^-20 ≥ 2/ε (L1 sensitivity of the counts is 2), then the noisy counts are divided by n:
///   pure ε-DP (discrete_noise.h; CKS20 Alg. 2). Immune to Mironov's floating-point attack.
/// - Discrete Gaussian (exact, integer): every count gets N_Z(0, σ²) with σ² calibrated for (ε, δ) from
///   ρ = Δ₂²/(2σ²) zCDP, Δ₂² = 2 (CKS20 Alg. 3 and its concentrated-DP conversion), then divided by n.
/// `secure` (discrete mechanisms only) draws the integer noise from the OS CSPRNG (getrandom) instead
/// of the seeded `rng`: the release is then not replayable from the scenario's seed.
/// The noise is calibrated and drawn by privacy/mechanisms/mechanisms.h (`histogramMechanism`), like every other
/// private release of the engine.
/// ε = +inf means no noise (non-private).
#include <limits>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/types.h"
#include "privacy/ledger/privacy_ledger.h"
#include "privacy/mechanisms/mechanisms.h"  // NoiseMechanism, Mechanism

namespace dpw {

struct HistogramNoise {
  double epsilon = std::numeric_limits<double>::infinity();
  double delta = 0;  ///< Gaussian and discrete Gaussian only, in (0, 1)
  NoiseMechanism mechanism = NoiseMechanism::Laplace;
  bool secure = false;  ///< discrete mechanisms only: noise from the OS CSPRNG, not from the seed
};

/// The calibrated law of one cell: in units of the normalised histogram for the continuous laws
/// (Laplace b = 2/(εn), analytic Gaussian at √2/n), on the integer counts for the discrete ones
/// (Lap_Z at L1 sensitivity 2, N_Z at squared L2 sensitivity 2); no noise when ε = inf.
/// @throws as histogramNoiseScale.
Mechanism histogramMechanism(const HistogramNoise& noise, long n);

/// Noise scale of one cell for `n` training rows: the Laplace scale b = 2/(εn) or the Gaussian σ (for
/// the discrete mechanisms: the discrete Laplace scale t/n or the discrete Gaussian σ/n, in units of the
/// normalised histogram); 0 when ε = inf. @throws InvalidArgument if ε <= 0 or NaN, n < 1, δ invalid
/// for a Gaussian, or `secure` with a continuous mechanism.
double histogramNoiseScale(const HistogramNoise& noise, long n);

/// Exact joint histogram (m x k, row a = group a), normalised by the public row count n (0: bins.size();
/// grouped_scores.h: publicSize, which counts the rows a loader's rule dropped, so 1/n never moves with one row).
/// @throws InvalidArgument on no rows or n < bins.size(); InternalError on length mismatch or labels/bins out of
/// range (the caller bins and labels the rows).
Points jointHistogram(const std::vector<int>& bins, const std::vector<int>& groups, int groupCount, int k, long n = 0);

/// jointHistogram plus independent noise per cell, calibrated for the public n (as above), drawn row by row
/// from `rng` (or from the OS when `noise.secure`; `rng` is then untouched). @throws as jointHistogram and
/// histogramNoiseScale; EntropyError if the OS cannot deliver random bytes in secure mode.
Points privateJointHistogram(const std::vector<int>& bins, const std::vector<int>& groups, int groupCount, int k,
                             const HistogramNoise& noise, Rng& rng, long n = 0);

/// The histogram's sensitivity in its law's norm and in the units its noise is added in: substitution of one
/// row moves one count from one cell to another, so L1 2 and L2 √2 on the integer counts (the discrete laws),
/// 2/n and √2/n on the frequencies (the continuous laws).
double histogramSensitivity(NoiseMechanism law, long n);

/// The release's privacy ledger: one event (the law, multiplier = its scale / histogramSensitivity,
/// replace-one neighbours, the whole training split, one release), read by basic composition at δ (0 for a
/// pure law). Its ε is the run's ε (the metric, the statement) and the fair-histogram audit's claim.
/// ε = inf: a noiseless event (ε = inf). @throws as histogramMechanism.
PrivacyLedger histogramLedger(const HistogramNoise& noise, long n);

/// The privacy statement of the release on `n` training rows, generated from histogramLedger (claimSentence),
/// then the noise source.
std::string describePrivacy(const HistogramNoise& noise, long n);

}  // namespace dpw
