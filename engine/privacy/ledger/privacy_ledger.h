#pragma once
/// A run's privacy ledger: its typed events (privacy_event.h) composed in order, and how ε is read from
/// them. A method fills the ledger once from its settings; the calibration of its noise, the ε-vs-step curve,
/// the final ε, the status bar's metric and the statement (privacy_statement.h) all read it.
///
/// Secure mode's events are of the law it draws, NoiseMechanism::DiscreteGaussian: the grid discrete Gaussian of
/// privacy/mechanisms/mechanisms.h at the event's nominal multiplier z (the law drawn has σ_Z/Δ_Z ≥ z: its
/// variance is rounded up), whose ε the ledger reads from an analysis proven for that law (ledgerAnalysis).
#include <memory>
#include <vector>

#include "privacy/accountants/accountant.h"
#include "privacy/ledger/privacy_event.h"

namespace dpw {

/// How the ledger's ε is obtained.
enum class LedgerAccounting {
  Accountant,           ///< the accountant composes the events (ε after t releases)
  ExactSingleGaussian,  ///< one Gaussian release reused: its exact ε (exactGaussianEpsilon), whatever t
  ClassicPerRelease,    ///< the classic Gaussian ε of one release, NOT composed (the reference code's claim)
  /// Any law of the registry: each release spends its law's own one-release ε (NoiseLaw::releaseEpsilon at
  /// the ledger's δ; pure ε for the L1 laws) and the releases compose by basic composition: the ε's add, and
  /// so do the δ's of the laws that need one (Dwork & Roth 2014 Thm 3.16; for pure ε-DP Thm 3.14 applied
  /// repeatedly). An event marked disjointFromPrevious reads rows no other event of its run reads: such a
  /// run of events composes by the max (parallel composition, McSherry 2009 Thm 4).
  BasicComposition
};

/// The analysis whose ε a ledger of `accountant` reads for events of `law` (`subsampled`: some event has q < 1),
/// a fresh accountant:
///  - the Gaussian: the accountant itself;
///  - secure mode's grid discrete Gaussian, no event subsampled: its Rényi curve, the Gaussian's (exact at integer
///    shifts, CKS20 Prop. 5), composed and converted by Balle et al. 2020 (DiscreteGaussianRdpAccountant at q = 1):
///    what every Rényi accountant computes at q = 1, by the tightest of their conversions;
///  - subsampled, where the accountant's analysis is proven for the law at every rate (DiscreteGaussianCover::
///    EveryRate): the accountant itself;
///  - else the proven analysis of the law for the accountant's sampler: fixed-size batches, the tightest accountant
///    covering it at every rate (rdp-wor: Wang, Balle & Kasiviswanathan 2019 Thm 9 on the CKS20 curve); Poisson,
///    the Zhu-Wang bound (DiscreteGaussianRdpAccountant).
/// @throws InternalError for another law (record() refuses it first: the accountants analyse these two).
std::unique_ptr<Accountant> ledgerAnalysis(AccountantKind accountant, NoiseMechanism law, bool subsampled);

/// True when `accountant`'s own analysis is proven for `law` at these rates: always for the Gaussian when the
/// accountant's claim is a bound; for secure mode's discrete Gaussian, a Rényi accountant (DiscreteGaussianCover
/// Unsubsampled) without subsampling, or one covering every rate.
bool accountantProvenFor(AccountantKind accountant, NoiseMechanism law, bool subsampled);

class PrivacyLedger {
 public:
  /// `delta` is the δ handed to the accounting (the mechanism's share of the run's δ).
  PrivacyLedger(AccountantKind accountant, double delta, LedgerAccounting accounting = LedgerAccounting::Accountant);
  /// A ledger read by basic composition (LedgerAccounting::BasicComposition): no accountant; `delta` is the δ
  /// of each release of a law that needs one, and may be 0 when every law is pure.
  /// @throws InvalidArgument unless δ ∈ [0, 1).
  static PrivacyLedger basicComposition(double delta);
  PrivacyLedger(const PrivacyLedger& other);
  PrivacyLedger& operator=(const PrivacyLedger& other);

  /// Appends an event (composed after the ones before). @throws InvalidArgument unless the multiplier
  /// is ≥ 0 and finite, the sensitivity ≥ 0, q ∈ (0, 1] and count ≥ 1; outside BasicComposition (which reads
  /// any law's own bound), for a law other than the Gaussian and, under Accountant, secure mode's discrete
  /// Gaussian (the one-Gaussian formulas are the continuous Gaussian's); for a law that needs δ in a
  /// BasicComposition ledger of δ = 0. @throws InternalError (what only a method's own ledger code can do) for
  /// events of both laws in one ledger, and for disjointFromPrevious outside BasicComposition or on the first event.
  void record(const PrivacyEvent& event);

  const std::vector<PrivacyEvent>& events() const { return events_; }
  /// The accountant chosen (unused by BasicComposition).
  AccountantKind accountant() const { return accountant_; }
  /// True for secure-mode (discrete Gaussian) events whose law the chosen accountant's analysis is not proven
  /// for (accountantProvenFor): ε is read from ledgerAnalysis's proven analysis, and chosenAccountantEpsilon
  /// gives the chosen one's for comparison.
  bool chosenAccountantUnproven() const { return chosenUnproven_; }
  /// The name of the analysis ε is read from (Accountant accounting): the chosen accountant's, or the one
  /// proven for the discrete law.
  std::string analysisName() const { return warm_->name(); }
  /// Its legend-sized name (Accountant::shortName), e.g. for the ε-vs-step curve.
  std::string analysisShortName() const { return warm_->shortName(); }
  /// What ε is: a proven bound, the CLT approximation or not DP (the chosen accountant's claim for the
  /// Gaussian; Bound for the discrete Gaussian, whose analysis ledgerAnalysis picks proven, for the one-Gaussian
  /// formulas and for basic composition).
  AccountantClaim claim() const;
  LedgerAccounting accounting() const { return accounting_; }
  double delta() const { return delta_; }
  /// True when some event adds noise (a multiplier > 0).
  bool noisy() const;
  /// Releases recorded in all (sum of the counts).
  long releases() const;

  /// ε after the first `releases` releases (in recording order) at delta(); +inf without noise. The
  /// accountant's per-release analysis is computed once (a warm accountant with no step recorded is
  /// kept and cloned), not rebuilt per call. @throws InternalError on releases < 0.
  double epsilonAfter(long releases) const;
  /// ε after every release recorded.
  double epsilon() const { return epsilonAfter(releases()); }
  /// When chosenAccountantUnproven(): the chosen accountant's ε after the first `releases` releases as if they were
  /// of the continuous Gaussian (for comparison only: it is not shown to hold for the law drawn); NaN
  /// otherwise. @throws InternalError on releases < 0.
  double chosenAccountantEpsilonAfter(long releases) const;
  double chosenAccountantEpsilon() const { return chosenAccountantEpsilonAfter(releases()); }
  /// The δ of the claim: delta() except under BasicComposition, where the δ's of the releases of laws
  /// that need one compose like the ε's (summed; the max within disjoint runs); 0 for pure laws only.
  double deltaSpent() const;
  /// True when every event's law is pure ε-DP (isPureEpsilon) under BasicComposition: the claim is (ε, 0).
  bool pure() const;

 private:
  /// Σ over runs of disjoint events of the largest per-run value(event, releases used), in recording
  /// order, over the first `releases` releases (BasicComposition).
  template <class PerEvent>
  double composeBasic(long releases, PerEvent value) const;

  /// ε of `fresh` (an accountant with no step) after the first `releases` releases.
  double composed(const Accountant& fresh, long releases) const;

  AccountantKind accountant_;
  double delta_;
  LedgerAccounting accounting_;
  std::vector<PrivacyEvent> events_;
  std::unique_ptr<Accountant> warm_;  // ledgerAnalysis's accountant: every event's (σ, q) seen, zero steps
  bool chosenUnproven_ = false;
};

}  // namespace dpw
