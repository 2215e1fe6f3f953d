#include "core/run_stop.h"

#include <omp.h>

namespace dpw {

namespace {
thread_local const RunObserver* currentRun = nullptr;
thread_local int currentLevel = 0;  ///< the OpenMP nesting level currentRun was installed at
}  // namespace

RunStopScope::RunStopScope(const RunObserver& observer) : previous_(currentRun), previousLevel_(currentLevel) {
  currentRun = &observer;
  currentLevel = omp_get_level();
}

RunStopScope::~RunStopScope() {
  currentRun = previous_;
  currentLevel = previousLevel_;
}

void throwIfRunStopped() {
  if (const RunObserver* run = runStopObserver()) throwIfCancelled(*run);
}

const RunObserver* runStopObserver() { return omp_get_level() == currentLevel ? currentRun : nullptr; }

}  // namespace dpw
