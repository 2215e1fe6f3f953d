#pragma once
/// Privacy calibration of the sliced-Wasserstein flows ([DPSWFlow] §3.3, App. C.4; reference §2).
///
/// Data rows lie in the unit ball, so two neighbouring data sets differ by a row change of norm ≤ 2,
/// and the k noisy projections Θ y + N(0, s² I_k) of that row have L2 sensitivity
///   Δ = 2 w(k, d, δ_b)      with probability ≥ 1 − δ_b over the directions Θ ([DP-SWD] Lemma 2),
/// w from engine/privacy/projection_sensitivity.h: CLT (k > 30) or Bernstein. The noise std is
/// s = multiplier · Δ.
///
/// Two conventions (FlowConvention):
/// - Paper (default, honest split of δ): δ/2 is spent on the sensitivity bound and δ/2 on the Gaussian
///   mechanism / accountant. A bound that holds for one draw of Θ fails with probability δ_b, so when
///   Θ is redrawn T times (DPSWflow-r) the union bound needs δ_b = δ/(2T); DPSWflow draws its pool
///   once (δ_b = δ/2) and takes subsets without replacement, whose sensitivity is at most the pool's.
/// - Reference (compatibility with the public dpswgf code): Δ = 2 w with CLT z = Φ⁻¹(1 − δ/2) for
///   k > 30, else Bernstein with ln(1/δ), for any number of draws; the DPSWflow subset is drawn once
///   (with replacement) and nothing is composed over steps.
/// DPSWflow's mechanism is calibrated as in [DPSWFlow] App. C.5 / the reference:
///   σ = √(2 ln(1.25 / (δ/2))) · Δ_pool / ε   (classic Gaussian mechanism, Dwork & Roth Thm A.1, a
///   proof only for ε ≤ 1; the exact ε of a Gaussian is reported next to it by the accountant).
/// Check (reference §2): Δ(k = 70, d = 8, δ = 1e-5) = 7.5408151363, σ(70, 8, ε = 5, δ = 1e-5) = 7.5194341218.
#include <limits>
#include <string>

#include "core/parameters.h"
#include "privacy/mechanisms.h"  // classicGaussianNoiseStd, Mechanism, NoiseSource
#include "privacy/projection_sensitivity.h"

namespace dpw {

enum class FlowConvention { Paper, Reference };

/// The privacy settings the flows and the generator share (parameters epsilon, delta,
/// noise_multiplier, bound, accountant, convention).
struct FlowPrivacySettings {
  /// os-entropy: secure mode, the projections get secureGaussianFor(source, s, Δ, k) (privacy/mechanisms.h).
  NoiseSource noiseSource = NoiseSource::Seeded;
  double epsilon = std::numeric_limits<double>::infinity();  ///< (the methods' default is 5)
  double delta = 1e-5;
  double noiseMultiplier = 0;    ///< > 0: use this multiplier (ε is then reported, not targeted)
  std::string bound = "auto";    ///< auto | clt | bernstein
  std::string accountant = "rdp";
  std::string convention = "paper";

  /// Reads the parameters above; `accountant` only if the method has one (DPSWflow has none).
  static FlowPrivacySettings fromParams(const ParamValues& p);
  /// @throws InvalidArgument unless ε > 0 (inf: no privacy), 0 < δ < 1, the multiplier is finite and
  /// ≥ 0, and the accountant is rdp or rdp-wor (bound and convention are checked where they are read).
  void validate() const;
};

/// "paper" or "reference". @throws InvalidArgument otherwise.
FlowConvention flowConventionFromId(const std::string& id);

/// "auto" (CLT when k > 30, else Bernstein, as the reference), "clt" or "bernstein".
/// @throws InvalidArgument otherwise.
ProjectionBound projectionBoundFromId(const std::string& id, long k);

/// Δ = 2 w(k, d, δ_b): the L2 sensitivity of k projections of a unit-ball row (failure prob. δ_b).
/// @throws InvalidArgument unless k ≥ 1, d ≥ 1, 0 < δ_b < 1.
double flowSensitivity(ProjectionBound bound, long k, long d, double boundDelta);

/// The reference code's Δ: CLT with z = Φ⁻¹(1 − δ/2) for k > 30 else Bernstein with ln(1/δ).
/// @throws as flowSensitivity.
double referenceFlowSensitivity(long k, long d, double delta);

/// Failure probability given to the sensitivity bound of one draw of directions, when `draws`
/// independent draws are made and the run's total is δ (Paper: δ / (2 draws); Reference: δ/2 for CLT
/// and δ for Bernstein are folded into referenceFlowSensitivity, so this returns δ).
double boundDeltaPerDraw(FlowConvention convention, double delta, long draws);


/// DPSWflow's σ for a pool of k directions: classicGaussianNoiseStd(ε, δ/2, Δ(k, d)) with Δ of the
/// convention (reference: referenceFlowSensitivity(k, d, δ); paper: flowSensitivity at δ/2).
double pooledFlowNoiseStd(FlowConvention convention, ProjectionBound bound, long poolSize, long d, double epsilon,
                          double delta);

}  // namespace dpw
