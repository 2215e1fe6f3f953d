#include "audit/one_run_targets.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <sstream>
#include <utility>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/frame.h"
#include "core/named_registry.h"
#include "privacy/printed_numbers.h"

namespace dpw {
namespace {

NamedRegistry<OneRunFactory>& oneRunRegistry() {
  static NamedRegistry<OneRunFactory> r;
  return r;
}

}  // namespace

void registerOneRunAudit(const std::string& name, OneRunFactory factory) {
  ensure(!name.empty() && bool(factory), "a one-run audit needs a name and a factory");
  oneRunRegistry().add(name, std::move(factory));
}

std::vector<std::string> oneRunAuditIds() { return oneRunRegistry().ids(); }

bool isOneRunAudit(const std::string& name) {
  for (const auto& id : oneRunAuditIds())
    if (id == name) return true;
  return false;
}

OneRunAudit runOneRunAudit(const MechanismAuditSettings& s, std::uint64_t seed, RunObserver* observer) {
  require(s.trials >= 200, "a one-run audit needs at least 200 canaries, got ", s.trials);
  require(s.confidence > 0 && s.confidence < 1, "confidence must lie in (0, 1), got ", s.confidence);
  const OneRunFactory factory = oneRunRegistry().find(s.mechanism);
  require(bool(factory), "unknown one-run audit '", s.mechanism, "'");
  const auto start = std::chrono::steady_clock::now();
  if (observer) throwIfCancelled(*observer);
  const OneRunTarget target = factory(s, seed);
  ensure(bool(target.run), "the one-run target has no run function");
  OneRunAudit a;
  a.claimedEpsilon = target.claimedEpsilon, a.claimedDelta = target.claimedDelta, a.noiseStd = target.noiseScale;
  a.canaries = s.trials;
  // The auditor's coins: each canary in with probability ½, independently of everything the run draws.
  Rng bits = makeRng(seed, 1), runRng = makeRng(seed, 2);
  std::bernoulli_distribution coin(0.5);
  a.included.resize(std::size_t(s.trials));
  for (std::size_t i = 0; i < a.included.size(); ++i) a.included[i] = coin(bits);
  a.scores = target.run(a.included, runRng);
  ensure(a.scores.size() == a.included.size(), "the one-run target returned ", a.scores.size(), " scores for ",
          a.included.size(), " canaries");
  a.steinke = oneRunAuditFromScores(a.scores, a.included, a.claimedDelta, 1 - s.confidence);
  a.fdpApproximateDp =
      fdpOneRunAuditFromScores(a.scores, a.included, a.claimedDelta, OneRunFdpFamily::ApproximateDp, 1 - s.confidence);
  if (a.claimedDelta > 0)
    a.fdpGaussian =
        fdpOneRunAuditFromScores(a.scores, a.included, a.claimedDelta, OneRunFdpFamily::Gaussian, 1 - s.confidence);
  a.tightApproximateDp =
      tightOneRunAuditFromScores(a.scores, a.included, a.claimedDelta, OneRunTightFamily::ApproximateDp, 1 - s.confidence);
  if (a.claimedDelta > 0)
    a.tightGaussian =
        tightOneRunAuditFromScores(a.scores, a.included, a.claimedDelta, OneRunTightFamily::Gaussian, 1 - s.confidence);
  std::vector<double> out, in;
  for (std::size_t i = 0; i < a.scores.size(); ++i) (a.included[i] ? in : out).push_back(a.scores[i]);
  if (out.size() >= 100 && in.size() >= 100) a.gdp = gdpAuditFromScores(out, in, a.claimedDelta, s.confidence);
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

RunResult oneRunAuditResult(const MechanismAuditSettings& s, std::uint64_t seed, RunObserver& observer) {
  const OneRunAudit a = runOneRunAudit(s, seed, &observer);
  {  // what the auditor saw: the scores of the canaries that were in and of those that were out
    double lo = INFINITY, hi = -INFINITY;
    for (double x : a.scores) lo = std::min(lo, x), hi = std::max(hi, x);
    if (!(hi > lo)) hi = lo + 1;
    const int bins = 60;
    HistogramFrame h{"canary's score (log-likelihood ratio)", {}, {}};
    for (int b = 0; b <= bins; ++b) h.edges.push_back(lo + (hi - lo) * b / bins);
    HistogramFrame::Group in{"canaries in", std::vector<double>(bins, 0.0)}, out{"canaries out", std::vector<double>(bins, 0.0)};
    for (std::size_t i = 0; i < a.scores.size(); ++i)
      (a.included[i] ? in : out).mass[std::size_t(std::clamp(int((a.scores[i] - lo) / (hi - lo) * bins), 0, bins - 1))] += 1;
    h.groups = {std::move(in), std::move(out)};
    observer.onFrame(makeFrame("audit_scores", "What the auditor sees in one run", 1, std::move(h)));
  }
  RunResult r;
  r.metrics["claimed_epsilon"] = a.claimedEpsilon;
  r.metrics["claimed_delta"] = a.claimedDelta;
  r.metrics["epsilon_lower_bound"] = a.steinke.epsilonLowerBound;  // the proven one
  r.metrics["epsilon_lower_bound_one_run"] = a.steinke.epsilonLowerBound;
  r.metrics["epsilon_lower_bound_fdp"] = a.fdpApproximateDp.epsilonLowerBound;
  r.metrics["violation_fdp"] = a.fdpApproximateDp.epsilonLowerBound > a.claimedEpsilon ? 1.0 : 0.0;
  if (a.claimedDelta > 0) {
    r.metrics["epsilon_lower_bound_fdp_gaussian"] = a.fdpGaussian.epsilonLowerBound;
    r.metrics["violation_fdp_gaussian"] = a.fdpGaussian.epsilonLowerBound > a.claimedEpsilon ? 1.0 : 0.0;
  }
  r.metrics["epsilon_lower_bound_tight"] = a.tightApproximateDp.epsilonLowerBound;
  r.metrics["violation_tight"] = a.tightApproximateDp.epsilonLowerBound > a.claimedEpsilon ? 1.0 : 0.0;
  if (a.claimedDelta > 0) {
    r.metrics["epsilon_lower_bound_tight_gaussian"] = a.tightGaussian.epsilonLowerBound;
    r.metrics["violation_tight_gaussian"] = a.tightGaussian.epsilonLowerBound > a.claimedEpsilon ? 1.0 : 0.0;
  }
  r.metrics["canaries"] = double(a.canaries);
  r.metrics["guesses"] = double(a.steinke.guessesIn + a.steinke.guessesOut);
  r.metrics["correct_guesses"] = double(a.steinke.correct);
  r.metrics["noise_std"] = a.noiseStd;
  r.metrics["seconds"] = a.seconds;
  r.metrics["violation"] = a.steinke.epsilonLowerBound > a.claimedEpsilon ? 1.0 : 0.0;
  const bool gdpApplies = std::isfinite(a.gdp.epsilonLowerBound) && a.gdp.trialsPerSide > 0;
  r.metrics["mu_lower_bound"] = a.gdp.muLowerBound;
  if (gdpApplies) {
    r.metrics["epsilon_lower_bound_gdp"] = a.gdp.epsilonLowerBound;
    r.metrics["violation_gdp"] = a.gdp.epsilonLowerBound > a.claimedEpsilon ? 1.0 : 0.0;
  }
  std::ostringstream os;
  os << "One-run audit of " << s.mechanism << " (" << a.canaries << " canaries, one run, "
     << noiseNumber(a.seconds) << " s): claimed (ε = " << claimNumber(a.claimedEpsilon)
     << ", δ = " << claimNumber(a.claimedDelta) << "), measured ε ≥ " << noiseNumber(a.steinke.epsilonLowerBound)
     << " with " << s.confidence * 100 << "% confidence (Steinke, Nasr & Jagielski 2023: "
     << a.steinke.correct << " of " << a.steinke.guessesIn + a.steinke.guessesOut << " guesses right)"
     << (a.steinke.epsilonLowerBound > a.claimedEpsilon ? " — VIOLATION" : "");
  os << ". The same guesses with the claim's whole (ε, δ) trade-off curve (Mahloujifar, Melis & Chaudhuri "
        "2024, proven, same assumption): ε ≥ "
     << noiseNumber(a.fdpApproximateDp.epsilonLowerBound) << " (" << a.fdpApproximateDp.correct << " of "
     << a.fdpApproximateDp.guessesIn + a.fdpApproximateDp.guessesOut << ")"
     << (a.fdpApproximateDp.epsilonLowerBound > a.claimedEpsilon ? " — VIOLATION" : "");
  if (a.claimedDelta > 0)
    os << "; against a Gaussian-DP claim with the same (ε, δ) (proven for that claim, which is stronger than "
          "the ledger's): ε ≥ "
       << noiseNumber(a.fdpGaussian.epsilonLowerBound) << " (" << a.fdpGaussian.correct << " of "
       << a.fdpGaussian.guessesIn + a.fdpGaussian.guessesOut << ")"
       << (a.fdpGaussian.epsilonLowerBound > a.claimedEpsilon ? " — VIOLATION" : "");
  os << ". Order statistics of the released guesses (Xiang et al. 2025), which assume the canaries' views "
        "independent (this run's canaries share its sampling and model, so only approximately): (ε, δ) pair ε ≥ "
     << noiseNumber(a.tightApproximateDp.epsilonLowerBound)
     << (a.tightApproximateDp.epsilonLowerBound > a.claimedEpsilon ? " — VIOLATION" : "");
  if (a.claimedDelta > 0)
    os << ", Gaussian pair (refutes μ-GDP, not the ledger's claim) ε ≥ " << noiseNumber(a.tightGaussian.epsilonLowerBound)
       << (a.tightGaussian.epsilonLowerBound > a.claimedEpsilon ? " — VIOLATION" : "");
  if (gdpApplies)
    os << ". Within the Gaussian-DP family (assuming the canaries' scores are independent draws of one Gaussian "
          "trade-off curve G_μ; an estimate, not a proven lower bound): μ ≥ "
       << noiseNumber(a.gdp.muLowerBound) << ", so ε ≥ " << noiseNumber(a.gdp.epsilonLowerBound)
       << (a.gdp.epsilonLowerBound > a.claimedEpsilon ? " — VIOLATION" : "");
  r.privacyStatement = os.str();
  return r;
}

}  // namespace dpw
