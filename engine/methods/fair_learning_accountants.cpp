// The accountants the fair-learning methods accept: those for their sampler and relation (fixed-size
// batches per cell without replacement, replace-one within a cell), "auto" the tightest proven one.
#include <algorithm>
#include <sstream>

#include "core/error.h"
#include "methods/fair_learning.h"
#include "privacy/accountants/accountant.h"

namespace dpw {

const std::vector<std::string>& fairLearningAccountantIds() {
  static const std::vector<std::string> ids{"auto", accountantId(AccountantKind::PldWor),
                                            accountantId(AccountantKind::GdpUniform),
                                            accountantId(AccountantKind::RdpWor)};
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
  const auto all = accountantIds();
  const bool known = std::find(all.begin(), all.end(), id) != all.end();
  std::ostringstream why;
  why << "accountant '" << id << "' cannot account fair learning: ";
  if (known)
    why << "it assumes " << (id == "wdp" ? "a different mechanism" : "Poisson sampling with add/remove neighbours")
        << ", while these methods draw fixed-size batches per cell without replacement, with replace-one "
           "neighbours within a cell ([FairLearn] Def. 2.1, Lemma 5.1). ";
  else
    why << "unknown id. ";
  why << "Use 'auto' or 'pld-wor' (Dong-Roth-Su Thm 4.2 composed exactly, a bound), 'gdp-uniform' (the paper's CLT "
         "approximation) or 'rdp-wor' (Wang et al. 2019 Thm 9, a bound)";
  throw InvalidArgument(why.str());
}

}  // namespace dpw
