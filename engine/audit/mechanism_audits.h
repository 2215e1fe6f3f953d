#pragma once
/// Privacy audits of DPW Lab's mechanisms at their smallest unit, with worst-case neighbours.
///
/// Each audit runs the mechanism `trials` times on D and on D' (a neighbour chosen to be as
/// distinguishable as the claim allows) and bounds ε from below with `auditFromScores`. A correct
/// mechanism must give a lower bound ≤ the claimed ε; the deliberately broken variants (noise scaled
/// by 1/4, or the clipping step skipped) must be caught (lower bound > claimed ε).
///   gaussian:  sum of records clipped to [0, 1] + N(0, σ²), σ = 1/μ with μ the exact GDP parameter
///              for (ε, δ) ([FairLearn] Lemma 2.3); D = zeros, D' = one record 4 (clipped to 1).
///   laplace:   the same sum + Laplace(1/ε) (pure ε-DP).
///   dpswd-projection: one record's k random projections Θx + N(0, s²I) ([DP-SWD] Alg. 1) with rows
///              scaled to norm ≤ 1/2 (so ‖x − x'‖ ≤ 1), s = multiplier · w(k, d, δ/2) (CLT bound for
///              k > 30), claimed (ε, δ) = Gaussian at δ/2 plus δ/2 for the bound; D has x = u/2,
///              D' has x' = −u/2 (distance exactly 1). The attacker knows Θ, x and x'.
///   fair-histogram: the private joint (group, bin) histogram of fair-regression ([FairReg] Alg. 1,
///              privateJointHistogram, 2 groups x 2 bins, n = 20 rows) under the paper's neighbouring
///              relation, substitution of one row (Def. 2.1): D' moves one row from cell (0, 0) to cell
///              (1, 1), so two cells change by one count (L1 sensitivity 2/n). Noise: `histogramNoise`
///              (laplace, gaussian, discrete-laplace, discrete-gaussian; `secureNoise` for OS entropy).
///              Score: the log-likelihood ratio of the claimed noise law on the changed cells (the
///              Neyman-Pearson test), exact at its extremes; with `lowOrderBits` the same ratio evaluated
///              naively in floating point, which reads the last bits of the released doubles: the
///              floating-point Laplace histogram fails that audit (Mironov 2012), the discrete laws pass. Faults: noise-quarter calibrates for 4ε (noise ÷ 4 for the Laplace
///              laws); skip-clip is "a person counted twice": two rows of one person move together
///              (cells (0, 0) and (0, 1) lose one each, (1, 1) gains two), the bug of a row-level count
///              for person-level data.
///   dpsgd-canary: one DP-SGD step of the fair classifier (fairDpSgdStep: logistic model, BCE loss,
///              full batches so q = 1, clip C = 5, M = L = 1, α = `alpha`) on 2 x 40 records, from θ = 0.
///              The canary is record 0 (group 0) with x = 20C e₁: label 0 in D, label 1 in D' (a
///              substitution within its group, [FairLearn]'s ∼₂), so its clipped gradients are ±C along
///              v = (x, 1) and the sum moves by 2C(1 − α)/n, the whole loss sensitivity. The noise
///              multiplier is what fair_learning calibrates, calibrateNoiseMultiplier(accountant, ε, δ,
///              q = 1, T = 1), times fairStepSensitivity. The attacker projects the released update
///              (θ − θ')/lr on v. Faults: noise-quarter (multiplier ÷ 4); skip-clip (C = ∞ for the
///              gradients while the noise stays calibrated for C: the canary's gradient is 10C).
#include <cstdint>
#include <string>
#include <vector>

#include "audit/privacy_audit.h"
#include "core/method.h"

namespace dpw {

enum class AuditFault { None, NoiseQuarter, SkipClip };

struct MechanismAuditSettings {
  std::string mechanism = "gaussian";  ///< gaussian | laplace | dpswd-projection | fair-histogram | dpsgd-canary
  double epsilon = 1.0;
  double delta = 1e-5;
  long trials = 200000;  ///< runs on each of D and D'
  AuditFault fault = AuditFault::None;
  double confidence = 0.95;
  long projections = 70;  ///< k, for dpswd-projection
  long dimension = 8;     ///< d, for dpswd-projection
  std::string histogramNoise = "laplace";  ///< fair-histogram: laplace | gaussian | discrete-laplace | discrete-gaussian
  bool secureNoise = false;                ///< fair-histogram, discrete laws: noise from the OS (not replayable)
  std::string accountant = "gdp-uniform";  ///< dpsgd-canary: the fair-learning accountant that calibrates σ
  double alpha = 0;                        ///< dpsgd-canary: fairness weight α of the step
  bool lowOrderBits = false;               ///< fair-histogram: the floating-point attack (see the .cpp)

  static MechanismAuditSettings fromParams(const ParamValues& p);
};

struct MechanismAudit {
  AuditResult result;
  double claimedEpsilon = 0;
  double claimedDelta = 0;
  double noiseStd = 0;  ///< the noise the (possibly broken) mechanism used
  std::vector<double> scoresD, scoresDPrime;
};

/// Runs the audit; publishes frames and honours cancellation when `observer` is given.
/// @throws InvalidArgument on bad settings.
MechanismAudit auditMechanism(const MechanismAuditSettings& s, std::uint64_t seed, RunObserver* observer = nullptr);

/// μ with δ(ε; μ) = δ for a μ-GDP (Gaussian) mechanism: the noise for sensitivity 1 is σ = 1/μ.
double gaussianMuFor(double epsilon, double delta);

MethodInfo privacyAuditMethod();

}  // namespace dpw
