#include "common/animation_writer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QObject>
#include <QPainter>
#include <QTemporaryFile>
#include <algorithm>
#include <climits>
#include <cmath>
#include <map>

#include "charts/plot_painter.h"
#include "common/gif_encoder.h"
#include "common/video_encoder.h"
#include "core/error.h"
#include "core/internal_error.h"
#include "core/overloaded.h"
#include "privacy/printed_numbers.h"

namespace dpwapp {

namespace {

/// A chart drawn against the run's step: a lines chart whose x axis says "step".
bool againstStep(const dpw::Frame& f) {
  const auto* lines = std::get_if<dpw::LinesFrame>(&f.data);
  return lines && QString::fromStdString(lines->xLabel).trimmed().toLower().startsWith(QStringLiteral("step"));
}

/// The step a snapshot shows as one: the step the slowest chart drawn against steps has reached (its
/// newest frame's), or the newest frame's step when no chart is drawn against steps.
long commonStep(const AnimationSnapshot& snapshot) {
  long slowest = LONG_MAX, newest = 0;
  for (const auto& f : snapshot) {
    newest = std::max(newest, f->step);
    if (againstStep(*f)) slowest = std::min(slowest, f->step);
  }
  return slowest == LONG_MAX ? newest : slowest;
}

/// `f` with its points beyond `step` left out, if it is drawn against steps.
dpw::FramePtr cutAt(const dpw::FramePtr& f, long step) {
  if (!againstStep(*f) || f->step <= step) return f;
  dpw::LinesFrame lines = std::get<dpw::LinesFrame>(f->data);
  for (auto& s : lines.series) {
    std::size_t keep = 0;
    for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
      if (!(s.x[i] > double(step))) s.x[keep] = s.x[i], s.y[keep] = s.y[i], ++keep;
    s.x.resize(keep);
    s.y.resize(keep);
  }
  return dpw::makeFrame(f->chart, f->title, step, std::move(lines));
}

/// The data box of a frame, grown into `x`, `y` (finite values; positive ones on a log axis).
void growSpans(const dpw::Frame& frame, dpw::AxisSpan& x, dpw::AxisSpan& y) {
  auto grow = [](dpw::AxisSpan& a, double v) {
    if (!std::isfinite(v)) return;
    if (!(a.lo <= a.hi) || std::isnan(a.lo)) a = {v, v};
    a.lo = std::min(a.lo, v), a.hi = std::max(a.hi, v);
  };
  std::visit(dpw::Overloaded{
                 [&](const dpw::LinesFrame& f) {
                   for (const auto& s : f.series)
                     for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
                       if (std::isfinite(s.x[i]) && std::isfinite(s.y[i]) && !(f.logX && s.x[i] <= 0) && !(f.logY && s.y[i] <= 0))
                         grow(x, s.x[i]), grow(y, s.y[i]);
                 },
                 [&](const dpw::HistogramFrame& f) {
                   if (f.edges.empty()) return;
                   grow(x, f.edges.front()), grow(x, f.edges.back()), grow(y, 0.0);
                   for (const auto& g : f.groups)
                     for (double m : g.mass) grow(y, m);
                 },
                 [&](const dpw::PointsFrame& f) {
                   for (Eigen::Index r = 0; r < f.xy.rows(); ++r)
                     if (std::isfinite(f.xy(r, 0)) && std::isfinite(f.xy(r, 1))) grow(x, f.xy(r, 0)), grow(y, f.xy(r, 1));
                 },
                 [](const dpw::HeatmapFrame&) {},  // a picture: its axes are its matrix's
                 [](const dpw::ImagesFrame&) {},
             },
             frame.data);
}

/// `f` with the spans `x`, `y` as its fixed axes (frames without axes unchanged).
dpw::FramePtr withSpans(const dpw::FramePtr& f, const dpw::AxisSpan& x, const dpw::AxisSpan& y) {
  auto spanned = [&](auto payload) {
    payload.xSpan = x;
    payload.ySpan = y;
    return dpw::makeFrame(f->chart, f->title, f->step, std::move(payload));
  };
  return std::visit(dpw::Overloaded{
                        [&](const dpw::LinesFrame& p) { return spanned(p); },
                        [&](const dpw::HistogramFrame& p) { return spanned(p); },
                        [&](const dpw::PointsFrame& p) { return spanned(p); },
                        [&](const dpw::HeatmapFrame&) { return f; },
                        [&](const dpw::ImagesFrame&) { return f; },
                    },
                    f->data);
}

/// The caption's height at a picture size: readable from the back of a room at 1024 px wide.
int captionHeight(QSize size) { return std::clamp(size.height() / 20, 18, 60); }

QImage compose(const AnimationSnapshot& snapshot, const std::vector<std::string>& charts, QSize size,
               const QString& caption) {
  QImage out(size, QImage::Format_RGB32);
  out.fill(Qt::white);
  QPainter p(&out);
  const int captionH = caption.isEmpty() ? 0 : captionHeight(size);
  if (captionH > 0) {
    QFont font = p.font();
    font.setPixelSize(int(captionH * 0.62));
    p.setFont(font);
    p.setPen(QColor(0x202020));
    p.drawText(QRect(0, size.height() - captionH, size.width(), captionH), Qt::AlignCenter, caption);
  }
  size.setHeight(size.height() - captionH);
  const int n = int(charts.size());
  if (n == 0) return out;
  const int cols = int(std::ceil(std::sqrt(double(n)))), rows = (n + cols - 1) / cols;
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
  const long step = commonStep(snapshot);
  return compose(snapshot, chosenCharts({snapshot}, settings), settings.size, animationCaption(snapshot, step, settings));
}

std::vector<AnimationPicture> animationPictures(const std::vector<AnimationSnapshot>& snapshots) {
  std::vector<AnimationPicture> cut;
  cut.reserve(snapshots.size());
  for (const auto& snap : snapshots) {
    AnimationPicture picture{{}, commonStep(snap)};
    for (const auto& f : snap) picture.frames.push_back(cutAt(f, picture.step));
    cut.push_back(std::move(picture));
  }
  // Evenly spaced: picture j shows the newest cut snapshot at or before lo + j (hi − lo) / (n − 1).
  std::vector<AnimationPicture> pictures;
  const std::size_t n = cut.size();
  if (n > 2 && cut.back().step > cut.front().step) {
    const double lo = double(cut.front().step), hi = double(cut.back().step);
    std::size_t i = 0;
    for (std::size_t j = 0; j < n; ++j) {
      const double target = lo + (hi - lo) * double(j) / double(n - 1);
      while (i + 1 < n && double(cut[i + 1].step) <= target + 1e-9) ++i;
      pictures.push_back(cut[i]);
    }
  } else {
    pictures = std::move(cut);
  }
  // Fixed axes: every chart's span over the whole recording; a chart against steps spans every step
  // the recording reached.
  long lastStep = 0;
  for (const auto& snap : snapshots)
    for (const auto& f : snap) lastStep = std::max(lastStep, f->step);
  std::map<std::string, std::pair<dpw::AxisSpan, dpw::AxisSpan>> spans;
  for (const auto& picture : pictures)
    for (const auto& f : picture.frames) {
      auto [it, fresh] = spans.try_emplace(f->chart, dpw::AxisSpan{NAN, NAN}, dpw::AxisSpan{NAN, NAN});
      growSpans(*f, it->second.first, it->second.second);
      if (againstStep(*f)) {
        dpw::AxisSpan& x = it->second.first;
        x = std::isnan(x.lo) ? dpw::AxisSpan{0, double(lastStep)} : dpw::AxisSpan{x.lo, std::max(x.hi, double(lastStep))};
      }
    }
  std::map<const dpw::Frame*, dpw::FramePtr> spanned;  // one copy per frame, however many pictures show it
  for (auto& picture : pictures)
    for (auto& f : picture.frames) {
      auto it = spanned.find(f.get());
      if (it == spanned.end()) {
        const auto& [x, y] = spans.at(f->chart);
        it = spanned.emplace(f.get(), withSpans(f, x, y)).first;
      }
      f = it->second;
    }
  return pictures;
}

QString animationCaption(const AnimationSnapshot& snapshot, long step, const AnimationSettings& settings) {
  QString text = settings.totalSteps > 0 ? QObject::tr("step %1 of %2").arg(step).arg(settings.totalSteps)
                                         : QObject::tr("step %1").arg(step);
  const dpw::PrivacyReadout& r = settings.privacy;
  if (!r.none.empty() || r.chart.empty()) return text;
  for (const auto& f : snapshot) {
    if (f->chart != r.chart) continue;
    const auto* lines = std::get_if<dpw::LinesFrame>(&f->data);
    if (!lines || lines->series.empty()) break;
    const dpw::Series* s = &lines->series.front();
    for (const auto& c : lines->series)
      if (!r.series.empty() && c.name == r.series) s = &c;
    double eps = NAN;  // the value at the newest point at or before the step
    for (std::size_t i = 0; i < s->x.size() && i < s->y.size(); ++i)
      if (s->x[i] <= double(step) && std::isfinite(s->y[i])) eps = s->y[i];
    if (!std::isnan(eps))
      text += QStringLiteral(" · %1: %2").arg(QString::fromStdString(r.label),
                                               std::isinf(eps) ? QStringLiteral("∞") : QString::fromStdString(dpw::claimNumber(eps)));
    break;
  }
  return text;
}

struct AnimationEncoding::Impl {
  AnimationSettings settings;
  std::vector<std::string> charts;
  std::unique_ptr<QTemporaryFile> part;  // written beside the target under a temporary name, renamed when complete
  std::vector<AnimationPicture> pictures;
  std::unique_ptr<GifEncoder> gif;
  std::unique_ptr<VideoEncoder> video;
  int next = 0;
};

AnimationEncoding::AnimationEncoding(const std::vector<AnimationSnapshot>& snapshots, const AnimationSettings& settings)
    : d_(std::make_unique<Impl>()) {
  checkAnimationSettings(settings);
  if (snapshots.empty()) throw dpw::InvalidArgument("the run published no frame: nothing to record");
  d_->settings = settings;
  d_->charts = chosenCharts(snapshots, settings);
  const AnimationFormat format = animationFormatFor(settings.path);
  const QFileInfo target(settings.path);
  d_->part = std::make_unique<QTemporaryFile>(
      QDir(target.absolutePath()).filePath(".dpwlab-animation-XXXXXX." + target.suffix()));
  if (!d_->part->open()) throw dpw::InvalidArgument("cannot create a file beside " + settings.path.toStdString());
  d_->part->close();
  d_->pictures = animationPictures(snapshots);
  if (format == AnimationFormat::Gif)
    d_->gif = std::make_unique<GifEncoder>(d_->part->fileName(), settings.size, settings.fps);
  else
    d_->video = std::make_unique<VideoEncoder>(d_->part->fileName(), settings.size, settings.fps);
}

AnimationEncoding::~AnimationEncoding() = default;

int AnimationEncoding::pictures() const { return int(d_->pictures.size()); }

int AnimationEncoding::encoded() const { return d_->next; }

bool AnimationEncoding::encodeNext() {
  if (d_->next >= pictures()) return false;
  const AnimationPicture& pic = d_->pictures[std::size_t(d_->next)];
  const QImage image =
      compose(pic.frames, d_->charts, d_->settings.size, animationCaption(pic.frames, pic.step, d_->settings));
  if (d_->gif)
    d_->gif->add(image);
  else
    d_->video->add(image);
  ++d_->next;
  return true;
}

AnimationReport AnimationEncoding::finish() {
  dpw::ensure(d_->next == pictures(), "AnimationEncoding::finish before every picture was encoded");
  AnimationReport report;
  if (d_->gif) {
    d_->gif->finish();
    report.frames = d_->gif->images();
    report.encoder = "giflib";
  } else {
    d_->video->finish();
    report.frames = d_->video->frames();
    report.encoder = d_->video->encoderName();
  }
  const QString& path = d_->settings.path;
  if (QFile::exists(path) && !QFile::remove(path)) throw dpw::InvalidArgument("cannot replace " + path.toStdString());
  if (!d_->part->rename(path))
    throw dpw::InvalidArgument("cannot write " + path.toStdString() + ": " + d_->part->errorString().toStdString());
  d_->part->setAutoRemove(false);
  // A temporary file is private (0600); the animation is an ordinary file (0644 before the umask, as QSaveFile).
  QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
  report.bytes = QFileInfo(path).size();
  return report;
}

AnimationReport writeAnimation(const std::vector<AnimationSnapshot>& snapshots, const AnimationSettings& settings,
                               const std::function<bool(int, int)>& progress) {
  AnimationEncoding encoding(snapshots, settings);
  while (encoding.encodeNext())
    if (progress && !progress(encoding.encoded(), encoding.pictures())) throw dpw::Cancelled();
  return encoding.finish();
}

}  // namespace dpwapp
