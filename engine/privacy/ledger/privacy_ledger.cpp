#include "privacy/ledger/privacy_ledger.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/accountants/discrete_gaussian_accountant.h"
#include "privacy/calibration/gaussian_calibration.h"  // exactGaussianEpsilon, classicGaussianEpsilon

namespace dpw {

bool accountantProvenFor(AccountantKind accountant, NoiseMechanism law, bool subsampled) {
  const AccountantInfo& info = accountantInfo(accountant);
  if (info.claim != AccountantClaim::Bound) return false;
  if (law == NoiseMechanism::Gaussian) return true;
  return law == NoiseMechanism::DiscreteGaussian &&
         (info.discreteGaussian == DiscreteGaussianCover::EveryRate ||
          (info.discreteGaussian == DiscreteGaussianCover::Unsubsampled && !subsampled));
}

std::unique_ptr<Accountant> ledgerAnalysis(AccountantKind accountant, NoiseMechanism law, bool subsampled) {
  ensure(law == NoiseMechanism::Gaussian || law == NoiseMechanism::DiscreteGaussian,
          "the accountants analyse the Gaussian and secure mode's discrete Gaussian; this event uses ",
          noiseMechanismId(law));
  if (law == NoiseMechanism::Gaussian) return makeAccountant(accountant);
  // Without subsampling: the plain Rényi curve, Balle et al.'s conversion (never looser than Mironov's).
  if (!subsampled) return std::make_unique<DiscreteGaussianRdpAccountant>();
  if (accountantProvenFor(accountant, law, subsampled)) return makeAccountant(accountant);
  // Fixed-size batches: an accountant whose subsampling takes any mechanism's curve (rdp-wor).
  if (neighbouringOf(accountant) == Neighbouring::ReplaceOne)
    return makeAccountant(tightestProvenAccountant(Neighbouring::ReplaceOne, DiscreteGaussianCover::EveryRate));
  return std::make_unique<DiscreteGaussianRdpAccountant>();  // Poisson: Zhu & Wang 2019 Thm 6
}

PrivacyEvent oneReleaseOf(const Mechanism& mechanism, double sensitivity, Neighbouring relation) {
  require(sensitivity > 0 && std::isfinite(sensitivity), "the sensitivity must be > 0, got ", sensitivity);
  return {mechanism.law(), mechanism.isNone() ? 0.0 : mechanism.scale() / sensitivity, sensitivity, relation,
          Sampler::WholeData, 1.0, 1};
}

PrivacyLedger::PrivacyLedger(AccountantKind accountant, double delta, LedgerAccounting accounting)
    : accountant_(accountant), delta_(delta), accounting_(accounting), warm_(makeAccountant(accountant)) {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
}

PrivacyLedger PrivacyLedger::basicComposition(double delta) {
  require(delta >= 0 && delta < 1, "delta must lie in [0, 1), got ", delta);
  // The accountant is not read; any kind constructs (δ is checked above, so the constructor gets a valid one).
  PrivacyLedger ledger(AccountantKind::Rdp, 0.5, LedgerAccounting::BasicComposition);
  ledger.delta_ = delta;
  return ledger;
}

PrivacyLedger::PrivacyLedger(const PrivacyLedger& o)
    : accountant_(o.accountant_), delta_(o.delta_), accounting_(o.accounting_), events_(o.events_),
      warm_(o.warm_->clone()), chosenUnproven_(o.chosenUnproven_) {}

PrivacyLedger& PrivacyLedger::operator=(const PrivacyLedger& o) {
  if (this != &o) {
    accountant_ = o.accountant_, delta_ = o.delta_, accounting_ = o.accounting_, events_ = o.events_;
    warm_ = o.warm_->clone(), chosenUnproven_ = o.chosenUnproven_;
  }
  return *this;
}

void PrivacyLedger::record(const PrivacyEvent& e) {
  require(e.multiplier >= 0 && std::isfinite(e.multiplier), "the noise multiplier must be >= 0, got ", e.multiplier);
  require(e.sensitivity >= 0 && std::isfinite(e.sensitivity), "the sensitivity must be >= 0, got ", e.sensitivity);
  require(e.sampleRate > 0 && e.sampleRate <= 1, "the sampling rate q must lie in (0, 1], got ", e.sampleRate);
  require(e.count >= 1, "an event is made at least once, got ", e.count);
  const bool basic = accounting_ == LedgerAccounting::BasicComposition;
  const bool accounted = accounting_ == LedgerAccounting::Accountant;
  // The one-Gaussian formulas are the continuous Gaussian's; the accountants read it or, through
  // ledgerAnalysis, secure mode's grid discrete Gaussian; basic composition reads each law's own bound.
  require(basic || e.law == NoiseMechanism::Gaussian || (accounted && e.law == NoiseMechanism::DiscreteGaussian),
          accounted ? "the accountants analyse the Gaussian mechanism and secure mode's discrete Gaussian; this event uses "
                    : "the one-release Gaussian formulas analyse the continuous Gaussian; this event uses ",
          noiseMechanismId(e.law));
  ensure(basic || events_.empty() || events_.front().law == e.law,
          "one accounted ledger holds one law (a run draws all its noise in one mode)");
  ensure(!e.disjointFromPrevious || (basic && !events_.empty()),
          "parallel composition (disjointFromPrevious) needs basic composition and an event before it");
  require(!basic || isPureEpsilon(noiseLaw(e.law)) || delta_ > 0,
          "the ", noiseMechanismId(e.law), " law needs a delta > 0");
  events_.push_back(e);
  if (!accounted) return;
  if (e.law == NoiseMechanism::DiscreteGaussian) {
    // The discrete law's analysis depends on whether some event is subsampled: chosen again with every event (a
    // ledger holds one or two) and warmed with every (σ, q) seen.
    const bool subsampled =
        std::any_of(events_.begin(), events_.end(), [](const PrivacyEvent& x) { return x.sampleRate < 1; });
    warm_ = ledgerAnalysis(accountant_, e.law, subsampled);
    chosenUnproven_ = !accountantProvenFor(accountant_, e.law, subsampled);
    for (const PrivacyEvent& x : events_)
      if (x.multiplier > 0) warm_->addGaussianSteps(x.multiplier, x.sampleRate, 0);
    return;
  }
  // Zero steps: the accountant computes (and keeps) its per-step analysis of (σ, q) and composes nothing.
  if (e.multiplier > 0) warm_->addGaussianSteps(e.multiplier, e.sampleRate, 0);
}

AccountantClaim PrivacyLedger::claim() const {
  if (accounting_ != LedgerAccounting::Accountant || events_.empty() || events_.front().law != NoiseMechanism::Gaussian)
    return AccountantClaim::Bound;
  return accountantInfo(accountant_).claim;
}

template <class PerEvent>
double PrivacyLedger::composeBasic(long releases, PerEvent value) const {
  double total = 0, run = 0;
  long left = releases;
  for (const auto& e : events_) {
    const long n = std::min(left, e.count);
    left -= n;
    if (!e.disjointFromPrevious) total += run, run = 0;  // a new run of disjoint events starts here
    if (n > 0) run = std::max(run, value(e, n));
  }
  return total + run;
}

double PrivacyLedger::deltaSpent() const {
  if (accounting_ != LedgerAccounting::BasicComposition) return delta_;
  return composeBasic(releases(), [this](const PrivacyEvent& e, long n) {
    return isPureEpsilon(noiseLaw(e.law)) ? 0.0 : double(n) * delta_;
  });
}

bool PrivacyLedger::pure() const {
  return accounting_ == LedgerAccounting::BasicComposition &&
         std::all_of(events_.begin(), events_.end(), [](const PrivacyEvent& e) { return isPureEpsilon(noiseLaw(e.law)); });
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
  ensure(releases >= 0, "the number of releases must be >= 0, got ", releases);
  const double inf = std::numeric_limits<double>::infinity();
  // A release without noise (or no release at all when one is noiseless) has no finite ε.
  for (const auto& e : events_)
    if (e.multiplier == 0) return inf;
  if (events_.empty()) return inf;
  switch (accounting_) {
    case LedgerAccounting::ExactSingleGaussian: return exactGaussianEpsilon(events_.front().multiplier, delta_);
    case LedgerAccounting::ClassicPerRelease: return classicGaussianEpsilon(events_.front().multiplier, delta_);
    case LedgerAccounting::BasicComposition:
      // n releases of one law spend n times its one-release ε (basic composition, Thm 3.16).
      return composeBasic(releases, [this](const PrivacyEvent& e, long n) {
        return double(n) * noiseLaw(e.law).releaseEpsilon(e.multiplier, delta_);
      });
    case LedgerAccounting::Accountant: break;
  }
  return composed(*warm_, releases);
}

double PrivacyLedger::chosenAccountantEpsilonAfter(long releases) const {
  ensure(releases >= 0, "the number of releases must be >= 0, got ", releases);
  if (!chosenUnproven_) return std::numeric_limits<double>::quiet_NaN();
  for (const auto& e : events_)
    if (e.multiplier == 0) return std::numeric_limits<double>::infinity();
  return composed(*makeAccountant(accountant_), releases);
}

double PrivacyLedger::composed(const Accountant& fresh, long releases) const {
  auto a = fresh.clone();
  long left = releases;
  for (const auto& e : events_) {
    const long n = std::min(left, e.count);
    if (n > 0) a->addGaussianSteps(e.multiplier, e.sampleRate, n);
    left -= n;
  }
  return a->epsilon(delta_);
}

}  // namespace dpw
