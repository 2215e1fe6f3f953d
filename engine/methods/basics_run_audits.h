#pragma once
/// Black-box end-to-end audits of the DP basics (issue #36), each a MethodRunAudit (methods/method_run_audit.h):
/// the registered method run as a user runs it, on two neighbouring inputs typed into its form, scored from
/// what it releases, against the ε its run claims for what is scored. Each lesson repeats its release
/// (`draws`, `surveys`, `releases`) only to show the noise, and its statement composes the repeats by basic
/// composition; the audits set the repeats to the form's minimum and take that composition as the claim.
///   count-query-run: count 10 (D) or 11 (D′), the Laplace law, one draw; scores the released draw on D
///       (draws_mean_d); claim: the drawn law's ledger ε (epsilon_spent). The lesson also draws once on its own
///       D′ (count + 1), which the score does not read.
///   randomized-response-run: one person asked, true answer no (D) or yes (D′), two surveys (the form's
///       minimum); scores the share of yes reports (raw_share_mean: the number of yes reports, sufficient);
///       claim: 2ε, the statement's composition of the two reports.
///   clipped-mean-run: one value (people 1), clip C = 10, drawn from an exponential law of mean 0.001 (D: a
///       value near 0) or 10^6 (D′: a value above C, clipped to C), two releases; the attacker recovers both
///       releases from release_mean and release_std (m ± s/√2) and scores the Laplace log-likelihood ratio of
///       each, clamped at its extremes; claim: 2ε, the statement's composition of the two releases.
///   exponential-mechanism-run: ten options of 5 votes (D), the last with one vote more (D′, add/remove),
///       one choice; scores whether the last option was chosen, read from the released selection chart;
///       claim: the run's ε (epsilon_spent). For votes (monotone under add/remove) exp(ε u / 2Δ) is in fact
///       ε/2-DP (every option's chance moves by at most e^{ε/2}), so a correct run reads at most ε/2.
/// Faults: noise-quarter, noise-two-thirds (the run at ε / 0.25 or ε / 0.67).
#include <cstdint>

#include "audit/mechanism_audits.h"

namespace dpw {

/// @throws InvalidArgument on bad settings (as methodRunAuditTarget).
AuditTarget countQueryRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);
AuditTarget randomizedResponseRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);
AuditTarget clippedMeanRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);
AuditTarget exponentialMechanismRunAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
