#pragma once
/// Storage for large point frames, recycled (issue #22 item 6).
///
/// A live run of 10⁶ particles publishes a PointsFrame per step: 16 MB of coordinates and 4 MB of labels.
/// Fresh each time, that storage is page-faulted and zeroed by the kernel as the engine writes it (the
/// engine thread's biggest cost after the step) and unmapped by whichever thread drops the last
/// reference, the GUI thread included. A pool instead hands the storage of frames the viewers have released
/// back to the next frame: the frame stays immutable while anyone holds it (its storage only returns
/// once the last FramePtr is gone), and the pool outlives the run while frames do.
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/frame.h"

namespace dpw {

class PointsFramePool {
 public:
  /// Keeps at most `spare` released buffers (a viewer holds one or two frames while the run builds the next).
  explicit PointsFramePool(std::size_t spare = 2);
  /// A frame payload with xy sized rows x cols and label sized `rows`, contents unspecified (written by the
  /// caller): a released frame's storage when one is back, else new.
  PointsFrame take(Eigen::Index rows, Eigen::Index cols);
  /// The frame, whose storage returns to this pool when its last reference is dropped (in any thread).
  FramePtr publish(std::string chart, std::string title, long step, PointsFrame payload);

 private:
  struct Spare {
    std::mutex mutex;
    std::size_t capacity;
    std::vector<PointsFrame> buffers;
  };
  std::shared_ptr<Spare> spare_;
};

}  // namespace dpw
