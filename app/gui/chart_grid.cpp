#include "gui/chart_grid.h"

#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QGridLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QResizeEvent>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <variant>
#include <QtCharts/QChartView>

#include "charts/chart_builder.h"
#include "charts/point_cloud_painter.h"
#include "common/chart_export.h"
#include "core/overloaded.h"
#include "gui/cloud_renderer.h"

namespace dpwapp {
namespace {

/// Point clouds, heat maps and image grids, painted by the chart layer. Keeps its axis range between
/// frames so the view does not jump. A large cloud (a density image) is drawn by a CloudRenderer in a
/// helper thread; the view shows the previous frame's picture until the new one is done, and only the
/// newest frame waits for the renderer.
class PictureView : public QWidget {
 public:
  void setFrame(dpw::FramePtr f) {
    ++sequence_;
    if (f && !size().isEmpty() && CloudRenderer::wants(*f)) {
      waiting_ = std::move(f);
      startWaiting();
      return;
    }
    waiting_.reset();
    shownSequence_ = sequence_;
    display(std::move(f), QImage());
    if (frame_)
      if (const auto* pts = std::get_if<dpw::PointsFrame>(&frame_->data)) updateRange(*pts, range_);
  }
  /// Draws again at the chart style now (text and line scale): a rendered picture is dropped.
  void restyle() {
    picture_ = QImage();
    density_.clear();
    update();
  }
  /// Another run's picture, shown faded under its label while there is no live frame.
  void setStandIn(dpw::FramePtr f, QString label) {
    standIn_ = std::move(f);
    standInLabel_ = std::move(label);
    update();
  }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    if (!frame_ && standIn_) {
      PlotRange range;
      if (const auto* pts = std::get_if<dpw::PointsFrame>(&standIn_->data)) updateRange(*pts, range);
      p.fillRect(rect(), Qt::white);
      p.setOpacity(0.35);
      if (const auto* pts = std::get_if<dpw::PointsFrame>(&standIn_->data))
        paintPoints(*pts, QString::fromStdString(standIn_->title), p, rect(), range);
      else
        paintPicture(*standIn_, p, rect());
      p.setOpacity(1);
      // The label on a white box under the title's line, so neither hides the other (issue #19 item 1).
      const QRect room = rect().adjusted(8, p.fontMetrics().height() + 8, -8, -4);
      QRect box = p.fontMetrics().boundingRect(room, Qt::AlignTop | Qt::AlignRight, standInLabel_).adjusted(-4, -2, 4, 2);
      p.fillRect(box, QColor(255, 255, 255, 230));
      p.setPen(QColor(0x555555));
      p.drawRect(box);
      p.drawText(room, Qt::AlignTop | Qt::AlignRight, standInLabel_);
      return;
    }
    if (!frame_) return;
    if (!picture_.isNull() && picture_.size() == (QSizeF(size()) * devicePixelRatioF()).toSize()) {
      p.drawImage(QRectF(rect()), picture_);  // rendered in the helper thread for this frame and size
      return;
    }
    if (const auto* pts = std::get_if<dpw::PointsFrame>(&frame_->data))  // (resized: drawn here, binned once)
      paintPoints(*pts, QString::fromStdString(frame_->title), p, rect(), range_, &density_);
    else
      paintPicture(*frame_, p, rect());
  }

 private:
  void display(dpw::FramePtr f, QImage picture) {
    frame_ = std::move(f);
    picture_ = std::move(picture);
    density_.clear();  // binned for the previous frame
    setProperty("dpwShownStep", qlonglong(frame_ ? frame_->step : -1));  // which frame is on screen (benches)
    update();
  }
  void startWaiting() {
    if (!waiting_ || renderer_.busy()) return;
    renderer_.start({std::exchange(waiting_, nullptr), range_, size(), devicePixelRatioF(), sequence_});
  }
  void rendered(CloudRenderer::Result r) {
    if (r.sequence >= shownSequence_) {  // not older than what is shown (a small frame may have come since)
      shownSequence_ = r.sequence;
      range_ = r.range;
      display(std::move(r.frame), std::move(r.picture));
    }
    startWaiting();
  }
  dpw::FramePtr frame_;
  QImage picture_;            ///< frame_ drawn by the renderer (null: drawn in paintEvent)
  dpw::FramePtr waiting_;     ///< the newest large frame not yet given to the renderer
  long sequence_ = 0, shownSequence_ = 0;
  CloudRenderer renderer_{[this](CloudRenderer::Result r) { rendered(std::move(r)); }};
  dpw::FramePtr standIn_;
  QString standInLabel_;
  PlotRange range_;
  DensityCache density_;  ///< frame_'s density images (large clouds), kept for repaints
};

/// A chart view that remembers whether the user zoomed (then auto-scaling pauses).
class ZoomableChartView : public QChartView {
 public:
  ZoomableChartView() {
    setRubberBand(QChartView::RectangleRubberBand);
    setRenderHint(QPainter::Antialiasing);
  }
  bool zoomed = false;
  /// Called when a zoom begins (the lines, cut to the whole range's pixel columns, are drawn whole again).
  std::function<void()> onZoom;

 protected:
  void mouseReleaseEvent(QMouseEvent* e) override {
    const bool wasZoomed = zoomed;
    if (e->button() == Qt::LeftButton) zoomed = true;
    if (e->button() == Qt::RightButton) return;  // right button opens the context menu, not zoom-out
    QChartView::mouseReleaseEvent(e);
    if (zoomed && !wasZoomed && onZoom) onZoom();
  }
};

/// Whether `f` is painted as a picture (points, heatmap, images) rather than a Qt Charts chart. One lambda
/// per frame kind and no catch-all, so a new kind must say which it is to compile (core/overloaded.h).
bool isPicture(const dpw::Frame& f) {
  return std::visit(dpw::Overloaded{
                        [](const dpw::LinesFrame&) { return false; },
                        [](const dpw::HistogramFrame&) { return false; },
                        [](const dpw::PointsFrame&) { return true; },
                        [](const dpw::HeatmapFrame&) { return true; },
                        [](const dpw::ImagesFrame&) { return true; },
                    },
                    f.data);
}

}  // namespace

ChartGrid::ChartGrid(QWidget* parent) : QWidget(parent), grid_(new QGridLayout(this)), flushTimer_(new QTimer(this)) {
  flushTimer_->setSingleShot(true);
  connect(flushTimer_, &QTimer::timeout, this, &ChartGrid::flush);
  auto* hint = new QLabel(tr("Pick a method and press Run (Ctrl+R): its charts appear here.\n"
                             "Right-click a chart to export it; drag to zoom."));
  hint->setObjectName("hint");
  hint->setAlignment(Qt::AlignCenter);
  grid_->addWidget(hint, 0, 0);
}

QWidget* ChartGrid::ensureView(const dpw::Frame& frame) {
  if (auto* hint = findChild<QLabel*>("hint")) hint->hide();
  auto it = views_.find(frame.chart);
  if (it != views_.end()) return it->second;
  QWidget* view = isPicture(frame) ? static_cast<QWidget*>(new PictureView) : new ZoomableChartView;
  if (auto* cv = dynamic_cast<ZoomableChartView*>(view)) {
    const std::string chart = frame.chart;
    cv->onZoom = [this, chart] { draw(chart); };
  }
  view->setObjectName(QString::fromStdString(frame.chart));
  view->setMinimumSize(minChart_);
  view->setContextMenuPolicy(Qt::CustomContextMenu);
  const std::string id = frame.chart;
  connect(view, &QWidget::customContextMenuRequested, this,
          [this, id, view](const QPoint& pos) { showContextMenu(id, view->mapToGlobal(pos)); });
  order_.push_back(frame.chart);
  views_.emplace(frame.chart, view);
  reorder();  // a preferred chart goes before those drawn earlier
  relayout();  // the second chart may make two columns
  return view;
}

void ChartGrid::show(const dpw::FramePtr& frame) {
  QWidget* view = ensureView(*frame);
  frames_[frame->chart] = frame;
  if (auto* picture = dynamic_cast<PictureView*>(view)) {
    picture->setFrame(frame);
    return;
  }
  QElapsedTimer& last = lastDrawn_[frame->chart];
  if (last.isValid() && last.elapsed() < kQtChartIntervalMs) {  // drawn moments ago: the newest waits
    pending_.insert(frame->chart);
    if (!flushTimer_->isActive()) flushTimer_->start(int(kQtChartIntervalMs - last.elapsed()) + 1);
    return;
  }
  draw(frame->chart);
}

void ChartGrid::flush() {
  const std::set<std::string> due = std::move(pending_);
  pending_.clear();
  for (const auto& id : due)
    if (views_.count(id)) draw(id);
}

void ChartGrid::settle() {
  flushTimer_->stop();
  pending_.clear();
  for (const auto& id : order_)
    if (dynamic_cast<ZoomableChartView*>(views_.at(id))) draw(id, true);
}

void ChartGrid::draw(const std::string& id, bool settle) {
  const dpw::FramePtr frame = shownFrame(id);
  if (!frame) return;
  lastDrawn_[id].start();
  pending_.erase(id);
  auto* cv = static_cast<ZoomableChartView*>(views_.at(id));
  // Lines cut to the view's device pixel columns (every point kept while zoomed in: the columns of the
  // whole range would be too coarse there).
  const int columns = cv->zoomed ? 0 : std::max(1, int(std::ceil(cv->width() * cv->devicePixelRatioF())));
  if (cv->chart() && !cv->chart()->series().isEmpty() && updateChart(cv->chart(), *frame, !cv->zoomed, columns, settle))
    return;
  if (QChart* chart = buildChart(*frame, columns)) {
    QChart* old = cv->chart();
    cv->setChart(chart);
    delete old;
    cv->zoomed = false;
  }
}

void ChartGrid::clear() {
  for (auto& [id, w] : views_) delete w;
  views_.clear();
  frames_.clear();
  pending_.clear();
  lastDrawn_.clear();
  flushTimer_->stop();
  order_.clear();
  if (auto* hint = findChild<QLabel*>("hint")) hint->show();
  redrawAll();  // the overlays' charts stay in view
}

void ChartGrid::restyle() {
  for (const auto& id : order_) {
    QWidget* view = views_.at(id);
    if (auto* cv = dynamic_cast<ZoomableChartView*>(view)) {
      QChart* old = cv->chart();
      if (const dpw::FramePtr frame = shownFrame(id))
        if (QChart* chart = buildChart(*frame)) {  // built anew: fonts and pens at the new scale
          cv->setChart(chart);
          delete old;
          cv->zoomed = false;
        }
    } else if (auto* picture = dynamic_cast<PictureView*>(view)) {
      picture->restyle();
    } else {
      view->update();
    }
  }
}

void ChartGrid::setMinimumChartSize(QSize size) {
  minChart_ = size;
  for (auto& [id, view] : views_) view->setMinimumSize(minChart_);
  relayout();
}

void ChartGrid::setRowsPerScreen(int rows) {
  rowsPerScreen_ = rows;
  relayout();
}

void ChartGrid::setAvailableWidth(int width) {
  availableWidth_ = width;
  relayout();
}

int ChartGrid::wantedColumns() const {
  const int width = availableWidth_ > 0 ? availableWidth_ : this->width();
  const QMargins m = grid_->contentsMargins();
  const int room = width - m.left() - m.right();
  // A lone chart takes the whole width.
  return int(order_.size()) >= 2 && room >= 2 * minChart_.width() + grid_->horizontalSpacing() ? 2 : 1;
}

void ChartGrid::relayout() {
  const int columns = wantedColumns();
  // One column narrower than a chart's minimum: the minimum gives way (no sideways scrolling).
  const int width = availableWidth_ > 0 ? availableWidth_ : this->width();
  const int minWidth = std::max(160, std::min(minChart_.width(), width - 24));
  int minHeight = minChart_.height();
  if (rowsPerScreen_ > 0 && viewport_)
    minHeight = std::max(minHeight, (viewport_->height() - grid_->contentsMargins().top() - grid_->contentsMargins().bottom()) /
                                            rowsPerScreen_ - grid_->verticalSpacing());
  for (auto& [id, view] : views_) view->setMinimumSize(minWidth, minHeight);
  if (columns == columns_) return;
  columns_ = columns;
  reorder();
  for (int c = 0; c < 2; ++c) grid_->setColumnStretch(c, c < columns_ ? 1 : 0);
}

void ChartGrid::setPreferredOrder(std::vector<std::string> ids) {
  preferred_ = std::move(ids);
  reorder();
}

void ChartGrid::reorder() {
  auto rank = [this](const std::string& id) {
    return std::size_t(std::find(preferred_.begin(), preferred_.end(), id) - preferred_.begin());  // size(): not preferred
  };
  std::stable_sort(order_.begin(), order_.end(), [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
  for (const auto& id : order_) grid_->removeWidget(views_.at(id));
  for (int i = 0; i < int(order_.size()); ++i) grid_->addWidget(views_.at(order_[i]), i / columns_, i % columns_);
}

void ChartGrid::followWidthOf(QWidget* viewport) {
  viewport_ = viewport;
  viewport->installEventFilter(this);
  setAvailableWidth(viewport->width());
}

bool ChartGrid::eventFilter(QObject* watched, QEvent* event) {
  if (watched == viewport_ && event->type() == QEvent::Resize) setAvailableWidth(viewport_->width());  // and height
  return QWidget::eventFilter(watched, event);
}

void ChartGrid::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (availableWidth_ <= 0) relayout();
}

std::vector<dpw::FramePtr> ChartGrid::frames() const {
  std::vector<dpw::FramePtr> out;
  for (const auto& id : order_)
    if (auto it = frames_.find(id); it != frames_.end()) out.push_back(it->second);
  return out;
}

void ChartGrid::setOverlays(std::vector<ChartOverlay> overlays) {
  overlays_ = std::move(overlays);
  redrawAll();
}

void ChartGrid::redrawAll() {
  for (const auto& o : overlays_)
    for (const auto& f : o.frames)
      if (f && (overlayable(*f) || o.standsIn)) ensureView(*f);
  for (const auto& id : order_) {
    QWidget* view = views_.at(id);
    if (auto* picture = dynamic_cast<PictureView*>(view)) {
      dpw::FramePtr standIn;
      QString label;
      for (const auto& o : overlays_)
        for (const auto& f : o.frames)
          if (o.standsIn && !standIn && f && f->chart == id) standIn = f, label = QString::fromStdString(o.label);
      picture->setStandIn(standIn, label);
      continue;
    }
    draw(id);
  }
}

dpw::FramePtr ChartGrid::shownFrame(const std::string& chart) const {
  auto it = frames_.find(chart);
  const dpw::FramePtr live = it == frames_.end() ? nullptr : it->second;
  std::vector<FrameOverlay> here;
  for (const auto& o : overlays_)
    for (const auto& f : o.frames)
      if (f && f->chart == chart) here.push_back({o.label, f, o.dashed});
  if (here.empty()) return live;
  return withOverlays(live, here);
}

std::vector<dpw::FramePtr> ChartGrid::shownFrames() const {
  std::vector<dpw::FramePtr> out;
  for (const auto& id : order_)
    if (auto f = shownFrame(id)) out.push_back(f);
  return out;
}

QWidget* ChartGrid::view(const std::string& chart) const {
  auto it = views_.find(chart);
  return it == views_.end() ? nullptr : it->second;
}

QString ChartGrid::exportChartTo(const std::string& chart, const QString& path, qreal scale) const {
  const dpw::FramePtr frame = shownFrame(chart);  // with the pinned runs' curves, under their labels
  if (!frame) return tr("no chart named %1").arg(QString::fromStdString(chart));
  try {
    exportChart(*frame, path, scenarioProvider_ ? scenarioProvider_() : QByteArray(), scale);
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

void ChartGrid::showContextMenu(const std::string& chart, const QPoint& globalPos) {
  QMenu menu;
  const QString stem = QString::fromStdString(chart);
  auto exportAs = [this, chart, stem](const QString& filter, const QString& suffix, qreal scale) {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart"), stem + suffix, filter);
    if (path.isEmpty()) return;
    const QString error = exportChartTo(chart, path, scale);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Export failed"), error);
  };
  menu.addAction(tr("Export PNG (1x)…"), this, [=] { exportAs(tr("PNG image (*.png)"), ".png", 1); });
  menu.addAction(tr("Export PNG (2x)…"), this, [=] { exportAs(tr("PNG image (*.png)"), "@2x.png", 2); });
  menu.addAction(tr("Export PNG (3x)…"), this, [=] { exportAs(tr("PNG image (*.png)"), "@3x.png", 3); });
  menu.addAction(tr("Export SVG…"), this, [=] { exportAs(tr("SVG drawing (*.svg)"), ".svg", 1); });
  menu.addAction(tr("Export data (CSV)…"), this, [=] { exportAs(tr("CSV data (*.csv)"), ".csv", 1); });
  menu.addAction(tr("Copy image"), this, [this, chart] {
    if (auto f = shownFrame(chart)) QApplication::clipboard()->setImage(renderFrame(*f));
  });
  if (auto* cv = dynamic_cast<ZoomableChartView*>(views_.at(chart))) {
    menu.addSeparator();
    menu.addAction(tr("Reset zoom"), this, [cv] {
      cv->chart()->zoomReset();
      cv->zoomed = false;
    });
  }
  menu.exec(globalPos);
}

}  // namespace dpwapp
