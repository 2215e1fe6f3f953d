// The accountants the fair-learning methods accept: those for their sampler and relation (fixed-size
// batches per cell without replacement, replace-one within a cell), "auto" the tightest proven one.
#include <algorithm>
#include <sstream>

#include "core/choice_table.h"
#include "core/error.h"
#include "methods/fair_learning.h"
#include "privacy/accountants/accountant_offers.h"

namespace dpw {

const std::vector<std::string>& fairLearningAccountantIds() {
  // Fixed-size batches per cell without replacement, replace-one within a cell ([FairLearn] Def. 2.1, Lemma 5.1);
  // the paper's own accounting is the CLT approximation, so approximations are offered beside the bounds.
  static const std::vector<std::string> ids = offeredAccountantIds({{Neighbouring::ReplaceOne}, true});
  return ids;
}

std::optional<AccountantKind> parseFairLearningAccountant(const std::string& id, NoiseSource source) {
  if (id == "none") return std::nullopt;
  if (id == "auto")  // secure mode: proven for its grid discrete Gaussian at the run's q < 1 (fair_learning.h)
    return tightestProvenAccountant(Neighbouring::ReplaceOne, source == NoiseSource::OsEntropy
                                                                  ? DiscreteGaussianCover::EveryRate
                                                                  : DiscreteGaussianCover::None);
  const auto& ok = fairLearningAccountantIds();
  if (std::find(ok.begin(), ok.end(), id) != ok.end()) return parseAccountant(id);
  std::ostringstream why;
  why << "accountant '" << id << "' cannot account fair learning: ";
  const auto all = accountantIds();
  if (std::find(all.begin(), all.end(), id) == all.end()) {
    why << "unknown id. ";
  } else {
    const AccountantInfo& info = accountantInfo(parseAccountant(id));
    why << (info.claim == AccountantClaim::NotDp ? "it is not an (epsilon, delta)-DP accounting"
            : info.batches != BatchSampling::OfRelation
                ? "it assumes batches shuffled once per epoch with add/remove neighbours"
                : "it assumes Poisson sampling with add/remove neighbours")
        << ", while these methods draw fixed-size batches per cell without replacement, with replace-one "
           "neighbours within a cell ([FairLearn] Def. 2.1, Lemma 5.1). ";
  }
  why << "Use one of " << choiceList(ok);
  throw InvalidArgument(why.str());
}

}  // namespace dpw
