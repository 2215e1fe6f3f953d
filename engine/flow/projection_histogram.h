#pragma once
/// The histogram release of DPSWflow-r (`release = histogram`, the default; beyond the paper, chosen
/// from measurements in docs/flow-results.md).
///
/// The paper's mechanism adds Gaussian noise to EVERY projected row ([DPSWFlow] §3.2); its noise std
/// s = multiplier · Δ (Δ ≥ 2) is larger than the data's own spread in the mechanism's units, so the
/// flow can only recover coarse features. Here each step releases, per direction θⱼ, a noisy
/// histogram of the batch's projections instead:
///   cⱼ[b] = #{ y in batch : yθⱼ in bin b },  B equal bins on [−1, 1]   (rows lie in the unit ball)
///   c̃ = c + N(0, σ² I_{kB}),  σ = multiplier · Δ_hist                    (Gaussian mechanism)
/// Sensitivity (exact, for any directions and any B, so no δ is spent on a bound):
///   replace-one neighbours: the replaced row leaves one bin and enters one bin of each of the k
///   histograms, ‖c − c'‖₂ ≤ √(2k);  add/remove (Poisson sampling): one count in each, Δ = √k.
/// The noise does not grow with the batch, so the per-bin signal-to-noise ratio grows with b.
/// Post-processing (free): counts below `cutoff` (τ noise std) are set to 0 (an empty bin's noise
/// would otherwise add a uniform floor of mass), c̃ⱼ ← max(c̃ⱼ − cutoff, 0); the CDF is piecewise linear
/// over the bin edges and its inverse at u = linspace(0, 1, P) gives the released quantiles Q̃ⱼ(u),
/// which the flow step matches with the particles' exact (public) ranks (sliced_flow_step.h,
/// sortedNoisyTargets, no particle noise).
#include "core/rng.h"
#include "core/types.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

/// Counts of the rows' projections in `bins` equal bins on [−1, 1] (k x B, one row per direction).
/// Projections outside [−1, 1] (only by rounding: rows in the unit ball) go to the end bins.
/// @throws InvalidArgument unless bins ≥ 1 and all finite; InternalError unless rows and directions
/// share the dimension (the directions are drawn for the data).
/// Cost O(k m d + k B).
Points projectionCounts(const PointsRef& rows, const PointsRef& directions, long bins);

/// Δ₂ of the k x B counts: √(2k) for replace-one neighbours, √k for add/remove (see above).
/// @throws InvalidArgument unless k ≥ 1.
double projectionHistogramSensitivity(long k, bool addRemove);

/// The release itself (the smallest private unit, run by the flow and by its audit): the counts
/// above plus Gaussian noise of std `noiseStd` drawn by privacy/mechanisms/mechanisms.h, seeded from `rng`
/// (teaching mode) or, with NoiseSource::OsEntropy, the exact discrete Gaussian on a grid
/// (secureGaussianFor with the L2 sensitivity `sensitivity` of the k x B counts). noiseStd = 0: exact
/// counts (no privacy). @throws as projectionCounts, and unless noiseStd ≥ 0 is finite.
Points releaseProjectionHistograms(const PointsRef& rows, const PointsRef& directions, long bins, double noiseStd,
                                   double sensitivity, NoiseSource source, Rng& rng);

/// The released quantiles (k x P, rows ascending in [−1, 1]) of noisy counts (k x B), after the
/// cutoff above. A row whose counts all fall below the cutoff is read without it (max(c̃, 0)); if
/// none is positive, the row carries no information and the uniform law on [−1, 1] is returned.
/// @throws InvalidArgument unless P ≥ 2, cutoff ≥ 0 and the counts are finite.
Points histogramQuantiles(const Points& noisyCounts, double cutoff, long quantiles);

}  // namespace dpw
