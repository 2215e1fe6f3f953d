#pragma once
/// The one-run analysis of Xiang, Wang, Xiao, Tian & Wang ("Tight privacy audit in one run", arXiv
/// 2509.08704, 2025): the game of audit/one_run_audit.h (n canaries, each in with probability ½ by the
/// auditor's coins; r guesses released, u of them wrong), analysed by the order statistics of the
/// canaries' scores under a null pair (P, Q) whose trade-off curve is the claim's.
///
/// Their model (their Theorem 2; the null of their reference code, which reads "the targeted DP algorithm
/// should be within the family θ represents"): the n canaries' observations are INDEPENDENT draws of the
/// null pair, Y_i ~ P when canary i is out and Q when in, and the auditor releases the r guesses whose
/// posterior error γ(Y) = 1/(1 + e^{|log dQ/dP(Y)|}) is smallest (the MAP guess). Then, with w the
/// quantile of the highest unreleased score under M = (P + Q)/2, the r released scores are i.i.d. above w
/// and
///   P[T ≤ u] = E_W[ P[Binomial(r, γ̄(W)) ≤ u] ],  W ~ Beta(n − r, r + 1),  γ̄(w) = E_M[γ | above w],
/// an equality (r = n: W = 0, γ̄(0) the Bayes error of one canary).
///
/// Why it is a valid p-value beyond their exact null (our statement, which their paper does not make in
/// this form): if the canaries' observations are independent given the bits, canary i's depending on its
/// own bit only, and each canary's pair (P_i, Q_i) has trade-off ≥ the null's f, then by Blackwell's theorem
/// (Blackwell 1953; Dong, Roth & Su 2022, §2) Y_i = K_i(X_i) for a kernel K_i and X_i a draw of
/// the null pair; given X the bits are independent with posterior errors γ(X_i), and any r guesses the
/// auditor releases err at least as often, stochastically, as the r of smallest γ. So P[T ≤ u] under the
/// run is ≤ the formula, for ANY score and any choice of r fixed in advance. Without the independence it
/// fails: a run whose canaries share one coin (all from G_a or all from G_b; each canary's curve the
/// mixture with the coin revealed, since the other canaries reveal it) is f-DP for every canary yet makes
/// its errors all together, and the formula (independent coins) rejects its true claim about half the
/// time once n is large.
///
/// Families (the null, and what a rejection refutes):
///  - ApproximateDp: the four-atom pair of (ε, δ)-DP (mass δ of exact guesses, the rest ε-randomised
///    response), γ̄(w) = max(0, 1 − δ − w)/(1 − w) / (1 + e^ε). Every (ε, δ)-DP pair is a post-processing
///    of it, so a rejection refutes "the run is (ε, δ)-DP for each canary AND its canaries are independent":
///    the ledger's claim plus the independence above. With δ = 0 it is Binomial(r, 1/(1 + e^ε)), Steinke's
///    pure-DP tail; it gains over Steinke's bound only through δ (nδ exact guesses instead of a 2nδ·max
///    term) and so shares its ceiling: refuting ε needs released guesses provably wrong less often than
///    1/(1 + e^ε). Being itself an (ε, δ)-DP run with independent canaries, it is the exact ceiling of
///    any analysis of these counts that holds for every (ε, δ)-DP run: the f-DP bound (one_run_fdp.h)
///    reads 0.005-0.02 below it.
///  - Gaussian: G_μ with μ the one whose (ε, δ) curve passes through the run's δ at ε (fdpGaussianMu);
///    γ̄ in closed form, Φ̄(a + μ/2) / (Φ̄(a − μ/2) + Φ̄(a + μ/2)) at the |score − μ/2| = a of quantile w.
///    A rejection refutes "the run is μ-GDP with independent canaries", a stronger claim than the ledger's
///    (ε, δ): 1000 canaries of a (4, 0)-DP randomised response read 17-22 with it. Not a lower bound on
///    the ledger's claim.
/// The audit reports the largest ε rejected at τ = β / (number of guess counts tried), on the fixed grid of
/// oneRunGuessCandidates (the union bound of the other one-run audits); p grows with ε, found by bisection.
#include <vector>

#include "audit/one_run_audit.h"

namespace dpw {

enum class OneRunTightFamily { ApproximateDp, Gaussian };

/// γ̄ of the family's null at tail mass v = 1 − w ∈ (0, 1]: the mean posterior error of a canary whose
/// score lies in the top v of M. @throws InternalError unless v ∈ (0, 1].
double tightMeanErrorAbove(OneRunTightFamily family, double epsilon, double delta, double v);

/// log P[Binomial(r, p) ≤ u] (0 for u ≥ r or p = 0), summed from the side whose terms decay.
double logBinomialCdf(long u, long r, double p);

/// P[T ≤ u] of the formula above: n canaries, r released guesses, u of them wrong, under the family's
/// null at (ε, δ). @throws InternalError unless 0 ≤ u ≤ r ≤ n, n ≥ 1, ε ≥ 0 finite, δ ∈ [0, 1) (the
/// Gaussian family: δ ∈ (0, 1)).
double tightOneRunPValue(long n, long r, long u, double epsilon, double delta, OneRunTightFamily family);

/// The largest ε with p-value ≤ τ (0 when not even ε = 0 is rejected), to 1e-6.
double tightOneRunEpsilonLowerBound(long n, long r, long u, double delta, double tau, OneRunTightFamily family);

/// The bound from each canary's score and bit, over oneRunGuessCandidates at β / (candidates).
/// @throws as oneRunAuditFromScores; InternalError for the Gaussian family with δ = 0.
OneRunAuditResult tightOneRunAuditFromScores(const std::vector<double>& scores, const std::vector<bool>& included,
                                             double delta, OneRunTightFamily family, double beta = 0.05);

}  // namespace dpw
