#include "common/gif_encoder.h"

#include <gif_lib.h>

#include <QFile>

#include <cmath>
#include <vector>

#include "core/error.h"

namespace dpwapp {
namespace {

[[noreturn]] void fail(const char* what, int code) {
  const char* reason = GifErrorString(code);
  throw dpw::InvalidArgument(std::string("GIF: ") + what + " failed: " + (reason ? reason : "unknown error"));
}

/// The smallest rectangle holding every pixel where `a` and `b` differ (empty if none).
QRect changedRect(const QImage& a, const QImage& b) {
  int top = -1, bottom = -1, left = a.width(), right = -1;
  for (int y = 0; y < a.height(); ++y) {
    const auto* pa = reinterpret_cast<const QRgb*>(a.constScanLine(y));
    const auto* pb = reinterpret_cast<const QRgb*>(b.constScanLine(y));
    int first = -1, last = -1;
    for (int x = 0; x < a.width(); ++x)
      if (pa[x] != pb[x]) {
        if (first < 0) first = x;
        last = x;
      }
    if (first < 0) continue;
    if (top < 0) top = y;
    bottom = y;
    left = std::min(left, first);
    right = std::max(right, last);
  }
  return top < 0 ? QRect() : QRect(QPoint(left, top), QPoint(right, bottom));
}

}  // namespace

GifEncoder::GifEncoder(const QString& path, QSize size, int fps) : size_(size), fps_(fps) {
  int error = 0;
  gif_ = EGifOpenFileName(QFile::encodeName(path).constData(), false, &error);
  if (!gif_) fail("opening the file", error);
  EGifSetGifVersion(gif_, true);
  if (EGifPutScreenDesc(gif_, size.width(), size.height(), 8, 0, nullptr) == GIF_ERROR) fail("the screen descriptor", gif_->Error);
  // Loop forever (the NETSCAPE2.0 application extension: sub-block 1, loop count 0).
  static const unsigned char app[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
  static const unsigned char loop[] = {1, 0, 0};
  if (EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
      EGifPutExtensionBlock(gif_, sizeof app, app) == GIF_ERROR ||
      EGifPutExtensionBlock(gif_, sizeof loop, loop) == GIF_ERROR || EGifPutExtensionTrailer(gif_) == GIF_ERROR)
    fail("the loop extension", gif_->Error);
}

GifEncoder::~GifEncoder() {
  if (gif_) {
    int error = 0;
    EGifCloseFile(gif_, &error);
  }
}

void GifEncoder::add(const QImage& picture) {
  const QImage rgb = picture.convertToFormat(QImage::Format_RGB32);
  if (rgb.size() != size_) throw dpw::InvalidArgument("GIF: a picture of another size than the animation's");
  if (previous_.isNull()) {
    pending_ = rgb;
    pendingRect_ = rgb.rect();
    pendingFrames_ = 1;
  } else {
    const QRect changed = changedRect(previous_, rgb);
    if (changed.isEmpty()) {
      ++pendingFrames_;  // the same picture again: shown longer
    } else {
      writePending();
      pending_ = rgb;
      pendingRect_ = changed;
      pendingFrames_ = 1;
    }
  }
  previous_ = rgb;
}

void GifEncoder::writePending() {
  if (pendingFrames_ == 0) return;
  // Delays in 1/100 s, from cumulative times so that rounding does not drift.
  const auto at = [this](long frames) { return long(std::lround(100.0 * double(frames) / fps_)); };
  const long delay = std::max(1L, at(framesWritten_ + pendingFrames_) - at(framesWritten_));
  framesWritten_ += pendingFrames_;
  GraphicsControlBlock gcb{DISPOSE_DO_NOT, false, int(std::min(delay, 65535L)), NO_TRANSPARENT_COLOR};
  GifByteType ext[4];
  const size_t len = EGifGCBToExtension(&gcb, ext);
  if (EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, int(len), ext) == GIF_ERROR) fail("a frame delay", gif_->Error);

  const QRect r = pendingRect_;
  const size_t n = size_t(r.width()) * size_t(r.height());
  std::vector<GifByteType> red(n), green(n), blue(n), index(n);
  for (int y = 0; y < r.height(); ++y) {
    const auto* p = reinterpret_cast<const QRgb*>(pending_.constScanLine(r.top() + y)) + r.left();
    for (int x = 0; x < r.width(); ++x) {
      const size_t i = size_t(y) * size_t(r.width()) + size_t(x);
      red[i] = GifByteType(qRed(p[x]));
      green[i] = GifByteType(qGreen(p[x]));
      blue[i] = GifByteType(qBlue(p[x]));
    }
  }
  int colours = 256;
  std::vector<GifColorType> palette(256);
  if (GifQuantizeBuffer(unsigned(r.width()), unsigned(r.height()), &colours, red.data(), green.data(), blue.data(),
                        index.data(), palette.data()) == GIF_ERROR)
    throw dpw::InvalidArgument("GIF: colour quantisation failed");
  ColorMapObject* map = GifMakeMapObject(256, palette.data());
  if (!map) throw dpw::InvalidArgument("GIF: out of memory for a palette");
  const bool ok = EGifPutImageDesc(gif_, r.left(), r.top(), r.width(), r.height(), false, map) != GIF_ERROR;
  GifFreeMapObject(map);
  if (!ok) fail("an image descriptor", gif_->Error);
  for (int y = 0; y < r.height(); ++y)
    if (EGifPutLine(gif_, index.data() + size_t(y) * size_t(r.width()), r.width()) == GIF_ERROR)
      fail("writing pixels", gif_->Error);
  ++images_;
  pendingFrames_ = 0;
}

void GifEncoder::finish() {
  writePending();
  int error = 0;
  const int result = EGifCloseFile(gif_, &error);
  gif_ = nullptr;
  if (result == GIF_ERROR) fail("closing the file", error);
}

}  // namespace dpwapp
