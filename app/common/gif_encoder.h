#pragma once
/// An animated GIF written with giflib: a looping GIF89a whose pictures store only the rectangle that
/// changed since the previous one, each with its own 256-colour palette (giflib's median-cut
/// GifQuantizeBuffer), and delays in centiseconds that add up to the frame rate's times exactly.
#include <QImage>
#include <QString>

struct GifFileType;

namespace dpwapp {

class GifEncoder {
 public:
  /// Creates `path`; throws dpw::InvalidArgument with giflib's reason on failure.
  GifEncoder(const QString& path, QSize size, int fps);
  ~GifEncoder();
  GifEncoder(const GifEncoder&) = delete;
  GifEncoder& operator=(const GifEncoder&) = delete;

  /// Adds one picture of the encoder's size (any format; converted to RGB32). A picture equal to the
  /// previous one lengthens the previous one's display time instead of adding an image.
  void add(const QImage& picture);
  /// Writes the last picture and closes the file. Throws on a write error.
  void finish();
  /// Images written into the file (after finish: all of them).
  int images() const { return images_; }

 private:
  void writePending();

  GifFileType* gif_ = nullptr;
  QSize size_;
  int fps_;
  QImage previous_;   // the last picture added
  QRect pendingRect_; // its changed rectangle, not yet written
  QImage pending_;
  long pendingFrames_ = 0;  // pictures the pending image stands for
  long framesWritten_ = 0;  // pictures whose time has been written (for exact cumulative delays)
  int images_ = 0;
};

}  // namespace dpwapp
