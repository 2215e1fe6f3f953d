#include "common/animation_settings.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryFile>
#include <algorithm>

#include "core/error.h"

namespace dpwapp {

AnimationFormat animationFormatFor(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == "gif") return AnimationFormat::Gif;
  if (suffix == "mp4") return AnimationFormat::Mp4;
  throw dpw::InvalidArgument("cannot record an animation to '" + path.toStdString() +
                             "': use a .gif or .mp4 file name");
}

QSize parseAnimationSize(const QString& text) {
  static const QRegularExpression form(QStringLiteral("^\\s*(\\d{1,5})\\s*[xX×]\\s*(\\d{1,5})\\s*$"));
  const auto m = form.match(text);
  const int w = m.hasMatch() ? m.captured(1).toInt() : 0, h = m.hasMatch() ? m.captured(2).toInt() : 0;
  if (!m.hasMatch() || w < 16 || h < 16 || w > 7680 || h > 7680)
    throw dpw::InvalidArgument("animation size '" + text.toStdString() +
                               "': give WIDTHxHEIGHT in pixels, each from 16 to 7680 (e.g. 1024x640)");
  return {w, h};
}

void checkAnimationSettings(const AnimationSettings& s) {
  const AnimationFormat format = animationFormatFor(s.path);
  if (s.fps < 1 || s.fps > (format == AnimationFormat::Gif ? 50 : 60))
    throw dpw::InvalidArgument("animation frame rate " + std::to_string(s.fps) + ": use 1 to " +
                               (format == AnimationFormat::Gif ? "50 for a GIF (its delays are in 1/100 s)" : "60"));
  if (s.size.width() < 16 || s.size.height() < 16 || s.size.width() > 7680 || s.size.height() > 7680)
    throw dpw::InvalidArgument("animation size " + std::to_string(s.size.width()) + "x" +
                               std::to_string(s.size.height()) + ": each side must be 16 to 7680 pixels");
  if (format == AnimationFormat::Mp4 && (s.size.width() % 2 || s.size.height() % 2))
    throw dpw::InvalidArgument("animation size " + std::to_string(s.size.width()) + "x" +
                               std::to_string(s.size.height()) + ": an MP4 (yuv420p) needs an even width and height");
  const QFileInfo file(s.path);
  const QFileInfo dir(file.absolutePath());
  if (file.isDir()) throw dpw::InvalidArgument("cannot record to " + s.path.toStdString() + ": it is a folder");
  if (!dir.isDir()) throw dpw::InvalidArgument("cannot record to " + s.path.toStdString() + ": folder " +
                                               dir.filePath().toStdString() + " does not exist");
  // Writability by trying: a temporary file in the same folder (what writeAnimation will create), removed at once.
  QTemporaryFile probe(QDir(dir.filePath()).filePath(".dpwlab-animation-XXXXXX"));
  if (!probe.open())
    throw dpw::InvalidArgument("cannot record to " + s.path.toStdString() + ": folder " + dir.filePath().toStdString() +
                               " is not writable (" + probe.errorString().toStdString() + ")");
  if (file.exists() && !file.isWritable())
    throw dpw::InvalidArgument("cannot record to " + s.path.toStdString() + ": the file exists and is not writable");
}

void AnimationRecorder::onFrame(dpw::FramePtr frame) {
  if (snapshots_.empty() || frame->step != lastStep_) {
    snapshots_.push_back(snapshots_.empty() ? AnimationSnapshot{} : snapshots_.back());
    lastStep_ = frame->step;
  }
  AnimationSnapshot& last = snapshots_.back();
  const auto same = std::find_if(last.begin(), last.end(), [&](const dpw::FramePtr& f) { return f->chart == frame->chart; });
  if (same != last.end())
    *same = frame;
  else
    last.push_back(frame);
  next_.onFrame(std::move(frame));
}

std::vector<std::string> recordedCharts(const std::vector<AnimationSnapshot>& snapshots) {
  std::vector<std::string> ids;
  for (const auto& snap : snapshots)
    for (const auto& f : snap)
      if (std::find(ids.begin(), ids.end(), f->chart) == ids.end()) ids.push_back(f->chart);
  return ids;
}

}  // namespace dpwapp
