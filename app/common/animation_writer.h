#pragma once
/// Recording a run as an animation for slides: an animated GIF (giflib) or an MP4 video (FFmpeg's
/// libavformat/libavcodec, H.264 via libx264 when present, MPEG-4 part 2 otherwise; libswscale for the
/// colour conversion). No encoder is written here.
///
/// A recording is a list of snapshots: each time the run publishes a frame at a new step, the newest
/// frame of every chart (AnimationRecorder). The pictures are made for slides (animationPictures):
///   - evenly spaced in steps: picture j shows the newest snapshot at or before step j·T/(n−1) of the
///     recording's n snapshots, so a run that publishes often early and rarely late plays at an even pace;
///   - one step per picture: charts drawn against the step (x axis "step") are cut at the step the slowest
///     of them has reached, so the loss never runs ahead of the ε beside it;
///   - fixed axes: each chart's axes cover every picture of the recording (dpw::AxisSpan), so nothing
///     rescales while it plays;
///   - a caption under the charts: the step (of the run's total) and the privacy spent at that step.
/// Each picture paints the chosen charts (all by default) side by side, as the chart exports draw them
/// (renderFrameImage), at the chosen size.
/// The GIF stores each picture's changed rectangle only, with its own 256-colour palette (GifQuantizeBuffer);
/// the MP4 is yuv420p (even width and height).
#include <QImage>
#include <QSize>
#include <QString>
#include <functional>
#include <string>
#include <vector>

#include "core/method.h"
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
  bool cancelRequested() const override { return next_.cancelRequested(); }
  long totalSteps() const { return totalSteps_; }
  const std::vector<AnimationSnapshot>& snapshots() const { return snapshots_; }

 private:
  dpw::RunObserver& next_;
  std::vector<AnimationSnapshot> snapshots_;
  long lastStep_ = -1;
  long totalSteps_ = 0;
};

/// One picture of an animation: its charts' frames (cut and given fixed axes) and the step it shows.
struct AnimationPicture {
  AnimationSnapshot frames;
  long step = 0;
};

/// The pictures of a recording, as the header comment says: evenly spaced in steps, one step each, axes
/// fixed over the whole recording. As many pictures as snapshots (a sparse stretch repeats its picture).
std::vector<AnimationPicture> animationPictures(const std::vector<AnimationSnapshot>& snapshots);

/// The caption of a picture at `step`: "step 60 of 300 · ε spent: 0.82" (ε read from `snapshot` as
/// settings.privacy says, rounded up like every printed claim; left out when the run spends none or
/// has no live curve).
QString animationCaption(const AnimationSnapshot& snapshot, long step, const AnimationSettings& settings);

/// The picture of one snapshot: the chosen charts in a grid of ⌈√n⌉ columns, white where a chart has
/// no frame yet, above the caption at the snapshot's newest step. Throws dpw::InvalidArgument if a
/// chosen chart id never appears in the snapshot.
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
