#include "core/points_frame_pool.h"

#include <utility>
#include <variant>

namespace dpw {

PointsFramePool::PointsFramePool(std::size_t spare) : spare_(std::make_shared<Spare>()) { spare_->capacity = spare; }

PointsFrame PointsFramePool::take(Eigen::Index rows, Eigen::Index cols) {
  PointsFrame f;
  {
    std::lock_guard lock(spare_->mutex);
    if (!spare_->buffers.empty()) {
      f = std::move(spare_->buffers.back());
      spare_->buffers.pop_back();
    }
  }
  // The same size as before (a run's frames): resize keeps the allocation, so no page is touched afresh.
  f.xy.resize(rows, cols);
  f.label.resize(std::size_t(rows));
  f.xLabel.clear(), f.yLabel.clear(), f.labelNames.clear();
  return f;
}

FramePtr PointsFramePool::publish(std::string chart, std::string title, long step, PointsFrame payload) {
  // The deleter holds the spare list, not this pool: frames may outlive the run that made them.
  auto giveBack = [spare = spare_](const Frame* frame) {
    std::unique_ptr<const Frame> owned(frame);  // deleted after the lock below is released
    // Nobody else sees the frame any more, and it was made non-const (`new Frame` below): its storage may move.
    auto* points = std::get_if<PointsFrame>(&const_cast<Frame*>(frame)->data);
    if (!points) return;
    std::lock_guard lock(spare->mutex);
    if (spare->buffers.size() < spare->capacity) spare->buffers.push_back(std::move(*points));
  };
  return FramePtr(new Frame{std::move(chart), std::move(title), step, std::move(payload)}, std::move(giveBack));
}

}  // namespace dpw
