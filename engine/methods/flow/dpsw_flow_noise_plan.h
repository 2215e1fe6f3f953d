#pragma once
/// How a DPSWflow(-r) run turns its privacy settings into noise ([DPSWFlow] Alg. 1, 2 and the histogram
/// release of flow/projection_histogram.h): the sensitivity of what is released, the noise multiplier
/// (given, or the smallest whose ledger meets ε: privacy/calibration/ledger_calibration.h), the δ handed to the mechanism, the
/// sampling rate, and the run's privacy ledger, from which ε after t steps is read.
#include <optional>
#include <string>

#include "methods/flow/dpsw_flow.h"
#include "privacy/ledger/privacy_ledger.h"

namespace dpw {

struct NoisePlan {
  double sensitivity = 0;     ///< Δ of the k directions used per step (pool: of the pool)
  double multiplier = 0;      ///< s / Δ
  double noiseStd = 0;        ///< s
  double perStepEpsilon = 0;  ///< DPSWflow: ε of one step (classic Gaussian mechanism)
  double mechanismDelta = 0;  ///< δ given to the accountant / mechanism
  double sampleRate = 1;      ///< q
  bool exactBound = false;    ///< orthonormal blocks: Δ exact, no δ on the bound
  bool releaseOnce = false;   ///< DPSWflow: the pool's noisy data projections are released once
  bool histogram = false;     ///< DPSWflow-r: noisy histograms of the batch projections (Δ = √(2k) or √k)
  /// The run's releases and how its ε is read (set by planNoise): the ε-vs-step curve, the final ε and
  /// the statement read it.
  std::optional<PrivacyLedger> ledger;
};

/// True for the public code's convention (no union bound; per-step claim).
inline bool usesReferenceConvention(const DpswFlowSettings& s) { return s.privacy.convention == FlowConvention::Reference; }

/// The noise of a run on m private rows of dimension d (see the struct's fields).
/// @throws InvalidArgument from the calibration on bad budgets.
NoisePlan planNoise(const DpswFlowSettings& s, long m, long d);

/// The run's privacy statement (relation, sampler, sensitivity, accountant and the choices made), from the
/// settings and the plan: the claim is generated from plan.ledger (ε spent at the end); `m` is the private
/// row count, `ortho` whether the directions are orthonormal blocks. Written by dpsw_flow_statement.cpp.
std::string flowPrivacyStatement(const DpswFlowSettings& s, const NoisePlan& plan, long m, bool ortho);

}  // namespace dpw
