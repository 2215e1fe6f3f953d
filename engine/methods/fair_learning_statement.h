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

/// What the statement reads from a finished run. `ledger` is null when nothing is accounted (accountant
/// 'none' or ε = ∞).
struct FairLearningStatementFacts {
  const PrivacyLedger* ledger = nullptr;
  bool privatise = false;  ///< clipping and noise were applied (ε < ∞)
  double delta = 0;        ///< the run's δ
  double sampleRate = 1;   ///< q = max over cells of batch / cell size
  double sensitivity = 0;  ///< Δ of one step's privatised sum (replace-one)
  double noiseMultiplier = 0;
  long parameterCount = 0;  ///< the network's, the dimension of the released gradient
};

std::string fairLearningStatement(const FairLearningSettings& s, const FairTrainingData& data,
                                  const std::vector<long>& batch, const FairLearningStatementFacts& facts);

}  // namespace dpw
