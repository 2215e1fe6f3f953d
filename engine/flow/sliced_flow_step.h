#pragma once
/// One step of the (DP) sliced-Wasserstein gradient flow ([DPSWFlow] Eq. 18, 20, 21; reference §2).
///
/// Particles X (n x d), data Y (m x d), k unit directions Θ (k x d), noise std s, P quantiles:
///   p̃ⱼ = X θⱼ + N(0, s² I_n),  t̃ⱼ = Y θⱼ + N(0, s² I_m)      (Gaussian mechanism on both, [DPSWFlow] §3.2)
///   qpⱼ, qtⱼ = quantiles of p̃ⱼ, t̃ⱼ at u = linspace(0, 1, P) (linear interpolation, numpy "linear")
///   Fⱼᵢ = interp(p̃ⱼᵢ; qpⱼ → u)        (particle CDF at its own noisy projection, numpy.interp)
///   Tⱼᵢ = interp(Fⱼᵢ; u → qtⱼ)        (target quantile function at F)
///   driftᵢ = (1/k) Σⱼ (p̃ⱼᵢ − Tⱼᵢ) θⱼ     ([DPSWFlow] Eq. 20, the discretised Kantorovich potential Eq. 21)
///   xᵢ ← xᵢ − h driftᵢ + √(2 h λ) ξᵢ,   ξᵢ ~ N(0, I_d)   (Euler–Maruyama, [DPSWFlow] Eq. 18)
/// Worked check (reference §2): s = 0, k = 1, θ = (1, 0), P = 5, h = 1, particle x [0, 1, 2, 3],
/// data x [10, 20, 30] → [10, 16.667, 23.333, 30].
///
/// The noise is drawn by privacy/mechanisms/mechanisms.h (Mechanism::addTo), seeded or, with `secureNoise`, from the OS.
/// Directions are processed in blocks of at most 16 (one small GEMM each; beyond 16, at least 8 equal
/// blocks so the threads stay balanced) over a fixed partition of chunks run in parallel with OpenMP (below 2^16
/// particles a block's directions are tasks, so an idle thread takes directions of a block in progress;
/// the block's sum waits for them); the noise of direction j is stream j of `noiseSeed` and the diffusion
/// noise of particles [1024 b, 1024 (b + 1)) is stream b of `diffusionSeed`, so no bit depends on the thread count. The
/// quantiles of a direction come from the 2P order statistics they read (engine/ot/order_statistics.h:
/// bucket selection, or one radix sort when 2P is a twentieth of the sample or more). For the particles,
/// n ≤ 40 P: a radix argsort and a monotone walk for F; n > 40 P: selection, then F of each particle in
/// input order through a uniform grid over [qp₀, qp_last] (no sort, no scatter). Both give the same
/// bits (tests/engine/flow/tst_flow_drift_selection.cpp); T indexes the uniform grid u directly. Many
/// particles (n ≥ 2·24576, n > 40 P) with one block of directions (k ≤ 16, e.g. DPSWflow-r's k = d = 2 at
/// 10⁶ particles) go by slices of particles over all threads instead (projections, then the directions'
/// selections in parallel, then lookups, drift rows and the particles' move slice by slice): the same bits. The n x m coupling is
/// never formed. Cost O(k (n + m) d) for projections and drift, O(k (n + m)) for sorting, selection and lookups;
/// extra memory O(16 (n + m) + n d) per thread.
#include <cstdint>

#include "core/types.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

struct FlowStepOptions {
  double noiseStd = 0.0;           ///< s: std of the Gaussian noise on every projection (0: non-private flow)
  std::uint64_t noiseSeed = 0;     ///< seed of the per-direction noise streams
  /// Secure mode: if set (not none), the projections get this exact discrete law from the OS
  /// (Mechanism::discreteGaussianOnGrid, privacy/mechanisms/mechanisms.h) instead of N(0, s²) from `noiseSeed`.
  Mechanism secureNoise{};
  int quantiles = 100;             ///< P ≥ 2
  double stepSize = 1.0;           ///< h > 0
  double regularisation = 0.0;     ///< λ ≥ 0 (entropic regularisation; diffusion √(2 h λ))
  std::uint64_t diffusionSeed = 0; ///< seed of the per-particle diffusion streams
  /// If set (k x m', row j ascending): the noisy data projections t̃ⱼ released beforehand (DPSWflow's
  /// pool, noise drawn once, [DPSWFlow] Alg. 2); Y is then not read and only the particle side gets
  /// fresh noise (stream j of noiseSeed, as above).
  const Points* sortedNoisyTargets = nullptr;
};

/// driftᵢ of the formula above (n x d). @throws InvalidArgument on empty or non-finite input,
/// mismatched dimensions, P < 2 or s < 0; InternalError if sortedNoisyTargets has another row count.
Points slicedFlowDrift(const PointsRef& X, const PointsRef& Y, const PointsRef& directions,
                       const FlowStepOptions& options);

/// Moves the particles by one step: X ← X − h drift + √(2 h λ) ξ. @throws as slicedFlowDrift, and if
/// h ≤ 0 or λ < 0.
void slicedFlowStep(Points& X, const PointsRef& Y, const PointsRef& directions, const FlowStepOptions& options);

}  // namespace dpw
