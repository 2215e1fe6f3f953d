#include "privacy/ledger/privacy_statement.h"

#include <sstream>

#include "core/error.h"

namespace dpw {

std::string statementNumber(double v) {
  std::ostringstream os;
  os.precision(4);
  os << v;
  return os.str();
}

std::string accountedClaimSentence(const PrivacyLedger& ledger, double runDelta) {
  require(!ledger.events().empty(), "a privacy claim needs at least one recorded release");
  const PrivacyEvent& e = ledger.events().back();
  std::ostringstream st;
  st << "(ε = " << statementNumber(ledger.epsilon()) << ", δ = " << runDelta << ") by the "
     << makeAccountant(ledger.accountant())->name() << ", q = " << statementNumber(e.sampleRate)
     << (e.sampler == Sampler::Poisson ? " (Poisson)" : " (fixed batch)") << ", " << e.count
     << " steps, noise multiplier " << statementNumber(e.multiplier);
  return st.str();
}

std::string samplerDescription(Sampler sampler, double sampleRate) {
  switch (sampler) {
    case Sampler::WholeData: return "the whole private data every step (q = 1)";
    case Sampler::Poisson: return "Poisson, q = " + statementNumber(sampleRate);
    case Sampler::FixedSizeWithoutReplacement:
      return "fixed-size batches without replacement, q = " + statementNumber(sampleRate);
  }
  return "";  // not reached
}

std::string noPrivacySentence(const std::string& what, long steps, const std::string& method) {
  return "No privacy: ε = ∞ (no noise on " + what + "), " + std::to_string(steps) + " steps of " + method + ".";
}

}  // namespace dpw
