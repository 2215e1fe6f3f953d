#pragma once
/// One-run audits of whole runs (issue #36): a run with m canaries, each canary's inclusion bit drawn by
/// the auditor, and a score per canary read from what the run releases; then two readings of the scores:
///  - the one-run bound of Steinke, Nasr & Jagielski 2023 (audit/one_run_audit.h): proven, assuming only
///    the claim for each canary's bit;
///  - the f-DP one-run bound of Mahloujifar, Melis & Chaudhuri 2024 (audit/one_run_fdp.h) on the same
///    guesses, with the (ε, δ)-DP curve of the claim (proven, the same assumption as Steinke's) and with
///    the Gaussian curve G_μ through the claim's (ε, δ) (proven against a μ-GDP claim, which the ledger's
///    claim is not);
///  - the order-statistics one-run analysis of Xiang et al. 2025 (audit/one_run_tight.h) on the same
///    guesses, with the (ε, δ) pair (refutes the claim AND the independence of the canaries' views, which
///    these targets meet only approximately) and with G_μ (refutes μ-GDP with independent canaries);
///  - the Gaussian-DP estimator (audit/privacy_audit.h) on the canaries' scores, the excluded canaries as
///    runs on D, the included ones as runs on D': an estimate that assumes the canaries' scores are
///    independent draws of one trade-off curve of the Gaussian family (exact when the canaries do not
///    interfere and each canary's release is a Gaussian one; a CLT approximation for subsampled
///    compositions), labelled so wherever it is shown.
/// The targets live beside their methods and are registered by methods/registry.cpp, like the audits of
/// mechanism_audits.h; the privacy-audit method lists them in its `mechanism` menu and reads `trials` as
/// the number of canaries.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "audit/mechanism_audits.h"
#include "audit/one_run_audit.h"
#include "audit/one_run_fdp.h"
#include "audit/one_run_tight.h"
#include "audit/privacy_audit.h"
#include "core/method.h"
#include "core/rng.h"

namespace dpw {

struct OneRunTarget {
  double claimedEpsilon = 0;  ///< the ledger's ε for the whole run
  double claimedDelta = 0;
  double noiseScale = 0;      ///< the noise std the (possibly broken) run draws, for display
  /// One whole run with canary i included iff included[i] (size = canaries); returns each canary's score
  /// (higher = more likely included).
  std::function<std::vector<double>(const std::vector<bool>& included, Rng& rng)> run;
};

using OneRunFactory = std::function<OneRunTarget(const MechanismAuditSettings& settings, std::uint64_t seed)>;

/// Adds (or replaces) a one-run audit under `name` (a name distinct from the per-trial audits); thread-safe.
void registerOneRunAudit(const std::string& name, OneRunFactory factory);
std::vector<std::string> oneRunAuditIds();
bool isOneRunAudit(const std::string& name);

struct OneRunAudit {
  OneRunAuditResult steinke;  ///< proven (probability ≥ 1 − β, β = 1 − confidence)
  OneRunAuditResult fdpApproximateDp;  ///< f-DP one-run bound, (ε, δ)-DP curve: proven (probability ≥ 1 − β)
  OneRunAuditResult fdpGaussian;       ///< f-DP one-run bound, G_μ curve: proven against μ-GDP claims (δ > 0)
  OneRunAuditResult tightApproximateDp;  ///< Xiang et al., (ε, δ) pair: proven if the canaries are independent
  OneRunAuditResult tightGaussian;       ///< Xiang et al., G_μ pair: refutes μ-GDP with independent canaries
  GdpAuditResult gdp;         ///< within the Gaussian-DP family, canaries as independent trials (m ≥ 200)
  double claimedEpsilon = 0, claimedDelta = 0, noiseStd = 0;
  long canaries = 0;
  double seconds = 0;  ///< wall time of the run and both readings
  std::vector<double> scores;
  std::vector<bool> included;
};

/// Runs the one-run audit `s.mechanism` with m = s.trials canaries (bits from stream 1 of `seed`, the run
/// from stream 2), β = 1 − s.confidence. @throws InvalidArgument on an unknown name, m < 200 or bad settings.
OneRunAudit runOneRunAudit(const MechanismAuditSettings& s, std::uint64_t seed, RunObserver* observer = nullptr);

/// The privacy-audit method's result for a one-run audit (metrics and statement).
RunResult oneRunAuditResult(const MechanismAuditSettings& s, std::uint64_t seed, RunObserver& observer);

}  // namespace dpw
