#pragma once
/// End-to-end audit of DP-SGD on shuffled batches (issue #36, planted bug (e); Chua et al., ICML 2024 and
/// NeurIPS 2024): a whole run of T = E·k Gaussian steps whose batches come from one shuffle of the rows,
/// cut into k = 1/q batches and reused in every epoch ("shuffle once", as many data loaders do), with a
/// white-box Dirac canary (the linear-query view of DP-SGD, Nasr et al. 2023).
///
/// Setting (`mechanism = shuffled-batches-run` of the privacy-audit method): N = 1000 rows of one clipped
/// coordinate (clip [0, 1]), k = 100 batches of 10 rows (q = 0.01), E = 10 epochs (T = 1000 steps). D = {999 zeros,
/// the canary 1}; D' = D with the canary replaced by a zero row (the same sums as removing it: add/remove).
/// Every run draws one permutation of the rows (its trial stream), and each step releases its batch's sum
/// + N(0, σ²) (Mechanism::gaussianStd, the engine's one noise path). The canary sits in the same batch
/// slot j every epoch, so the attacker adds each slot over the epochs, S_i = Σ_e y_{e,i} ~ N(E·1[i = j], Eσ²),
/// and scores the exact log-likelihood ratio log (1/k) Σ_i exp((S_i − E/2)/σ²) (Neyman-Pearson for this pair).
///
/// Claims (each the ε its accountant states at the multiplier it calibrated, δ as given):
///  - correct: the honest bound for shuffle-once batches: each epoch the row is in exactly one batch, so the
///    epoch's k releases are one Gaussian mechanism of sensitivity 1 (q = 1 per epoch): E Gaussian releases,
///    which compose exactly into one Gaussian release with multiplier σ/√E (its exact ε, exactGaussianEpsilon;
///    calibrated in closed form, σ = analyticGaussianNoiseStd(ε, δ, √E)). The audit must stay below it.
///  - fault `shuffled-as-poisson` (bug (e)): the same batches calibrated and claimed as Poisson sampling at
///    q = 1/k over T = E·k steps (accountant pld): the amplification Poisson sampling would give is claimed, and
///    the canary, in one slot every epoch, is seen E times against one noise level σ/√E.
/// `shuffledBatchesClaims` gives the numbers side by side (the lesson "Shuffling is not Poisson"); the target
/// reports them as metrics: noise_multiplier, epsilon_poisson, epsilon_random_allocation (what random allocation
/// would prove had every epoch been reshuffled), epsilon_shuffled_once (the q = 1-per-epoch bound).
/// Cost: T Gaussian draws and N additions a trial (≈ 5 µs).
#include <cstdint>

#include "audit/mechanism_audits.h"

namespace dpw {

/// The run's constants (public): k batches per epoch, E epochs, N rows.
inline constexpr long kShuffledBatches = 100, kShuffledEpochs = 10, kShuffledRows = 1000;

/// What each accountant states for the run at a multiplier σ (δ given).
struct ShuffledBatchesClaims {
  double poisson;           ///< pld at q = 1/k, T = E·k: what the run claims with bug (e)
  double randomAllocation;  ///< random-allocation at q = 1/k, T = E·k: proven for batches reshuffled every epoch
  double onePerEpoch;       ///< exact, E Gaussian releases (q = 1): proven for these batches (shuffled once, reused)
};
/// @throws InvalidArgument unless σ > 0 finite and δ ∈ (0, 1).
ShuffledBatchesClaims shuffledBatchesClaims(double noiseMultiplier, double delta);

/// The target (see above). `s.fault`: none or shuffled-as-poisson; `s.epsilon` the target ε both calibrate
/// to. @throws InvalidArgument on bad settings.
AuditTarget shuffledBatchesAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
