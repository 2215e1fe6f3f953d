#pragma once
/// The privacy statement's sentences that every method shares, generated from the ledger (the events
/// and the accountant's claim) instead of written by each method.
#include <string>

#include "privacy/ledger/privacy_ledger.h"

namespace dpw {

/// "(ε = 2.31, δ = 1e-05) by the <accountant name>, q = 0.025 (Poisson), 500 steps, noise multiplier 1.2":
/// the claim of an accounted ledger whose last event is the repeated release. `runDelta` is the run's
/// total δ (the ledger's δ is the accountant's share of it); ε is epsilon() of the ledger.
std::string accountedClaimSentence(const PrivacyLedger& ledger, double runDelta);

/// The sampler of an event in words: "the whole private data every step (q = 1)", "Poisson, q = 0.025"
/// or "fixed-size batches without replacement, q = 0.025".
std::string samplerDescription(Sampler sampler, double sampleRate);

/// "No privacy: ε = ∞ (no noise on <what>), <count> steps of <method>."
std::string noPrivacySentence(const std::string& what, long steps, const std::string& method);

/// A number as the statements print it (4 significant digits).
std::string statementNumber(double v);

}  // namespace dpw
