#pragma once
/// The one-step PLDs of the last few (mechanism, parameter, q, interval) the PLD accountants built, shared by
/// every accountant in the process: a run asks for ε after t steps at every chart frame with the same σ and q
/// (a fresh accountant each time), and building the one-step PLD (~10⁵ normal CDFs) is then done once. The
/// composition is redone for every new history; a question asked before (the same history and δ) is answered
/// by the ε memo of pld_accountant_base.cpp, with the number a fresh accountant computed for it.
/// Thread-safe; at most 6 entries (core/recent_values.h: least recently used evicted; one is 1-3 MB at Δ = 1e-4).
#include <functional>
#include <memory>
#include <tuple>

#include "core/recent_values.h"

namespace dpw {

/// (accountant tag, mechanism tag, σ or Laplace scale, q, interval).
using PldStepKey = std::tuple<int, int, double, double, double>;

template <typename Value>
std::shared_ptr<const Value> cachedPldStep(const PldStepKey& key, const std::function<Value()>& build) {
  static RecentValues<PldStepKey, std::shared_ptr<const Value>, 6> recent;
  return recent.get(key, [&] { return std::make_shared<const Value>(build()); });
}

}  // namespace dpw
