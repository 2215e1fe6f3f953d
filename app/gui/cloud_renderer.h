#pragma once
/// Renders a large point-cloud chart into an image in a helper thread (issue #22 item 6).
///
/// A frame of 10⁶ particles costs about 10 ms of CPU to draw (the axis range over every point, binning
/// every point into the density image, colouring it): on a loaded machine that is 25 ms and more of
/// wall time, too much of the GUI thread's 50 ms. The chart view hands such a frame to this renderer
/// and keeps showing its previous picture; the finished picture comes back to the GUI thread (a queued
/// call) together with its frame and axis range, so what is shown is always one frame's own picture.
/// One job at a time per renderer: the view keeps only the newest frame waiting.
#include <QImage>
#include <QObject>
#include <QSize>
#include <QThreadPool>
#include <functional>

#include "charts/point_cloud_painter.h"
#include "core/frame.h"

namespace dpwapp {

class CloudRenderer : public QObject {
 public:
  struct Job {
    dpw::FramePtr frame;
    PlotRange range;  ///< the axis range before this frame (updateRange moves it on)
    QSize size;       ///< logical pixels
    qreal dpr = 1;    ///< device pixel ratio
    long sequence = 0;
  };
  struct Result {
    dpw::FramePtr frame;
    PlotRange range;  ///< after this frame
    QImage picture;   ///< size x dpr device pixels, its device pixel ratio set
    long sequence = 0;
  };
  /// `done` is called in the thread of this object (the GUI thread) with each finished picture.
  explicit CloudRenderer(std::function<void(Result)> done, QObject* parent = nullptr);
  /// Waits for a job under way (its picture is dropped).
  ~CloudRenderer() override;
  /// True for frames worth drawing off the GUI thread: point clouds of more than kDensityThreshold points (a
  /// group may be drawn as a density image); decided from the row count alone, O(1) in the GUI thread.
  static bool wants(const dpw::Frame& frame);
  /// Starts `job` in the helper thread; false (nothing started) while another job is under way.
  bool start(Job job);
  bool busy() const { return busy_; }

  /// What a job does, in any thread: the whole chart (title, axes, points or density image, legend).
  static Result render(const Job& job);

 private:
  std::function<void(Result)> done_;
  bool busy_ = false;
  QThreadPool pool_;
};

}  // namespace dpwapp
