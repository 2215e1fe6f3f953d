#pragma once
/// Privacy audits of DPW Lab's mechanisms at their smallest unit, with worst-case neighbours, run
/// through the production code (the same functions the methods call, and the noise of
/// privacy/mechanisms/mechanisms.h), never through copies.
///
/// An audit is an `AuditTarget`: a claim (ε, δ) and a trial function that runs the mechanism once on D
/// or on its neighbour D' and returns the attacker's score. `runAudit` runs `trials` trials on each
/// side (streams 1 and 2 of the seed) and bounds ε from below with `auditFromScores`. A correct
/// mechanism must give a lower bound ≤ the claimed ε; the deliberately broken variants (noise scaled
/// by 1/4, or the clipping step skipped) must be caught (lower bound > claimed ε).
/// Adding a mechanism to the audit is one call, `registerAuditMechanism(name, factory)`, from any file
/// (tests/engine/audit/tst_toy_mechanism_audit.cpp adds randomized response that way); the
/// privacy-audit method then runs it by name. This folder includes only core/ and privacy/: the targets
/// of the methods' releases live beside them (dpswd/dpswd_projection_audit.h, fair_regression/
/// private_histogram_audit.h, fair_learning/dpsgd_canary_audit.h, flow/*_audit.h) and
/// methods/registry.cpp registers them (tests/engine/audit/tst_audit_includes checks the includes).
///
/// Targets (`mechanism`; gaussian and laplace built in, the others registered by their owners):
///   gaussian:  sum of records clipped to [0, 1] + Mechanism::gaussian(ε, δ, Δ = 1) (analytic
///              calibration); D = zeros, D' = one record 4 (clipped to 1). `noise_source` os-entropy (or
///              `exactLaw`): Mechanism::discreteGaussianOnGrid(σ, 1, 1), the secure law of the flows,
///              DP-SWD and DP-SGD.
///   laplace:   the same sum + Mechanism::laplace(ε, 1) (pure ε-DP).
///   dpswd-projection: one record's k noisy projections by `noisyProjections` (dpswd/dpswd_release.h,
///              the DP-SWD release, [DP-SWD] Alg. 1) with rows scaled to norm ≤ 1/2 (so ‖x − x'‖ ≤ 1),
///              s = multiplier · w(k, d, δ/2) (default bound for k), claimed (ε, δ) = Gaussian at δ/2 plus
///              δ/2 for the bound; D has x = u/2, D' has x' = −u/2. The attacker knows Θ, x and x' and
///              projects the release on Θ(x' − x). Secure: the grid law at Δ = w over k coordinates.
///   fair-histogram: privateJointHistogram of fair regression ([FairReg] Alg. 1; 2 groups x 2 bins,
///              n = 20 rows) under substitution of one row (Def. 2.1): D' moves one row from cell (0, 0)
///              to cell (1, 1). Noise: `histogramNoise`; `noiseSource` os-entropy for the discrete laws.
///              Score: the log-likelihood ratio of the claimed law on the changed cells, exact at its
///              extremes. Claim: the release's ledger (histogramLedger), as fair regression reports it.
///              Faults: noise-quarter calibrates for 4ε; skip-clip is "a person counted twice".
///   dpsgd-canary: one fairDpSgdStep of the fair classifier (logistic model, BCE loss, full batches so
///              q = 1, clip C = 5, M = L = 1) on 2 x 40 records, from θ = 0, with a canary whose label
///              flips between D and D'; σ from the fair-learning noise decision (noiseMultiplierFor at
///              q = 1, T = 1) and the claim from its ledger (fairDpSgdLedger), as fair_learning.
///              Secure: FairStepSettings::noiseSource = OsEntropy (the grid law).
///   Whole runs, end to end: dpswflow-r-run (methods/flow/dpsw_flow_run_audit.h), fair-classifier-run (the
///              classifier trained from two CSV files, methods/fair_learning_run_audit.h) and shuffled-batches-run
///              (DP-SGD on batches shuffled once, audit/shuffled_batches_audit.h).
///   Whole runs as a user runs them, fair regression and the DP basics: fair-regression-run (white box,
///              methods/fair_regression_run_audit.h); count-query-run, randomized-response-run, clipped-mean-run,
///              exponential-mechanism-run (black box: any registered method on two parameter sets,
///              methods/method_run_audit.h and methods/basics_run_audits.h).
///              Also dpswflow-run (DPSWflow, the pool: its one histogram release, methods/flow/dpsw_pool_run_audit.h)
///              dpswflow-projections-run (DPSWflow's projections release, the paper's, same file) and dpswgen-run
///              (DPSWgen: every step's DP-SWD release, methods/flow/dpsw_generator_run_audit.h).
///              The other fair-learning trainings: fair-regression-2d-run, fair-representation-run (from a CSV
///              file) and private-matching-run (white box on every released step; one builder by task with
///              fair-classifier-run, methods/fair_learning_run_audit.h).
///
/// One-run audits of whole runs (dpsgd-run-one-run, dpswflow-r-one-run) are listed in the same `mechanism`
/// menu; they run once with `trials` canaries and are read by the one-run estimator (audit/one_run_targets.h).
///
/// Attacks (`attack`): likelihood-ratio (the Neyman-Pearson score, real-number view) or low-order-bits
/// (Mironov 2012): for fair-histogram the likelihood ratio evaluated naively in floating point; for
/// gaussian and laplace a test of the released double's last bits: on D the release is fl(0 + noise),
/// on D' fl(1 + noise), and every value of fl(1 + e) in (−1/2, 1/2) is a multiple of 2^-53 (Sterbenz),
/// while fl(e) there usually is not; a release in (−1/2, 1/2) off that lattice is certainly from D.
/// Exact discrete laws release (integer)·g and give this test nothing.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "audit/privacy_audit.h"
#include "core/parameters.h"
#include "core/run_observer.h"
#include "core/rng.h"
#include "privacy/accountants/accountant.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

/// Planted bugs (issue #36), each a switch of the audit: the release is run broken, the claim is the one
/// the correct code would print. NoiseQuarter, NoiseTwoThirds: the noise std × 0.25 or × 0.67. SkipClip:
/// the clipping of the changed record skipped (fair-histogram: a person counted twice; fair-classifier-run:
/// the loss gradients of the whole run). ReplaceAsAddRemove: a replace-one release (D' = {−u}) calibrated and
/// accounted as add/remove (Δ = √k instead of √(2k): flow-histogram, dpswflow-r-run). RateTenth: the
/// accountant told a sampling rate 10x smaller
/// than the one the batches are drawn at (the end-to-end run audits, q < 1). PrivateStandardisation: the CSV
/// standardised on the private training rows (planted bug (a): fair-classifier-run). ShuffledAsPoisson:
/// batches shuffled once and reused every epoch, calibrated and accounted as Poisson sampling at q = 1/k
/// (planted bug (e): shuffled-batches-run).
enum class AuditFault {
  None, NoiseQuarter, SkipClip, NoiseTwoThirds, ReplaceAsAddRemove, RateTenth, PrivateStandardisation, ShuffledAsPoisson
};
enum class AuditAttack { LikelihoodRatio, LowOrderBits };

/// "none" | "noise-quarter" | "skip-clip" | "noise-two-thirds" | "replace-as-add-remove" | "rate-tenth" |
/// "private-standardisation" | "shuffled-as-poisson", and
/// "likelihood-ratio" | "low-order-bits" (menu order).
const std::vector<std::string>& auditFaultIds();
const std::vector<std::string>& auditAttackIds();
/// @throws InvalidArgument on an unknown id.
AuditFault parseAuditFault(const std::string& id);
AuditAttack parseAuditAttack(const std::string& id);
/// The factor the fault puts on the noise std: 0.25 (noise-quarter), 0.67 (noise-two-thirds), else 1.
double auditNoiseFactor(AuditFault fault);
/// @throws InvalidArgument naming the fault, the mechanism and the faults it has, unless `fault` is one of
/// `supported` (None always is).
void requireAuditFault(AuditFault fault, const std::vector<AuditFault>& supported, const std::string& mechanism);

struct MechanismAuditSettings {
  std::string mechanism = "gaussian";  ///< a registered name: gaussian | laplace | dpswd-projection | fair-histogram | dpsgd-canary | ...
  double epsilon = 1.0;
  double delta = 1e-5;
  long trials = 200000;  ///< runs on each of D and D'
  AuditFault fault = AuditFault::None;
  double confidence = 0.95;
  long projections = 70;  ///< k, for dpswd-projection
  long dimension = 8;     ///< d, for dpswd-projection
  NoiseMechanism histogramNoise = NoiseMechanism::Laplace;  ///< fair-histogram: the histogram's law
  NoiseSource noiseSource = NoiseSource::Seeded;  ///< os-entropy: secure mode (discrete laws only)
  bool exactLaw = false;  ///< gaussian, dpswd-projection: the grid discrete Gaussian from the seed (replayable)
  AccountantKind accountant = AccountantKind::PldWor;  ///< dpsgd-canary: the fair-learning accountant that calibrates σ; flow-histogram: calibrates σ and gives the neighbours (its relation)
  double alpha = 0;                        ///< dpsgd-canary: fairness weight α of the step
  AuditAttack attack = AuditAttack::LikelihoodRatio;
  /// Whole-run audits: T (dpswflow-r-run, the fair-learning *-run audits) and the expected batch b of dpswflow-r-run's 50
  /// private rows (q = b/50); 0 keeps the audit's
  /// defaults (T = 30, b = 5). The method's run_steps and run_batch (run_clip, run_alpha below).
  long runSteps = 0, runBatch = 0;
  /// The fair-learning *-run audits (methods/fair_learning_run_audit.h): the clip bound C of the per-row loss
  /// gradients (0 keeps the audit's default 1) and the fairness weight α (negative keeps the audit's default 0.1).
  double runClip = 0, runAlpha = -1;

  /// Parses every choice once into the enums above. @throws InvalidArgument on an unknown choice.
  static MechanismAuditSettings fromParams(const ParamValues& p);
};

/// What an audit needs from a mechanism: its claim and one run on D (`neighbour` false) or D'.
struct AuditTarget {
  double claimedEpsilon = 0;
  double claimedDelta = 0;
  double noiseScale = 0;  ///< the std of the noise the (possibly broken) mechanism uses (√2 b for Laplace), for display
  std::function<double(bool neighbour, Rng& rng)> trial;  ///< the attacker's score of one run
  /// Numbers the target reports beside the audit (e.g. what other accountants state for the run), copied into
  /// the privacy-audit method's metrics under these names.
  std::map<std::string, double> metrics;
};

/// Builds the target of a registered mechanism from the settings (and the seed, for fixed data).
using AuditFactory = std::function<AuditTarget(const MechanismAuditSettings& settings, std::uint64_t seed)>;

/// Adds (or replaces) an auditable mechanism under `name`; thread-safe.
void registerAuditMechanism(const std::string& name, AuditFactory factory);
/// Registered names, built-ins first.
std::vector<std::string> auditMechanismIds();

/// The noise law of the Gaussian audits: the floating Gaussian of std σ (teaching mode) or, with `exactLaw`
/// or os-entropy, its secure grid counterpart at sensitivity Δ over `dim` coordinates.
Mechanism auditGaussianLaw(const MechanismAuditSettings& s, double sigma, double sensitivity, long dim);

struct MechanismAudit {
  AuditResult result;      ///< the distribution-free bound (any mechanism)
  GdpAuditResult gdp;      ///< the Gaussian-DP bound, valid within that family (privacy_audit.h)
  double claimedEpsilon = 0;
  double claimedDelta = 0;
  double noiseStd = 0;  ///< the noise the (possibly broken) mechanism used
  std::vector<double> scoresD, scoresDPrime;
  std::map<std::string, double> targetMetrics;  ///< AuditTarget::metrics
};

/// Runs `trials` trials per side (streams 1 and 2 of `seed`) and bounds ε at `confidence` with both
/// estimators (auditFromScores, gdpAuditFromScores) on the same scores; honours cancellation when `observer` is
/// given, and publishes its status, progress and frames (the bounds after each batch) unless `liveFrames` is false:
/// then the observer is only asked for Stop and the bounds are computed once (an audit inside another method's run).
/// @throws InvalidArgument unless the claim is ε > 0 finite and δ ∈ [0, 1); InternalError unless trials ≥ 200
/// (auditMechanism checks the user's count first) and a trial is set.
MechanismAudit runAudit(const AuditTarget& target, long trials, std::uint64_t seed, double confidence = 0.95,
                        RunObserver* observer = nullptr, bool liveFrames = true);

/// The registered mechanism `s.mechanism`, built and run (`observer` and `liveFrames` as runAudit's).
/// @throws InvalidArgument on bad settings or an unknown mechanism.
MechanismAudit auditMechanism(const MechanismAuditSettings& s, std::uint64_t seed, RunObserver* observer = nullptr,
                              bool liveFrames = true);


}  // namespace dpw
