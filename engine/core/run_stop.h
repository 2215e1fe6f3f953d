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
/// another, as a whole-run audit drives one, answers to its own observer and then the outer run's again). It
/// answers at the OpenMP nesting level it was installed at: a scope installed in the body of a parallel loop whose
/// body catches (as a sweep's tasks do, fair_sweep.cpp) lets the helpers below that body ask, on every thread of
/// the team; a parallel region opened below it answers no.
class RunStopScope {
 public:
  explicit RunStopScope(const RunObserver& observer);
  ~RunStopScope();
  RunStopScope(const RunStopScope&) = delete;
  RunStopScope& operator=(const RunStopScope&) = delete;

 private:
  const RunObserver* previous_;
  int previousLevel_;
};

/// Throws dpw::Cancelled when this thread's run (RunStopScope) has been asked to stop. Nothing outside a run, and
/// nothing inside an OpenMP parallel region opened below the scope (an exception must not leave one; an inactive
/// one-thread region counts too).
void throwIfRunStopped();

/// A uniform random bit generator that draws from `inner` and asks for the run's Stop (throwIfRunStopped) every
/// 2^16 draws: the same draws in the same order, so std::shuffle of 10⁷ rows through it (~1 s) gives the same
/// permutation and answers Stop on the way.
template <class Bits>
class StopAskingBits {
 public:
  using result_type = typename Bits::result_type;
  explicit StopAskingBits(Bits& inner) : inner_(inner) {}
  static constexpr result_type min() { return Bits::min(); }
  static constexpr result_type max() { return Bits::max(); }
  result_type operator()() {
    if ((++drawn_ & 0xFFFF) == 0) throwIfRunStopped();
    return inner_();
  }

 private:
  Bits& inner_;
  unsigned long drawn_ = 0;
};

/// For a parallel region of the caller's own: this thread's run, to be asked from the region's encountering thread
/// (OpenMP's thread 0) only, which then lets the team leave together and throws after the region; nullptr outside
/// a run or when the caller is itself inside a parallel region opened below the scope. Read before the region.
const RunObserver* runStopObserver();

}  // namespace dpw
