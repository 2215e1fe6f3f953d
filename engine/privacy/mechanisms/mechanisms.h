#pragma once
/// The noise mechanisms of DPW Lab: the only place where privacy noise is drawn (its calibration formulas are in
/// privacy/calibration/: gaussian_calibration.h, discrete_calibration.h).
///
/// Every private release in the engine (the fair-regression histogram, the flows' and DP-SWD's noisy
/// projections, the DP-SGD step) and every audit of it builds a `Mechanism` here and calls its `addTo`
/// (or `drawInteger`). A new law is one file in privacy/mechanisms/laws/ (its descriptor, noise_law.h),
/// its test and one line of laws/law_list.h; the audits
/// (engine/audit/mechanism_audits.h) take any trial function, so it can be audited without touching
/// them.
///
/// Laws (Dwork & Roth 2014, Def. 3.3 and App. A; Canonne, Kamath & Steinke 2020 = CKS20):
/// - Laplace(b): x + b (E₁ − E₂), E₁, E₂ ~ Exp(1) i.i.d.; b = Δ₁/ε gives (ε, 0)-DP.
/// - Gaussian(σ): x + N(0, σ²) per coordinate; σ = Δ₂/μ is μ-GDP ([FairLearn] Lemma 2.3), i.e. (ε, δ(ε))
///   with δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2), and (α, α/(2σ²)·Δ₂²)-RDP.
/// - Discrete Laplace Lap_Z(t) and discrete Gaussian N_Z(0, σ²) on integers (CKS20 Alg. 2, 3;
///   privacy/mechanisms/discrete_noise.h): exact samplers, integer arithmetic only.
/// - Discrete Gaussian on a grid (the secure counterpart of the Gaussian for real vectors): every
///   value v is rounded to the nearest multiple of the grid step g, N_Z(0, σ_Z²) is added to the
///   integer and the result is multiplied back by g. Rounding moves each of x and x' by at most g/2
///   per coordinate, so if ‖x − x'‖₂ ≤ Δ over `dim` coordinates that can differ,
///     ‖round(x) − round(x')‖₂ ≤ Δ + g √dim                       (triangle inequality)
///   and the variance is calibrated for that inflated sensitivity: σ_Z = ⌈(σ/Δ)² (Δ/g + √dim)²⌉^{1/2},
///   i.e. the same noise multiplier z = σ/Δ on the grid sensitivity. The step is g = Δ/(64 √dim), so
///   the inflation is exactly 1/64 (1.6% more noise than the floating Gaussian). For integer shifts v
///   the Rényi divergence of N_Z is D_α(N_Z(0,σ²) ‖ N_Z(v,σ²)) = α v²/(2σ²), the continuous value (CKS20
///   Prop. 5; coordinates add), so every accountant's Gaussian RDP curve holds for it unsubsampled;
///   the subsampled analyses of rdp (Poisson, Mironov et al. 2019) rely on the Gaussian's rotation
///   invariance, and the PLD and GDP ones on the Gaussian's own loss: they are not proven for the discrete
///   law. A secure run's ledger therefore reads an analysis proven for it (privacy_ledger.h: ledgerAnalysis;
///   for Poisson steps the bound of discrete_subsampled_rdp.h), calibrates its noise on it and states it.
///   The release is (integer)·g: its bits are a function of the noisy integer only, which is what
///   defeats the low-order-bits attack (Mironov 2012) on floating-point noise.
///
/// Sources (privacy/mechanisms/secure_noise.h): seeded (teaching mode, replayable, `Rng&`) or the OS CSPRNG
/// (secure mode, `OsEntropy`). Secure mode accepts only the discrete laws: floating-point draws leak
/// through their low-order bits whatever their source.
///
/// Seeded draws are bit-compatible with the code they replaced: the Gaussian uses one
/// `std::normal_distribution(0, σ)` per `addTo` call, the Laplace b·(E₁ − E₂) with one
/// `std::exponential_distribution(1)`; the discrete laws read 64-bit words of the Rng.
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/types.h"
#include "privacy/mechanisms/discrete_noise.h"
#include "privacy/mechanisms/noise_law.h"  // NoiseMechanism, NoiseLaw, the registry
#include "privacy/mechanisms/secure_noise.h"

namespace dpw {

enum class NoiseSource {
  Seeded,    ///< teaching mode: noise from the run's seed, replayable (and removable by whoever has the seed)
  OsEntropy  ///< secure mode: noise from the OS CSPRNG (getrandom), discrete laws only, not replayable
};

/// The settings' spellings, in menu order (the registry's, laws/law_list.h): "laplace", "gaussian",
/// "discrete-laplace", "discrete-gaussian". Every ParamSpec offering a mechanism uses this list.
const std::vector<std::string>& noiseMechanismIds();
/// "seeded", "os-entropy". Every ParamSpec offering a noise source uses this list.
const std::vector<std::string>& noiseSourceIds();
/// @throws InvalidArgument naming the value and the choices.
NoiseMechanism parseNoiseMechanism(const std::string& id);
/// @throws InvalidArgument naming the value and the choices.
NoiseSource parseNoiseSource(const std::string& id);
const std::string& noiseMechanismId(NoiseMechanism m);
const std::string& noiseSourceId(NoiseSource s);
bool isDiscrete(NoiseMechanism m);
/// Why secure mode refuses a continuous law: "secure noise needs an exact discrete mechanism (discrete-laplace
/// or discrete-gaussian): ..." (the registry's discrete laws).
std::string secureNeedsDiscreteMessage();
/// One sentence for privacy statements: "Teaching mode: ..." or "Secure mode: ...".
std::string describeNoiseSource(NoiseSource s);

/// Adds N(0, stddev²) draws to `values`: the very numbers std::normal_distribution<double>(0, stddev)
/// of libstdc++ (the polar method) adds in one pass with `rng`, leaving `rng` in the same state, at
/// about half the cost (batched candidates, no branches). Every seeded Gaussian draw goes through it.
void addGaussianPolar(std::span<double> values, double stddev, Rng& rng);
/// The same from a BlockRng (core/rng.h): the same numbers as from the Rng of the same seed sequence.
void addGaussianPolar(std::span<double> values, double stddev, BlockRng& rng);

/// A calibrated noise law. Immutable; cheap to copy.
class Mechanism {
 public:
  /// No noise (ε = ∞, or a zero scale).
  Mechanism() = default;

  /// Laplace with b = Δ₁/ε ((ε, 0)-DP); ε = +inf gives no noise. @throws unless ε > 0, Δ₁ ≥ 0 finite.
  static Mechanism laplace(double epsilon, double l1Sensitivity);
  /// Laplace with the scale b given. @throws unless b ≥ 0 finite.
  static Mechanism laplaceScale(double b);
  /// Gaussian, analytic calibration for (ε, δ) at L2 sensitivity Δ₂. @throws as analyticGaussianNoiseStd.
  static Mechanism gaussian(double epsilon, double delta, double l2Sensitivity);
  /// Gaussian with std σ = multiplier · Δ₂ (the accountants' parametrisation). @throws unless both ≥ 0 finite.
  static Mechanism gaussianStd(double sigma);
  /// Discrete Laplace on integer data: scale t ≥ Δ₁/ε on the 2^-20 grid (discreteLaplaceScale).
  static Mechanism discreteLaplace(double epsilon, long l1Sensitivity);
  /// Discrete Gaussian on integer data: σ² for (ε, δ) via ρ-zCDP, ρ = Δ₂²/(2σ²) (discreteGaussianVariance).
  static Mechanism discreteGaussian(double epsilon, double delta, double l2SensitivitySquared);
  /// The secure counterpart of Gaussian(σ) on real vectors whose L2 sensitivity is Δ over at most `dim`
  /// differing coordinates: the grid construction above (g = Δ/(64 √dim), σ_Z² an integer).
  /// σ = 0 gives no noise. @throws InvalidArgument unless σ ≥ 0, Δ > 0 (when σ > 0), dim ≥ 1, and σ_Z² < 2^62.
  static Mechanism discreteGaussianOnGrid(double sigma, double l2Sensitivity, long dim);

  /// Any continuous law of the registry with its scale in units of the values (how a law file in
  /// laws/ builds its Mechanism). @throws InternalError for a discrete law (the caller's choice);
  /// InvalidArgument for a scale not ≥ 0 finite.
  static Mechanism ofContinuousLaw(NoiseMechanism law, double scale);
  /// Any discrete law of the registry with its exact parameter in grid units on the grid `grid` (1: integer data).
  /// @throws InternalError for a continuous law (the caller's choice); InvalidArgument for a grid step not > 0 finite.
  static Mechanism ofDiscreteLaw(NoiseMechanism law, ExactRational param, double grid = 1);

  NoiseMechanism law() const { return law_; }
  /// The law's descriptor (noise_law.h).
  const NoiseLaw& lawInfo() const { return noiseLaw(law_); }
  bool isNone() const { return none_; }
  /// The noise scale in units of the values: b (Laplace), σ (Gaussian), t·g or σ_Z·g (discrete laws).
  double scale() const;
  /// Grid step g of the discrete laws (1 on integer data); 0 for the continuous ones.
  double gridStep() const { return grid_; }
  /// Lap_Z scale t or N_Z variance σ_Z², in grid units (discrete laws).
  ExactRational discreteParameter() const { return param_; }
  /// The L2 sensitivity the grid law was calibrated for, Δ + g√dim (0 unless discreteGaussianOnGrid).
  double gridSensitivity() const { return gridSensitivity_; }

  /// Rounds every value to the nearest multiple of the grid step (discrete laws; the first half of
  /// addTo, exposed so tests can check the sensitivity bound). @throws InternalError for a continuous
  /// law; InvalidArgument for a value beyond 2^52 grid steps.
  void roundToGrid(std::span<double> values) const;

  /// Adds independent noise to every value, drawn from the seeded `rng` (teaching mode; the discrete
  /// laws read its 64-bit words).
  void addTo(std::span<double> values, Rng& rng) const;
  /// Adds independent noise from `words` (the OS in secure mode). @throws InvalidArgument for a
  /// continuous law (floating-point noise is refused there).
  void addTo(std::span<double> values, RandomWords& words) const;
  /// Seeded: addTo(values, rng); OsEntropy: a fresh OsEntropy (rng untouched).
  /// @throws InvalidArgument for OsEntropy with a continuous law; EntropyError if the OS fails.
  void addTo(std::span<double> values, NoiseSource source, Rng& rng) const;
  /// One integer draw of a discrete law in grid units. @throws InternalError for a continuous law or no
  /// noise (callers check both; addTo refuses a continuous law with a user message).
  std::int64_t drawInteger(RandomWords& words) const;

  /// The law and its parameters, for privacy statements, e.g. "Gaussian noise (σ = 3.2, floating point)".
  std::string describe() const;

 private:
  /// The one constructor every factory goes through: the law and its scale in units of the values
  /// (continuous laws); the discrete laws add their grid step, exact parameter (grid units) and, on a
  /// grid, the sensitivity it was calibrated for. No noise: a continuous law of scale 0, a discrete one
  /// without a grid.
  Mechanism(NoiseMechanism law, double scale, double grid = 0, ExactRational param = {}, double gridSensitivity = 0);

  NoiseMechanism law_ = NoiseMechanism::Gaussian;
  bool none_ = true;
  double scale_ = 0;  // b or σ (continuous laws); t·g or σ_Z·g (discrete laws)
  double grid_ = 0;
  double gridSensitivity_ = 0;
  ExactRational param_;
};

/// Secure mode's law for a release whose teaching mode adds N(0, σ²) to a real vector of L2 sensitivity
/// Δ over `dim` coordinates: Mechanism::discreteGaussianOnGrid(σ, Δ, dim); no noise for Seeded or σ = 0.
/// @throws as discreteGaussianOnGrid.
Mechanism secureGaussianFor(NoiseSource source, double sigma, double l2Sensitivity, long dim);

/// The law a run's privacy ledger records for its Gaussian releases (privacy_ledger.h): the Gaussian in teaching
/// mode, secure mode's grid discrete Gaussian (DiscreteGaussian: gaussianFor's law) in secure mode.
inline NoiseMechanism gaussianLawOf(NoiseSource source) {
  return source == NoiseSource::OsEntropy ? NoiseMechanism::DiscreteGaussian : NoiseMechanism::Gaussian;
}

/// The Gaussian law of a release of L2 sensitivity Δ over `dim` coordinates with noise std σ, for
/// `addTo(values, source, rng)`: N(0, σ²) from the seed in teaching mode, secureGaussianFor's grid law
/// in secure mode; no noise for σ = 0. @throws as gaussianStd and discreteGaussianOnGrid.
Mechanism gaussianFor(NoiseSource source, double sigma, double l2Sensitivity, long dim);

/// The end of a privacy statement: in secure mode the law drawn (its grid and inflated sensitivity; the claim
/// before it, read from the run's ledger, is proven for that law: privacy_ledger.h); then describeNoiseSource.
/// Starts with a space.
std::string noiseSourceStatement(NoiseSource source, const Mechanism& secureLaw);

/// "teaching" or "secure": the mode a noise source puts a run in (summary.json's `mode`).
const std::string& noiseModeId(NoiseSource source);
/// Against whom a run's ε holds (summary.json's `threat_model`; withThreatModel opens a statement with its gist):
/// teaching mode, "against anyone without the run's seed (teaching mode: the seed is in the scenario and in
/// summary.json, and whoever holds it can subtract the noise and knows which rows each step used, so against
/// them ε = ∞)"; secure mode, "against anyone, including whoever holds the run's seed, scenario and
/// summary.json (secure mode: ...)".
std::string threatModel(NoiseSource source);
/// A private run's statement opened with its threat model, in few words so that the claim after it still shows in
/// a status bar: "Against anyone without the run's seed (with it, ε = ∞): " (teaching) or "Against anyone, the
/// seed's holders included: " (secure) + `statement`, whose describeNoiseSource ending says why. A statement of
/// no privacy ("No privacy ...") or an empty one is returned as it is.
std::string withThreatModel(NoiseSource source, const std::string& statement);

}  // namespace dpw
