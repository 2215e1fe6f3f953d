#pragma once
/// A run's privacy ledger: its typed events (privacy_event.h) composed in order, and how ε is read from
/// them. A method fills the ledger once from its settings; the ε-vs-step curve, the final ε, the status
/// bar's metric and the statement (privacy_statement.h) all read it.
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
  /// is ≥ 0 and finite, the sensitivity ≥ 0, q ∈ (0, 1] and count ≥ 1; for a law other than the
  /// Gaussian outside BasicComposition (the accountants and the one-Gaussian formulas analyse the
  /// Gaussian; BasicComposition reads any law's own bound); for disjointFromPrevious outside
  /// BasicComposition or on the first event; for a law that needs δ in a BasicComposition ledger of δ = 0.
  void record(const PrivacyEvent& event);

  const std::vector<PrivacyEvent>& events() const { return events_; }
  /// The accountant (unused by BasicComposition).
  AccountantKind accountant() const { return accountant_; }
  LedgerAccounting accounting() const { return accounting_; }
  double delta() const { return delta_; }
  /// True when some event adds noise (a multiplier > 0).
  bool noisy() const;
  /// Releases recorded in all (sum of the counts).
  long releases() const;

  /// ε after the first `releases` releases (in recording order) at delta(); +inf without noise. The
  /// accountant's per-release analysis is computed once (a warm accountant with no step recorded is
  /// kept and cloned), not rebuilt per call. @throws InvalidArgument on releases < 0.
  double epsilonAfter(long releases) const;
  /// ε after every release recorded.
  double epsilon() const { return epsilonAfter(releases()); }
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

  AccountantKind accountant_;
  double delta_;
  LedgerAccounting accounting_;
  std::vector<PrivacyEvent> events_;
  std::unique_ptr<Accountant> warm_;  // every event's (σ, q) seen, zero steps
};

}  // namespace dpw
