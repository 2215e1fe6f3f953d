#include "privacy/ledger/privacy_statement.h"

#include <cmath>
#include <sstream>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {

namespace {

std::string claimKind(AccountantClaim claim) {
  switch (claim) {
    case AccountantClaim::Bound: return "a proven bound";
    case AccountantClaim::Approximation: return "an approximation, not a bound";
    case AccountantClaim::NotDp: return "not an (ε, δ)-DP guarantee";
  }
  return "";  // not reached
}

const PrivacyEvent& lastEvent(const PrivacyLedger& ledger) {
  ensure(!ledger.events().empty(), "a privacy claim needs at least one recorded release");
  return ledger.events().back();
}

}  // namespace

std::string claimSentence(const PrivacyLedger& ledger, double runDelta, const std::string& what) {
  const PrivacyEvent& e = lastEvent(ledger);
  std::ostringstream st;
  switch (ledger.accounting()) {
    case LedgerAccounting::Accountant: return accountedClaimSentence(ledger, runDelta);
    case LedgerAccounting::BasicComposition: return releaseClaimSentence(ledger, what);
    case LedgerAccounting::ExactSingleGaussian:
      st << "(ε = " << claimNumber(ledger.epsilon()) << ", δ = " << claimNumber(runDelta)
         << ") by one release of the Gaussian mechanism (noise multiplier " << noiseNumber(e.multiplier)
         << ", Δ = " << claimNumber(e.sensitivity) << " for " << relationDescription(e.relation)
         << "; ε " << noiseLaw(e.law).releaseBound << ")";
      break;
    case LedgerAccounting::ClassicPerRelease:
      st << "(ε = " << claimNumber(ledger.epsilon()) << ", δ = " << claimNumber(runDelta)
         << ") per release by the classic Gaussian mechanism (Dwork & Roth 2014 Thm A.1, noise multiplier "
         << noiseNumber(e.multiplier) << ", Δ = " << claimNumber(e.sensitivity) << "); the " << ledger.releases()
         << " releases are NOT composed, so this is not a guarantee for the run";
      break;
  }
  return st.str();
}

std::string accountedClaimSentence(const PrivacyLedger& ledger, double runDelta) {
  const PrivacyEvent& e = lastEvent(ledger);
  std::ostringstream st;
  const bool discrete = e.law == NoiseMechanism::DiscreteGaussian;
  st << "(ε = " << claimNumber(ledger.epsilon()) << ", δ = " << claimNumber(runDelta) << ") by the "
     << ledger.analysisName() << ", " << claimKind(ledger.claim())
     << (discrete ? " for secure mode's discrete Gaussian (the law drawn)" : "") << ", ";
  if (e.sampler == Sampler::WholeData)
    st << samplerDescription(e.sampler, e.sampleRate);
  else
    st << "q = " << claimNumber(e.sampleRate) << (e.sampler == Sampler::Poisson ? " (Poisson)" : " (fixed batch)");
  st << ", " << e.count << (e.count == 1 ? " step" : " steps") << ", noise multiplier " << noiseNumber(e.multiplier);
  if (ledger.chosenAccountantUnproven())  // the accountant chosen, for comparison, in words that claim nothing for the law
    st << "; for comparison, the chosen accountant " << accountantId(ledger.accountant()) << " gives ε = "
       << claimNumber(ledger.chosenAccountantEpsilon())
       << " for the continuous Gaussian, which the discrete law drawn is not shown to meet";
  return st.str();
}

namespace {

/// " = 2 × sensitivity": the scale as a multiple of the sensitivity printed beside it (empty when the
/// sensitivity is 1, where the scale says it). The scale is printed rounded down and the sensitivity rounded
/// up (both on the safe side), so at ε = 1 fair regression read "b = 0.001433 … sensitivity 0.001434", as if
/// under-noised; the ratio (the event's multiplier, b/Δ = 1/ε) shows they agree. Rounded to 9 digits first
/// (a multiplier computed as 1.9999999999 prints 2, not 1.999).
std::string scaleToSensitivity(const PrivacyEvent& e) {
  if (!(e.sensitivity > 0) || e.sensitivity == 1 || !(e.multiplier > 0) || !std::isfinite(e.multiplier)) return "";
  double ratio = e.multiplier;
  if (ratio > 0) {
    const double unit = std::pow(10.0, std::floor(std::log10(ratio)) - 8);
    ratio = std::round(ratio / unit) * unit;
  }
  return " = " + noiseNumber(ratio) + " × sensitivity";
}

}  // namespace

std::string releaseClaimSentence(const PrivacyLedger& ledger, const std::string& what) {
  lastEvent(ledger);
  ensure(ledger.accounting() == LedgerAccounting::BasicComposition, "a release claim reads a basic-composition ledger");
  std::ostringstream st;
  if (ledger.pure())
    st << "ε = " << claimNumber(ledger.epsilon()) << " (pure DP)";
  else
    st << "(ε = " << claimNumber(ledger.epsilon()) << ", δ = " << claimNumber(ledger.deltaSpent()) << ")";
  bool first = true;
  for (const PrivacyEvent& e : ledger.events()) {
    const NoiseLaw& law = noiseLaw(e.law);
    st << (first ? " by " : e.disjointFromPrevious ? "; on disjoint rows (parallel composition, McSherry 2009 Thm 4), "
                                                   : "; then ")
       << "the " << law.displayName << " mechanism (" << law.scaleSymbol << " = " << noiseNumber(e.scale())
       << scaleToSensitivity(e) << "; "
       << law.releaseBound << ") on " << what << " (" << (law.norm == SensitivityNorm::L1 ? "L1" : "L2")
       << " sensitivity " << claimNumber(e.sensitivity) << ", " << relationDescription(e.relation) << "), ";
    if (e.count == 1)
      st << "one release";
    else
      st << e.count << " releases composed by basic composition (Dwork & Roth 2014 Thm 3.16)";
    first = false;
  }
  return st.str();
}

std::string samplerDescription(Sampler sampler, double sampleRate) {
  switch (sampler) {
    case Sampler::WholeData: return "the whole private data every step (q = 1)";
    case Sampler::Poisson: return "Poisson, q = " + claimNumber(sampleRate);
    case Sampler::FixedSizeWithoutReplacement:
      return "fixed-size batches without replacement, q = " + claimNumber(sampleRate);
  }
  return "";  // not reached
}

std::string relationDescription(Neighbouring relation) {
  return relation == Neighbouring::AddRemove ? "add/remove neighbours: one record added or removed"
                                             : "replace-one neighbours: one record replaced";
}

std::string noPrivacySentence(const std::string& what, long steps, const std::string& method) {
  return "No privacy: ε = ∞ (no noise on " + what + "), " + std::to_string(steps) + " steps of " + method + ".";
}

}  // namespace dpw
