#include "gui/comparison_grid.h"

#include "core/output_classes.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QJsonObject>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "charts/chart_style.h"  // chartFont
#include "gui/grid_cell_chart.h"
#include "gui/grid_worker.h"
#include "gui/metric_titles.h"
#include "common/run_export.h"
#include "common/sweep.h"
#include "core/error.h"
#include "core/internal_error.h"

namespace dpwapp {
namespace {

int indexIn(const QJsonArray& values, const QJsonValue& v) {
  for (int i = 0; i < values.size(); ++i)
    if (values[i] == v) return i;
  return -1;
}

}  // namespace

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
      poll_(new QTimer(this)),
      worker_(new GridWorker([this](bool ok, const QString& message,
                                    std::vector<dpw::BatchResult> cells) { onWorkerDone(ok, message, std::move(cells)); },
                             this)) {
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

bool ComparisonGridDialog::running() const { return worker_->running(); }

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
      dpw::ensure(ri >= 0 && ci >= 0, "a sweep item outside the comparison grid");
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
  worker_->start(method_, std::move(items));
  showMessage(tr("Running %1 × %2 = %3 runs…").arg(rowValues_.size()).arg(columnValues_.size()).arg(n), false);
  progress_->setRange(0, int(1000 * n));
  progress_->setValue(0);
  poll_->start();
  updateButtons();
  return true;
}

void ComparisonGridDialog::cancel() { worker_->cancel(); }

void ComparisonGridDialog::stopAndWait() {
  worker_->stopAndWait();
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
  for (const auto& [i, cell] : worker_->takeFinished()) fillCell(i, cell);
  double total = 0;
  for (std::size_t i = 0; i < worker_->cells(); ++i) {
    const auto [s, t] = worker_->progress(i);
    total += t > 0 ? 1000.0 * double(std::min(s, t)) / double(t) : 0.0;
    if (i < cells_.size() && !cells_[i]->property("filled").toBool() && s > 0)
      if (auto* caption = cells_[i]->findChild<QLabel*>("caption")) caption->setText(tr("step %1 / %2").arg(s).arg(t));
  }
  progress_->setValue(int(std::min<double>(total, progress_->maximum())));
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
    const double v = gridMetric(cell.result, k);
    if (std::isnan(v) && !cell.result.metrics.count(k)) continue;
    parts << QStringLiteral("%1 %2").arg(metricTitle(QString::fromStdString(k), true), gridNumber(v, 3));
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

void ComparisonGridDialog::onWorkerDone(bool ok, const QString& message, std::vector<dpw::BatchResult> cells) {
  poll_->stop();  // the worker's thread is joined: running() is false from here on
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

}  // namespace dpwapp
