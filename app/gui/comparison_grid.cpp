#include "gui/comparison_grid.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QCloseEvent>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFormLayout>
#include <QGraphicsLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QValueAxis>
#include <QtCharts/QXYSeries>
#include <cmath>
#include <set>

#include "charts/chart_builder.h"
#include "charts/point_cloud_painter.h"
#include "common/run_export.h"
#include "core/error.h"

namespace dpwapp {
namespace {

QString number(double v, int precision = 4) {
  if (std::isinf(v)) return v > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
  if (std::isnan(v)) return QStringLiteral("–");
  return QString::number(v, 'g', precision);
}

GridList parseList(const QString& text, const QString& what, bool epsilon) {
  GridList out;
  const QStringList items = text.split(',', Qt::KeepEmptyParts);
  std::set<double> seen;
  for (const QString& raw : items) {
    const QString t = raw.trimmed();
    if (t.isEmpty()) {
      if (items.size() > 1) {
        out.error = QObject::tr("%1 list: an empty item between commas").arg(what);
        return out;
      }
      continue;
    }
    double v = 0;
    const QString lower = t.toLower();
    if (epsilon && (lower == "inf" || lower == "infinity" || t == QStringLiteral("∞"))) {
      v = INFINITY;
    } else {
      bool ok = false;
      v = t.toDouble(&ok);
      if (!ok || !std::isfinite(v)) {
        out.error = QObject::tr("%1 list: '%2' is not a number%3").arg(what, t, epsilon ? QObject::tr(" (or inf)") : QString());
        return out;
      }
    }
    if (epsilon && !(v > 0)) {
      out.error = QObject::tr("%1 list: ε must be > 0 (inf for no privacy), got %2").arg(what, t);
      return out;
    }
    if (!epsilon && !(v >= 0 && v <= 1)) {
      out.error = QObject::tr("%1 list: α must lie in [0, 1], got %2").arg(what, t);
      return out;
    }
    if (!seen.insert(v).second) {
      out.error = QObject::tr("%1 list: %2 appears twice").arg(what, t);
      return out;
    }
    out.values.push_back(v);
  }
  if (out.values.empty()) {
    out.error = epsilon ? QObject::tr("%1 list is empty: enter values such as inf, 5, 1").arg(what)
                        : QObject::tr("%1 list is empty: enter values such as 0, 0.25, 0.5").arg(what);
    return out;
  }
  if (int(out.values.size()) > kMaxGridSide)
    out.error = QObject::tr("%1 list: at most %2 values, got %3").arg(what).arg(kMaxGridSide).arg(out.values.size());
  return out;
}

/// The chart a cell shows: the final test-score histograms (classifier), outputs or latent codes.
const char* cellChartId(dpw::FairTask task) {
  switch (task) {
    case dpw::FairTask::Classifier:
      return "scores";
    case dpw::FairTask::Representation:
      return "latent";
    default:
      return "outputs";
  }
}

/// A point cloud painted by the chart layer, at cell size.
class CloudView : public QWidget {
 public:
  explicit CloudView(dpw::FramePtr frame) : frame_(std::move(frame)) {
    updateRange(std::get<dpw::PointsFrame>(frame_->data), range_);
  }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QFont f = p.font();
    f.setPointSizeF(7);
    p.setFont(f);
    paintPoints(std::get<dpw::PointsFrame>(frame_->data), QString(), p, rect(), range_);
  }

 private:
  dpw::FramePtr frame_;
  PlotRange range_;
};

/// A compact version of the chart layer's chart: no title (the row and column headers say ε and α),
/// small fonts, legend only where asked.
QWidget* smallChart(const dpw::Frame& frame, QString* legend) {
  if (std::holds_alternative<dpw::PointsFrame>(frame.data)) return new CloudView(std::make_shared<const dpw::Frame>(frame));
  QChart* chart = buildChart(frame);
  if (!chart) return new QLabel(QObject::tr("(no chart)"));
  chart->setTitle(QString());
  chart->setMargins(QMargins(0, 0, 2, 0));
  chart->layout()->setContentsMargins(2, 2, 2, 2);
  QFont small;
  small.setPointSizeF(7);
  for (QAbstractAxis* axis : chart->axes()) {
    axis->setLabelsFont(small);
    axis->setTitleFont(small);
    if (axis->orientation() == Qt::Vertical) axis->setTitleVisible(false);
    if (auto* v = qobject_cast<QValueAxis*>(axis)) v->setTickInterval(v->max() - v->min() > 0 ? (v->max() - v->min()) / 2 : 1);
  }
  chart->legend()->setVisible(false);
  if (legend) {  // one legend for the whole grid, in its top-left corner
    QStringList lines;
    for (QAbstractSeries* series : chart->series())
      if (auto* xy = qobject_cast<QXYSeries*>(series))
        lines << QStringLiteral("<span style='color:%1'>%2</span> %3")
                     .arg(xy->pen().color().name(), xy->pen().style() == Qt::SolidLine ? "━━" : "╍╍",
                          xy->name().toHtmlEscaped());
    *legend = lines.join("<br>");
  }
  auto* view = new QChartView(chart);
  view->setRenderHint(QPainter::Antialiasing);
  return view;
}

/// The numbers [FairLearn] prints above each panel of Fig. 5 (noise, loss and its terms; test metrics).
QString captionFor(dpw::FairTask task, const std::string& penalty, const dpw::RunResult& r) {
  auto m = [&r](const char* key) {
    auto it = r.metrics.find(key);
    return it == r.metrics.end() ? NAN : it->second;
  };
  QString top = QObject::tr("σ %1 · L %2 (CL %3, W %4)")
                    .arg(number(m("noise_multiplier"), 3), number(m("objective"), 3), number(m("loss_term"), 3),
                         number(m("penalty_term"), 3));
  QString bottom;
  switch (task) {
    case dpw::FairTask::Classifier:
      bottom = penalty == "eo" ? QObject::tr("ACC %1 · EO₀ %2 · EO₁ %3")
                                     .arg(number(m("accuracy"), 3), number(m("eo_0"), 3), number(m("eo_1"), 3))
                               : QObject::tr("ACC %1 · DI %2 · W₂² %3")
                                     .arg(number(m("accuracy"), 3), number(m("disparate_impact"), 3),
                                          number(m("w2_groups"), 3));
      break;
    case dpw::FairTask::Regression2d:
      bottom = QObject::tr("MSE %1 · ACC %2 · SW₂² %3")
                   .arg(number(m("mse"), 3), number(m("accuracy"), 3), number(m("sw2_groups"), 3));
      break;
    default:
      bottom = QObject::tr("rec. %1 · ACC %2 · DI %3")
                   .arg(number(m("reconstruction_loss"), 3), number(m("accuracy"), 3), number(m("disparate_impact"), 3));
      break;
  }
  return top + "\n" + bottom;
}

/// Header text of a summary column.
QString columnTitle(const QString& key) {
  static const std::map<QString, QString> titles = {
      {"epsilon_target", QObject::tr("ε (target)")},
      {"alpha", QObject::tr("α")},
      {"noise_multiplier", QObject::tr("noise σ")},
      {"accuracy", QObject::tr("accuracy")},
      {"disparate_impact", QObject::tr("DI")},
      {"w2_groups", QObject::tr("fairness violation W₂²(groups)")},
      {"w2_groups_y0", QObject::tr("violation W₂² | Y = 0")},
      {"w2_groups_y1", QObject::tr("violation W₂² | Y = 1")},
      {"eo_0", QObject::tr("EO₀")},
      {"eo_1", QObject::tr("EO₁")},
      {"sw2_groups", QObject::tr("fairness violation SW₂²(groups)")},
      {"mse", QObject::tr("MSE")},
      {"od_0", QObject::tr("OD₀")},
      {"od_1", QObject::tr("OD₁")},
      {"reconstruction_loss", QObject::tr("reconstruction")},
      {"epsilon_spent", QObject::tr("ε spent")},
      {"objective", QObject::tr("objective L")},
      {"loss_term", QObject::tr("loss term CL")},
      {"penalty_term", QObject::tr("penalty W")},
  };
  auto it = titles.find(key);
  return it == titles.end() ? key : it->second;
}

double columnValue(const dpw::FairGridCell& cell, const QString& key) {
  if (key == "epsilon_target") return cell.epsilon;
  if (key == "alpha") return cell.alpha;
  const std::string k = key == "epsilon_spent" ? std::string("epsilon") : key.toStdString();
  auto it = cell.result.metrics.find(k);
  return it == cell.result.metrics.end() ? NAN : it->second;
}

QByteArray csvNumber(double v) {
  if (std::isnan(v)) return {};
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return QByteArray::number(v, 'g', 17);
}

}  // namespace

GridList parseEpsilonList(const QString& text) { return parseList(text, QObject::tr("ε"), true); }
GridList parseAlphaList(const QString& text) { return parseList(text, QObject::tr("α"), false); }

bool gridTaskFor(const std::string& methodId, dpw::FairTask* task) {
  dpw::FairTask t;
  if (methodId == "fair-classifier")
    t = dpw::FairTask::Classifier;
  else if (methodId == "fair-regression-2d")
    t = dpw::FairTask::Regression2d;
  else if (methodId == "fair-representation")
    t = dpw::FairTask::Representation;
  else
    return false;
  if (task) *task = t;
  return true;
}

ComparisonGridDialog::ComparisonGridDialog(std::function<Scenario()> scenario, QWidget* parent)
    : QDialog(parent),
      scenario_(std::move(scenario)),
      epsEdit_(new QLineEdit("inf, 1")),
      alphaEdit_(new QLineEdit("0, 0.25, 0.5, 0.75")),
      message_(new QLabel),
      runButton_(new QPushButton(tr("&Run grid"))),
      cancelButton_(new QPushButton(tr("&Cancel"))),
      csvButton_(new QPushButton(tr("Export table (CSV)…"))),
      pngButton_(new QPushButton(tr("Export grid (PNG)…"))),
      progress_(new QProgressBar),
      gridHost_(new QWidget),
      gridLayout_(new QGridLayout(gridHost_)),
      table_(new QTableWidget),
      poll_(new QTimer(this)) {
  setWindowTitle(tr("Comparison grid: ε × α"));
  setObjectName("comparisonGridDialog");
  epsEdit_->setObjectName("gridEpsilons");
  alphaEdit_->setObjectName("gridAlphas");
  message_->setObjectName("gridMessage");
  runButton_->setObjectName("gridRun");
  cancelButton_->setObjectName("gridCancel");
  table_->setObjectName("gridTable");
  gridHost_->setObjectName("gridCells");
  epsEdit_->setToolTip(tr("Rows: privacy budgets ε, comma-separated, each > 0; inf = no privacy (no clipping, no "
                          "noise). At most %1.").arg(kMaxGridSide));
  alphaEdit_->setToolTip(tr("Columns: fairness weights α in [0, 1], comma-separated ([FairLearn] eq. 18: (1 − α) "
                            "loss + α W₂²). At most %1.").arg(kMaxGridSide));
  message_->setWordWrap(true);

  auto* form = new QFormLayout;
  form->addRow(tr("Rows ε"), epsEdit_);
  form->addRow(tr("Columns α"), alphaEdit_);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(runButton_);
  buttons->addWidget(cancelButton_);
  buttons->addWidget(progress_, 1);
  buttons->addWidget(csvButton_);
  buttons->addWidget(pngButton_);

  gridHost_->setBackgroundRole(QPalette::Base);
  gridHost_->setAutoFillBackground(true);
  gridLayout_->setSpacing(6);
  auto* scroll = new QScrollArea;
  scroll->setWidget(gridHost_);
  scroll->setWidgetResizable(true);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->setVisible(false);
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setMinimumHeight(120);
  table_->horizontalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(scroll);
  split->addWidget(table_);
  split->setStretchFactor(0, 4);
  split->setStretchFactor(1, 1);
  split->setChildrenCollapsible(false);

  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(tr("Each cell trains the current method with the main window's parameters and seed at "
                              "one (ε, α); cells run in parallel. As in [FairLearn] Fig. 5, a cell shows the final "
                              "test scores (or outputs) per group and the noise, loss and test metrics."));
  intro->setWordWrap(true);
  layout->addWidget(intro);
  layout->addLayout(form);
  layout->addWidget(message_);
  layout->addLayout(buttons);
  layout->addWidget(split, 1);

  connect(epsEdit_, &QLineEdit::textChanged, this, &ComparisonGridDialog::validateInputs);
  connect(alphaEdit_, &QLineEdit::textChanged, this, &ComparisonGridDialog::validateInputs);
  connect(runButton_, &QPushButton::clicked, this, &ComparisonGridDialog::startGrid);
  connect(cancelButton_, &QPushButton::clicked, this, &ComparisonGridDialog::cancel);
  connect(csvButton_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export grid table"), "grid.csv", tr("CSV data (*.csv)"));
    if (path.isEmpty()) return;
    const QString error = exportCsv(path);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Export failed"), error);
  });
  connect(pngButton_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export grid picture"), "grid.png", tr("PNG image (*.png)"));
    if (path.isEmpty()) return;
    const QString error = exportPng(path);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Export failed"), error);
  });
  connect(poll_, &QTimer::timeout, this, &ComparisonGridDialog::pollWorker);
  poll_->setInterval(33);
  resize(1180, 1000);
  split->setSizes({720, 200});
  validateInputs();
  updateButtons();
}

ComparisonGridDialog::~ComparisonGridDialog() { stopAndWait(); }

void ComparisonGridDialog::setLists(const QString& epsilons, const QString& alphas) {
  epsEdit_->setText(epsilons);
  alphaEdit_->setText(alphas);
}

bool ComparisonGridDialog::running() const { return thread_ && thread_->isRunning(); }

QString ComparisonGridDialog::message() const { return message_->text(); }

void ComparisonGridDialog::showMessage(const QString& text, bool error) {
  message_->setText(text);
  message_->setStyleSheet(error ? "color: #b00020;" : "color: #333;");
}

void ComparisonGridDialog::validateInputs() {
  const GridList e = parseEpsilonList(epsEdit_->text()), a = parseAlphaList(alphaEdit_->text());
  epsEdit_->setStyleSheet(e.error.isEmpty() ? QString() : "background: #fde7e9;");
  alphaEdit_->setStyleSheet(a.error.isEmpty() ? QString() : "background: #fde7e9;");
  if (!e.error.isEmpty() || !a.error.isEmpty())
    showMessage(!e.error.isEmpty() ? e.error : a.error, true);
  else if (!running())
    showMessage(tr("%1 × %2 = %3 runs.").arg(e.values.size()).arg(a.values.size()).arg(e.values.size() * a.values.size()),
                false);
  updateButtons();
}

void ComparisonGridDialog::updateButtons() {
  const bool valid = parseEpsilonList(epsEdit_->text()).error.isEmpty() && parseAlphaList(alphaEdit_->text()).error.isEmpty();
  runButton_->setEnabled(valid && !running());
  cancelButton_->setEnabled(running());
  epsEdit_->setReadOnly(running());
  alphaEdit_->setReadOnly(running());
  csvButton_->setEnabled(!results_.empty());
  pngButton_->setEnabled(!results_.empty());
}

bool ComparisonGridDialog::startGrid() {
  if (running()) return false;
  const GridList e = parseEpsilonList(epsEdit_->text()), a = parseAlphaList(alphaEdit_->text());
  if (!e.error.isEmpty() || !a.error.isEmpty()) {
    showMessage(tr("Not started: %1").arg(!e.error.isEmpty() ? e.error : a.error), true);
    return false;
  }
  Scenario s;
  dpw::FairTask task;
  try {
    s = scenario_();
    if (!gridTaskFor(s.method, &task))
      throw dpw::InvalidArgument("the comparison grid is for the fair classifier, the 2-D fair regression and the fair "
                                 "representation; the current method is '" + s.methodInfo().title + "'");
    settings_ = dpw::FairLearningSettings::fromParams(task, s.params);
  } catch (const std::exception& ex) {
    showMessage(tr("Not started: %1").arg(QString::fromUtf8(ex.what())), true);
    return false;
  }
  method_ = s.method;
  seed_ = s.seed;
  epsilons_ = e.values;
  alphas_ = a.values;
  results_.clear();
  buildEmptyGrid();
  table_->clear();
  table_->setRowCount(0);

  const std::size_t n = epsilons_.size() * alphas_.size();
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  cellSteps_ = std::make_shared<std::vector<std::atomic<long>>>(n);
  done_ = std::make_shared<Done>();
  if (thread_) {
    thread_->wait();
    delete thread_;
  }
  const dpw::FairLearningSettings settings = settings_;
  const std::vector<double> eps = epsilons_, alphas = alphas_;
  const std::uint64_t seed = seed_;
  auto cancel = cancel_;
  auto steps = cellSteps_;
  auto done = done_;
  auto clock = std::make_shared<QElapsedTimer>();
  clock->start();
  thread_ = QThread::create([this, settings, eps, alphas, seed, cancel, steps, done, clock] {
    dpw::FairGridHooks hooks;
    hooks.cancelled = [cancel] { return cancel->load(); };
    hooks.progress = [steps](std::size_t c, long step, long) { (*steps)[c] = step; };
    hooks.cellDone = [done](std::size_t i, const dpw::FairGridCell& cell) {
      QMutexLocker lock(&done->mutex);
      done->cells.emplace_back(i, cell);
    };
    bool ok = true;
    QString message;
    std::vector<dpw::FairGridCell> cells;
    try {
      cells = dpw::runFairLearningGrid(settings, eps, alphas, seed, hooks);
      message = tr("Finished %1 runs in %2 s.").arg(cells.size()).arg(clock->elapsed() / 1000.0, 0, 'f', 1);
    } catch (const dpw::Cancelled&) {
      ok = false;
      message = tr("Grid cancelled; the cells shown had finished.");
    } catch (const std::exception& ex) {
      ok = false;
      message = tr("Grid failed: %1").arg(QString::fromUtf8(ex.what()));
    }
    // Delivered only while this dialog lives (the destructor joins this thread first).
    QMetaObject::invokeMethod(
        this, [this, done, ok, message, cells] { if (done == done_) onWorkerDone(ok, message, cells); },
        Qt::QueuedConnection);
  });
  thread_->start();
  showMessage(tr("Running %1 × %2 = %3 runs of %4 steps…").arg(eps.size()).arg(alphas.size()).arg(n).arg(settings_.steps),
              false);
  progress_->setRange(0, int(std::min<long>(long(n) * settings_.steps, 2000000000L)));
  progress_->setValue(0);
  poll_->start();
  updateButtons();
  return true;
}

void ComparisonGridDialog::cancel() {
  if (cancel_) *cancel_ = true;
}

void ComparisonGridDialog::stopAndWait() {
  cancel();
  if (thread_) {
    thread_->wait();
    delete thread_;
    thread_ = nullptr;
  }
  poll_->stop();
  updateButtons();
}

void ComparisonGridDialog::closeEvent(QCloseEvent* event) {
  stopAndWait();
  event->accept();
}

void ComparisonGridDialog::reject() {  // Esc or the window's close button
  stopAndWait();
  QDialog::reject();
}

void ComparisonGridDialog::buildEmptyGrid() {
  for (QWidget* w : gridHost_->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) delete w;
  cells_.clear();
  filled_ = 0;
  QFont bold;
  bold.setBold(true);
  auto* corner = new QLabel;
  corner->setObjectName("gridLegend");
  corner->setTextFormat(Qt::RichText);
  corner->setAlignment(Qt::AlignLeft | Qt::AlignBottom);
  gridLayout_->addWidget(corner, 0, 0);
  for (std::size_t c = 0; c < alphas_.size(); ++c) {
    auto* h = new QLabel(tr("α = %1").arg(number(alphas_[c])));
    h->setFont(bold);
    h->setAlignment(Qt::AlignCenter);
    gridLayout_->addWidget(h, 0, int(c) + 1);
  }
  for (std::size_t r = 0; r < epsilons_.size(); ++r) {
    auto* h = new QLabel(tr("ε = %1").arg(number(epsilons_[r])));
    h->setFont(bold);
    h->setAlignment(Qt::AlignCenter);
    gridLayout_->addWidget(h, int(r) + 1, 0);
    for (std::size_t c = 0; c < alphas_.size(); ++c) {
      auto* cell = new QFrame;
      cell->setObjectName(QStringLiteral("cell_%1_%2").arg(r).arg(c));
      cell->setFrameShape(QFrame::StyledPanel);
      cell->setMinimumSize(220, 190);
      auto* v = new QVBoxLayout(cell);
      v->setContentsMargins(3, 3, 3, 3);
      v->setSpacing(0);
      auto* caption = new QLabel(tr("waiting…"));
      caption->setObjectName("caption");
      caption->setAlignment(Qt::AlignCenter);
      QFont f = caption->font();
      f.setPointSizeF(8);
      caption->setFont(f);
      v->addWidget(caption);
      v->addStretch(1);
      gridLayout_->addWidget(cell, int(r) + 1, int(c) + 1);
      cells_.push_back(cell);
    }
  }
  for (int i = 1; i <= kMaxGridSide; ++i) {
    gridLayout_->setColumnStretch(i, i <= int(alphas_.size()) ? 1 : 0);
    gridLayout_->setRowStretch(i, i <= int(epsilons_.size()) ? 1 : 0);
  }
}

QWidget* ComparisonGridDialog::cellWidget(int r, int c) const {
  if (r < 0 || c < 0 || r >= int(epsilons_.size()) || c >= int(alphas_.size())) return nullptr;
  const std::size_t i = std::size_t(r) * alphas_.size() + std::size_t(c);
  return i < cells_.size() ? cells_[i] : nullptr;
}

void ComparisonGridDialog::pollWorker() {
  if (!done_ || !cellSteps_) return;
  std::vector<std::pair<std::size_t, dpw::FairGridCell>> ready;
  {
    QMutexLocker lock(&done_->mutex);
    ready.swap(done_->cells);
  }
  for (const auto& [i, cell] : ready) fillCell(i, cell);
  long total = 0;
  for (std::size_t i = 0; i < cellSteps_->size(); ++i) {
    const long s = (*cellSteps_)[i].load();
    total += s;
    if (i < cells_.size() && !cells_[i]->property("filled").toBool() && s > 0)
      if (auto* caption = cells_[i]->findChild<QLabel*>("caption"))
        caption->setText(tr("step %1 / %2").arg(s).arg(settings_.steps));
  }
  progress_->setValue(int(std::min<long>(total, progress_->maximum())));
}

void ComparisonGridDialog::fillCell(std::size_t index, const dpw::FairGridCell& cell) {
  if (index >= cells_.size() || cells_[index]->property("filled").toBool()) return;
  QWidget* w = cells_[index];
  auto* layout = static_cast<QVBoxLayout*>(w->layout());
  dpw::FairTask task = settings_.task;
  if (auto* caption = w->findChild<QLabel*>("caption")) caption->setText(captionFor(task, settings_.penalty, cell.result));
  // The stretch placeholder goes; the chart takes the rest of the cell.
  if (QLayoutItem* item = layout->takeAt(layout->count() - 1)) delete item;
  const std::string id = cellChartId(task);
  for (const auto& f : cell.frames)
    if (f->chart == id) {
      QString legend;
      QWidget* chart = smallChart(*f, &legend);
      if (auto* corner = gridHost_->findChild<QLabel*>("gridLegend"); corner && corner->text().isEmpty())
        corner->setText(legend);
      chart->setObjectName("cellChart");
      layout->addWidget(chart, 1);
      break;
    }
  w->setProperty("filled", true);
  ++filled_;
}

QStringList ComparisonGridDialog::columnKeys() const {
  QStringList keys{"epsilon_target", "alpha", "noise_multiplier"};
  switch (settings_.task) {
    case dpw::FairTask::Classifier:
      keys << (settings_.penalty == "eo" ? QStringList{"accuracy", "w2_groups_y0", "w2_groups_y1", "eo_0", "eo_1"}
                                         : QStringList{"accuracy", "w2_groups", "disparate_impact"});
      break;
    case dpw::FairTask::Regression2d:
      keys << QStringList{"accuracy", "sw2_groups", "mse", "od_0", "od_1"};
      break;
    default:
      keys << QStringList{"accuracy", "sw2_groups", "disparate_impact", "reconstruction_loss"};
      break;
  }
  keys << QStringList{"epsilon_spent", "objective", "loss_term", "penalty_term"};
  return keys;
}

void ComparisonGridDialog::fillTable() {
  const QStringList keys = columnKeys();
  table_->clear();
  table_->setColumnCount(int(keys.size()));
  table_->setRowCount(int(results_.size()));
  for (int k = 0; k < keys.size(); ++k) {
    auto* header = new QTableWidgetItem(columnTitle(keys[k]));
    header->setToolTip(keys[k]);
    table_->setHorizontalHeaderItem(k, header);
  }
  for (std::size_t i = 0; i < results_.size(); ++i)
    for (int k = 0; k < keys.size(); ++k) {
      auto* item = new QTableWidgetItem(number(columnValue(results_[i], keys[k]), 5));
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(int(i), k, item);
    }
  table_->resizeColumnsToContents();
}

void ComparisonGridDialog::onWorkerDone(bool ok, const QString& message, std::vector<dpw::FairGridCell> cells) {
  if (thread_) {
    thread_->wait();  // the worker is returning: join it so running() is false from here on
    delete thread_;
    thread_ = nullptr;
  }
  poll_->stop();
  pollWorker();  // cells finished since the last poll
  if (ok) {
    results_ = std::move(cells);
    for (std::size_t i = 0; i < results_.size(); ++i) fillCell(i, results_[i]);
    fillTable();
    progress_->setValue(progress_->maximum());
  }
  showMessage(message, !ok);
  updateButtons();
  emit gridFinished(ok);
}

QByteArray ComparisonGridDialog::tableCsv() const {
  const QStringList keys = columnKeys();
  QByteArray out = keys.join(',').toUtf8() + '\n';
  for (const auto& cell : results_) {
    QByteArrayList row;
    for (const QString& k : keys) row << csvNumber(columnValue(cell, k));
    out += row.join(',') + '\n';
  }
  return out;
}

QString ComparisonGridDialog::exportCsv(const QString& path) const {
  if (results_.empty()) return tr("no finished grid to export");
  try {
    writeFileAtomically(path, tableCsv());
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

QImage ComparisonGridDialog::gridImage() const {
  QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);  // cells filled just now are laid out
  return gridHost_->grab().toImage();
}

QString ComparisonGridDialog::exportPng(const QString& path) const {
  if (results_.empty()) return tr("no finished grid to export");
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (!gridImage().save(&buffer, "PNG")) return tr("cannot encode the grid picture");
  try {
    writeFileAtomically(path, bytes);
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

}  // namespace dpwapp
