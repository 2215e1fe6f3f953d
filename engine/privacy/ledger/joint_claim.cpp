#include "privacy/ledger/joint_claim.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>

#include "core/error.h"
#include "privacy/ledger/privacy_ledger.h"
#include "privacy/printed_numbers.h"

namespace dpw {

namespace {


void requireDelta(double delta) {
  require(delta >= 0 && delta < 1, "a run's delta must lie in [0, 1), got ", delta);
}

/// The relation every event of the ledger is private for, or nothing when its events differ.
std::optional<Neighbouring> ledgerRelation(const PrivacyLedger& ledger) {
  if (ledger.events().empty()) return std::nullopt;
  const Neighbouring r = ledger.events().front().relation;
  for (const PrivacyEvent& e : ledger.events())
    if (e.relation != r) return std::nullopt;
  return r;
}

/// The ledger's events are Gaussian steps an accountant of `relation` can take as they are: the Gaussian law,
/// its relation's sampler (or the whole data), and an accounting whose events are the releases made.
bool accountantCanCompose(const PrivacyLedger& ledger, Neighbouring relation) {
  if (ledger.accounting() == LedgerAccounting::BasicComposition || ledger.events().empty()) return false;
  return std::all_of(ledger.events().begin(), ledger.events().end(), [&](const PrivacyEvent& e) {
    return e.law == NoiseMechanism::Gaussian && e.multiplier > 0 && e.relation == relation &&
           (e.sampler == Sampler::WholeData || e.sampler == minibatchSamplerOf(relation));
  });
}

/// The run's own claim is an approximation, not a bound (its accountant's ε, or the classic per-release ε
/// that is not composed).
bool approximateClaim(const RunPrivacy& run) {
  if (!run.ledger) return false;
  switch (run.ledger->accounting()) {
    case LedgerAccounting::Accountant: return !isProvenBound(run.ledger->accountant());
    case LedgerAccounting::ClassicPerRelease: return true;
    case LedgerAccounting::ExactSingleGaussian:
    case LedgerAccounting::BasicComposition: return false;
  }
  return false;
}

}  // namespace

RunPrivacy runPrivacyOf(const PrivacyLedger& ledger, double runDelta, bool secure, double secureEpsilon) {
  if (secure) return {std::isfinite(secureEpsilon) ? secureEpsilon : ledger.epsilon(), runDelta, nullptr};
  return {ledger.epsilon(), runDelta, std::make_shared<const PrivacyLedger>(ledger)};
}

JointClaim jointClaim(const std::vector<RunPrivacy>& all) {
  std::vector<const RunPrivacy*> runs;
  for (const RunPrivacy& r : all) {
    if (std::isnan(r.epsilon)) continue;  // spends nothing
    requireDelta(r.delta);
    require(r.epsilon >= 0, "a run's epsilon must be >= 0, got ", r.epsilon);
    runs.push_back(&r);
  }
  JointClaim c;
  c.runs = runs.size();
  if (runs.empty()) return c;

  // The relations of the runs that say theirs (a run without a ledger is taken to share the others').
  bool anyAddRemove = false, anyReplaceOne = false, relationsKnown = true;
  for (const RunPrivacy* r : runs) {
    const auto rel = r->ledger ? ledgerRelation(*r->ledger) : std::nullopt;
    if (!rel) {
      relationsKnown = false;
      continue;
    }
    (*rel == Neighbouring::AddRemove ? anyAddRemove : anyReplaceOne) = true;
  }
  const bool mixed = anyAddRemove && anyReplaceOne;

  // Basic composition (Dwork & Roth 2014 Thm 3.16); for replace-one neighbours when the relations differ,
  // an add/remove run as a group of two: (2ε, (1 + e^ε) δ).
  double basicEps = 0, basicDelta = 0;
  for (const RunPrivacy* r : runs) {
    const bool convert = mixed && r->ledger && ledgerRelation(*r->ledger) == Neighbouring::AddRemove;
    basicEps += convert ? 2 * r->epsilon : r->epsilon;
    basicDelta += convert ? (1 + std::exp(r->epsilon)) * r->delta : r->delta;
    c.approximate = c.approximate || approximateClaim(*r);
  }
  c.groupConverted = mixed;
  c.basicEpsilon = basicEps;
  c.epsilon = basicEps;
  c.delta = std::min(basicDelta, 1.0);
  c.composition = JointComposition::Basic;
  if (std::isinf(basicEps)) {  // a run without noise: nothing composes to a finite ε (and (∞, 0) says all)
    c.approximate = false;
    c.delta = 0;
    return c;
  }

  // One accountant for every event, when every run's ledger is made of Gaussian steps of one relation.
  if (mixed || !relationsKnown) return c;
  const Neighbouring relation = anyAddRemove ? Neighbouring::AddRemove : Neighbouring::ReplaceOne;
  double accountantDelta = 0, otherDelta = 0;
  for (const RunPrivacy* r : runs) {
    if (!accountantCanCompose(*r->ledger, relation)) return c;
    accountantDelta += r->ledger->delta();
    otherDelta += std::max(0.0, r->delta - r->ledger->delta());  // e.g. the sensitivity bound's share
  }
  if (accountantDelta >= 1) return c;
  const AccountantKind kind = tightestProvenAccountant(relation);
  auto a = makeAccountant(kind);
  for (const RunPrivacy* r : runs) {
    const PrivacyLedger& l = *r->ledger;
    if (l.accounting() == LedgerAccounting::ExactSingleGaussian) {  // one release, reused
      a->addGaussianSteps(l.events().front().multiplier, 1.0, 1);
      continue;
    }
    for (const PrivacyEvent& e : l.events()) a->addGaussianSteps(e.multiplier, e.sampleRate, e.count);
  }
  const double eps = a->epsilon(accountantDelta);
  // The accountant's ε is a proven bound of its own; the basic sum is one only if every run's ε is.
  if (eps <= basicEps || c.approximate) {
    c.epsilon = eps;
    c.delta = std::min(accountantDelta + otherDelta, 1.0);
    c.composition = JointComposition::Accountant;
    c.accountant = kind;
    c.approximate = false;
  }
  return c;
}

JointClaim jointClaim(const std::vector<std::pair<double, double>>& epsilonDelta) {
  std::vector<RunPrivacy> runs;
  runs.reserve(epsilonDelta.size());
  for (const auto& [eps, delta] : epsilonDelta) runs.push_back({eps, delta, nullptr});
  return jointClaim(runs);
}

std::string jointClaimSentence(const JointClaim& c, const std::string& what) {
  std::ostringstream st;
  if (c.runs == 0) return "Joint claim: none of the " + what + " spends privacy on the private data.";
  st << "Joint claim of the " << c.runs << ' ' << what << " on the same data: ";
  if (std::isinf(c.epsilon)) {
    st << "ε = ∞ (one of them adds no noise).";
    return st.str();
  }
  st << "(ε = " << claimNumber(c.epsilon) << ", δ = " << claimNumber(c.delta) << ")";
  if (c.composition == JointComposition::Accountant) {
    st << " by composing all their releases with the " << makeAccountant(c.accountant)->name()
       << ", a proven bound (basic composition of their own ε gives " << claimNumber(c.basicEpsilon) << ")";
  } else {
    st << " by basic composition of their own (ε, δ) (Dwork & Roth 2014 Thm 3.16: the ε's and the δ's add)";
    if (c.groupConverted)
      st << ", for replace-one neighbours: an add/remove run counts as a group of two, (2ε, (1 + e^ε) δ)";
    if (c.approximate) st << "; an approximation, not a bound, as some run's own ε is";
  }
  const std::string one = what.size() > 1 && what.back() == 's' ? what.substr(0, what.size() - 1) : what;
  st << ". Each " << one << "'s own ε holds for it alone; whoever sees them all is "
     << "covered by the joint claim only, and choosing the best by a score on private data costs more "
     << "(docs/joint-claims.md).";
  return st.str();
}

}  // namespace dpw
