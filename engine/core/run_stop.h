#pragma once
/// The Stop question of the run on this thread, for code far below the run that has no observer or CancelCheck
/// at hand: calibration's root finding (each ε it evaluates can be a PLD composition), data generation, long
/// loops in shared helpers. Every method run through MethodInfo::run has its observer installed here for the run's
/// lifetime (methods/registry.cpp), so these places answer Stop within 1 s in every phase (issue #40) without each
/// caller passing a check down. Outside a run (a test or tool calling an engine function directly, the CLI's
/// `account` and `calibrate`) and on OpenMP's worker threads nothing is installed and the question answers "no".
/// Explicit checks (throwIfCancelled with the observer or a CancelCheck) stay where a run has them.
#include "core/run_observer.h"

namespace dpw {

/// Installs `observer` as this thread's run for its lifetime (restoring the one before: an inner run inside
/// another, as a whole-run audit drives one, answers to its own observer and then the outer run's again).
class RunStopScope {
 public:
  explicit RunStopScope(const RunObserver& observer);
  ~RunStopScope();
  RunStopScope(const RunStopScope&) = delete;
  RunStopScope& operator=(const RunStopScope&) = delete;

 private:
  const RunObserver* previous_;
};

/// Throws dpw::Cancelled when this thread's run (RunStopScope) has been asked to stop. Nothing outside a run, and
/// nothing inside an OpenMP parallel region (an exception must not leave one: a helper that runs in a parallel
/// sweep of seeds, say, is then stopped by the sweep's own checks).
void throwIfRunStopped();

/// For a parallel region of the caller's own: this thread's run, to be asked from the region's encountering thread
/// (OpenMP's thread 0) only, which then lets the team leave together and throws after the region; nullptr outside
/// a run or when the caller is itself inside a parallel region. Read before the region.
const RunObserver* runStopObserver();

}  // namespace dpw
