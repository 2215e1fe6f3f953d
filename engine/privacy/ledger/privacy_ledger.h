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
  ClassicPerRelease     ///< the classic Gaussian ε of one release, NOT composed (the reference code's claim)
};

class PrivacyLedger {
 public:
  /// `delta` is the δ handed to the accounting (the mechanism's share of the run's δ).
  PrivacyLedger(AccountantKind accountant, double delta, LedgerAccounting accounting = LedgerAccounting::Accountant);
  PrivacyLedger(const PrivacyLedger& other);
  PrivacyLedger& operator=(const PrivacyLedger& other);

  /// Appends an event (composed after the ones before). @throws InvalidArgument unless the multiplier
  /// is ≥ 0 and finite, the sensitivity ≥ 0, q ∈ (0, 1] and count ≥ 1, or for a law other than the
  /// Gaussian under LedgerAccounting::Accountant (the accountants analyse the Gaussian).
  void record(const PrivacyEvent& event);

  const std::vector<PrivacyEvent>& events() const { return events_; }
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

 private:
  AccountantKind accountant_;
  double delta_;
  LedgerAccounting accounting_;
  std::vector<PrivacyEvent> events_;
  std::unique_ptr<Accountant> warm_;  // every event's (σ, q) seen, zero steps
};

}  // namespace dpw
