#pragma once
// An observer that keeps every frame and writes down, in order, what a run did: "frame <chart> <step>" and
// "status <words>" (tests of what a run shows before it starts its steps, issue #40).
#include <string>
#include <vector>

#include "core/run_observer.h"

namespace dpwtest {

struct EventLog : dpw::CollectingObserver {
  void onFrame(dpw::FramePtr f) override {
    events.push_back("frame " + f->chart + " " + std::to_string(f->step));
    CollectingObserver::onFrame(std::move(f));
  }
  void onStatus(const std::string& what) override { events.push_back("status " + what); }
  /// The index of the first event that starts with `prefix`, or -1.
  long first(const std::string& prefix) const {
    for (std::size_t i = 0; i < events.size(); ++i)
      if (events[i].rfind(prefix, 0) == 0) return long(i);
    return -1;
  }
  std::string joined() const {
    std::string s;
    for (const auto& e : events) s += (s.empty() ? "" : "; ") + e;
    return s;
  }
  std::vector<std::string> events;
};

}  // namespace dpwtest
