#pragma once
/// A noise law as a descriptor: everything the engine needs to know about one law, in the law's own file
/// (privacy/mechanisms/laws/<law>.cpp), listed once in laws/law_list.h. Mechanism (mechanisms.h),
/// CountRelease (count_release.h), the fair-regression histogram (fair_regression/private_histogram.h) and
/// every ParamSpec choice list look the law up here instead of switching on NoiseMechanism.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/rng.h"
#include "privacy/mechanisms/discrete_noise.h"
#include "privacy/mechanisms/secure_noise.h"
#include "privacy/mechanisms/laws/law_list.h"

namespace dpw {

#define DPW_NOISE_LAW_ENUM(kind, descriptor) kind,
enum class NoiseMechanism { DPW_NOISE_LAWS(DPW_NOISE_LAW_ENUM) };
#undef DPW_NOISE_LAW_ENUM

class Mechanism;

/// The sensitivity a law's scale is calibrated for.
enum class SensitivityNorm { L1, L2 };

struct NoiseLaw {
  NoiseMechanism kind;
  const char* id;           ///< the settings' spelling, e.g. "discrete-laplace"
  const char* displayName;  ///< e.g. "discrete Laplace"
  SensitivityNorm norm;     ///< b = Δ₁/ε (L1) or σ from (ε, δ) and Δ₂ (L2)
  bool discrete;            ///< an exact integer sampler (secure mode allowed)

  // ---- the draws. Continuous laws: addSeeded (teaching mode only; floating point is refused in secure
  // mode). Discrete laws: drawInteger (grid units, seeded words or the OS) and unitScale.
  /// Adds noise of scale `scale` (units of the values) from the seeded `rng`.
  void (*addSeeded)(std::span<double> values, double scale, Rng& rng);
  /// One integer draw for the exact parameter `param` (grid units).
  std::int64_t (*drawInteger)(const ExactRational& param, RandomWords& words);
  /// The noise scale in grid units for the exact parameter (t, or σ_Z = √σ_Z²).
  double (*unitScale)(const ExactRational& param);

  /// The law and its parameters for privacy statements (a mechanism with noise).
  std::string (*describe)(const Mechanism& m);

  // ---- one noisy count of scale s (count_release.h): z = y − count.
  /// Half-width beyond which the mass is below ~1e-6, in units of the count.
  double (*reach)(double scale);
  /// The normalising constant the density and cdf use (0 where a closed form needs none).
  double (*normaliser)(double scale);
  double (*density)(double z, double scale, double normaliser);
  double (*cdf)(double z, double scale, double normaliser);

  // ---- the fair-regression joint histogram of n rows (private_histogram.h): L1 sensitivity 2/n, L2 √2/n
  // on the frequencies, 2 and √2 on integer counts (the discrete laws).
  /// @throws InvalidArgument for a parameter the law cannot use (e.g. δ outside (0, 1)).
  Mechanism (*histogram)(double epsilon, double delta, long n);

  // ---- one release's privacy, read by the privacy ledger (privacy/ledger/) and its statements.
  const char* scaleSymbol;   ///< the scale's name in statements: "b", "σ", "t"
  const char* releaseBound;  ///< the theorem the one-release ε rests on, e.g. "Dwork & Roth 2014 Thm 3.6"
  /// ε of one release whose noise scale is `multiplier` × the sensitivity in the law's norm, at δ (ignored
  /// by the pure laws, isPureEpsilon). @throws InvalidArgument for a multiplier not > 0 finite, or a δ the
  /// law cannot use.
  double (*releaseEpsilon)(double multiplier, double delta);
};

/// True for the laws calibrated to an L1 sensitivity: the Laplace-type laws, whose releases are pure
/// (ε, 0)-DP; the L2 laws (Gaussian-type) need a δ > 0.
inline bool isPureEpsilon(const NoiseLaw& law) { return law.norm == SensitivityNorm::L1; }

#define DPW_NOISE_LAW_DECLARE(kind, descriptor) extern const NoiseLaw descriptor;
DPW_NOISE_LAWS(DPW_NOISE_LAW_DECLARE)
#undef DPW_NOISE_LAW_DECLARE

/// Every law, in menu order (laws/law_list.h).
const std::vector<const NoiseLaw*>& noiseLawRegistry();
/// The descriptor of `kind` (every kind has one).
const NoiseLaw& noiseLaw(NoiseMechanism kind);
/// The ids of the registry's laws that pass `keep`, joined with ", " and a final " or ", e.g.
/// "discrete-laplace or discrete-gaussian" (refusal messages list the laws, so a new one needs no edit).
std::string noiseLawIdList(bool (*keep)(const NoiseLaw&));

}  // namespace dpw
