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
#include <functional>
#include <memory>

#include "common/animation_settings.h"

namespace dpwapp {

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

/// Writes the snapshots as an animation (the file appears only when complete: written to a temporary
/// name beside it, then renamed). `progress(i, n)` is called after each picture; returning false stops.
/// Throws dpw::InvalidArgument on failure (an empty recording, an unknown chart, an encoder error).
AnimationReport writeAnimation(const std::vector<AnimationSnapshot>& snapshots, const AnimationSettings& settings,
                               const std::function<bool(int, int)>& progress = {});

/// writeAnimation one picture at a call, for a caller whose event loop turns between pictures (the GUI's
/// recording panel, gui/recording_panel.h, paints on the GUI thread without a modal dialog): the constructor
/// checks the settings and opens the temporary file, encodeNext() paints and encodes one picture, finish()
/// closes and renames it into place. Destroyed before finish(), it leaves no file behind. Throws as
/// writeAnimation does.
class AnimationEncoding {
 public:
  AnimationEncoding(const std::vector<AnimationSnapshot>& snapshots, const AnimationSettings& settings);
  ~AnimationEncoding();
  AnimationEncoding(const AnimationEncoding&) = delete;
  AnimationEncoding& operator=(const AnimationEncoding&) = delete;
  int pictures() const;
  int encoded() const;
  /// Encodes the next picture; false when every picture was already encoded.
  bool encodeNext();
  /// Finishes the file (every picture must be encoded) and renames it to settings.path.
  AnimationReport finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> d_;
};

}  // namespace dpwapp
