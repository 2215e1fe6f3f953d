#include "gui/comparison_grid.h"

#include "charts/chart_style.h"
#include "core/output_classes.h"
#include "methods/output_labels.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QJsonObject>
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
#include <QSvgGenerator>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QValueAxis>
#include <QtCharts/QXYSeries>
#include <cmath>
#include <optional>
#include <set>

#include "charts/chart_builder.h"
#include "charts/point_cloud_painter.h"
#include "common/run_export.h"
#include "common/sweep.h"
#include "core/error.h"
#include "core/parameter_text.h"

namespace dpwapp {
namespace {

QString number(double v, int precision = 4) {
  if (std::isinf(v)) return v > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
  if (std::isnan(v)) return QStringLiteral("–");
  return QString::number(v, 'g', precision);
}


int indexIn(const QJsonArray& values, const QJsonValue& v) {
  for (int i = 0; i < values.size(); ++i)
    if (values[i] == v) return i;
  return -1;
}

/// A value of a grid list as its JSON (what a sweep file holds) and its label.
QJsonValue jsonOf(const dpw::ParamValue& v) {
  if (const auto* t = std::get_if<std::string>(&v)) return QString::fromStdString(*t);
  const double d = std::get<double>(v);
  if (std::isinf(d)) return d > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  return d;
}

QString labelOf(const QJsonValue& v) {
  if (v.isString()) return v.toString() == "inf" ? QStringLiteral("∞") : v.toString();
  return number(v.toDouble());
}

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

/// A metric's short name in the cells' captions ([FairLearn] prints ACC, DI, EO₀ ...), its name in the
/// table's header, and what it means (the legend under the grid and the tooltips; issue #19 item 4).
struct MetricName {
  QString brief, title, meaning;
};

/// The engine's output labels (methods/output_labels.h): the one home of every metric's names.
std::optional<MetricName> metricName(const QString& key) {
  const dpw::OutputLabel l = dpw::outputLabel(key.toStdString());
  if (l.title.empty()) return std::nullopt;
  return MetricName{QString::fromStdString(l.brief), QString::fromStdString(l.title), QString::fromStdString(l.meaning)};
}

QString metricTitle(const QString& key, bool brief) {
  const auto n = metricName(key);
  if (!n) return key;
  return brief ? n->brief : n->title;
}

/// "ACC: accuracy on the test set (…)" for a metric with a short name; empty for one shown by its key.
QString metricExplained(const QString& key) {
  const auto n = metricName(key);
  return n ? QStringLiteral("%1: %2").arg(n->brief, n->meaning) : QString();
}

QByteArray csvNumber(double v) {
  if (std::isnan(v)) return {};
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return QByteArray::number(v, 'g', 17);
}

double metricOf(const dpw::RunResult& r, const std::string& key) {
  auto it = r.metrics.find(key);
  if (it != r.metrics.end()) return it->second;
  it = r.evaluation.find(key);  // an evaluation on private data (core/output_classes.h)
  return it == r.evaluation.end() ? NAN : it->second;
}

}  // namespace

GridList parseGridList(const dpw::ParamSpec& spec, const QString& text) {
  GridList out;
  const QString what = QString::fromStdString(spec.label);
  const bool textual = spec.kind == dpw::ParamKind::Choice || spec.kind == dpw::ParamKind::Text;
  std::vector<std::string> items;  // the engine's one list splitter and number reader (core/parameter_text.h)
  try {
    items = dpw::splitList(text.toStdString(), "list");
  } catch (const dpw::InvalidArgument&) {
    out.error = QObject::tr("%1 list: an empty item between commas").arg(what);
    return out;
  }
  QStringList seen;
  for (const std::string& item : items) {
    const QString t = QString::fromStdString(item);
    dpw::ParamValue v;
    const dpw::SpecialValue* special = textual ? nullptr : dpw::specialValue(spec, t.toStdString());
    if (textual) {
      v = item;
    } else if (special) {  // a number that means a word ("from ε"): the sweep keeps the number
      v = special->value;
    } else if (const auto d = dpw::parseReal(item)) {
      v = *d;
    } else {
      out.error = QObject::tr("%1 list: '%2' is not a number%3")
                      .arg(what, t, spec.allowInfinity ? QObject::tr(" (or inf)") : QString());
      return out;
    }
    const std::string problem = dpw::checkParam(spec, v);
    if (!problem.empty()) {
      out.error = QObject::tr("%1 list: %2").arg(what, QString::fromStdString(problem));
      return out;
    }
    const QJsonValue json = jsonOf(v);
    const QString key = json.isString() ? json.toString() : QString::number(json.toDouble(), 'g', 17);
    if (seen.contains(key)) {
      out.error = QObject::tr("%1 list: %2 appears twice").arg(what, t);
      return out;
    }
    seen << key;
    out.values.append(json);
    const dpw::SpecialValue* word = textual ? nullptr : dpw::specialValue(spec, std::get<double>(v));
    out.labels << (word ? QString::fromStdString(word->label) : labelOf(json));
  }
  if (out.values.isEmpty()) {
    out.error = QObject::tr("%1 list is empty: enter values separated by commas").arg(what);
    return out;
  }
  if (out.values.size() > kMaxGridSide)
    out.error = QObject::tr("%1 list: at most %2 values, got %3").arg(what).arg(kMaxGridSide).arg(out.values.size());
  return out;
}

QString suggestedGridList(const dpw::ParamSpec& spec, const dpw::ParamValue& current) {
  QStringList out;
  if (spec.kind == dpw::ParamKind::Choice) {
    for (const auto& c : spec.choices)
      if (out.size() < kMaxGridSide) out << QString::fromStdString(c);
    return out.join(", ");
  }
  const double v = std::holds_alternative<double>(current) ? std::get<double>(current) : spec.defaultValue;
  if (spec.key == "epsilon" && spec.allowInfinity) return QStringLiteral("inf, 5, 1");
  if (spec.min == 0 && spec.max == 1 && spec.kind == dpw::ParamKind::Real) return QStringLiteral("0, 0.25, 0.5, 0.75");
  std::vector<double> candidates;
  if (std::isinf(v) || v == 0) {
    candidates = {spec.min, spec.defaultValue};
  } else {
    candidates = {v / 2, v, v * 2};
  }
  for (double c : candidates) {
    if (spec.kind == dpw::ParamKind::Integer) c = std::round(c);
    c = std::clamp(c, spec.min, spec.max);
    if (!std::isfinite(c)) continue;
    const dpw::SpecialValue* word = dpw::specialValue(spec, c);  // "from ε", not 0
    const QString text = word ? QString::fromStdString(word->label) : QString::number(c, 'g', 6);
    if (!out.contains(text)) out << text;
  }
  return out.join(", ");
}

bool hasComparisonGrid(const std::string& methodId) {
  try {
    return dpw::findMethod(methodId).grid.axes.size() >= 2;
  } catch (const std::exception&) {
    return false;
  }
}

ComparisonGridDialog::ComparisonGridDialog(std::function<Scenario()> scenario, QWidget* parent)
    : QDialog(parent),
      scenario_(std::move(scenario)),
      rowKeyBox_(new QComboBox),
      columnKeyBox_(new QComboBox),
      rowEdit_(new QLineEdit),
      columnEdit_(new QLineEdit),
      intro_(new QLabel),
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
  setWindowTitle(tr("Comparison grid"));
  setObjectName("comparisonGridDialog");
  rowKeyBox_->setObjectName("gridRowKey");
  columnKeyBox_->setObjectName("gridColumnKey");
  rowEdit_->setObjectName("gridRowValues");
  columnEdit_->setObjectName("gridColumnValues");
  message_->setObjectName("gridMessage");
  message_->setWordWrap(true);
  runButton_->setObjectName("gridRun");
  cancelButton_->setObjectName("gridCancel");
  csvButton_->setObjectName("gridExportCsv");
  pngButton_->setObjectName("gridExportPng");
  progress_->setTextVisible(false);
  rowEdit_->setToolTip(tr("Values of the row parameter, separated by commas (at most %1)").arg(kMaxGridSide));
  columnEdit_->setToolTip(tr("Values of the column parameter, separated by commas (at most %1)").arg(kMaxGridSide));

  auto* form = new QGridLayout;
  form->addWidget(new QLabel(tr("Rows")), 0, 0);
  form->addWidget(rowKeyBox_, 0, 1);
  form->addWidget(rowEdit_, 0, 2);
  form->addWidget(new QLabel(tr("Columns")), 1, 0);
  form->addWidget(columnKeyBox_, 1, 1);
  form->addWidget(columnEdit_, 1, 2);
  form->setColumnStretch(2, 1);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(runButton_);
  buttons->addWidget(cancelButton_);
  buttons->addWidget(progress_, 1);
  buttons->addWidget(csvButton_);
  buttons->addWidget(pngButton_);

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
  intro_->setWordWrap(true);
  layout->addWidget(intro_);
  layout->addLayout(form);
  layout->addWidget(message_);
  layout->addLayout(buttons);
  layout->addWidget(split, 1);

  connect(rowKeyBox_, &QComboBox::activated, this, [this] { axisChosen(rowKeyBox_, rowEdit_); });
  connect(columnKeyBox_, &QComboBox::activated, this, [this] { axisChosen(columnKeyBox_, columnEdit_); });
  connect(rowEdit_, &QLineEdit::textChanged, this, &ComparisonGridDialog::validateInputs);
  connect(columnEdit_, &QLineEdit::textChanged, this, &ComparisonGridDialog::validateInputs);
  connect(runButton_, &QPushButton::clicked, this, &ComparisonGridDialog::startGrid);
  connect(cancelButton_, &QPushButton::clicked, this, &ComparisonGridDialog::cancel);
  connect(csvButton_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export grid table"), "grid.csv", tr("CSV data (*.csv)"));
    if (path.isEmpty()) return;
    const QString error = exportCsv(path);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Export failed"), error);
  });
  connect(pngButton_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export grid picture"), "grid.png",
                                                      tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (path.isEmpty()) return;
    const QString error = exportPng(path);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Export failed"), error);
  });
  connect(poll_, &QTimer::timeout, this, &ComparisonGridDialog::pollWorker);
  poll_->setInterval(33);
  resize(1180, 1000);
  split->setSizes({720, 200});
  try {
    setMethod(scenario_().method);
  } catch (const std::exception&) {  // an invalid field: the method is still known
  }
  updateButtons();
}

ComparisonGridDialog::~ComparisonGridDialog() { stopAndWait(); }

void ComparisonGridDialog::setMethod(const std::string& methodId) {
  if (running() || methodId == offered_) return;
  const dpw::MethodInfo& m = dpw::findMethod(methodId);
  offered_ = methodId;
  const dpw::ParamValues defaults(m.params);
  for (QComboBox* box : {rowKeyBox_, columnKeyBox_}) {
    box->clear();
    for (const auto& key : m.grid.axes)
      box->addItem(QString::fromStdString(defaults.spec(key).label), QString::fromStdString(key));
  }
  intro_->setText(tr("<b>%1</b>: each cell runs the method with the main window's parameters and seed, the row and "
                     "column parameters set to the cell's values (the same sweep as <code>dpwlab-cli sweep</code>); "
                     "cells run in parallel. A cell shows the final chart and the numbers the method reports.")
                      .arg(QString::fromStdString(m.title).toHtmlEscaped()));
  if (m.grid.axes.size() >= 2) {
    rowKeyBox_->setCurrentIndex(0);
    columnKeyBox_->setCurrentIndex(1);
    axisChosen(rowKeyBox_, rowEdit_);
    axisChosen(columnKeyBox_, columnEdit_);
  }
  validateInputs();
}

const dpw::ParamSpec* ComparisonGridDialog::axisSpec(const QComboBox* box) const {
  if (offered_.empty() || box->currentIndex() < 0) return nullptr;
  const dpw::MethodInfo& m = dpw::findMethod(offered_);
  const std::string key = box->currentData().toString().toStdString();
  for (const auto& p : m.params)
    if (p.key == key) return &p;
  return nullptr;
}

void ComparisonGridDialog::axisChosen(QComboBox* box, QLineEdit* edit) {
  const dpw::ParamSpec* spec = axisSpec(box);
  if (!spec) return;
  dpw::ParamValue current = spec->kind == dpw::ParamKind::Choice ? dpw::ParamValue(spec->defaultText)
                                                                 : dpw::ParamValue(spec->defaultValue);
  try {
    const Scenario s = scenario_();
    if (s.method == offered_) current = s.params.values().at(spec->key);
  } catch (const std::exception&) {  // an invalid field elsewhere: suggest around the default
  }
  edit->setText(suggestedGridList(*spec, current));
  validateInputs();
}

bool ComparisonGridDialog::setAxes(const QString& rowKey, const QString& rowValues, const QString& columnKey,
                                   const QString& columnValues) {
  const int r = rowKeyBox_->findData(rowKey), c = columnKeyBox_->findData(columnKey);
  if (r < 0 || c < 0) {
    showMessage(tr("This method's grid has no axis '%1'").arg(r < 0 ? rowKey : columnKey), true);
    return false;
  }
  rowKeyBox_->setCurrentIndex(r);
  columnKeyBox_->setCurrentIndex(c);
  setLists(rowValues, columnValues);
  return true;
}

void ComparisonGridDialog::setLists(const QString& rowValues, const QString& columnValues) {
  rowEdit_->setText(rowValues);
  columnEdit_->setText(columnValues);
  validateInputs();
}

bool ComparisonGridDialog::running() const { return thread_ && thread_->isRunning(); }

QString ComparisonGridDialog::message() const { return message_->text(); }

void ComparisonGridDialog::showMessage(const QString& text, bool error) {
  message_->setText(text);
  message_->setStyleSheet(error ? "color: #b00020;" : "color: #333;");
}

void ComparisonGridDialog::validateInputs() {
  const dpw::ParamSpec* rs = axisSpec(rowKeyBox_);
  const dpw::ParamSpec* cs = axisSpec(columnKeyBox_);
  if (!rs || !cs) {
    updateButtons();
    return;
  }
  const GridList r = parseGridList(*rs, rowEdit_->text()), c = parseGridList(*cs, columnEdit_->text());
  rowEdit_->setStyleSheet(r.error.isEmpty() ? QString() : "background: #fde7e9;");
  columnEdit_->setStyleSheet(c.error.isEmpty() ? QString() : "background: #fde7e9;");
  if (rs->key == cs->key)
    showMessage(tr("Rows and columns vary the same parameter; choose two different ones."), true);
  else if (!r.error.isEmpty() || !c.error.isEmpty())
    showMessage(!r.error.isEmpty() ? r.error : c.error, true);
  else if (!running())
    showMessage(tr("%1 × %2 = %3 runs.").arg(r.values.size()).arg(c.values.size()).arg(r.values.size() * c.values.size()), false);
  setWindowTitle(tr("Comparison grid: %1 × %2").arg(QString::fromStdString(rs->label), QString::fromStdString(cs->label)));
  updateButtons();
}

void ComparisonGridDialog::updateButtons() {
  const dpw::ParamSpec* rs = axisSpec(rowKeyBox_);
  const dpw::ParamSpec* cs = axisSpec(columnKeyBox_);
  const bool valid = rs && cs && rs->key != cs->key && parseGridList(*rs, rowEdit_->text()).error.isEmpty() &&
                     parseGridList(*cs, columnEdit_->text()).error.isEmpty();
  runButton_->setEnabled(valid && !running());
  cancelButton_->setEnabled(running());
  for (QLineEdit* e : {rowEdit_, columnEdit_}) e->setReadOnly(running());
  for (QComboBox* b : {rowKeyBox_, columnKeyBox_}) b->setEnabled(!running());
  csvButton_->setEnabled(!results_.empty());
  pngButton_->setEnabled(!results_.empty());
}

bool ComparisonGridDialog::startGrid() {
  if (running()) return false;
  Scenario s;
  std::vector<dpw::BatchItem> items;
  try {
    s = scenario_();
    if (s.method != offered_) setMethod(s.method);
    const dpw::ParamSpec* rs = axisSpec(rowKeyBox_);
    const dpw::ParamSpec* cs = axisSpec(columnKeyBox_);
    if (!rs || !cs) throw dpw::InvalidArgument("the method '" + s.methodInfo().title + "' declares no grid axes");
    if (rs->key == cs->key) throw dpw::InvalidArgument("rows and columns vary the same parameter; choose two different ones");
    const GridList r = parseGridList(*rs, rowEdit_->text()), c = parseGridList(*cs, columnEdit_->text());
    if (!r.error.isEmpty() || !c.error.isEmpty()) throw dpw::InvalidArgument((!r.error.isEmpty() ? r.error : c.error).toStdString());
    rowKey_ = QString::fromStdString(rs->key);
    columnKey_ = QString::fromStdString(cs->key);
    rowValues_ = r.values;
    columnValues_ = c.values;
    rowLabels_ = r.labels;
    columnLabels_ = c.labels;
    // The cells are a sweep's items: the same checks and the same parameter setting as dpwlab-cli sweep.
    const Sweep sweep = Sweep::around(s, QJsonObject{{rowKey_, rowValues_}, {columnKey_, columnValues_}});
    const auto swept = sweep.shardItems(1, 1);
    cellScenarios_.assign(std::size_t(rowValues_.size() * columnValues_.size()), s);
    for (const auto& item : swept) {
      const int ri = indexIn(rowValues_, item.point.value(rowKey_));
      const int ci = indexIn(columnValues_, item.point.value(columnKey_));
      if (ri < 0 || ci < 0) throw dpw::InvalidArgument("internal: a sweep item outside the grid");
      cellScenarios_[std::size_t(ri * columnValues_.size() + ci)] = item.scenario;
    }
    for (const auto& cell : cellScenarios_) items.push_back({cell.params, cell.seed});
  } catch (const std::exception& ex) {
    showMessage(tr("Not started: %1").arg(QString::fromUtf8(ex.what())), true);
    return false;
  }
  method_ = s.method;
  seed_ = s.seed;
  results_.clear();
  buildEmptyGrid();
  table_->clear();
  table_->setRowCount(0);

  const std::size_t n = items.size();
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  progressOf_ = std::make_shared<Progress>(n);
  done_ = std::make_shared<Done>();
  if (thread_) {
    thread_->wait();
    delete thread_;
  }
  const std::string method = method_;
  auto cancel = cancel_;
  auto progress = progressOf_;
  auto done = done_;
  auto clock = std::make_shared<QElapsedTimer>();
  clock->start();
  thread_ = QThread::create([this, method, items, cancel, progress, done, clock] {
    dpw::BatchHooks hooks;
    hooks.cancelled = [cancel] { return cancel->load(); };
    hooks.progress = [progress](std::size_t c, long step, long total) {
      progress->step[c] = step;
      progress->total[c] = total;
    };
    hooks.itemDone = [done](std::size_t i, const dpw::BatchResult& cell) {
      QMutexLocker lock(&done->mutex);
      done->cells.emplace_back(i, cell);
    };
    bool ok = true;
    QString message;
    std::vector<dpw::BatchResult> cells;
    try {
      cells = dpw::runMethodBatch(dpw::findMethod(method), items, hooks);
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
  showMessage(tr("Running %1 × %2 = %3 runs…").arg(rowValues_.size()).arg(columnValues_.size()).arg(n), false);
  progress_->setRange(0, int(1000 * n));
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

const Scenario& ComparisonGridDialog::cellScenario(int r, int c) const {
  return cellScenarios_.at(std::size_t(r * columnValues_.size() + c));
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
  corner->setWordWrap(true);
  corner->setAlignment(Qt::AlignLeft | Qt::AlignBottom);
  gridLayout_->addWidget(corner, 0, 0);
  const dpw::ParamValues specs(dpw::findMethod(method_).params);
  const QString rowName = QString::fromStdString(specs.spec(rowKey_.toStdString()).label);
  const QString columnName = QString::fromStdString(specs.spec(columnKey_.toStdString()).label);
  for (int c = 0; c < columnValues_.size(); ++c) {
    auto* h = new QLabel(QStringLiteral("%1 = %2").arg(columnName, columnLabels_[c]));
    h->setFont(bold);
    h->setWordWrap(true);
    h->setAlignment(Qt::AlignCenter);
    gridLayout_->addWidget(h, 0, c + 1);
  }
  for (int r = 0; r < rowValues_.size(); ++r) {
    auto* h = new QLabel(QStringLiteral("%1\n= %2").arg(rowName, rowLabels_[r]));
    h->setFont(bold);
    h->setWordWrap(true);
    h->setMaximumWidth(140);
    h->setAlignment(Qt::AlignCenter);
    gridLayout_->addWidget(h, r + 1, 0);
    for (int c = 0; c < columnValues_.size(); ++c) {
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
      caption->setWordWrap(true);
      caption->setFont(chartFont(8, caption->font()));
      v->addWidget(caption);
      v->addStretch(1);
      gridLayout_->addWidget(cell, r + 1, c + 1);
      cells_.push_back(cell);
    }
  }
  // What the captions' short names mean, under the grid (and so in its PNG export).
  abbreviated_.clear();
  auto* abbreviations = new QLabel;
  abbreviations->setObjectName("gridAbbreviations");
  abbreviations->setWordWrap(true);
  abbreviations->setStyleSheet("color: #333;");
  gridLayout_->addWidget(abbreviations, int(rowValues_.size()) + 1, 0, 1, int(columnValues_.size()) + 1);
  for (int i = 1; i <= kMaxGridSide; ++i) {
    gridLayout_->setColumnStretch(i, i <= int(columnValues_.size()) ? 1 : 0);
    gridLayout_->setRowStretch(i, i <= int(rowValues_.size()) ? 1 : 0);
  }
  gridLayout_->setRowStretch(int(rowValues_.size()) + 1, 0);
}

void ComparisonGridDialog::updateAbbreviations(const QStringList& keys) {
  auto* legend = gridHost_->findChild<QLabel*>("gridAbbreviations");
  if (!legend) return;
  for (const QString& k : keys)
    if (!abbreviated_.contains(k) && !metricExplained(k).isEmpty()) abbreviated_ << k;
  QStringList lines;
  for (const QString& k : abbreviated_) lines << metricExplained(k);
  legend->setText(lines.isEmpty() ? QString() : tr("In the cells: %1.").arg(lines.join(" · ")));
}

QString ComparisonGridDialog::abbreviationsText() const {
  auto* legend = gridHost_->findChild<QLabel*>("gridAbbreviations");
  return legend ? legend->text() : QString();
}

QWidget* ComparisonGridDialog::cellWidget(int r, int c) const {
  if (r < 0 || c < 0 || r >= int(rowValues_.size()) || c >= int(columnValues_.size())) return nullptr;
  const std::size_t i = std::size_t(r) * std::size_t(columnValues_.size()) + std::size_t(c);
  return i < cells_.size() ? cells_[i] : nullptr;
}

void ComparisonGridDialog::pollWorker() {
  if (!done_ || !progressOf_) return;
  std::vector<std::pair<std::size_t, dpw::BatchResult>> ready;
  {
    QMutexLocker lock(&done_->mutex);
    ready.swap(done_->cells);
  }
  for (const auto& [i, cell] : ready) fillCell(i, cell);
  double total = 0;
  for (std::size_t i = 0; i < progressOf_->step.size(); ++i) {
    const long s = progressOf_->step[i].load(), t = progressOf_->total[i].load();
    total += t > 0 ? 1000.0 * double(std::min(s, t)) / double(t) : 0.0;
    if (i < cells_.size() && !cells_[i]->property("filled").toBool() && s > 0)
      if (auto* caption = cells_[i]->findChild<QLabel*>("caption")) caption->setText(tr("step %1 / %2").arg(s).arg(t));
  }
  progress_->setValue(int(std::min<double>(total, progress_->maximum())));
}

QStringList ComparisonGridDialog::metricKeys() const {
  QStringList keys;
  if (method_.empty()) return keys;
  for (const auto& k : dpw::findMethod(method_).grid.metrics) {
    const QString key = QString::fromStdString(k);
    // Only metrics this grid's runs report (e.g. the classifier's EO metrics with the EO penalty).
    const bool any = results_.empty() || std::any_of(results_.begin(), results_.end(), [&](const dpw::BatchResult& r) {
                       return r.result.metrics.count(k) > 0 || r.result.evaluation.count(k) > 0;
                     });
    if (any) keys << key;
  }
  return keys;
}

void ComparisonGridDialog::fillCell(std::size_t index, const dpw::BatchResult& cell) {
  if (index >= cells_.size() || cells_[index]->property("filled").toBool()) return;
  QWidget* w = cells_[index];
  auto* layout = static_cast<QVBoxLayout*>(w->layout());
  const dpw::MethodInfo& m = dpw::findMethod(method_);
  // Caption: the first six declared metrics the run reports, three per line (as the papers print them).
  QStringList parts, shownKeys;
  for (const auto& k : m.grid.metrics) {
    if (parts.size() >= 6) break;
    const double v = metricOf(cell.result, k);
    if (std::isnan(v) && !cell.result.metrics.count(k)) continue;
    parts << QStringLiteral("%1 %2").arg(metricTitle(QString::fromStdString(k), true), number(v, 3));
    shownKeys << QString::fromStdString(k);
  }
  QString caption;
  for (int i = 0; i < parts.size(); ++i) caption += (i == 0 ? "" : (i % 3 == 0 ? "\n" : " · ")) + parts[i];
  if (auto* label = w->findChild<QLabel*>("caption")) {
    label->setText(caption);
    QStringList meanings;
    for (const QString& k : shownKeys)
      if (const QString e = metricExplained(k); !e.isEmpty()) meanings << e;
    label->setToolTip(meanings.join('\n'));
  }
  updateAbbreviations(shownKeys);
  if (QLayoutItem* item = layout->takeAt(layout->count() - 1)) delete item;  // the placeholder stretch
  for (const auto& f : cell.frames)
    if (f->chart == m.grid.chart) {
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

double ComparisonGridDialog::cellValue(std::size_t index, const QString& column) const {
  const int r = int(index) / int(columnValues_.size()), c = int(index) % int(columnValues_.size());
  auto axis = [](const QJsonValue& v) {
    if (v.isString()) return v.toString() == "inf" ? double(INFINITY) : double(NAN);
    return v.toDouble();
  };
  if (column == "point." + rowKey_) return axis(rowValues_[r]);
  if (column == "point." + columnKey_) return axis(columnValues_[c]);
  return metricOf(results_[index].result, column.toStdString());
}

void ComparisonGridDialog::fillTable() {
  const QStringList keys = metricKeys();
  const QStringList columns = QStringList{"point." + rowKey_, "point." + columnKey_} + keys;
  const dpw::ParamValues specs(dpw::findMethod(method_).params);
  table_->clear();
  table_->setColumnCount(int(columns.size()));
  table_->setRowCount(int(results_.size()));
  for (int k = 0; k < columns.size(); ++k) {
    const QString title = k == 0   ? QString::fromStdString(specs.spec(rowKey_.toStdString()).label)
                          : k == 1 ? QString::fromStdString(specs.spec(columnKey_.toStdString()).label)
                                   : metricTitle(columns[k], false);
    auto* header = new QTableWidgetItem(title);
    const QString meaning = k >= 2 ? metricExplained(columns[k]) : QString();
    header->setToolTip(meaning.isEmpty() ? columns[k] : QStringLiteral("%1 (%2)").arg(meaning, columns[k]));
    table_->setHorizontalHeaderItem(k, header);
  }
  for (std::size_t i = 0; i < results_.size(); ++i) {
    const int r = int(i) / int(columnValues_.size()), c = int(i) % int(columnValues_.size());
    for (int k = 0; k < columns.size(); ++k) {
      const QString text = k == 0 ? rowLabels_[r] : k == 1 ? columnLabels_[c] : number(cellValue(i, columns[k]), 5);
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(int(i), k, item);
    }
  }
  table_->resizeColumnsToContents();
}

void ComparisonGridDialog::onWorkerDone(bool ok, const QString& message, std::vector<dpw::BatchResult> cells) {
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
    shareColumnScales();
    progress_->setValue(progress_->maximum());
  }
  // The cells were run on the same data: what they spend together follows the message.
  showMessage(ok ? message + " " + jointClaimText() : message, !ok);
  updateButtons();
  emit gridFinished(ok);
}

dpw::JointClaim ComparisonGridDialog::jointClaim() const {
  std::vector<dpw::RunPrivacy> runs;
  runs.reserve(results_.size());
  for (const dpw::BatchResult& cell : results_) runs.push_back(cell.result.privacy);
  return dpw::jointClaim(runs);
}

QString ComparisonGridDialog::jointClaimText() const {
  if (results_.empty()) return {};
  return QString::fromStdString(dpw::jointClaimSentence(jointClaim(), "cells"));
}

QByteArray ComparisonGridDialog::tableCsv() const {
  const QStringList columns = QStringList{"point." + rowKey_, "point." + columnKey_} + metricKeys();
  // The grid's joint claim (the same in every row) after the cells' own columns.
  const dpw::JointClaim joint = jointClaim();
  QByteArray out = columns.join(',').toUtf8() + ",joint_epsilon,joint_delta\n";
  for (std::size_t i = 0; i < results_.size(); ++i) {
    const int r = int(i) / int(columnValues_.size()), c = int(i) % int(columnValues_.size());
    QByteArrayList row;
    for (int k = 0; k < columns.size(); ++k) {
      const QJsonValue axis = k == 0 ? rowValues_[r] : k == 1 ? columnValues_[c] : QJsonValue();
      if (axis.isString())
        row << axis.toString().toUtf8();  // a choice, or "inf"
      else
        row << csvNumber(cellValue(i, columns[k]));
    }
    row << csvNumber(joint.epsilon) << csvNumber(joint.delta);
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

void ComparisonGridDialog::shareColumnScales() {
  // One y range per column (the union of its cells' ranges), so cells in a column compare by height.
  const int rows = int(rowValues_.size()), columns = int(columnValues_.size());
  for (int c = 0; c < columns; ++c) {
    double lo = INFINITY, hi = -INFINITY;
    std::vector<QAbstractAxis*> axes;
    for (int r = 0; r < rows; ++r) {
      QWidget* cell = cellWidget(r, c);
      auto* view = cell ? cell->findChild<QChartView*>() : nullptr;
      if (!view || !view->chart() || view->chart()->axes(Qt::Vertical).isEmpty()) continue;
      auto* axis = qobject_cast<QValueAxis*>(view->chart()->axes(Qt::Vertical).first());
      if (!axis) continue;
      lo = std::min(lo, axis->min());
      hi = std::max(hi, axis->max());
      axes.push_back(axis);
    }
    if (axes.size() < 2 || !(hi > lo)) continue;
    for (QAbstractAxis* axis : axes) {
      auto* v = static_cast<QValueAxis*>(axis);
      v->setRange(lo, hi);
      if (v->tickType() == QValueAxis::TicksDynamic) v->setTickInterval((hi - lo) / 2);
    }
  }
}

QString ComparisonGridDialog::exportHeading() const {
  if (method_.empty() || cellScenarios_.empty()) return {};
  const auto& m = dpw::findMethod(method_);
  const dpw::ParamValues specs(m.params);
  const QString rowName = QString::fromStdString(specs.spec(rowKey_.toStdString()).label);
  const QString columnName = QString::fromStdString(specs.spec(columnKey_.toStdString()).label);
  QStringList fixed;
  const Scenario& base = cellScenarios_.front();
  for (const auto& spec : m.params) {
    if (QString::fromStdString(spec.key) == rowKey_ || QString::fromStdString(spec.key) == columnKey_) continue;
    const auto found = base.params.values().find(spec.key);
    if (found == base.params.values().end()) continue;
    const dpw::ParamValue& v = found->second;
    QString text;
    if (const auto* t = std::get_if<std::string>(&v))
      text = QString::fromStdString(*t);
    else
      text = number(std::get<double>(v));
    if (!text.isEmpty()) fixed << QStringLiteral("%1 = %2").arg(QString::fromStdString(spec.label), text);
  }
  fixed << tr("seed = %1").arg(seed_);
  const QString joint = jointClaimText();
  return tr("%1: comparison grid, rows %2, columns %3 (y axis shared within each column)\nFixed: %4")
             .arg(QString::fromStdString(m.title), rowName, columnName, fixed.join(QStringLiteral(" · "))) +
         (joint.isEmpty() ? QString() : "\n" + joint);
}

void ComparisonGridDialog::paintExport(QPainter& p, QSize size, int headingHeight) const {
  p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
  const QString heading = exportHeading();
  const int nl = int(heading.indexOf('\n'));
  QFont title = p.font();
  title.setPointSizeF(12);
  title.setBold(true);
  p.setFont(title);
  p.setPen(Qt::black);
  p.drawText(QRect(8, 4, size.width() - 16, 24), Qt::AlignLeft | Qt::AlignVCenter, heading.left(nl));
  QFont small = p.font();
  small.setPointSizeF(8.5);
  small.setBold(false);
  p.setFont(small);
  p.setPen(QColor(0x333333));
  p.drawText(QRect(8, 30, size.width() - 16, headingHeight - 32), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, heading.mid(nl + 1));
  p.translate(0, headingHeight);
  gridHost_->render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
}

int ComparisonGridDialog::exportHeadingHeight(int width) const {
  const QString heading = exportHeading();
  QFont small;
  small.setPointSizeF(8.5);
  const QRect r = QFontMetrics(small).boundingRect(QRect(0, 0, width - 16, 2000), Qt::TextWordWrap,
                                                    heading.mid(heading.indexOf('\n') + 1));
  return 30 + r.height() + 10;
}

QImage ComparisonGridDialog::gridImage() const {
  QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);  // cells filled just now are laid out
  const QSize grid = gridHost_->size();
  const int heading = exportHeadingHeight(grid.width());
  QImage image(grid.width(), grid.height() + heading, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  QPainter p(&image);
  p.setRenderHint(QPainter::Antialiasing);
  paintExport(p, image.size(), heading);
  return image;
}

QString ComparisonGridDialog::exportPng(const QString& path) const {
  if (results_.empty()) return tr("no finished grid to export");
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (path.endsWith(".svg", Qt::CaseInsensitive)) {  // the same picture as a drawing
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const QSize grid = gridHost_->size();
    const int heading = exportHeadingHeight(grid.width());
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(QSize(grid.width(), grid.height() + heading));
    svg.setViewBox(QRect(0, 0, grid.width(), grid.height() + heading));
    svg.setTitle(exportHeading().section('\n', 0, 0));
    QPainter p(&svg);
    paintExport(p, QSize(grid.width(), grid.height() + heading), heading);
  } else if (!gridImage().save(&buffer, "PNG")) {
    return tr("cannot encode the grid picture");
  }
  try {
    writeFileAtomically(path, bytes);
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

}  // namespace dpwapp
