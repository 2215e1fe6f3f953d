#include "core/batch_run.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <string>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/run_stop.h"

namespace dpw {
namespace {

// Keeps the newest frame of each chart (a grid cell shows only its final state) and forwards the hooks.
class ItemObserver : public RunObserver {
 public:
  ItemObserver(const BatchHooks& hooks, std::size_t item) : hooks_(hooks), item_(item) {}
  void onFrame(FramePtr frame) override {
    auto it = std::find_if(latest.begin(), latest.end(), [&](const FramePtr& g) { return g->chart == frame->chart; });
    if (it == latest.end())
      latest.push_back(std::move(frame));
    else
      *it = std::move(frame);
  }
  void onProgress(long step, long total) override {
    if (hooks_.progress) hooks_.progress(item_, step, total);
  }
  bool cancelRequested() const override { return hooks_.cancelled && hooks_.cancelled(); }
  std::vector<FramePtr> latest;

 private:
  const BatchHooks& hooks_;
  std::size_t item_;
};

}  // namespace

std::vector<BatchResult> runBatch(std::size_t n, const std::function<RunResult(std::size_t, RunObserver&)>& body,
                                  const BatchHooks& hooks) {
  std::vector<BatchResult> results(n);
  std::vector<std::string> errors(n);
  std::vector<std::exception_ptr> internal(n);  // a broken invariant stays an InternalError (core/internal_error.h)
  std::atomic<bool> cancelled{false};
#pragma omp parallel for schedule(dynamic, 1)
  for (long i = 0; i < long(n); ++i) {
    if (cancelled.load()) continue;
    const auto k = std::size_t(i);
    try {
      ItemObserver obs(hooks, k);
      const RunStopScope asked(obs);  // the helpers below an item ask it too (core/run_stop.h); this body catches
      throwIfCancelled(obs);
      results[k].result = body(k, obs);
      results[k].frames = std::move(obs.latest);
      if (hooks.itemDone) hooks.itemDone(k, results[k]);
    } catch (const Cancelled&) {
      cancelled = true;
    } catch (const InternalError&) {
      internal[k] = std::current_exception();
    } catch (const std::exception& e) {
      errors[k] = e.what();
    }
  }
  if (cancelled) throw Cancelled();
  for (const auto& e : internal)
    if (e) std::rethrow_exception(e);
  for (const auto& e : errors) require(e.empty(), e);
  return results;
}

std::vector<BatchResult> runMethodBatch(const MethodInfo& method, const std::vector<BatchItem>& items,
                                        const BatchHooks& hooks) {
  return runBatch(
      items.size(), [&](std::size_t i, RunObserver& obs) { return method.run(items[i].params, items[i].seed, obs); },
      hooks);
}

}  // namespace dpw
