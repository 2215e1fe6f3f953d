#include "gui/chart_grid.h"

#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QtCharts/QChartView>

#include "charts/chart_builder.h"

namespace dpwapp {
namespace {

/// Heat maps and image grids, painted by the chart layer.
class PictureView : public QWidget {
 public:
  void setFrame(dpw::FramePtr f) {
    frame_ = std::move(f);
    update();
  }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    if (frame_) paintPicture(*frame_, p, rect());
  }

 private:
  dpw::FramePtr frame_;
};

}  // namespace

ChartGrid::ChartGrid(QWidget* parent) : QWidget(parent), grid_(new QGridLayout(this)) {
  auto* hint = new QLabel(tr("Pick a method and press Run (Ctrl+R): its charts appear here."));
  hint->setObjectName("hint");
  hint->setAlignment(Qt::AlignCenter);
  grid_->addWidget(hint, 0, 0);
}

void ChartGrid::show(const dpw::FramePtr& frame) {
  if (auto* hint = findChild<QLabel*>("hint")) hint->hide();
  const bool picture = std::holds_alternative<dpw::HeatmapFrame>(frame->data) ||
                       std::holds_alternative<dpw::ImagesFrame>(frame->data);
  auto it = views_.find(frame->chart);
  if (it == views_.end()) {
    QWidget* view = nullptr;
    if (picture) {
      view = new PictureView;
    } else {
      auto* cv = new QChartView;
      cv->setRenderHint(QPainter::Antialiasing);
      view = cv;
    }
    view->setObjectName(QString::fromStdString(frame->chart));
    view->setMinimumSize(320, 240);
    const int i = int(order_.size());
    grid_->addWidget(view, i / 2, i % 2);
    order_.push_back(frame->chart);
    it = views_.emplace(frame->chart, view).first;
  }
  frames_[frame->chart] = frame;
  if (picture) {
    static_cast<PictureView*>(it->second)->setFrame(frame);
  } else if (QChart* chart = buildChart(*frame)) {
    auto* cv = static_cast<QChartView*>(it->second);
    QChart* old = cv->chart();
    cv->setChart(chart);
    delete old;
  }
}

void ChartGrid::clear() {
  for (auto& [id, w] : views_) delete w;
  views_.clear();
  frames_.clear();
  order_.clear();
  if (auto* hint = findChild<QLabel*>("hint")) hint->show();
}

std::vector<dpw::FramePtr> ChartGrid::frames() const {
  std::vector<dpw::FramePtr> out;
  for (const auto& id : order_) out.push_back(frames_.at(id));
  return out;
}

}  // namespace dpwapp
