#pragma once
/// The privacy statement's claim sentences, generated from the ledger (its events, its accounting and the
/// accountant's or the law's bound) instead of written by each method. A method adds only what its
/// release is (which values, how they are used afterwards).
#include <string>

#include "privacy/ledger/privacy_ledger.h"
#include "privacy/printed_numbers.h"  // statementNumber, claimNumber, noiseNumber

namespace dpw {

/// The claim of any ledger, by its accounting (`runDelta` is the run's total δ; the ledger's δ is the
/// mechanism's share of it; `what` names the released values for BasicComposition):
///  - Accountant: accountedClaimSentence;
///  - ExactSingleGaussian: "(ε = 1.994, δ = 1e-05) by one release of the Gaussian mechanism (noise multiplier
///    2, Δ = 1 for replace-one neighbours: one record replaced; ε exact: <the Gaussian law's bound>)";
///  - ClassicPerRelease: "(ε = 5, δ = 1e-05) per release by the classic Gaussian mechanism (Dwork & Roth 2014
///    Thm A.1, noise multiplier …, Δ = …); the 500 releases are NOT composed, so this is not a guarantee
///    for the run";
///  - BasicComposition: releaseClaimSentence(ledger, what) (without its final period).
/// @throws InternalError for a ledger without events.
std::string claimSentence(const PrivacyLedger& ledger, double runDelta, const std::string& what = "the release");

/// "(ε = 2.31, δ = 1e-05) by the <analysis name>, a proven bound, q = 0.025 (Poisson), 500 steps, noise
/// multiplier 1.2": the claim of an accounted ledger whose last event is the repeated release; an
/// approximation says "an approximation, not a bound" (PrivacyLedger::claim). `runDelta` is the run's total δ (the
/// ledger's δ is the accountant's share of it); ε is epsilon() of the ledger. Secure mode's discrete-Gaussian
/// ledger says "a proven bound for secure mode's discrete Gaussian (the law drawn)" and, when the chosen
/// accountant is not proven for that law (PrivacyLedger::chosenAccountantUnproven), ends with the chosen one's ε
/// for comparison ("for comparison, the chosen accountant pld gives ε = 5 for the continuous Gaussian, which the
/// discrete law drawn is not shown to meet").
std::string accountedClaimSentence(const PrivacyLedger& ledger, double runDelta);

/// The claim of a BasicComposition ledger, e.g. "ε = 1 (pure DP) by the Laplace mechanism (b = 1; Dwork &
/// Roth 2014 Thm 3.6) on one count (L1 sensitivity 1, add/remove neighbours: one record added or removed), one
/// release": ε and δ from
/// the ledger (deltaSpent), each event's law, scale, bound, sensitivity and relation, and how the
/// releases compose (basic composition; disjoint events: parallel composition).
std::string releaseClaimSentence(const PrivacyLedger& ledger, const std::string& what);

/// The sampler of an event in words: "the whole private data every step (q = 1)", "Poisson, q = 0.025"
/// or "fixed-size batches without replacement, q = 0.025".
std::string samplerDescription(Sampler sampler, double sampleRate);

/// "add/remove neighbours: one record added or removed" or "replace-one neighbours: one record replaced".
std::string relationDescription(Neighbouring relation);

/// "No privacy: ε = ∞ (no noise on <what>), <count> steps of <method>."
std::string noPrivacySentence(const std::string& what, long steps, const std::string& method);

}  // namespace dpw
