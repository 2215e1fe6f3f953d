#include "privacy/accountants/accountant.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {
namespace {
// The registry, in the order of accountant_list.h, which is also the order of AccountantKind's values.
const std::vector<const AccountantInfo*>& registry() {
#define DPW_ACCOUNTANT_ENTRY(kind, descriptor) &descriptor,
  static const std::vector<const AccountantInfo*> list = {DPW_ACCOUNTANTS(DPW_ACCOUNTANT_ENTRY)};
#undef DPW_ACCOUNTANT_ENTRY
  return list;
}

}  // namespace

const std::vector<const AccountantInfo*>& accountantRegistry() { return registry(); }

const AccountantInfo& accountantInfo(AccountantKind kind) {
  const std::size_t i = std::size_t(kind);
  ensure(i < registry().size(), "accountant kind ", i, " has no registry entry");
  return *registry()[i];
}

std::unique_ptr<Accountant> makeAccountant(const std::string& id) { return accountantInfo(parseAccountant(id)).make(); }

AccountantKind parseAccountant(const std::string& id) {
  for (const AccountantInfo* a : registry())
    if (a->id == id) return a->kind;
  std::ostringstream known;
  for (const AccountantInfo* a : registry()) known << ' ' << a->id;
  throw InvalidArgument("unknown accountant '" + id + "'; known accountants:" + known.str());
}

const std::string& accountantId(AccountantKind kind) {
  static const std::vector<std::string> ids = accountantIds();  // in kind order, as the registry
  accountantInfo(kind);  // checks the kind
  return ids[std::size_t(kind)];
}

Neighbouring neighbouringOf(AccountantKind kind) { return accountantInfo(kind).relation; }

bool isProvenBound(AccountantKind kind) { return accountantInfo(kind).claim == AccountantClaim::Bound; }

AccountantKind tightestProvenAccountant(Neighbouring relation, DiscreteGaussianCover discreteGaussian) {
  const AccountantInfo* best = nullptr;
  for (const AccountantInfo* a : registry())
    if (a->relation == relation && a->batches == BatchSampling::OfRelation && a->claim == AccountantClaim::Bound &&
        a->discreteGaussian >= discreteGaussian && (!best || a->rank < best->rank))
      best = a;
  ensure(best != nullptr, "no proven accountant is registered for this neighbouring relation");
  return best->kind;
}

std::unique_ptr<Accountant> makeAccountant(AccountantKind kind) { return accountantInfo(kind).make(); }

std::vector<std::string> accountantIds() {
  std::vector<std::string> ids;
  for (const AccountantInfo* a : registry()) ids.push_back(a->id);
  return ids;
}

double epsilonAfterGaussianSteps(AccountantKind kind, double noiseMultiplier, double sampleRate, long steps,
                                 double delta) {
  auto acc = makeAccountant(kind);
  acc->addGaussianSteps(noiseMultiplier, sampleRate, steps);
  return acc->epsilon(delta);
}

double epsilonAfterGaussianSteps(const std::string& accountantId, double noiseMultiplier, double sampleRate,
                                 long steps, double delta) {
  return epsilonAfterGaussianSteps(parseAccountant(accountantId), noiseMultiplier, sampleRate, steps, delta);
}

}  // namespace dpw
