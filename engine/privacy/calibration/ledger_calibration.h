#pragma once
/// The one noise decision of a run. A method describes its release once, as a function "noise multiplier z ↦ the
/// run's ledger at z" (as dp_accounting's calibrate_dp_mechanism takes a function from the noise parameter to a
/// DpEvent): the calibration of z, the ε-vs-step curve, the final ε and the statement all read ledgers made by that
/// one function, so the release (law, sensitivity, relation, sampler, rate, count, δ, accounting) is stated once.
#include <functional>
#include <optional>

#include "privacy/ledger/privacy_ledger.h"

namespace dpw {

/// z ↦ the run's ledger with every event at noise multiplier z (z = 0: the same events without noise).
using LedgerAtMultiplier = std::function<PrivacyLedger(double multiplier)>;

/// The largest target ε a run calibrates with a PLD accountant (EpsilonCost::Costly): e^100 ≈ 10^43.
inline constexpr double kMaxPldCalibratedEpsilon = 100;

/// The smallest multiplier z whose ledger ledgerAt(z) states ε ≤ `epsilon` at its own δ; 0 for ε = +inf.
/// How follows from the release the ledger describes (read once from ledgerAt(0), which computes nothing):
///  - ExactSingleGaussian (one Gaussian release): z = 1/gdpMuFor(ε, δ), exact (gaussian_calibration.h);
///  - ClassicPerRelease: the classic formula, z = classicGaussianNoiseStd(ε, δ, Δ)/Δ (σ formed first, as the
///    formula states it, so z·Δ has its bits);
///  - Accountant with one event: calibrateNoiseMultiplier (accountant_calibration.h) on the analysis the ledger
///    reads for the event's law (ledgerAnalysis: secure mode's discrete Gaussian on a proven one) over its count;
///  - any other ledger (several events, BasicComposition): the smallest z with ledgerAt(z).epsilon() ≤ ε, by
///    smallestBelow (root_finding.h) to 1e-9 relative (for an ε that decreases in z).
/// @throws InvalidArgument on bad budgets (from the formulas or the accountant), for a Gaussian ledger of a costly
/// (PLD) accountant and a target above kMaxPldCalibratedEpsilon (minutes and gigabytes), and when no z < 1e7
/// reaches the target; InternalError for a ledger without events (a method's ledger function records one).
double calibrateMultiplier(const LedgerAtMultiplier& ledgerAt, double epsilon);

/// The run's noise decision: the user's multiplier when `given`, else calibrateMultiplier(ledgerAt, epsilon).
/// (When a multiplier counts as given is each method's rule: the flows' 0 means "from ε", fair learning's −1.)
double noiseMultiplierFor(std::optional<double> given, double epsilon, const LedgerAtMultiplier& ledgerAt);

}  // namespace dpw
