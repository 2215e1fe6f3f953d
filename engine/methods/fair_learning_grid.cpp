// The (ε, α) grid of the fair-learning methods ([FairLearn] Figs. 5, 7, 9, 11), on the app's batch engine.
#include "core/batch_run.h"
#include "core/error.h"
#include "methods/fair_learning.h"

namespace dpw {

std::vector<FairGridCell> runFairLearningGrid(const FairLearningSettings& base, const std::vector<double>& epsilons,
                                              const std::vector<double>& alphas, std::uint64_t seed) {
  return runFairLearningGrid(base, epsilons, alphas, seed, FairGridHooks{});
}

std::vector<FairGridCell> runFairLearningGrid(const FairLearningSettings& base, const std::vector<double>& epsilons,
                                              const std::vector<double>& alphas, std::uint64_t seed,
                                              const FairGridHooks& hooks) {
  require(!epsilons.empty() && !alphas.empty(), "a grid needs at least one epsilon and one alpha");
  std::vector<FairGridCell> cells(epsilons.size() * alphas.size());
  for (std::size_t r = 0; r < epsilons.size(); ++r)
    for (std::size_t c = 0; c < alphas.size(); ++c) {
      cells[r * alphas.size() + c].epsilon = epsilons[r];
      cells[r * alphas.size() + c].alpha = alphas[c];
    }
  // The one batch engine of the app (core/batch_run.h) runs the cells.
  BatchHooks batchHooks{hooks.cancelled, hooks.progress, nullptr};
  if (hooks.cellDone)
    batchHooks.itemDone = [&](std::size_t i, const BatchResult& done) {
      FairGridCell cell{cells[i].epsilon, cells[i].alpha, done.result, done.frames};
      hooks.cellDone(i, cell);
    };
  auto results = runBatch(
      cells.size(),
      [&](std::size_t i, RunObserver& obs) {
        FairLearningSettings s = base;
        s.epsilon = cells[i].epsilon;
        s.alpha = cells[i].alpha;
        return runFairLearning(s, seed, obs);
      },
      batchHooks);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    cells[i].result = std::move(results[i].result);
    cells[i].frames = std::move(results[i].frames);
  }
  return cells;
}

}  // namespace dpw
