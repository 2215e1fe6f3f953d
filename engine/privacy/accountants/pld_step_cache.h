#pragma once
/// The one-step PLDs of the last few (mechanism, parameter, q, interval) the PLD accountants built, shared by
/// every accountant in the process: a run asks for ε after t steps at every chart frame with the same σ and q
/// (a fresh accountant each time), and building the one-step PLD (~10⁵ normal CDFs) is then done once. The
/// composition is redone for every new history; a question asked before (the same history and δ) is answered
/// by the ε memo of pld_accountant_base.cpp, with the number a fresh accountant computed for it.
/// Thread-safe; at most kEntries entries (least recently used evicted; one entry is 1-3 MB at Δ = 1e-4).
#include <algorithm>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <tuple>
#include <utility>

namespace dpw {

/// (accountant tag, mechanism tag, σ or Laplace scale, q, interval).
using PldStepKey = std::tuple<int, int, double, double, double>;

template <typename Value>
std::shared_ptr<const Value> cachedPldStep(const PldStepKey& key, const std::function<Value()>& build) {
  constexpr std::size_t kEntries = 6;
  static std::mutex mutex;
  static std::list<std::pair<PldStepKey, std::shared_ptr<const Value>>> recent;  // most recent first
  {
    std::lock_guard<std::mutex> lock(mutex);
    const auto it = std::find_if(recent.begin(), recent.end(), [&](const auto& e) { return e.first == key; });
    if (it != recent.end()) {
      recent.splice(recent.begin(), recent, it);
      return recent.front().second;
    }
  }
  auto value = std::make_shared<const Value>(build());  // outside the lock: another thread may build it too
  std::lock_guard<std::mutex> lock(mutex);
  recent.emplace_front(key, value);
  if (recent.size() > kEntries) recent.pop_back();
  return value;
}

}  // namespace dpw
