#pragma once
/// The one-run audit of Steinke, Nasr & Jagielski (NeurIPS 2023, "Privacy auditing with one (1) training
/// run"): a lower bound on ε from a single run of the mechanism, with many canaries instead of many runs.
///
/// Game: m canaries, each included with probability ½ independently (its inclusion bit S_i; "excluded"
/// may also mean "replaced by its neighbour", whichever relation the claim's neighbours are). After one
/// run the auditor scores every canary, guesses "in" for the k₊ highest scores and "out" for the k₋
/// lowest, abstains on the rest: r = k₊ + k₋ guesses, W of them correct.
///
/// Their theorem (Thm 5.2; Thm 3.1 when δ = 0): if the run is (ε, δ)-DP with respect to every S_i, then
/// for every v
///   P[W ≥ v] ≤ f(v) + 2mδ · max_{i = 1..v} (f(v − i) − f(v)) / i,   f(v) = P[Binomial(r, p) ≥ v],
/// p = e^ε / (1 + e^ε) (the accuracy of ε-randomised response). The right side is the p-value of ε
/// (oneRunPValue). Observing v correct guesses rejects every ε whose p-value is ≤ β; the bound is the
/// largest such ε (the p-value grows with ε; found by bisection), so ε_true ≥ bound with probability ≥ 1 − β.
///
/// Choosing the guess counts: oneRunAuditFromScores tries a fixed grid of (k₊, k₋) (both sides or "in"
/// only, k ∈ {10, 20, 50, 100, 200, 500, …} ≤ m/2) and evaluates each at β / (number of candidates), a
/// union bound, so taking the best of them keeps the 1 − β guarantee (the paper picks the best guess count
/// without this correction). What the bound assumes: only the DP claim for each canary's bit and the
/// independence of the bits (drawn by the auditor); no trade-off family, no repeated runs. What it cannot
/// do: with m canaries and all guesses right it stops at ε with p^r = β/c (c candidates), so a claim of
/// ε needs r ≳ ln(c/β)·(1 + e^ε) correct guesses (ε = 4: about 300; ε = 8: about 15,000).
#include <cstdint>
#include <functional>
#include <vector>

namespace dpw {

/// The p-value bound above: P[W ≥ v] for an (ε, δ)-DP run, m canaries, r guesses, v correct.
/// @throws InternalError unless 0 ≤ v ≤ r ≤ m, m ≥ 1, ε ≥ 0 finite and δ ∈ [0, 1] (the audit passes its own counts).
double oneRunPValue(long m, long r, long v, double epsilon, double delta);

/// The largest ε with oneRunPValue(m, r, v, ε, δ) ≤ β (0 when even ε = 0 is not rejected), to 1e-6.
/// @throws InternalError as oneRunPValue, or unless β ∈ (0, 1).
double oneRunEpsilonLowerBound(long m, long r, long v, double delta, double beta);

struct OneRunAuditResult {
  double epsilonLowerBound = 0;  ///< holds with probability ≥ 1 − beta
  long canaries = 0;             ///< m
  long guessesIn = 0, guessesOut = 0;  ///< k₊, k₋ of the chosen candidate
  long correct = 0;              ///< W of the chosen candidate
  long candidates = 0;           ///< guess counts tried (the union bound's divisor)
  double beta = 0.05;
};

/// One candidate of the fixed grid of guess counts: k₊ "in" guesses on the highest scores, k₋ "out" on the
/// lowest, and how many of them are right.
struct OneRunGuesses {
  long guessesIn = 0, guessesOut = 0, correct = 0;
};

/// The grid (fixed before the scores are seen): k ∈ {10, 20, 50, 100, …} ≤ m/2, guessing both sides or
/// "in" only, each with its right guesses. Ties in the scores are broken by index.
/// @throws as oneRunAuditFromScores (β and δ aside).
std::vector<OneRunGuesses> oneRunGuessCandidates(const std::vector<double>& scores, const std::vector<bool>& included);

/// One candidate's bound for bestOneRunCandidate: its guesses, the number of canaries m, the level
/// τ = β / (number of candidates) it is tested at, and the best bound so far. A candidate that cannot beat
/// that best may return it without computing its own (the result is the same).
using OneRunCandidateBound =
    std::function<double(const OneRunGuesses& guesses, long canaries, double level, double bestSoFar)>;

/// The union bound shared by the one-run analyses (this one, one_run_fdp.h, one_run_tight.h): checks δ and β,
/// evaluates `bound` on every candidate of oneRunGuessCandidates at β / (number of candidates), and keeps the
/// largest (the first on ties). @throws as oneRunAuditFromScores.
OneRunAuditResult bestOneRunCandidate(const std::vector<double>& scores, const std::vector<bool>& included,
                                      double delta, double beta, const OneRunCandidateBound& bound);

/// The one-run bound from each canary's score (higher = "more likely in") and its true inclusion bit.
/// @throws InvalidArgument on NaN scores (a run's output); InternalError on fewer than 20 canaries, mismatched
/// sizes, δ ∉ [0, 1) or β ∉ (0, 1) (runOneRunAudit checks the user's canaries and confidence first).
OneRunAuditResult oneRunAuditFromScores(const std::vector<double>& scores, const std::vector<bool>& included,
                                        double delta, double beta = 0.05);

}  // namespace dpw
