#pragma once
/// Privacy calibration of the sliced-Wasserstein flows ([DPSWFlow] §3.3, App. C.4; reference §2).
///
/// Data rows lie in the unit ball, so two neighbouring data sets differ by a row change of norm ≤ 2,
/// and the k noisy projections Θ y + N(0, s² I_k) of that row have L2 sensitivity
///   Δ = 2 w(k, d, δ_b)      with probability ≥ 1 − δ_b over the directions Θ ([DP-SWD] Lemma 2),
/// w from engine/privacy/sensitivity/projection_sensitivity.h: Chernoff (default, rigorous), CLT (the papers'
/// approximation for k > 30, not a bound) or Bernstein. The noise std is
/// s = multiplier · Δ.
///
/// Neighbouring relation: replace-one (one row of the unit ball replaced, ‖y − y'‖ ≤ 2), for which
/// Δ = 2w is the sensitivity of one row's projections. The accountants match it: fixed-size batches
/// without replacement, replace-one ("pld-wor": Dong-Roth-Su Thm 4.2 composed exactly; "rdp-wor": Wang et al.
/// 2019 Thm 9 capped by the Gaussian) or Poisson sampling, add/remove ("pld", "rdp": Δ = 2w then over-covers
/// the w an added row can move, so the claim holds for add/remove neighbours). "auto" is the tightest proven
/// accountant for the relation and sampler of the release (flowAutoAccountant): pld-wor for one flow, pld for
/// per-class flows (below) and for the histogram release. DPSWflow (q = 1) has no sampler: every accountant
/// composes T Gaussians (the PLD ones exactly up to their grid).
///
/// Per-class flows: a replaced record can change class, so two flows see a change (one loses a row,
/// one gains one). With Poisson sampling (rdp) the relation is add/remove, every record lies in one
/// class, and one added/removed record changes one flow: parallel composition at ε holds. With
/// fixed-size per-class batches (rdp-wor) the batch sizes depend on the class counts and a change of
/// class is not a replace-one change of either flow, so the combination is refused (validate()).
/// DPSWflow per class (q = 1, same noise std s in every flow): a change of class moves one flow by ≤ w
/// and another by ≤ w, jointly ≤ √2 w ≤ Δ, so the Gaussian bound of one flow covers the pair.
///
/// Three conventions (FlowConvention) for the failure probability δ_b of the sensitivity bound:
/// - UnionBound ("union-bound", default): δ/2 on the bound and δ/2 on the Gaussian mechanism /
///   accountant. Directions drawn T times (DPSWflow-r, DPSWgen) need a union bound, δ_b = δ/(2T) per
///   draw, so the whole run's bound fails with probability ≤ δ/2. DPSWflow draws its pool once
///   (δ_b = δ/2) and takes subsets without replacement, whose sensitivity is at most the pool's.
///   (Stricter than the paper; it was called "paper" before.)
/// - PaperPerDraw ("paper-per-draw"): exactly the paper's: δ_b = δ/2 for every draw and δ/2 to the
///   accountant, with no union bound over the T draws, so over a run the bound can fail with
///   probability up to T·δ/2 (the statement says so).
/// - Reference ("reference", compatibility with the public dpswgf code): Δ = 2 w with CLT
///   z = Φ⁻¹(1 − δ/2) for k > 30, else Bernstein with ln(1/δ), for any number of draws; the DPSWflow
///   subset is drawn once (with replacement) and nothing is composed over steps.
/// DPSWflow's mechanism is calibrated as in [DPSWFlow] App. C.5 / the reference:
///   σ = √(2 ln(1.25 / (δ/2))) · Δ_pool / ε   (classic Gaussian mechanism, Dwork & Roth Thm A.1, a
///   proof only for ε ≤ 1; the exact ε of a Gaussian is reported next to it by the accountant).
/// Check (reference §2): Δ(k = 70, d = 8, δ = 1e-5) = 7.5408151363, σ(70, 8, ε = 5, δ = 1e-5) = 7.5194341218.
#include <limits>
#include <string>
#include <vector>

#include "core/parameters.h"
#include "privacy/accountants/accountant.h"  // AccountantKind
#include "privacy/mechanisms/mechanisms.h"  // classicGaussianNoiseStd, Mechanism, NoiseSource
#include "privacy/sensitivity/projection_sensitivity.h"

namespace dpw {

/// The `convention` setting (above). Ids: flowConventionIds().
enum class FlowConvention { UnionBound, PaperPerDraw, Reference };

/// The `bound` setting: Auto (= defaultProjectionBound(k), the rigorous Chernoff bound) or one of the
/// ProjectionBound values by name. Ids: flowBoundIds() = "auto" followed by projectionBoundIds().
enum class FlowBound { Auto, Chernoff, Clt, Bernstein };

/// The privacy settings the flows and the generator share (parameters epsilon, delta,
/// noise_multiplier, bound, accountant, convention), parsed once from the ParamValues (fromParams).
struct FlowPrivacySettings {
  /// os-entropy: secure mode, the projections get secureGaussianFor(source, s, Δ, k) (privacy/mechanisms/mechanisms.h).
  NoiseSource noiseSource = NoiseSource::Seeded;
  double epsilon = std::numeric_limits<double>::infinity();  ///< (the methods' default is 5)
  /// The run's δ; 0 = auto: 1/(10 m) for the m private rows (or the public nominal count), resolved by the run
  /// once its data are loaded (resolveDelta).
  double delta = 1e-5;
  double noiseMultiplier = 0;    ///< > 0: use this multiplier (ε is then reported, not targeted)
  FlowBound bound = FlowBound::Auto;
  AccountantKind accountant = AccountantKind::RdpWor;  ///< resolved: PldWor | Pld | RdpWor | Rdp ("auto" is resolved by fromParams)
  bool accountantAuto = false;  ///< the setting was "auto" (a method may resolve it otherwise, e.g. the histogram release)
  FlowConvention convention = FlowConvention::UnionBound;

  /// δ = 0 (auto) becomes defaultDelta(rows) (privacy/ledger/default_delta.h: 1/(10 rows)); a given δ is kept.
  void resolveDelta(long rows);
  /// Reads and parses the parameters above; "auto" (or no `accountant` parameter: DPSWflow, q = 1) is
  /// resolved by resolveAutoAccountant for the projection release: add/remove (Poisson) for per_class = 1,
  /// replace-one (fixed-size batches) otherwise.
  /// @throws InvalidArgument on an unknown bound, convention (the old name "paper" with a message saying
  /// it is now "union-bound") or accountant id.
  static FlowPrivacySettings fromParams(const ParamValues& p);
  /// If the setting was "auto": accountant = flowAutoAccountant(relation, noiseSource), for a release whose
  /// sensitivity holds for `relation` (a method with another release calls it again, e.g. the histograms).
  void resolveAutoAccountant(Neighbouring relation);
  /// True when the accountant assumes Poisson sampling with add/remove neighbours (pld, rdp): the sampler the
  /// run draws its minibatches with and the relation its sensitivity is stated for.
  bool poissonSampling() const { return neighbouringOf(accountant) == Neighbouring::AddRemove; }
  /// @throws InvalidArgument unless ε > 0 (inf: no privacy), 0 < δ < 1, the multiplier is finite and
  /// ≥ 0, and the accountant is one of flowAccountantIds(), and not a replace-one one (pld-wor, rdp-wor) for
  /// subsampled per-class flows (`perClassSubsampled`, see above).
  void validate(bool perClassSubsampled = false) const;
  /// The run's status while it sets its noise (RunObserver::onStatus): "calibrating the noise to ε = 5 (pld-wor
  /// accountant)", or "accounting the given noise (…)" when a multiplier is given or no privacy is asked.
  std::string noiseStatus() const;
};

/// What the flows' "auto" accountant is, in one place: the tightest proven accountant for the neighbouring
/// relation and sampler the release's sensitivity holds for (tightestProvenAccountant: pld for Poisson
/// add/remove, pld-wor for fixed-size batches without replacement, replace-one). In secure mode (os-entropy)
/// the noise is a discrete Gaussian, for which the PLD accountants (built on the continuous Gaussian's loss)
/// are not proven, while the Rényi ones are (CKS20 Prop. 5: unsubsampled exactly, without replacement through
/// Wang et al. Thm 9), so auto keeps rdp / rdp-wor there. For Poisson steps (rdp at q < 1) the run's ledger reads,
/// and its noise is calibrated on, the proven bound of the discrete law (privacy_ledger.h: ledgerAnalysis).
AccountantKind flowAutoAccountant(Neighbouring relation, NoiseSource source);

/// "union-bound", "paper-per-draw", "reference" (FlowConvention order): the one id table, used by every
/// ParamSpec offering a convention (flowConventionParam).
const std::vector<std::string>& flowConventionIds();
const std::string& flowConventionId(FlowConvention convention);
/// "union-bound", "paper-per-draw" or "reference". @throws InvalidArgument otherwise (the old name
/// "paper" with a message saying it is now "union-bound").
FlowConvention flowConventionFromId(const std::string& id);

/// "auto" followed by projectionBoundIds() (FlowBound order).
const std::vector<std::string>& flowBoundIds();
const std::string& flowBoundId(FlowBound bound);
/// "auto", "chernoff", "clt" or "bernstein" ([DP-SWD] Lemma 2; clt is the papers' approximation, not a
/// bound). @throws InvalidArgument otherwise.
FlowBound parseFlowBound(const std::string& id);
/// The bound used for k directions: defaultProjectionBound(k) for Auto, else the named one.
ProjectionBound resolveFlowBound(FlowBound bound, long k);

/// The flows' `accountant` choices: "auto" (flowAutoAccountant), then every proven accountant of either relation
/// with its own sampler (accountant_offers.h): today pld-wor, pld, rdp-wor, rdp, rdp-mironov.
const std::vector<std::string>& flowAccountantIds();

/// The shared ParamSpecs (key, choices from the tables above, default, advanced, restarts the run);
/// `help` is the method's sentence.
ParamSpec flowConventionParam(std::string help);
ParamSpec flowAccountantParam(std::string help);
/// The sensitivity bound w(k, d, δ) (flowBoundIds), with its one help sentence.
ParamSpec flowBoundParam();
/// `noise_multiplier`, the flows' rule (planSubsampledNoise): 0 ("from ε") calibrates the multiplier for the
/// target ε, a number > 0 sets the noise std to it × Δ and ε is reported instead.
ParamSpec flowNoiseMultiplierParam();

/// Δ = 2 w(k, d, δ_b): the L2 sensitivity of k projections of a unit-ball row (failure prob. δ_b).
/// @throws InvalidArgument unless k ≥ 1, d ≥ 1, 0 < δ_b < 1.
double flowSensitivity(ProjectionBound bound, long k, long d, double boundDelta);

/// The reference code's Δ: CLT with z = Φ⁻¹(1 − δ/2) for k > 30 else Bernstein with ln(1/δ).
/// @throws as flowSensitivity.
double referenceFlowSensitivity(long k, long d, double delta);

/// Failure probability given to the sensitivity bound of one draw of directions, when `draws`
/// independent draws are made and the run's total is δ (UnionBound: δ / (2 draws); PaperPerDraw: δ/2;
/// Reference: δ/2 for CLT and δ for Bernstein are folded into referenceFlowSensitivity, so this
/// returns δ).
double boundDeltaPerDraw(FlowConvention convention, double delta, long draws);


/// DPSWflow's σ for a pool of k directions: classicGaussianNoiseStd(ε, δ/2, Δ(k, d)) with Δ of the
/// convention (reference: referenceFlowSensitivity(k, d, δ); paper: flowSensitivity at δ/2).
double pooledFlowNoiseStd(FlowConvention convention, ProjectionBound bound, long poolSize, long d, double epsilon,
                          double delta);

/// The privacy terms of a flow run for its statement: neighbouring relation, sampler, sensitivity
/// (bound, its δ_b and convention), per-class composition. `draws` = direction draws (T, or 1 for a
/// pool); `subsampled` = a minibatch per step (q < 1 possible); `sampleRate` = q.
std::string flowPrivacyTerms(const FlowPrivacySettings& s, bool subsampled, bool perClass, long k, long draws,
                             double sampleRate, double sensitivity);

}  // namespace dpw
