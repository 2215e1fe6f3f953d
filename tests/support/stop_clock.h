#pragma once
// Stop within 1 s in every phase (issue #40), measured two ways: StopClock keeps the newest frames and times a
// run's questions "stop?" (the longest stretch without one, from the observer's creation, and which question ended
// it); stopLatency runs a method in a thread, asks it to stop after `after` and returns the seconds it took to
// return (NaN if it returned before the request or without Cancelled).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <thread>

#include "core/error.h"
#include "core/run_observer.h"

namespace dpwtest {

class StopClock : public dpw::LatestFramesObserver {
 public:
  using Clock = std::chrono::steady_clock;
  bool cancelRequested() const override {
    const auto now = Clock::now();
    const double gap = std::chrono::duration<double>(now - last_).count();
    if (gap > longest) longestAt = questions;
    longest = std::max(longest, gap);
    last_ = now;
    ++questions;
    return LatestFramesObserver::cancelRequested();
  }
  mutable double longest = 0;   ///< seconds
  mutable int questions = 0;
  mutable int longestAt = 0;  ///< the question (0-based) that ended the longest stretch

 private:
  mutable Clock::time_point last_ = Clock::now();
};

inline double stopLatency(const std::function<void(dpw::RunObserver&)>& run, std::chrono::milliseconds after) {
  dpw::LatestFramesObserver observer;
  bool cancelled = false;
  std::atomic<bool> returned{false};
  std::thread worker([&] {
    try {
      run(observer);
    } catch (const dpw::Cancelled&) {
      cancelled = true;
    }
    returned = true;
  });
  std::this_thread::sleep_for(after);
  const bool early = returned.load();
  const auto asked = StopClock::Clock::now();
  observer.cancel = true;
  worker.join();
  const double latency = std::chrono::duration<double>(StopClock::Clock::now() - asked).count();
  return cancelled && !early ? latency : std::nan("");
}

}  // namespace dpwtest
