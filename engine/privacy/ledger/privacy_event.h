#pragma once
/// One typed privacy event: what a private release is, in the terms every privacy claim needs.
///
/// A method turns its settings into its events once (privacy_ledger.h); calibration, the accountants,
/// the ε-vs-step curve and the privacy statement read them, so no consumer re-derives the sampler from
/// an accountant id or the noise from a method's own fields.
#include "privacy/accountants/accountant.h"  // Neighbouring
#include "privacy/mechanisms/mechanisms.h"   // NoiseMechanism

namespace dpw {

/// How the rows a release reads are chosen from the private data.
enum class Sampler {
  WholeData,                   ///< every row, every time (q = 1)
  Poisson,                     ///< each row independently with probability q (add/remove neighbours)
  FixedSizeWithoutReplacement  ///< a batch of q·m distinct rows (replace-one neighbours)
};

/// The minibatch sampler an accountant's analysis assumes (accountant.h: the relation names the sampler):
/// Poisson for add/remove, fixed-size without replacement for replace-one (also at q = 1).
inline Sampler minibatchSamplerOf(Neighbouring relation) {
  return relation == Neighbouring::AddRemove ? Sampler::Poisson : Sampler::FixedSizeWithoutReplacement;
}

/// `count` releases of one noise law at scale multiplier · sensitivity (in the law's norm: L1 for the
/// Laplace-type laws, L2 for the Gaussian-type ones), each on rows drawn by `sampler` at rate `sampleRate`,
/// private for neighbours under `relation`.
struct PrivacyEvent {
  NoiseMechanism law = NoiseMechanism::Gaussian;
  double multiplier = 0;   ///< noise scale / sensitivity (σ/Δ₂ for the Gaussian, b/Δ₁ for Laplace); 0 = no noise
  double sensitivity = 0;  ///< Δ of what is released, in the law's norm (noise_law.h: NoiseLaw::norm)
  Neighbouring relation = Neighbouring::ReplaceOne;  ///< the relation Δ holds for
  Sampler sampler = Sampler::WholeData;
  double sampleRate = 1;  ///< q ∈ (0, 1]
  long count = 1;         ///< how many times the release is made
  /// The release reads rows disjoint from those of every event of the run it joins (the events before it
  /// back to the last one without this mark; e.g. one histogram per group of a partition): under
  /// LedgerAccounting::BasicComposition such a run composes by parallel composition (the largest ε,
  /// McSherry 2009 Thm 4) instead of adding. Refused by the other accountings.
  bool disjointFromPrevious = false;

  /// The noise scale in units of the released values (σ of the Gaussian).
  double scale() const { return multiplier * sensitivity; }
};

/// One release of the calibrated `mechanism` on values of sensitivity Δ (in its law's norm) for `relation`,
/// on the whole data: multiplier = scale / Δ (0 for no noise). @throws InvalidArgument unless Δ > 0.
PrivacyEvent oneReleaseOf(const Mechanism& mechanism, double sensitivity, Neighbouring relation);

}  // namespace dpw
