#include "common/chart_export.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QImage>

#include "charts/plot_painter.h"
#include "common/frame_csv.h"
#include "common/run_export.h"
#include "core/error.h"

namespace dpwapp {

ChartFormat chartFormatFor(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == "png") return ChartFormat::Png;
  if (suffix == "svg") return ChartFormat::Svg;
  if (suffix == "csv") return ChartFormat::Csv;
  throw dpw::InvalidArgument("cannot export to '" + path.toStdString() + "': use a .png, .svg or .csv file name");
}

void exportChart(const dpw::Frame& frame, const QString& path, const QByteArray& scenarioJson, qreal scale) {
  switch (chartFormatFor(path)) {
    case ChartFormat::Png: {
      const QImage image = renderFrameImage(frame, {800, 500}, scale);
      QBuffer buffer;
      buffer.open(QIODevice::WriteOnly);
      if (!image.save(&buffer, "PNG")) throw dpw::InvalidArgument("cannot encode PNG for " + path.toStdString());
      writeFileAtomically(path, buffer.data());
      break;
    }
    case ChartFormat::Svg: {
      QString error;
      if (!writeFrameSvgFile(frame, path, &error)) throw dpw::InvalidArgument(error.toStdString());
      break;
    }
    case ChartFormat::Csv:
      writeFileAtomically(path, frameToCsv(frame));
      break;
  }
  if (!scenarioJson.isEmpty()) writeFileAtomically(path + ".scenario.json", scenarioJson);
}

void writeChartPngs(const std::vector<dpw::FramePtr>& charts, const QString& dir) {
  if (!QDir().mkpath(dir)) throw dpw::InvalidArgument("cannot create output folder " + dir.toStdString());
  const QDir out(dir);
  for (const auto& frame : charts) {
    const QString path = out.filePath(QString::fromStdString(frame->chart) + ".png");
    const QImage image = renderFrameImage(*frame);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) throw dpw::InvalidArgument("cannot encode PNG for " + path.toStdString());
    writeFileAtomically(path, buffer.data());
  }
}

void exportRun(const Scenario& scenario, const dpw::RunResult& result, const std::vector<dpw::FramePtr>& charts,
               const QString& dir, bool png) {
  exportRunData(scenario, result, charts, dir);
  if (png) writeChartPngs(charts, dir);
}

}  // namespace dpwapp
