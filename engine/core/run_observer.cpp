#include "core/run_observer.h"

#include <algorithm>

namespace dpw {

std::vector<FramePtr> CollectingObserver::latestPerChart() const {
  std::vector<FramePtr> latest;
  for (const auto& f : frames) {
    auto it = std::find_if(latest.begin(), latest.end(), [&](const FramePtr& g) { return g->chart == f->chart; });
    if (it == latest.end())
      latest.push_back(f);
    else
      *it = f;
  }
  return latest;
}

void LatestFramesObserver::onFrame(FramePtr frame) {
  auto it = std::find_if(latest_.begin(), latest_.end(), [&](const FramePtr& g) { return g->chart == frame->chart; });
  if (it == latest_.end())
    latest_.push_back(std::move(frame));
  else
    *it = std::move(frame);
}

}  // namespace dpw
