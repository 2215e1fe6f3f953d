#pragma once
/// The joint claim of several private runs on the same data: what an output that shows them together (the
/// flows-vs-generator chart, the comparison grid, a sweep) spends as a whole. Each run's own ε holds for
/// that run alone; anyone who sees all of them learns what their composition allows, so such an output
/// states the composed ε beside each run's own (docs/joint-claims.md).
///
/// Two ways, the tighter one that applies:
///  - Accountant: every run hands over its ledger (RunPrivacy::ledger), every event is a Gaussian step of one
///    neighbouring relation: all events of all runs compose in one accountant, the tightest proven one for
///    that relation (tightestProvenAccountant: pld for Poisson add/remove, pld-wor for fixed-size batches
///    under replace-one), at δ = the sum of the ledgers' δ's; the runs' other δ's (e.g. the random directions'
///    sensitivity bound) add to it. The heterogeneous steps compose exactly as one run's would.
///  - Basic composition of the runs' (ε, δ) (Dwork & Roth 2014 Thm 3.16): the ε's add, the δ's add.
///    When some runs are private for add/remove neighbours and others for replace-one, the claim is for
///    replace-one (one record replaced = one removed and one added) and an add/remove run's (ε, δ) counts
///    as (2ε, (1 + e^ε) δ) (group privacy for a group of two, Dwork & Roth 2014 §2.3, applied to (ε, δ)).
/// Runs that spend no privacy (RunPrivacy::epsilon NaN) are left out; one run without noise (ε = ∞)
/// makes the joint ε infinite.
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/method.h"  // RunPrivacy
#include "privacy/accountants/accountant.h"

namespace dpw {

enum class JointComposition {
  None,        ///< no run spends privacy (ε = 0)
  Accountant,  ///< all events in one accountant
  Basic        ///< the (ε, δ)'s add
};

struct JointClaim {
  double epsilon = 0;
  double delta = 0;
  std::size_t runs = 0;  ///< runs that spend privacy
  JointComposition composition = JointComposition::None;
  AccountantKind accountant = AccountantKind::Rdp;  ///< the accountant when composition == Accountant
  /// The sum of the runs' own ε (after the group conversion when relations differ): what basic
  /// composition gives, printed beside an accountant's ε.
  double basicEpsilon = 0;
  /// Some add/remove runs were counted at (2ε, (1 + e^ε) δ) for replace-one neighbours.
  bool groupConverted = false;
  /// Some run's own ε is an approximation (its accountant is not a proven bound): a basic composition
  /// of it is one too.
  bool approximate = false;
};

/// A run's RunPrivacy from its ledger: ε = the ledger's at the run's whole δ `runDelta`, with the ledger for a
/// joint accountant when `secure` is false (teaching mode draws the continuous Gaussian the events describe);
/// in secure mode the grid law's proven ε `secureEpsilon` when finite (else the ledger's) and no ledger.
RunPrivacy runPrivacyOf(const PrivacyLedger& ledger, double runDelta, bool secure,
                        double secureEpsilon = std::numeric_limits<double>::quiet_NaN());

/// The joint claim of runs on the same data, as above. @throws InvalidArgument on a δ outside [0, 1).
JointClaim jointClaim(const std::vector<RunPrivacy>& runs);

/// Basic composition of (ε, δ) pairs, one per run, all for the same neighbouring relation (a sweep's
/// items): ε = Σ ε, δ = Σ δ. A NaN ε (a run spending nothing) is left out.
JointClaim jointClaim(const std::vector<std::pair<double, double>>& epsilonDelta);

/// The sentence for a statement or an export, e.g. "Joint claim of the 12 runs (same data): (ε = 21.38,
/// δ = 0.00012) by composing all their releases with the PLD accountant (a proven bound); basic
/// composition of the runs' own ε gives 54. Each run's own ε holds for that run alone; choosing the best
/// run by a private score spends more (docs/joint-claims.md)." `what` names the runs ("runs", "cells").
std::string jointClaimSentence(const JointClaim& claim, const std::string& what = "runs");

}  // namespace dpw
