#pragma once
/// Recording a run as an animation for slides: an animated GIF (giflib) or an MP4 video (FFmpeg's
/// libavformat/libavcodec, H.264 via libx264 when present, MPEG-4 part 2 otherwise; libswscale for the
/// colour conversion). No encoder is written here.
///
/// A recording is a list of snapshots: each time the run publishes a frame at a new step, the newest
/// frame of every chart (AnimationRecorder). Each snapshot becomes one picture: the chosen charts (all by
/// default) painted side by side, as the chart exports draw them (renderFrameImage), at the chosen size.
/// The GIF stores each picture's changed rectangle only, with its own 256-colour palette (GifQuantizeBuffer);
/// the MP4 is yuv420p (even width and height).
#include <QImage>
#include <QSize>
#include <QString>
#include <functional>
#include <string>
#include <vector>

#include "core/run_observer.h"

namespace dpwapp {

enum class AnimationFormat { Gif, Mp4 };

struct AnimationSettings {
  QString path;                     ///< output file, .gif or .mp4
  int fps = 10;                     ///< pictures per second, 1 to 60
  QSize size{1024, 640};            ///< picture size in pixels
  std::vector<std::string> charts;  ///< chart ids to show, in this order; empty = every chart of the run
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
  void onProgress(long step, long total) override { next_.onProgress(step, total); }
  bool cancelRequested() const override { return next_.cancelRequested(); }
  const std::vector<AnimationSnapshot>& snapshots() const { return snapshots_; }

 private:
  dpw::RunObserver& next_;
  std::vector<AnimationSnapshot> snapshots_;
  long lastStep_ = -1;
};

/// The picture of one snapshot: the chosen charts in a grid of ⌈√n⌉ columns, white where a chart has
/// no frame yet. Throws dpw::InvalidArgument if a chosen chart id never appears in `known`.
QImage composeAnimationFrame(const AnimationSnapshot& snapshot, const AnimationSettings& settings);

/// What was written.
struct AnimationReport {
  int frames = 0;         ///< pictures written
  qint64 bytes = 0;       ///< file size
  QString encoder;        ///< e.g. "giflib", "libx264"
};

/// Writes the snapshots as an animation (the file appears only when complete: written to a temporary
/// name beside it, then renamed). `progress(i, n)` is called after each picture; returning false stops.
/// Throws dpw::InvalidArgument on failure (an empty recording, an unknown chart, an encoder error).
AnimationReport writeAnimation(const std::vector<AnimationSnapshot>& snapshots, const AnimationSettings& settings,
                               const std::function<bool(int, int)>& progress = {});

/// The chart ids that appear in a recording, in order of first appearance.
std::vector<std::string> recordedCharts(const std::vector<AnimationSnapshot>& snapshots);

}  // namespace dpwapp
