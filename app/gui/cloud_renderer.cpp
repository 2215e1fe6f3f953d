#include "gui/cloud_renderer.h"

#include <QPainter>

#include "charts/density_image.h"

namespace dpwapp {

CloudRenderer::CloudRenderer(std::function<void(Result)> done, QObject* parent) : QObject(parent), done_(std::move(done)) {
  pool_.setMaxThreadCount(1);
}

CloudRenderer::~CloudRenderer() { pool_.waitForDone(); }

bool CloudRenderer::wants(const dpw::Frame& f) {
  const auto* pts = std::get_if<dpw::PointsFrame>(&f.data);
  // Only the row count, read in the GUI thread for every frame: counting the groups is a pass over every
  // label (1-20 ms at 10⁶ particles, most of the GUI thread's time when it ran here). A large frame whose
  // groups are all small is drawn with markers, in the helper thread too.
  return pts && pts->xy.rows() > kDensityThreshold;
}

CloudRenderer::Result CloudRenderer::render(const Job& job) {
  Result r{job.frame, job.range, {}, job.sequence};
  const auto* pts = job.frame ? std::get_if<dpw::PointsFrame>(&job.frame->data) : nullptr;
  if (!pts || job.size.isEmpty()) return r;
  updateRange(*pts, r.range);
  r.picture = QImage((QSizeF(job.size) * job.dpr).toSize(), QImage::Format_ARGB32_Premultiplied);
  r.picture.setDevicePixelRatio(job.dpr);
  r.picture.fill(Qt::white);
  QPainter p(&r.picture);
  paintPoints(*pts, QString::fromStdString(job.frame->title), p, QRectF(QPointF(0, 0), QSizeF(job.size)), r.range);
  return r;
}

bool CloudRenderer::start(Job job) {
  if (busy_) return false;
  busy_ = true;
  pool_.start([this, job = std::move(job)] {
    Result r = render(job);
    // Back in the GUI thread; dropped if this object is gone by then (queued calls die with their context).
    QMetaObject::invokeMethod(this, [this, r = std::move(r)]() mutable {
      busy_ = false;
      done_(std::move(r));
    }, Qt::QueuedConnection);
  });
  return true;
}

}  // namespace dpwapp
