#pragma once
/// Many independent runs at once: the engine of every grid in DPW Lab (the GUI's comparison grid,
/// the fair-learning ε × α grid of [FairLearn] Figs. 5-11). Items run in parallel (OpenMP, dynamic
/// schedule, one item per thread); each item's numbers depend only on its own inputs, so results do
/// not depend on the thread count or the order in which items finish.
#include <cstdint>
#include <functional>
#include <vector>

#include "core/method.h"

namespace dpw {

/// What one finished item left: its result and the newest frame of each of its charts.
struct BatchResult {
  RunResult result;
  std::vector<FramePtr> frames;
};

/// Hooks for a viewer. Every hook may be called from any worker thread at the same time:
/// implementations must be thread-safe and cheap.
struct BatchHooks {
  std::function<bool()> cancelled;                                        ///< polled once per step of every running item
  std::function<void(std::size_t item, long step, long steps)> progress;  ///< after each step of an item
  std::function<void(std::size_t item, const BatchResult&)> itemDone;     ///< an item finished (final)
};

/// Runs `body(i, observer)` for i in [0, n) in parallel and collects each result with the newest
/// frame per chart. Hooks only observe: the numbers equal those of a serial loop.
/// @throws Cancelled when `hooks.cancelled` returned true (items already done were reported);
///         InvalidArgument with the first item's message when an item failed.
std::vector<BatchResult> runBatch(std::size_t n, const std::function<RunResult(std::size_t, RunObserver&)>& body,
                                  const BatchHooks& hooks = {});

/// One run of a method in a batch: its parameters and seed.
struct BatchItem {
  ParamValues params;
  std::uint64_t seed = 0;
};

/// Runs `method` once per item (in parallel, as above); result i belongs to items[i].
std::vector<BatchResult> runMethodBatch(const MethodInfo& method, const std::vector<BatchItem>& items,
                                        const BatchHooks& hooks = {});

}  // namespace dpw
