#pragma once
/// The accountants a method offers, generated from the registry's declared properties (accountant.h:
/// AccountantInfo's relation, batch sampling and claim), so that no method keeps a hand-written id list and a
/// new accountant joins every offer its properties fit.
#include <string>
#include <vector>

#include "privacy/accountants/accountant.h"

namespace dpw {

/// What a method's releases allow, from which the accountants it offers follow (offeredAccountants).
struct AccountantOffer {
  /// The neighbouring relations the method's sensitivity can be stated for; each names its sampler
  /// (BatchSampling::OfRelation: Poisson for add/remove, fixed-size without replacement for replace-one).
  std::vector<Neighbouring> relations;
  bool approximations = false;  ///< also offer approximations (AccountantClaim::Approximation: GDP's CLT)
};
/// The accountants a method offers, read from the registry's declared properties (never from ids): those of one of
/// the offer's relations with that relation's own sampler, whose claim is a proven bound (or an approximation if
/// the offer takes them; never NotDp); tightest first: by rank, bounds before approximations of one rank, then
/// replace-one before add/remove, then registry order. A new accountant joins every offer its properties fit.
std::vector<AccountantKind> offeredAccountants(const AccountantOffer& offer);
/// "auto" (the method's tightest proven choice) followed by the ids of offeredAccountants(offer): a method's
/// `accountant` choices.
std::vector<std::string> offeredAccountantIds(const AccountantOffer& offer);

}  // namespace dpw
