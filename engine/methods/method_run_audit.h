#pragma once
/// Black-box end-to-end audit of any registered method (issue #36): every trial is the method's registered run
/// (findMethod(id).run, the output classes applied, as the app and the CLI run it) on one of two neighbouring
/// parameter sets, and the attacker scores only what the run releases: its release metrics (RunResult::metrics,
/// never its evaluation) and the latest frame of each chart. The claim is the whole run's ε as the run itself
/// states it (`claim`, read from a probe run on D), not the ε typed into the audit.
///
/// Faults: noise-quarter and noise-two-thirds run the method with its ε parameter divided by 0.25 or 0.67
/// (the Laplace-type laws' noise scale Δ/ε × 0.25 or × 0.67), while the claim stays the correct run's.
/// The DP basics' audits built on it: methods/basics_run_audits.h.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "audit/mechanism_audits.h"
#include "core/frame.h"
#include "core/method.h"

namespace dpw {

struct MethodRunAudit {
  std::string method;                      ///< a registered method id
  std::map<std::string, ParamValue> both;  ///< values set on both sides (the rest: the method's defaults)
  std::map<std::string, ParamValue> onD, onDPrime;  ///< the neighbouring inputs
  std::string epsilonParam = "epsilon";    ///< set to the audit's ε (scaled by the faults)
  /// The attacker's score of one run from what it releases; larger should mean D'.
  std::function<double(const std::map<std::string, double>& released, const std::vector<FramePtr>& frames)> score;
  /// The ε the run claims for everything the score reads (its ledger, or its statement's composition).
  std::function<double(const RunResult& run, const ParamValues& params)> claim;
};

/// The latest frame of `chart` among `frames`. @throws InternalError if the run published none.
const Frame& frameOf(const std::vector<FramePtr>& frames, const std::string& chart);

/// @throws InvalidArgument on bad settings (ε ≤ 0 or infinite, an unsupported fault, a parameter the method
/// refuses); InternalError if `spec` names an unknown method or lacks a score or a claim.
AuditTarget methodRunAuditTarget(const MethodRunAudit& spec, const MechanismAuditSettings& s);

}  // namespace dpw
