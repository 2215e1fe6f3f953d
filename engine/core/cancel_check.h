#pragma once
/// A cancellation question for code below the run layer (data loading, PCA fits): a callable that
/// answers "has the run been asked to stop?". Empty means "never". Long preparation loops call
/// `throwIfCancelled(check)` between pieces of bounded work so that Stop is answered in every phase
/// of a run, data loading included (issue #40: within 1 s). A run passes
/// `[&] { return observer.cancelRequested(); }` (core/run_observer.h).
#include <functional>

#include "core/error.h"

namespace dpw {

using CancelCheck = std::function<bool()>;

/// Throws dpw::Cancelled when `check` is set and answers true.
inline void throwIfCancelled(const CancelCheck& check) {
  if (check && check()) throw Cancelled();
}

}  // namespace dpw
