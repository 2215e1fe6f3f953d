#include "gui/grid_cell_chart.h"

#include <QGraphicsLayout>
#include <QPainter>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QValueAxis>
#include <QtCharts/QXYSeries>

#include "charts/chart_builder.h"
#include "charts/chart_style.h"
#include "charts/point_cloud_painter.h"
#include "core/output_classes.h"

namespace dpwapp {
namespace {

/// A cell's picture: point clouds, heat maps and image grids painted by the chart layer, at cell size.
class PictureCell : public QWidget {
 public:
  explicit PictureCell(dpw::FramePtr frame) : frame_(std::move(frame)) {
    if (const auto* pts = std::get_if<dpw::PointsFrame>(&frame_->data)) updateRange(*pts, range_);
  }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setFont(chartFont(7, p.font()));  // small, times the zoom (charts/chart_style.h)
    if (const auto* pts = std::get_if<dpw::PointsFrame>(&frame_->data))
      paintPoints(*pts, QString(), p, rect(), range_);
    else
      paintPicture(*frame_, p, rect());
  }

 private:
  dpw::FramePtr frame_;
  PlotRange range_;
};

}  // namespace

/// A compact version of the chart layer's chart: no title (the row and column headers say which
/// values), small fonts, one legend for the whole grid (returned in `legend`).
QWidget* smallChart(const dpw::Frame& frame, QString* legend) {
  QChart* chart = buildChart(frame);
  if (!chart) return new PictureCell(std::make_shared<const dpw::Frame>(frame));
  chart->setTitle(QString());
  chart->setMargins(QMargins(0, 0, 2, 0));
  chart->layout()->setContentsMargins(2, 2, 2, 2);
  const QFont small = chartFont(7);  // small, times the zoom (charts/chart_style.h)
  for (QAbstractAxis* axis : chart->axes()) {
    axis->setLabelsFont(small);
    axis->setTitleFont(small);
    axis->setProperty("dpwTitleSize", small.pointSizeF());  // the chart layer's title fitting keeps this size
    if (axis->orientation() == Qt::Vertical) axis->setTitleVisible(false);
    if (auto* v = qobject_cast<QValueAxis*>(axis)) v->setTickInterval(v->max() - v->min() > 0 ? (v->max() - v->min()) / 2 : 1);
  }
  chart->legend()->setVisible(false);
  chart->setProperty("dpwLegend", false);  // one legend for the whole grid, in its corner
  chart->setProperty("dpwTitle", QString());
  if (legend) {  // an evaluation chart's words once, under its names (legendName), not on every line
    const QString title = QString::fromStdString(frame.title);
    QStringList lines;
    for (QAbstractSeries* series : chart->series())
      if (auto* xy = qobject_cast<QXYSeries*>(series))
        lines << QStringLiteral("<span style='color:%1'>%2</span> %3")
                     .arg(xy->pen().color().name(), xy->pen().style() == Qt::SolidLine ? "━━" : "╍╍",
                          legendName(title, xy->name()).toHtmlEscaped());
    if (dpw::isEvaluationName(frame.title))
      lines << "<i>" + QString::fromStdString(dpw::evaluationSuffix()).trimmed().toHtmlEscaped() + "</i>";
    *legend = lines.join("<br>");
  }
  auto* view = new QChartView(chart);
  view->setRenderHint(QPainter::Antialiasing);
  return view;
}

}  // namespace dpwapp
