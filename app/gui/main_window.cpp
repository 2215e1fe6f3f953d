#include "gui/main_window.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFormLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include "common/embedded_resources.h"
#include "common/run_export.h"
#include "common/chart_export.h"
#include "core/error.h"
#include "gui/accessibility.h"
#include "gui/chart_grid.h"
#include "gui/comparison_grid.h"
#include "gui/display_scale.h"
#include "gui/lesson_menu.h"
#include "gui/parameter_form.h"
#include "gui/parameter_undo.h"
#include "gui/pinned_runs.h"
#include "gui/recent_files.h"
#include "gui/run_controller.h"
#include "gui/status_message_label.h"

// What the window holds and how it is laid out; its menus are in gui/main_menus.cpp, its runs in
// gui/main_window_run.cpp, its readouts in gui/main_window_readout.cpp, its lessons and presenter view in
// gui/main_window_lesson.cpp.
namespace dpwapp {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      method_(new QComboBox),
      seed_(new QLineEdit),
      form_(new ParameterForm),
      explanation_(new QTextBrowser),
      charts_(new ChartGrid),
      controller_(new RunController(this)),
      timer_(new QTimer(this)),
      stepLabel_(new QLabel),
      epsilonLabel_(new QLabel),
      message_(new StatusMessageLabel),
      progressBar_(new QProgressBar),
      liveEpsilon_(NAN),
      pinned_(std::make_unique<PinnedRuns>()),
      history_(new ParameterHistory(form_, this)) {
  ensureEmbeddedResources();
  setWindowTitle(tr("DPW Lab"));
  // The charts scroll when a method has more of them than fit (e.g. fair regression: seven).
  auto* chartScroll = new QScrollArea;
  chartScroll->setObjectName("chartScroll");
  chartScroll->setWidget(charts_);
  chartScroll->setWidgetResizable(true);
  chartScroll->setFrameShape(QFrame::NoFrame);
  // Above the charts, in presentation mode: the lesson's number and title, and its one-line caption.
  auto* central = new QWidget;
  auto* centralLayout = new QVBoxLayout(central);
  centralLayout->setContentsMargins(0, 0, 0, 0);
  centralLayout->setSpacing(0);
  lessonBanner_ = new QLabel;
  lessonBanner_->setObjectName("lessonBanner");
  lessonBanner_->setTextFormat(Qt::RichText);
  lessonBanner_->setWordWrap(true);
  lessonBanner_->setContentsMargins(10, 4, 10, 4);
  lessonBanner_->hide();
  centralLayout->addWidget(lessonBanner_);
  centralLayout->addWidget(chartScroll, 1);
  setCentralWidget(central);
  charts_->followWidthOf(chartScroll->viewport());  // one or two charts per row: never sideways scrolling
  charts_->setScenarioProvider([this] { return scenarioForExport(); });

  // Left: method, seed and parameters.
  auto* panel = new QWidget;
  auto* layout = new QVBoxLayout(panel);
  auto* top = new QFormLayout;
  for (const auto& m : dpw::allMethods()) method_->addItem(QString::fromStdString(m.title), QString::fromStdString(m.id));
  method_->setObjectName("method");
  method_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);  // long titles must not squeeze its label
  method_->setMinimumContentsLength(12);
  method_->setToolTip(tr("The method to run: its parameters appear below, its explanation on the right."));
  method_->setAccessibleName(tr("Method"));
  seed_->setObjectName("seed");
  seed_->setAccessibleName(tr("Seed"));
  seed_->setToolTip(tr("Seed of the run's random numbers: the same seed replays the run exactly."));
  top->addRow(tr("Method"), method_);
  top->addRow(tr("Seed"), seed_);
  layout->addLayout(top);
  auto* scroll = new QScrollArea;
  scroll->setWidget(form_);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  layout->addWidget(scroll, 1);
  auto* legend = new QLabel(tr("Changes take effect at the next run. Hover a field for its meaning."));
  legend->setWordWrap(true);
  legend->setStyleSheet("color: #555;");
  layout->addWidget(legend);
  auto* dock = new QDockWidget(tr("Method and parameters"), this);
  dock->setObjectName("methodDock");
  dock->setWidget(panel);
  dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
  panel->setMinimumWidth(250);  // at most about a quarter of the window (fitLayoutToWidth)
  panel->setMaximumWidth(420);
  addDockWidget(Qt::LeftDockWidgetArea, dock);
  methodDock_ = dock;

  // Right: the method in plain words, with live values.
  explanation_->setObjectName("explanation");
  explanation_->setOpenExternalLinks(false);
  auto* explainDock = new QDockWidget(tr("What is happening"), this);
  explainDock->setObjectName("explainDock");
  explainDock->setWidget(explanation_);
  explanation_->setMinimumWidth(180);
  explanation_->setMaximumWidth(360);
  explanation_->setToolTip(tr("What the method does and what the charts show, with the last run's numbers"));
  explanation_->setAccessibleName(tr("What is happening"));
  addDockWidget(Qt::RightDockWidgetArea, explainDock);
  explainDock_ = explainDock;

  // Status bar: step counter, progress with ETA, privacy spent.
  progressBar_->setMaximumWidth(220);
  progressBar_->setTextVisible(false);
  message_->setObjectName("statusMessage");
  message_->setTextFormat(Qt::PlainText);
  stepLabel_->setObjectName("stepLabel");
  epsilonLabel_->setObjectName("epsilonLabel");
  epsilonLabel_->setTextFormat(Qt::PlainText);
  epsilonLabel_->setContentsMargins(8, 0, 0, 0);  // apart from the step counter when the bar is hidden
  statusBar()->addWidget(message_, 1);
  statusBar()->addPermanentWidget(stepLabel_);
  statusBar()->addPermanentWidget(progressBar_);
  statusBar()->addPermanentWidget(epsilonLabel_);

  display_ = new DisplayScale(this);  // applies the saved zoom before the menus and charts are built
  buildMenus();
  ControlNamer::install();  // every control gets an accessible name and a tooltip (gui/accessibility.h)
  connect(method_, &QComboBox::currentIndexChanged, this, &MainWindow::selectMethod);
  connect(form_, &ParameterForm::sliderReleased, this, [this] { rerunFromSlider(); });
  connect(form_, &ParameterForm::edited, this, &MainWindow::formChanged);
  connect(seed_, &QLineEdit::textEdited, this, &MainWindow::formChanged);
  connect(controller_, &RunController::finished, this, &MainWindow::onFinished);
  connect(timer_, &QTimer::timeout, this, &MainWindow::pullFrames);
  timer_->setInterval(framePullIntervalMs());  // the screen's pace; pullFrames stretches it when drawing is slow

  QSettings settings;
  Scenario initial = embeddedDefaultScenario();
  const QByteArray last = settings.value("lastScenario").toByteArray();
  if (!last.isEmpty()) {
    try {
      initial = Scenario::fromJson(last.toStdString());
    } catch (const std::exception&) {  // a stale or foreign entry: keep the default
    }
  }
  loadScenario(initial);
  // The first window fits the screen it opens on (1400 × 860 where there is room; at 1024 × 768 inside it).
  QSize size(1400, 860);
  if (const QScreen* screen = QGuiApplication::primaryScreen())
    size = size.boundedTo(screen->availableGeometry().size() * 0.95);
  resize(size);
  restoreGeometry(settings.value("geometry").toByteArray());
  restoreState(settings.value("windowState").toByteArray());
  updateRunActions();
}

MainWindow::~MainWindow() { controller_->stopAndWait(); }

void MainWindow::closeEvent(QCloseEvent* event) {
  controller_->stopAndWait();
  if (grid_) grid_->close();  // cancels and joins the grid's worker
  setPresenterView(false);     // the window back where it was
  setPresentationMode(false);  // the panels as they were, so that the saved state has them
  QSettings settings;
  settings.setValue("geometry", saveGeometry());
  settings.setValue("windowState", saveState());
  try {
    settings.setValue("lastScenario", scenarioJson(currentScenario()));
  } catch (const std::exception&) {  // an invalid field is not remembered
  }
  event->accept();
}

QAction* MainWindow::action(const QString& name) const { return findChild<QAction*>(name); }

bool MainWindow::presentationMode() const { return display_->presentation(); }

void MainWindow::setPresentationMode(bool on) {
  if (on == display_->presentation()) return;
  if (QAction* a = action("presentationMode"); a && a->isChecked() != on) {
    a->setChecked(on);  // its toggled signal calls this again, which does the work
    return;
  }
  if (on) {
    methodDockWasVisible_ = !methodDock_->isHidden();  // (isVisible is false before the window is shown)
    explainDockWasVisible_ = !explainDock_->isHidden();
    methodDock_->hide();  // the essentials stay: menus, the run toolbar, the status bar with step and ε
    explainDock_->hide();
  } else {
    methodDock_->setVisible(methodDockWasVisible_);
    explainDock_->setVisible(explainDockWasVisible_);
  }
  display_->setPresentation(on);
  updateLessonBanner();
  fitLayoutToWidth();
}

void MainWindow::resizeEvent(QResizeEvent* event) {
  QMainWindow::resizeEvent(event);
  fitLayoutToWidth();
}

/// The side panels take at most about 45% of the window together (a quarter and a fifth), so the
/// charts keep the larger part at 1024 × 768.
void MainWindow::fitLayoutToWidth() {
  const int w = width();
  if (w != fittedWidth_) {  // a new window width: the panels at their share of it
    fittedWidth_ = w;
    resizeDocks({methodDock_, explainDock_}, {std::min(420, w / 4), std::min(360, w / 5)}, Qt::Horizontal);
  }
  if (QWidget* panel = methodDock_->widget()) panel->setMaximumWidth(std::max(panel->minimumWidth(), std::min(420, w / 4)));
  explanation_->setMaximumWidth(std::max(explanation_->minimumWidth(), std::min(360, w / 5)));
}

void MainWindow::selectMethod(int index) {
  if (index < 0) return;
  const Scenario s = Scenario::defaults(method_->itemData(index).toString().toStdString());
  form_->setBaseline(std::nullopt);  // reset goes to the method's defaults
  form_->setValues(s.params);
  seed_->setText(QString::number(s.seed));  // the method's own seed: a run does not depend on what ran before
  history_->clear();  // other parameters: a new history
  methodChanged();
}

void MainWindow::methodChanged() {
  clearShownRun();  // another method, preset or scenario: nothing of the last run stays
  updateGridAction();
  updateLessonBanner();
}

std::string MainWindow::currentMethod() const { return method_->currentData().toString().toStdString(); }

ComparisonGridDialog* MainWindow::openComparisonGrid(const QString& rowKey, const QString& rowValues,
                                                     const QString& columnKey, const QString& columnValues) {
  const std::string method = method_->currentData().toString().toStdString();
  if (!hasComparisonGrid(method)) {
    showStatus(tr("This method declares no parameters a comparison grid may vary."));
    return nullptr;
  }
  if (!grid_) grid_ = new ComparisonGridDialog([this] { return currentScenario(); }, this);
  grid_->setMethod(method);
  if (!rowKey.isEmpty() && !columnKey.isEmpty()) grid_->setAxes(rowKey, rowValues, columnKey, columnValues);
  grid_->show();
  grid_->raise();
  grid_->activateWindow();
  return grid_;
}

void MainWindow::applyView(const Scenario& s) {
  if (s.view)
    openComparisonGrid("epsilon", QString::fromStdString(s.view->epsilons.value_or("inf, 1")), "alpha",
                       QString::fromStdString(s.view->alphas.value_or("0, 0.25, 0.5, 0.75")));
}

void MainWindow::loadScenario(const Scenario& s) {
  const int index = method_->findData(QString::fromStdString(s.method));
  method_->blockSignals(true);
  method_->setCurrentIndex(index);
  method_->blockSignals(false);
  seed_->setText(QString::number(s.seed));
  // A lesson's values are what reset goes back to; any other scenario resets to the method's defaults.
  form_->setBaseline(s.lesson ? std::optional<dpw::ParamValues>(s.params) : std::nullopt);
  form_->setValues(s.params);
  history_->clear();
  methodChanged();
}

Scenario MainWindow::currentScenario() const {
  Scenario s = Scenario::defaults(method_->currentData().toString().toStdString());
  bool ok = false;
  const qulonglong seed = seed_->text().trimmed().toULongLong(&ok);
  if (!ok || seed > 9007199254740992ULL)
    throw dpw::InvalidArgument("Seed: '" + seed_->text().toStdString() + "' is not a whole number in [0, 2^53]");
  s.seed = seed;
  s.params = form_->values();
  return s;
}

QString MainWindow::statusMessage() const { return message_->fullText(); }

void MainWindow::showStatus(const QString& text) { message_->setFullText(text); }

QString MainWindow::statementForExport() const {
  if (!lastStatement_.isEmpty() || (endedAs_ != RunState::Cancelled && endedAs_ != RunState::Failed)) return lastStatement_;
  // A stopped or failed run made no statement: say so, and how far it went, rather than an empty field
  // beside the scenario's full step count.
  const RunReadout r = runReadout();
  QString text = tr("The run was %1 at step %2 of %3, before its privacy statement: no claim was made for it.")
                     .arg(endedAs_ == RunState::Cancelled ? tr("stopped") : tr("ended by an error"))
                     .arg(r.step)
                     .arg(r.total);
  if (!r.privacy.isEmpty()) text += tr(" What it had spent when it ended: %1.").arg(r.privacy);
  return text;
}

QByteArray MainWindow::scenarioForExport() const {
  dpw::RunResult r;
  r.privacyStatement = statementForExport().toStdString();
  try {
    return scenarioWithStatement(lastScenario_.method.empty() ? currentScenario() : lastScenario_, r);
  } catch (const std::exception&) {
    return {};
  }
}

QString MainWindow::exportAll(const QString& dir) {
  dpw::RunResult r;
  for (auto it = lastMetrics_.begin(); it != lastMetrics_.end(); ++it) {
    const std::string key = it.key().toStdString();
    if (dpw::isEvaluationName(key))
      r.evaluation[key.substr(0, key.size() - dpw::evaluationSuffix().size())] = it.value().toDouble();
    else
      r.metrics[key] = it.value().toDouble();
  }
  r.privacyStatement = statementForExport().toStdString();
  try {
    // What the charts show: pinned runs and piled draws are in the CSV files under their labels.
    exportRun(lastScenario_.method.empty() ? currentScenario() : lastScenario_, r, charts_->shownFrames(), dir);
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  showStatus(tr("Exported to %1").arg(dir));
  return {};
}

void MainWindow::openScenario() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), {}, tr("Scenarios (*.json)"));
  if (!path.isEmpty()) openScenarioFile(path);
}

void MainWindow::saveScenario() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), {}, tr("Scenarios (*.json)"));
  if (path.isEmpty()) return;
  if (const QString error = saveScenarioTo(path); !error.isEmpty())
    QMessageBox::warning(this, tr("Cannot save scenario"), error);
}

QString MainWindow::saveScenarioTo(const QString& path) {
  try {
    Scenario s = currentScenario();
    if (lesson_ && lessonMethod_ == s.method) s.lesson = lesson_;  // a lesson saved stays a lesson
    writeFileAtomically(path, scenarioJson(s));
    recent_->add(path);
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

}  // namespace dpwapp
