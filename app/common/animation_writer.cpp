#include "common/animation_writer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPainter>
#include <QTemporaryFile>
#include <algorithm>
#include <cmath>

#include "charts/plot_painter.h"
#include "common/gif_encoder.h"
#include "common/video_encoder.h"
#include "core/error.h"

namespace dpwapp {

namespace {

QImage compose(const AnimationSnapshot& snapshot, const std::vector<std::string>& charts, QSize size) {
  QImage out(size, QImage::Format_RGB32);
  out.fill(Qt::white);
  const int n = int(charts.size());
  if (n == 0) return out;
  const int cols = int(std::ceil(std::sqrt(double(n)))), rows = (n + cols - 1) / cols;
  QPainter p(&out);
  for (int i = 0; i < n; ++i) {
    const auto it = std::find_if(snapshot.begin(), snapshot.end(), [&](const dpw::FramePtr& f) { return f->chart == charts[size_t(i)]; });
    if (it == snapshot.end()) continue;
    const int c = i % cols, r = i / cols;
    const int x0 = size.width() * c / cols, x1 = size.width() * (c + 1) / cols;
    const int y0 = size.height() * r / rows, y1 = size.height() * (r + 1) / rows;
    p.drawImage(QPoint(x0, y0), renderFrameImage(**it, QSize(x1 - x0, y1 - y0)));
  }
  return out;
}

std::vector<std::string> chosenCharts(const std::vector<AnimationSnapshot>& snapshots, const AnimationSettings& s) {
  const std::vector<std::string> known = recordedCharts(snapshots);
  if (s.charts.empty()) return known;
  for (const auto& id : s.charts)
    if (std::find(known.begin(), known.end(), id) == known.end()) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      throw dpw::InvalidArgument("the run has no chart '" + id + "' to record (charts: " + list + ")");
    }
  return s.charts;
}

}  // namespace

QImage composeAnimationFrame(const AnimationSnapshot& snapshot, const AnimationSettings& settings) {
  return compose(snapshot, chosenCharts({snapshot}, settings), settings.size);
}

AnimationReport writeAnimation(const std::vector<AnimationSnapshot>& snapshots, const AnimationSettings& settings,
                               const std::function<bool(int, int)>& progress) {
  checkAnimationSettings(settings);
  if (snapshots.empty()) throw dpw::InvalidArgument("the run published no frame: nothing to record");
  const std::vector<std::string> charts = chosenCharts(snapshots, settings);
  const AnimationFormat format = animationFormatFor(settings.path);
  // Written beside the target under a temporary name, renamed when complete.
  const QFileInfo target(settings.path);
  QTemporaryFile part(QDir(target.absolutePath()).filePath(".dpwlab-animation-XXXXXX." + target.suffix()));
  if (!part.open()) throw dpw::InvalidArgument("cannot create a file beside " + settings.path.toStdString());
  part.close();
  const QString tmp = part.fileName();
  AnimationReport report;
  const int n = int(snapshots.size());
  if (format == AnimationFormat::Gif) {
    GifEncoder gif(tmp, settings.size, settings.fps);
    for (int i = 0; i < n; ++i) {
      gif.add(compose(snapshots[size_t(i)], charts, settings.size));
      if (progress && !progress(i + 1, n)) throw dpw::Cancelled();
    }
    gif.finish();
    report.frames = gif.images();
    report.encoder = "giflib";
  } else {
    VideoEncoder video(tmp, settings.size, settings.fps);
    for (int i = 0; i < n; ++i) {
      video.add(compose(snapshots[size_t(i)], charts, settings.size));
      if (progress && !progress(i + 1, n)) throw dpw::Cancelled();
    }
    video.finish();
    report.frames = video.frames();
    report.encoder = video.encoderName();
  }
  if (QFile::exists(settings.path) && !QFile::remove(settings.path))
    throw dpw::InvalidArgument("cannot replace " + settings.path.toStdString());
  if (!part.rename(settings.path)) throw dpw::InvalidArgument("cannot write " + settings.path.toStdString() + ": " +
                                                              part.errorString().toStdString());
  part.setAutoRemove(false);
  // A temporary file is private (0600); the animation is an ordinary file (0644 before the umask, as QSaveFile).
  QFile::setPermissions(settings.path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
  report.bytes = QFileInfo(settings.path).size();
  return report;
}

}  // namespace dpwapp
