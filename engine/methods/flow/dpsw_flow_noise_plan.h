#pragma once
/// How a DPSWflow(-r) run turns its privacy settings into noise ([DPSWFlow] Alg. 1, 2 and the histogram
/// release of flow/projection_histogram.h): the sensitivity of what is released, the noise multiplier
/// (given, or the smallest whose ledger meets ε: privacy/calibration/ledger_calibration.h), the δ handed to the mechanism, the
/// sampling rate, and the run's privacy ledger, from which ε after t steps is read.
#include <string>

#include "methods/flow/dpsw_flow.h"
#include "privacy/ledger/privacy_ledger.h"

namespace dpw {

/// What a run releases and how its ledger reads it (planNoise): no number decided from ε. The noise
/// multiplier, the noise std z·Δ and ε are read from the run's ledger (flowRunLedger), whose one event holds them.
struct NoisePlan {
  double sensitivity = 0;     ///< Δ of the k directions used per step (pool: of the pool)
  double mechanismDelta = 0;  ///< δ given to the accountant / mechanism
  double sampleRate = 1;      ///< q
  bool exactBound = false;    ///< orthonormal blocks: Δ exact, no δ on the bound
  bool releaseOnce = false;   ///< DPSWflow: the pool's noisy data projections are released once
  bool histogram = false;     ///< DPSWflow-r: noisy histograms of the batch projections (Δ = √(2k) or √k)
  /// The run's one decision point: how its ledger reads ε (and so how the multiplier is calibrated).
  LedgerAccounting accounting = LedgerAccounting::Accountant;
  /// DPSWflow with fresh noise every step: the noise is calibrated for the paper's per-step claim (the ledger
  /// of one classic release of the continuous Gaussian) while the run's ledger composes the T steps.
  bool classicPerStep = false;
  Neighbouring relation = Neighbouring::ReplaceOne;  ///< the neighbours Δ holds for
  NoiseMechanism law = NoiseMechanism::Gaussian;      ///< the law drawn (secure mode: the discrete Gaussian)
};

/// True for the public code's convention (no union bound; per-step claim).
inline bool usesReferenceConvention(const DpswFlowSettings& s) { return s.privacy.convention == FlowConvention::Reference; }

/// What a run on m private rows of dimension d releases (see the struct's fields). @throws InvalidArgument
/// on settings whose claim cannot hold (secure mode with the reference convention).
NoisePlan planNoise(const DpswFlowSettings& s, long m, long d);

/// The run's ledger: its one event is the release of `plan` at the multiplier given, or else the smallest whose
/// ledger meets ε (privacy/calibration/ledger_calibration.h: noiseMultiplierFor). The multiplier (events()
/// .front().multiplier), the noise std (its scale()), the ε curve, the final ε and the statement read it.
/// @throws InvalidArgument from the calibration on bad budgets.
PrivacyLedger flowRunLedger(const DpswFlowSettings& s, const NoisePlan& plan);

/// DPSWflow (pool) with noise: ε of one step, for the basic composition curve and the statement: the one
/// release's (the ledger's), or the classic mechanism's (the paper's per-step claim; in secure mode one step of
/// the ledger's analysis, proven for the law drawn). 0 otherwise.
double flowPerStepEpsilon(const DpswFlowSettings& s, const NoisePlan& plan, const PrivacyLedger& ledger);

/// The run's privacy statement (relation, sampler, sensitivity, accountant and the choices made), from the
/// settings, the plan and the run's ledger (the claim: ε spent at the end); `m` is the private row count,
/// `ortho` whether the directions are orthonormal blocks. Written by dpsw_flow_statement.cpp.
std::string flowPrivacyStatement(const DpswFlowSettings& s, const NoisePlan& plan, const PrivacyLedger& ledger, long m,
                                 bool ortho);

}  // namespace dpw
