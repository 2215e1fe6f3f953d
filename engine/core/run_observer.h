#pragma once
/// How a run talks to whoever started it: frames out, progress out, cancellation in.
///
/// Methods call `onFrame` with immutable frames, `onProgress` once per step, `onStatus` when they start a
/// stretch of work with no step to count (loading data, fitting, calibrating the noise; issue #40: a run
/// says what it is doing while it prepares), and poll
/// `cancelRequested()` at least once per step (via `throwIfCancelled`). Calls come from the run's
/// thread; an implementation that hands frames to another thread must do its own locking.
#include <atomic>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/frame.h"

namespace dpw {

class RunObserver {
 public:
  virtual ~RunObserver() = default;
  virtual void onFrame(FramePtr frame) = 0;
  virtual void onProgress(long /*step*/, long /*totalSteps*/) {}
  /// What the run does now, a few words for a status line ("loading Fashion-MNIST", "calibrating the noise
  /// to ε = 1"); it holds until the next status ("": that stretch is over). Observers that wrap another forward it.
  virtual void onStatus(const std::string& /*what*/) {}
  virtual bool cancelRequested() const { return false; }
};

/// Throws dpw::Cancelled when the observer asked the run to stop.
inline void throwIfCancelled(const RunObserver& observer) {
  if (observer.cancelRequested()) throw Cancelled();
}

/// An observer that keeps every frame; used by tests and the headless runner.
class CollectingObserver : public RunObserver {
 public:
  void onFrame(FramePtr frame) override { frames.push_back(std::move(frame)); }
  void onProgress(long step, long total) override {
    lastStep = step;
    totalSteps = total;
  }
  bool cancelRequested() const override { return cancel.load(); }

  /// The newest frame of each chart, in order of first appearance.
  std::vector<FramePtr> latestPerChart() const;

  std::vector<FramePtr> frames;
  long lastStep = 0;
  long totalSteps = 0;
  std::atomic<bool> cancel{false};
};

/// An observer that keeps only the newest frame of each chart (memory does not grow with the number
/// of frames a run publishes); used by the headless runner, sweeps and grid cells.
class LatestFramesObserver : public RunObserver {
 public:
  void onFrame(FramePtr frame) override;
  void onProgress(long step, long total) override {
    lastStep = step;
    totalSteps = total;
  }
  bool cancelRequested() const override { return cancel.load(); }

  /// The newest frame of each chart, in order of first appearance.
  const std::vector<FramePtr>& latestPerChart() const { return latest_; }

  long lastStep = 0;
  long totalSteps = 0;
  std::atomic<bool> cancel{false};

 private:
  std::vector<FramePtr> latest_;
};

}  // namespace dpw
