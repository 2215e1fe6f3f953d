#include "methods/fair_learning_statement.h"

#include <cmath>
#include <sstream>

#include "privacy/ledger/default_delta.h"
#include "privacy/ledger/privacy_statement.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

std::string fairLearningStatement(const FairLearningSettings& s, const FairTrainingData& data,
                                  const std::vector<long>& batch, const PrivacyEvent& noise,
                                  const PrivacyLedger* ledger, double delta, long parameterCount) {
  if (!std::isfinite(s.epsilon)) return "No privacy (ε = ∞): no clipping, no noise, " + std::to_string(s.steps) + " steps.";
  std::ostringstream ps;
  // The claim is generated from the run's ledger: T steps of the Gaussian at this multiplier and sensitivity,
  // fixed-size batches without replacement at rate q, replace-one neighbours; the accountant's name and
  // whether its ε is a proven bound come with it.
  if (ledger)
    ps << accountedClaimSentence(*ledger, delta) << ". ";
  else
    ps << "ε not accounted (accountant 'none'). ";
  const bool matching = s.task == FairTask::Matching;
  ps << "Neighbours: replace one record by another of the same "
     << (matching                  ? "sample (generator input X or target Z)"
         : data.cells.size() > 2   ? "(label, group) cell (relation ∼₂R of [FairLearn] Def. 2.1)"
                                   : "group (relation ∼₂ of [FairLearn] Def. 2.1)")
     << (matching ? ", sample sizes public" : ", cell sizes public")
     << ". Sampler: fixed-size batches without replacement in each cell, sizes";
  for (std::size_t c = 0; c < batch.size(); ++c) ps << (c ? "/" : " ") << batch[c] << " of " << data.cells[c].size();
  ps << ", q = max n′/n = " << claimNumber(noise.sampleRate) << ". Sensitivity (replace-one) Δ = "
     << claimNumber(noise.sensitivity) << " ([FairLearn] " << (matching ? "Thm A.1(b), L₂ = 0" : "Thm 6.1")
     << "); Gaussian noise σΔ, σ = " << noiseNumber(noise.multiplier) << ".";
  std::string statement = ps.str() + deltaWarning(delta, long(data.X.rows()));  // a given δ above 1/(10 n)
  // Teaching or secure mode (privacy/mechanisms/mechanisms.h): the law actually drawn.
  statement += noiseSourceStatement(s.noiseSource, secureGaussianFor(s.noiseSource, noise.scale(), noise.sensitivity,
                                                                     parameterCount));
  return statement;
}

}  // namespace dpw
