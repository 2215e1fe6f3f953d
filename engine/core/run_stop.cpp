#include "core/run_stop.h"

#include <omp.h>

namespace dpw {

namespace {
thread_local const RunObserver* currentRun = nullptr;
}  // namespace

RunStopScope::RunStopScope(const RunObserver& observer) : previous_(currentRun) { currentRun = &observer; }

RunStopScope::~RunStopScope() { currentRun = previous_; }

void throwIfRunStopped() {
  if (const RunObserver* run = runStopObserver()) throwIfCancelled(*run);
}

const RunObserver* runStopObserver() { return omp_in_parallel() ? nullptr : currentRun; }

}  // namespace dpw
