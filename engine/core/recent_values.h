#pragma once
/// A small process-wide memo: the values of the last N keys asked, the least recently used evicted. A value is
/// computed outside the lock (two threads may compute the same one; both are kept), so a slow computation
/// never holds up a lookup of another key. Thread-safe. The PLD accountants keep their one-step PLDs
/// (privacy/accountants/pld_step_cache.h) and their ε answers (pld_accountant_base.cpp) in one each.
#include <algorithm>
#include <cstddef>
#include <list>
#include <mutex>
#include <utility>

namespace dpw {

template <class Key, class Value, std::size_t N>
class RecentValues {
 public:
  /// The value remembered for `key`, or compute() remembered (a throw remembers nothing).
  template <class Compute>
  Value get(const Key& key, Compute&& compute) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const auto it = std::find_if(recent_.begin(), recent_.end(), [&](const auto& e) { return e.first == key; });
      if (it != recent_.end()) {
        recent_.splice(recent_.begin(), recent_, it);
        return recent_.front().second;
      }
    }
    Value value = compute();
    std::lock_guard<std::mutex> lock(mutex_);
    recent_.emplace_front(key, value);
    if (recent_.size() > N) recent_.pop_back();
    return value;
  }

 private:
  std::mutex mutex_;
  std::list<std::pair<Key, Value>> recent_;  ///< most recent first
};

}  // namespace dpw
