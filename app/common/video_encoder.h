#pragma once
/// An MP4 video written with FFmpeg's libraries: libavformat's mp4 muxer, libavcodec's H.264 encoder
/// (libx264, CRF 20, tuned for animation) or MPEG-4 part 2 when libx264 is missing, libswscale for
/// RGB → yuv420p. Constant frame rate, one video frame per picture.
#include <QImage>
#include <QString>
#include <memory>

namespace dpwapp {

class VideoEncoder {
 public:
  /// Creates `path`. The size must be even (yuv420p). Throws dpw::InvalidArgument with FFmpeg's reason.
  VideoEncoder(const QString& path, QSize size, int fps);
  ~VideoEncoder();
  VideoEncoder(const VideoEncoder&) = delete;
  VideoEncoder& operator=(const VideoEncoder&) = delete;

  /// Encodes one picture of the encoder's size.
  void add(const QImage& picture);
  /// Flushes the encoder, writes the trailer and closes the file.
  void finish();
  /// "libx264" or "mpeg4".
  QString encoderName() const;
  int frames() const { return frames_; }

 private:
  struct State;
  std::unique_ptr<State> s_;
  int frames_ = 0;
};

}  // namespace dpwapp
