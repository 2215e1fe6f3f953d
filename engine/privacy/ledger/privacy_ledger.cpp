#include "privacy/ledger/privacy_ledger.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "privacy/ledger/noise_resolution.h"

namespace dpw {

PrivacyLedger::PrivacyLedger(AccountantKind accountant, double delta, LedgerAccounting accounting)
    : accountant_(accountant), delta_(delta), accounting_(accounting), warm_(makeAccountant(accountant)) {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
}

PrivacyLedger::PrivacyLedger(const PrivacyLedger& o)
    : accountant_(o.accountant_), delta_(o.delta_), accounting_(o.accounting_), events_(o.events_),
      warm_(o.warm_->clone()) {}

PrivacyLedger& PrivacyLedger::operator=(const PrivacyLedger& o) {
  if (this != &o) {
    accountant_ = o.accountant_, delta_ = o.delta_, accounting_ = o.accounting_, events_ = o.events_;
    warm_ = o.warm_->clone();
  }
  return *this;
}

void PrivacyLedger::record(const PrivacyEvent& e) {
  require(e.multiplier >= 0 && std::isfinite(e.multiplier), "the noise multiplier must be >= 0, got ", e.multiplier);
  require(e.sensitivity >= 0 && std::isfinite(e.sensitivity), "the sensitivity must be >= 0, got ", e.sensitivity);
  require(e.sampleRate > 0 && e.sampleRate <= 1, "the sampling rate q must lie in (0, 1], got ", e.sampleRate);
  require(e.count >= 1, "an event is made at least once, got ", e.count);
  require(accounting_ != LedgerAccounting::Accountant || e.law == NoiseMechanism::Gaussian,
          "the accountants analyse the Gaussian mechanism; this event uses ", noiseMechanismId(e.law));
  events_.push_back(e);
  // Zero steps: the accountant computes (and keeps) its per-step analysis of (σ, q) and composes nothing.
  if (e.multiplier > 0 && accounting_ == LedgerAccounting::Accountant) warm_->addGaussianSteps(e.multiplier, e.sampleRate, 0);
}

bool PrivacyLedger::noisy() const {
  return std::any_of(events_.begin(), events_.end(), [](const PrivacyEvent& e) { return e.multiplier > 0; });
}

long PrivacyLedger::releases() const {
  long n = 0;
  for (const auto& e : events_) n += e.count;
  return n;
}

double PrivacyLedger::epsilonAfter(long releases) const {
  require(releases >= 0, "the number of releases must be >= 0, got ", releases);
  const double inf = std::numeric_limits<double>::infinity();
  // A release without noise (or no release at all when one is noiseless) has no finite ε.
  for (const auto& e : events_)
    if (e.multiplier == 0) return inf;
  if (events_.empty()) return inf;
  switch (accounting_) {
    case LedgerAccounting::ExactSingleGaussian: return exactGaussianEpsilon(events_.front().multiplier, delta_);
    case LedgerAccounting::ClassicPerRelease: return classicGaussianEpsilon(events_.front().multiplier, delta_);
    case LedgerAccounting::Accountant: break;
  }
  auto a = warm_->clone();
  long left = releases;
  for (const auto& e : events_) {
    const long n = std::min(left, e.count);
    if (n > 0) a->addGaussianSteps(e.multiplier, e.sampleRate, n);
    left -= n;
  }
  return a->epsilon(delta_);
}

}  // namespace dpw
