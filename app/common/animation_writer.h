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
#include <functional>

#include "common/animation_settings.h"

namespace dpwapp {

/// The picture of one snapshot: the chosen charts in a grid of ⌈√n⌉ columns, white where a chart has
/// no frame yet. Throws dpw::InvalidArgument if a chosen chart id never appears in `known`.
QImage composeAnimationFrame(const AnimationSnapshot& snapshot, const AnimationSettings& settings);

/// Writes the snapshots as an animation (the file appears only when complete: written to a temporary
/// name beside it, then renamed). `progress(i, n)` is called after each picture; returning false stops.
/// Throws dpw::InvalidArgument on failure (an empty recording, an unknown chart, an encoder error).
AnimationReport writeAnimation(const std::vector<AnimationSnapshot>& snapshots, const AnimationSettings& settings,
                               const std::function<bool(int, int)>& progress = {});

}  // namespace dpwapp
