#include "common/video_encoder.h"

#include <QFile>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include "core/error.h"

namespace dpwapp {
namespace {

void check(int code, const char* what) {
  if (code >= 0) return;
  char reason[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, reason, sizeof reason);
  throw dpw::InvalidArgument(std::string("MP4: ") + what + " failed: " + reason);
}

}  // namespace

struct VideoEncoder::State {
  AVFormatContext* format = nullptr;
  AVCodecContext* codec = nullptr;
  AVStream* stream = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;
  SwsContext* scale = nullptr;
  QString encoder;
  bool headerWritten = false, finished = false;

  ~State() {
    sws_freeContext(scale);
    av_packet_free(&packet);
    av_frame_free(&frame);
    avcodec_free_context(&codec);
    if (format) {
      if (format->pb) avio_closep(&format->pb);
      avformat_free_context(format);
    }
  }

  void drain(const AVFrame* f) {
    check(avcodec_send_frame(codec, f), "sending a frame to the encoder");
    for (;;) {
      const int r = avcodec_receive_packet(codec, packet);
      if (r == AVERROR(EAGAIN) || r == AVERROR_EOF) return;
      check(r, "encoding");
      // One picture lasts one tick of the codec's clock; without a duration the mp4 edit list ends at the
      // last picture's start and players drop it.
      if (packet->duration <= 0) packet->duration = 1;
      av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
      packet->stream_index = stream->index;
      check(av_interleaved_write_frame(format, packet), "writing a packet");
    }
  }
};

VideoEncoder::VideoEncoder(const QString& path, QSize size, int fps) : s_(std::make_unique<State>()) {
  if (size.width() % 2 || size.height() % 2)
    throw dpw::InvalidArgument("MP4 needs an even width and height (yuv420p), got " + std::to_string(size.width()) + "x" +
                               std::to_string(size.height()));
  av_log_set_level(AV_LOG_ERROR);
  const QByteArray file = QFile::encodeName(path);
  check(avformat_alloc_output_context2(&s_->format, nullptr, "mp4", file.constData()), "creating the mp4 container");
  const AVCodec* codec = avcodec_find_encoder_by_name("libx264");
  if (!codec) codec = avcodec_find_encoder(AV_CODEC_ID_MPEG4);
  if (!codec) throw dpw::InvalidArgument("MP4: this FFmpeg has neither libx264 nor the MPEG-4 encoder");
  s_->encoder = QString::fromLatin1(codec->name);
  s_->stream = avformat_new_stream(s_->format, nullptr);
  s_->codec = avcodec_alloc_context3(codec);
  if (!s_->stream || !s_->codec) throw dpw::InvalidArgument("MP4: out of memory");
  AVCodecContext* c = s_->codec;
  c->width = size.width();
  c->height = size.height();
  c->time_base = AVRational{1, fps};
  c->framerate = AVRational{fps, 1};
  c->pix_fmt = AV_PIX_FMT_YUV420P;
  c->gop_size = 10 * fps;
  if (s_->encoder == "libx264") {
    av_opt_set(c->priv_data, "preset", "medium", 0);
    av_opt_set(c->priv_data, "tune", "animation", 0);
    av_opt_set(c->priv_data, "crf", "20", 0);
  } else {
    c->flags |= AV_CODEC_FLAG_QSCALE;
    c->global_quality = FF_QP2LAMBDA * 3;
  }
  if (s_->format->oformat->flags & AVFMT_GLOBALHEADER) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  check(avcodec_open2(c, codec, nullptr), "opening the encoder");
  check(avcodec_parameters_from_context(s_->stream->codecpar, c), "configuring the stream");
  s_->stream->time_base = c->time_base;
  check(avio_open(&s_->format->pb, file.constData(), AVIO_FLAG_WRITE), "creating the file");
  check(avformat_write_header(s_->format, nullptr), "writing the header");
  s_->headerWritten = true;
  s_->frame = av_frame_alloc();
  s_->packet = av_packet_alloc();
  if (!s_->frame || !s_->packet) throw dpw::InvalidArgument("MP4: out of memory");
  s_->frame->format = c->pix_fmt;
  s_->frame->width = c->width;
  s_->frame->height = c->height;
  check(av_frame_get_buffer(s_->frame, 0), "allocating a frame");
  // QImage::Format_RGB32 is 0xffRRGGBB per pixel: bytes B, G, R, A in memory on little-endian machines.
  s_->scale = sws_getContext(c->width, c->height, Q_BYTE_ORDER == Q_LITTLE_ENDIAN ? AV_PIX_FMT_BGRA : AV_PIX_FMT_ARGB,
                             c->width, c->height, AV_PIX_FMT_YUV420P, SWS_BICUBIC, nullptr, nullptr, nullptr);
  if (!s_->scale) throw dpw::InvalidArgument("MP4: no colour conversion to yuv420p");
}

VideoEncoder::~VideoEncoder() = default;

QString VideoEncoder::encoderName() const { return s_->encoder; }

void VideoEncoder::add(const QImage& picture) {
  const QImage rgb = picture.convertToFormat(QImage::Format_RGB32);
  if (rgb.width() != s_->codec->width || rgb.height() != s_->codec->height)
    throw dpw::InvalidArgument("MP4: a picture of another size than the video's");
  check(av_frame_make_writable(s_->frame), "preparing a frame");
  const uint8_t* src[1] = {rgb.constBits()};
  const int stride[1] = {int(rgb.bytesPerLine())};
  sws_scale(s_->scale, src, stride, 0, rgb.height(), s_->frame->data, s_->frame->linesize);
  s_->frame->pts = frames_++;
  s_->drain(s_->frame);
}

void VideoEncoder::finish() {
  s_->drain(nullptr);
  check(av_write_trailer(s_->format), "writing the trailer");
  check(avio_closep(&s_->format->pb), "closing the file");
}

}  // namespace dpwapp
