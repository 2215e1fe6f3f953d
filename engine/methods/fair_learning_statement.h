#pragma once
/// The privacy statement of a fair-learning run, generated from its ledger (privacy/ledger/privacy_statement.h)
/// and the run's public facts: the claim (or why there is none), the neighbouring relation, the sampler with
/// each cell's batch, Δ ([FairLearn] Thm 6.1, A.1(b)), σ, a warning for a δ above 1/(10 n), and the noise source.
#include <string>
#include <vector>

#include "fair_learning/fair_dpsgd.h"
#include "methods/fair_learning.h"
#include "privacy/ledger/privacy_ledger.h"

namespace dpw {

/// The statement of a finished run: `noise` is the release its steps drew (multiplier σ, Δ, q: the event its
/// ledger records), `ledger` is null when nothing is accounted (accountant 'none' or ε = ∞), `delta` the run's δ,
/// `parameterCount` the network's (the dimension of the released gradient).
std::string fairLearningStatement(const FairLearningSettings& s, const FairTrainingData& data,
                                  const std::vector<long>& batch, const PrivacyEvent& noise,
                                  const PrivacyLedger* ledger, double delta, long parameterCount);

}  // namespace dpw
