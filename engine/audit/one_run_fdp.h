#pragma once
/// The one-run audit of f-DP of Mahloujifar, Melis & Chaudhuri ("Auditing f-differential privacy in one
/// run", ICML 2025, arXiv 2410.22235): the game of audit/one_run_audit.h (m canaries, each in with
/// probability ½ by the auditor's coins; k guesses, c of them right), analysed with the whole trade-off
/// curve f of the claim instead of its (ε, δ) corner.
///
/// Their bound (the recursion "audit_rh" of their §4, restated): write f̄(x) = 1 − f(x) for the largest
/// true-positive rate at false-positive rate x and f̄⁻¹ for its smallest inverse. If each canary's bit is
/// f-DP, then P[at least c of k guesses right] ≤ τ whenever the recursion
///   r ← τ c / m,  h ← τ (k − c) / m;  for i = c − 1, …, 0:  h' = max(h, f̄⁻¹(r)),
///   r ← min(1, r + i / (k − i) · (h' − h)),  h ← h'
/// ends with r + h > k / m (fdpOneRunRejects). The audit reports the largest ε whose curve of the chosen
/// family is rejected at τ = β / (number of guess counts tried): the union bound over the same fixed grid
/// as Steinke's audit (oneRunGuessCandidates). The rejection is monotone in ε (a larger ε has the larger
/// f̄, so the smaller f̄⁻¹ and the smaller r + h); the ε is found by bisection to 1e-7.
///
/// Families (which claim a rejection refutes):
///  - ApproximateDp: the curve of (ε, δ)-DP, f̄(x) = min(1, δ + e^ε x, 1 − e^{−ε}(1 − δ − x)). A rejection
///    refutes "the run is (ε, δ)-DP for every canary's bit", exactly the ledger's claim: a proven lower
///    bound on the claim's ε (probability ≥ 1 − β), the same assumption as Steinke's bound, no more.
///  - Gaussian: G_μ with μ the one whose (ε, δ) curve passes through the run's δ at ε
///    (δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)), f̄⁻¹(y) = Φ(Φ⁻¹(y) − μ). A rejection refutes "the run is
///    μ-GDP": proven for that claim, but the ledger's claim (pld of a subsampled Gaussian) is not μ-GDP
///    and is not refuted by it. Reported as ε at the run's δ.
#include <functional>
#include <vector>

#include "audit/one_run_audit.h"

namespace dpw {

enum class OneRunFdpFamily { ApproximateDp, Gaussian };

/// r + h − k/m of the recursion above for the inverse power curve `powerInverse` (f̄⁻¹ on [0, 1]);
/// positive = P[≥ c right of k] ≤ τ (the claim f is rejected at level τ).
/// @throws InternalError unless 0 ≤ c ≤ k ≤ m, m ≥ 1, τ ∈ (0, 1).
double fdpOneRunMargin(long m, long k, long c, double tau, const std::function<double(double)>& powerInverse);

/// f̄⁻¹ of the family at (ε, δ) (the Gaussian family needs δ ∈ (0, 1)).
std::function<double(double)> fdpPowerInverse(OneRunFdpFamily family, double epsilon, double delta);

/// The μ of the Gaussian curve with δ(ε) = δ (bisection to 1e-12). @throws InternalError unless δ ∈ (0, 1).
double fdpGaussianMu(double epsilon, double delta);

/// Whether the family's curve at (ε, δ) is rejected at level τ by c right of k guesses on m canaries.
bool fdpOneRunRejects(long m, long k, long c, double epsilon, double delta, OneRunFdpFamily family, double tau);

/// The largest ε the family's curve at δ is rejected for at level τ (0 when not even ε = 0 is), to 1e-7.
double fdpOneRunEpsilonLowerBound(long m, long k, long c, double delta, double tau, OneRunFdpFamily family);

/// The f-DP one-run bound from each canary's score and bit, over the grid of guess counts of
/// oneRunGuessCandidates at β / (number of candidates). @throws as oneRunAuditFromScores; InternalError
/// or for the Gaussian family with δ = 0.
OneRunAuditResult fdpOneRunAuditFromScores(const std::vector<double>& scores, const std::vector<bool>& included,
                                           double delta, OneRunFdpFamily family, double beta = 0.05);

}  // namespace dpw
