#include "privacy/accountants/accountant_offers.h"

#include <algorithm>
#include <tuple>

namespace dpw {

std::vector<AccountantKind> offeredAccountants(const AccountantOffer& offer) {
  std::vector<const AccountantInfo*> fit;
  for (const AccountantInfo* a : accountantRegistry()) {
    const bool relation = std::find(offer.relations.begin(), offer.relations.end(), a->relation) != offer.relations.end();
    const bool claim = a->claim == AccountantClaim::Bound ||
                       (offer.approximations && a->claim == AccountantClaim::Approximation);
    if (relation && a->batches == BatchSampling::OfRelation && claim) fit.push_back(a);
  }
  std::stable_sort(fit.begin(), fit.end(), [](const AccountantInfo* x, const AccountantInfo* y) {
    const auto key = [](const AccountantInfo* a) {
      return std::tuple(a->rank, a->claim != AccountantClaim::Bound, a->relation != Neighbouring::ReplaceOne);
    };
    return key(x) < key(y);
  });
  std::vector<AccountantKind> kinds;
  for (const AccountantInfo* a : fit) kinds.push_back(a->kind);
  return kinds;
}

std::vector<std::string> offeredAccountantIds(const AccountantOffer& offer) {
  std::vector<std::string> ids{"auto"};
  for (AccountantKind kind : offeredAccountants(offer)) ids.push_back(accountantId(kind));
  return ids;
}

}  // namespace dpw
