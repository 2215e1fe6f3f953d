#pragma once
/// What an animation of a run is, without drawing it (Qt Core only, so dpwlab-cli can record a run on a
/// machine without Qt Gui and hand the recording to the export plugin, common/export_plugin.h): the
/// settings (file, frame rate, size, charts), their checks, and the recorder that keeps one snapshot of
/// every chart per published step. Painting and encoding are common/animation_writer.h.
#include <QSize>
#include <QString>
#include <string>
#include <vector>

#include "core/method.h"  // PrivacyReadout
#include "core/run_observer.h"

namespace dpwapp {

enum class AnimationFormat { Gif, Mp4 };

struct AnimationSettings {
  QString path;                     ///< output file, .gif or .mp4
  int fps = 10;                     ///< pictures per second, 1 to 60
  QSize size{1024, 640};            ///< picture size in pixels
  std::vector<std::string> charts;  ///< chart ids to show, in this order; empty = every chart of the run
  long totalSteps = 0;              ///< the run's steps, for the caption ("step 60 of 300"); 0: not said
  dpw::PrivacyReadout privacy;      ///< where the run's ε spent is read (its method's), for the caption
};

/// Format from the file name's suffix; throws dpw::InvalidArgument for any other suffix.
AnimationFormat animationFormatFor(const QString& path);
/// "WxH" (e.g. "1024x640") as a size; throws dpw::InvalidArgument unless both are whole numbers in [16, 7680].
QSize parseAnimationSize(const QString& text);
/// Everything that can be checked before a run: format, fps, size (even for MP4), and that the file can be
/// created (its folder exists and is writable; an existing file is writable). Creates nothing.
/// Throws dpw::InvalidArgument with the reason.
void checkAnimationSettings(const AnimationSettings& settings);

/// One picture's worth of charts: the newest frame of each chart at one step.
using AnimationSnapshot = std::vector<dpw::FramePtr>;

/// A run observer that keeps one snapshot per published step (frames at the same step update the last
/// snapshot), and forwards everything to `next`. Frames are shared, immutable pointers: a snapshot costs
/// one pointer per chart.
class AnimationRecorder : public dpw::RunObserver {
 public:
  explicit AnimationRecorder(dpw::RunObserver& next) : next_(next) {}
  void onFrame(dpw::FramePtr frame) override;
  void onProgress(long step, long total) override {
    totalSteps_ = total;
    next_.onProgress(step, total);
  }
  void onStatus(const std::string& what) override { next_.onStatus(what); }
  bool cancelRequested() const override { return next_.cancelRequested(); }
  long totalSteps() const { return totalSteps_; }
  const std::vector<AnimationSnapshot>& snapshots() const { return snapshots_; }

 private:
  dpw::RunObserver& next_;
  std::vector<AnimationSnapshot> snapshots_;
  long lastStep_ = -1;
  long totalSteps_ = 0;
};

/// What was written.
struct AnimationReport {
  int frames = 0;         ///< pictures written
  qint64 bytes = 0;       ///< file size
  QString encoder;        ///< e.g. "giflib", "libx264"
};

/// The chart ids that appear in a recording, in order of first appearance.
std::vector<std::string> recordedCharts(const std::vector<AnimationSnapshot>& snapshots);

}  // namespace dpwapp
