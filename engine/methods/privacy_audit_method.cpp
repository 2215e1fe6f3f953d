#include "methods/privacy_audit_method.h"

#include <chrono>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "audit/mechanism_audits.h"
#include "audit/one_run_targets.h"
#include "core/parameters.h"
#include "privacy/printed_numbers.h"
#include "privacy/privacy_params.h"

namespace dpw {

MethodInfo privacyAuditMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "privacy-audit";
  m.title = "Privacy audit";
  m.paper = "Jagielski et al. 2020; Nasr et al. 2021; Nasr et al. 2023; Steinke, Nasr & Jagielski 2023";
  m.summary =
      "Is the ε we claim really an upper bound? The audit runs a mechanism many times on two data sets that "
      "differ in one record (chosen to be as different as the clipping allows) and tries to tell the runs "
      "apart with the best threshold on what an attacker sees. How well it succeeds gives a lower bound on "
      "the true ε, with 95% confidence. A second, tighter bound fits the whole trade-off curve of a Gaussian "
      "mechanism (valid within the Gaussian-DP family). The one-run audits train or run a whole method once with many "
      "canaries, each in or out by a coin flip, and bound ε from how many the auditor guesses right (Steinke, Nasr & "
      "Jagielski 2023). A correct mechanism keeps the measured bound below the claim; switch "
      "on a fault (noise quartered, clipping skipped) and watch the audit catch it.";
  // The audited mechanism's claimed ε (synthetic neighbours: no real data's budget is spent).
  m.privacy = {"", "", "claimed_epsilon", "epsilon", "ε claimed (audited)", ""};
  // No private data (fixed neighbouring data sets): every number and chart is the release (core/output_classes.h).
  m.outputs.release = {"*"};
  m.outputs.charts = {"audit_epsilon", "audit_scores"};
  m.treatedAsPublic = {"the audit's two neighbouring data sets (synthetic worst cases, fixed by the mechanism "
                       "audited): an audit measures a mechanism, it releases nothing about a person"};
  m.grid = {{"epsilon", "mechanism", "fault", "trials", "delta"},
            {"claimed_epsilon", "epsilon_lower_bound", "epsilon_point_estimate", "violation", "noise_std"},
            "audit_epsilon"};
  m.params = {
      {"mechanism", "Mechanism", K::Choice, 0, 0, 0, false,
       [] {  // the per-trial audits, then the one-run audits of whole runs (audit/one_run_targets.h)
         std::vector<std::string> ids = auditMechanismIds();
         for (const auto& id : oneRunAuditIds()) ids.push_back(id);
         return ids;
       }(), "gaussian", "",
       "Which mechanism to audit, at its smallest unit: the Gaussian or Laplace mechanism on a clipped sum; one "
       "record's noisy random projections as DP-SWD and the flow release them ([DP-SWD] Alg. 1); the private joint "
       "histogram of fair regression with one row substituted ([FairReg] Alg. 1, Def. 2.1); or one DP-SGD step of "
       "the fair classifier with a canary record whose gradient is as large as the clip allows ([FairLearn] Thm 6.1). "
       "The *-run mechanisms audit a whole run end to end: DPSWflow-r, the fair classifier trained from a CSV file, and "
       "DP-SGD on batches shuffled once (1000 steps, 100 batches an epoch). "
       "fair-regression-run: fair regression from a CSV file, white box on its released histogram; count-query-run, "
       "randomized-response-run, clipped-mean-run, exponential-mechanism-run: the DP basics' lessons, black box; "
       "dpswflow-run (DPSWflow's one histogram release), dpswflow-projections-run (its projections release) and "
       "dpswgen-run (every DP-SWD release of DPSWgen), white box; fair-regression-2d-run, fair-representation-run "
       "(from a CSV file) and private-matching-run: the other fair-learning trainings, white box on every released step."},
      epsilonParam({1.0, 1e-3, 50, false}, "The privacy budget the mechanism is calibrated for.", "Claimed ε"),
      deltaParam({1e-5, 1e-12, 0.1}, "δ of the claim (ignored by Laplace, which is pure ε-DP).", "Claimed δ"),
      {"trials", "Runs per data set", K::Integer, 200000, 200, 1e8, false, {}, {}, "runs",
       "Runs on D and on D'. More runs give a tighter (higher) lower bound. For a one-run audit "
       "(dpsgd-run-one-run): the number of canaries in its single run."},
      {"fault", "Injected fault", K::Choice, 0, 0, 0, false, auditFaultIds(), "none", "",
       "A deliberate bug: noise scaled by 1/4 or by 0.67, the clipping of the changed record skipped (also the whole "
       "fair-classifier-run, fair-regression-2d-run, fair-representation-run), (flow-histogram, dpswflow-r-run, "
       "dpswflow-run, dpswflow-projections-run, fair-regression-run) a replace-one release accounted with add/remove "
       "neighbours, (dpswflow-r-run) the accountant told a sampling rate 10x smaller, (fair-classifier-run, "
       "fair-representation-run) the CSV standardised on the private rows, or (shuffled-batches-run) "
       "batches shuffled once accounted as Poisson sampling. The audit must catch them."},
      {"confidence", "Confidence", K::Real, 0.95, 0.5, 0.9999, false, {}, {}, "", "Confidence of the Clopper-Pearson bounds.", true, true},
      // Fields a mechanism does not read are greyed out in the form (ParamSpec::usedWhen), in every mode.
      usedOnlyWhen({"projections", "Projections k", K::Integer, 70, 1, 10000, false, {}, {}, "",
                    "k, for the DP-SWD projection mechanism and the flow's step and histogram release.", true, true},
                   "mechanism", {"dpswd-projection", "flow-step", "flow-histogram"}),
      usedOnlyWhen({"dimension", "Dimension d", K::Integer, 8, 2, 4096, false, {}, {}, "",
                    "d, for the DP-SWD projection mechanism and the flow's step and histogram release.", true, true},
                   "mechanism", {"dpswd-projection", "flow-step", "flow-histogram"}),
      usedOnlyWhen(noiseMechanismParam("histogram_noise", "Histogram noise", NoiseMechanism::Laplace,
                                       "fair-histogram only: the noise law of the histogram, as in fair regression's "
                                       "mechanism parameter (discrete laws: Canonne, Kamath & Steinke 2020, Alg. 2-3, on "
                                       "the integer counts)."),
                   "mechanism", {"fair-histogram"}),
      noiseSourceParam("the exact discrete law (fair-histogram: histogram_noise discrete-*; gaussian, dpswd-projection, "
                       "dpsgd-canary: the discrete Gaussian on a grid, the secure law of the flows, DP-SWD and DP-SGD)"),
      usedOnlyWhen({"attack", "Attack", K::Choice, 0, 0, 0, false, auditAttackIds(), "likelihood-ratio", "",
       "likelihood-ratio sees the release as real numbers. low-order-bits reads the last bits of the released doubles "
       "(Mironov 2012): for fair-histogram the likelihood ratio evaluated naively in floating point; for gaussian and "
       "laplace a test of whether the release lies on the lattice of fl(1 + noise). It breaks the floating-point laws, "
       "not the exact discrete ones.", true, true}, "mechanism", {"gaussian", "laplace", "fair-histogram"}),
      usedOnlyWhen(accountantParam({AccountantKind::PldWor, AccountantKind::GdpUniform, AccountantKind::RdpWor, AccountantKind::Gdp,
                       AccountantKind::Rdp, AccountantKind::RdpMironov, AccountantKind::Pld},
                      AccountantKind::PldWor,
                      "dpsgd-canary: the accountant whose one-step calibration sets the noise multiplier (the same "
                      "calibrateNoiseMultiplier call as the fair-learning methods, at q = 1, T = 1). flow-histogram: "
                      "the accountant calibrates one step and gives the neighbours: a replace-one accountant (rdp-wor, "
                      "pld-wor, gdp-uniform) audits D' = {-u}, an add/remove one (rdp, rdp-mironov, pld, gdp) D' = {}. "
                      "The other mechanisms do not read it."),
                   "mechanism", {"dpsgd-canary", "flow-histogram"}),
      usedOnlyWhen({"alpha", "Fairness weight α", K::Real, 0, 0, 0.99, false, {}, {}, "",
                    "dpsgd-canary only: weight of the W₂ penalty in the step; the canary moves the loss term, weighted "
                    "1 − α.", true, true},
                   "mechanism", {"dpsgd-canary"}),
      // The whole runs' own settings, so the planted-bug catches of docs/privacy-audits.md can be rerun from a
      // scenario or the CLI (the special values keep each audit's defaults).
      usedOnlyWhen(withSpecial({"run_steps", "Steps of the run T", K::Integer, 0, 0, 100000, false, {}, {}, "steps",
                                "dpswflow-r-run and the fair-learning *-run audits: the whole run's steps T (default 30; 10 for "
                                "the full-batch fair-regression-2d, fair-representation and private-matching runs). The "
                                "planted-bug catches use 10 (flow, with batch 45) and 100 (fair classifier, with "
                                "clip 0.05 and α = 0).", true, true},
                               0, "the audit's default"),
                   "mechanism", {"dpswflow-r-run", "fair-classifier-run", "fair-regression-2d-run",
                                 "fair-representation-run", "private-matching-run"}),
      usedOnlyWhen(withSpecial({"run_batch", "Batch of the run b", K::Integer, 0, 0, 49, false, {}, {}, "rows",
                                "dpswflow-r-run: the expected Poisson batch b of the 50 rows, q = b/50 (default 5).",
                                true, true},
                               0, "the audit's default"),
                   "mechanism", {"dpswflow-r-run"}),
      usedOnlyWhen(withSpecial({"run_clip", "Clip of the run C", K::Real, 0, 0, 1e6, false, {}, {}, "",
                                "fair-classifier-run, fair-regression-2d-run, fair-representation-run: the clip bound C "
                                "of the per-row loss gradients (default 1).",
                                true, true},
                               0, "the audit's default"),
                   "mechanism", {"fair-classifier-run", "fair-regression-2d-run", "fair-representation-run"}),
      usedOnlyWhen(withSpecial({"run_alpha", "Fairness weight of the run α", K::Real, -1, -1, 1, false, {}, {}, "",
                                "fair-classifier-run, fair-regression-2d-run, fair-representation-run: the fairness "
                                "weight α of the trained model (default 0.1; private matching has no loss: α = 1).",
                                true, true},
                               -1, "the audit's default"),
                   "mechanism", {"fair-classifier-run", "fair-regression-2d-run", "fair-representation-run"}),
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    const auto s = MechanismAuditSettings::fromParams(p);
    if (isOneRunAudit(s.mechanism)) return oneRunAuditResult(s, seed, obs);  // trials = canaries, one run
    const auto start = std::chrono::steady_clock::now();
    const MechanismAudit a = auditMechanism(s, seed, &obs);
    RunResult r;
    r.metrics["claimed_epsilon"] = a.claimedEpsilon;
    r.metrics["claimed_delta"] = a.claimedDelta;
    r.metrics["epsilon_lower_bound"] = a.result.epsilonLowerBound;
    r.metrics["epsilon_point_estimate"] = a.result.pointEstimate;
    r.metrics["noise_std"] = a.noiseStd;
    r.metrics["trials"] = double(s.trials);
    r.metrics["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.metrics["violation"] = a.result.epsilonLowerBound > a.claimedEpsilon ? 1.0 : 0.0;
    for (const auto& [name, value] : a.targetMetrics) r.metrics[name] = value;
    // The Gaussian-DP estimator (privacy_audit.h): a bound only if the release's trade-off curve is some G_μ.
    const bool gdpApplies = std::isfinite(a.gdp.epsilonLowerBound);
    r.metrics["mu_lower_bound"] = a.gdp.muLowerBound;
    if (gdpApplies) {
      r.metrics["epsilon_lower_bound_gdp"] = a.gdp.epsilonLowerBound;
      r.metrics["violation_gdp"] = a.gdp.epsilonLowerBound > a.claimedEpsilon ? 1.0 : 0.0;
    }
    std::ostringstream os;
    os << "Audit of " << s.mechanism << (s.noiseSource == NoiseSource::OsEntropy ? " (secure mode, OS entropy)" : "")
       << ": claimed (ε = " << claimNumber(a.claimedEpsilon) << ", δ = " << claimNumber(a.claimedDelta)
       // a lower bound printed rounded down stays a lower bound (privacy/printed_numbers.h)
       << "), measured ε ≥ " << noiseNumber(a.result.epsilonLowerBound) << " with " << s.confidence * 100 << "% confidence"
       << (a.result.epsilonLowerBound > a.claimedEpsilon ? " — VIOLATION" : "");
    if (gdpApplies)
      os << ". Within the Gaussian-DP family (assuming the release's trade-off curve is a Gaussian one, G_μ; exact "
            "for an unsubsampled Gaussian release, otherwise only an estimate, not a proven lower bound): μ ≥ "
         << noiseNumber(a.gdp.muLowerBound) << ", so ε ≥ " << noiseNumber(a.gdp.epsilonLowerBound) << " at δ = "
         << claimNumber(a.claimedDelta) << (a.gdp.epsilonLowerBound > a.claimedEpsilon ? " — VIOLATION" : "");
    r.privacyStatement = os.str();
    return r;
  };
  return m;
}

}  // namespace dpw
