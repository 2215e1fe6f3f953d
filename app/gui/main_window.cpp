#include "gui/main_window.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QTextBrowser>
#include <QScreen>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>
#include <cmath>
#include <utility>

#include "common/embedded_resources.h"
#include "core/build_info.h"
#include "common/run_export.h"
#include "common/chart_export.h"
#include "core/error.h"
#include "charts/chart_style.h"
#include "privacy/printed_numbers.h"  // claimNumber
#include "gui/accessibility.h"
#include "gui/chart_grid.h"
#include "gui/comparison_grid.h"
#include "gui/display_scale.h"
#include "gui/lesson_menu.h"
#include "gui/parameter_form.h"
#include "gui/record_animation.h"
#include "gui/parameter_undo.h"
#include "gui/pinned_runs.h"
#include "gui/run_controller.h"

namespace dpwapp {
namespace {

constexpr int kMaxRecent = 8;

/// Newest ε of the series the method declares as its privacy spent, if `f` is its chart.
double epsilonOf(const dpw::Frame& f, const dpw::PrivacyReadout& r) {
  if (r.chart.empty() || f.chart != r.chart) return NAN;
  const auto* lines = std::get_if<dpw::LinesFrame>(&f.data);
  if (!lines || lines->series.empty()) return NAN;
  const dpw::Series* s = &lines->series.front();
  if (!r.series.empty()) {
    s = nullptr;
    for (const auto& c : lines->series)
      if (c.name == r.series) s = &c;
  }
  return s && !s->y.empty() ? s->y.back() : NAN;
}


QString readResourceText(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// The README: installed documentation first (GNUInstallDirs' share/doc/<name>), then the source tree
/// of a build (the binary in build/app/); empty if neither has it.
QString findReadme() {
  const QDir bin(QCoreApplication::applicationDirPath());
  // CMAKE_INSTALL_DOCDIR is share/doc/<project name> (DPWLab); packagers often use the package name.
  for (const QString& rel : {QStringLiteral("../share/doc/DPWLab/README.md"), QStringLiteral("../share/doc/dpwlab/README.md"),
                             QStringLiteral("../share/doc/dpw-lab/README.md"), QStringLiteral("../../README.md"),
                             QStringLiteral("../README.md")}) {
    const QString path = QDir::cleanPath(bin.filePath(rel));
    if (QFileInfo(path).isFile()) return path;
  }
  return {};
}

QString formatSeconds(double s) {
  if (!std::isfinite(s) || s < 0) return QStringLiteral("–");
  if (s < 60) return QStringLiteral("%1 s").arg(int(std::ceil(s)));
  return QStringLiteral("%1 min %2 s").arg(int(s) / 60).arg(int(s) % 60);
}

}  // namespace

QString versionLine() { return QStringLiteral("dpwlab %1 (%2)").arg(dpw::kVersion, dpw::kBuildFlags); }

QString aboutHtml() {
  return QObject::tr("<h2>DPW Lab</h2><p>%1<br>Build type %2.</p>"
                     "<p>Differentially private machine learning with optimal transport: the methods of five papers, "
                     "with live charts, privacy accountants and audits.</p>"
                     "<p>Licence: MIT (DPW Lab's own source code). The program links Qt %3 (LGPLv3; Qt Charts GPLv3), "
                     "Eigen (MPL 2.0), CLP (EPL 2.0), Boost (BSL 1.0) and OpenMP; their licences apply to them.</p>")
      .arg(versionLine().toHtmlEscaped(), QString::fromLatin1(dpw::kBuildType).toHtmlEscaped(), QString::fromLatin1(qVersion()));
}

/// The status bar's message: one line when the text fits, else whole words on a first line and the
/// rest on a second, elided only if two lines cannot hold it (full text in the tooltip). A run's privacy
/// statement (~110 characters) then shows whole in presentation mode at 1024 × 768, where one line held
/// "Finished. (ε = 5, δ = 1e-05) by the…", and it never runs into the step counter.
class StatusMessageLabel : public QLabel {
 public:
  void setFullText(const QString& text) {
    full_ = text;
    setToolTip(text);
    updateText();
  }
  const QString& fullText() const { return full_; }
  QSize minimumSizeHint() const override { return QSize(40, QLabel::minimumSizeHint().height()); }
  QSize sizeHint() const override { return QSize(80, QLabel::sizeHint().height()); }

 protected:
  void resizeEvent(QResizeEvent* e) override {
    QLabel::resizeEvent(e);
    updateText();
  }

 private:
  void updateText() {
    const int room = std::max(0, width() - 4);
    const QFontMetrics metrics = fontMetrics();
    QString shown = full_;
    auto fits = [&](const QString& line) { return metrics.horizontalAdvance(line) <= room; };
    if (!fits(full_)) {
      const QStringList lines = wrapWords(full_, fits);
      shown = !fits(lines[0]) ? metrics.elidedText(full_, Qt::ElideRight, room)
                              : lines[0] + QLatin1Char('\n') +
                                    metrics.elidedText(lines.mid(1).join(QLatin1Char(' ')), Qt::ElideRight, room);
    }
    const bool twoLines = shown.contains(QLatin1Char('\n'));
    QLabel::setText(shown);
    if (twoLines != twoLines_) {  // the status bar's height follows
      twoLines_ = twoLines;
      updateGeometry();
    }
  }
  QString full_;
  bool twoLines_ = false;
};

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

void MainWindow::buildViewMenu(QMenu* view) {
  view->addSeparator();
  auto* present = view->addAction(tr("&Presentation mode"));
  present->setObjectName("presentationMode");
  present->setCheckable(true);
  present->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)});
  present->setToolTip(tr("Text and lines twice their size, side panels hidden, charts filling the window: for a "
                         "projector (F5 or Ctrl+Shift+P; again to leave)"));
  connect(present, &QAction::toggled, this, &MainWindow::setPresentationMode);
  auto* in = view->addAction(tr("Zoom &in"), display_, &DisplayScale::zoomIn);
  in->setObjectName("zoomIn");
  in->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
  auto* out = view->addAction(tr("Zoom &out"), display_, &DisplayScale::zoomOut);
  out->setObjectName("zoomOut");
  out->setShortcuts(QKeySequence::ZoomOut);
  auto* actual = view->addAction(tr("&Actual size"), QKeySequence(Qt::CTRL | Qt::Key_0), display_, &DisplayScale::resetZoom);
  actual->setObjectName("zoomReset");
  for (QAction* a : {in, out, actual})
    a->setToolTip(tr("All text, chart titles, ticks and legends included (%1)").arg(a->shortcut().toString(QKeySequence::NativeText)));
  view->addSeparator();
  for (QDockWidget* dock : {methodDock_, explainDock_}) {
    QAction* toggle = dock->toggleViewAction();
    toggle->setObjectName(dock->objectName() + "Toggle");
    view->addAction(toggle);
  }
  connect(display_, &DisplayScale::changed, this, [this] {
    charts_->restyle();  // charts read the new scale when built
    const double f = display_->textFactor();
    charts_->setMinimumChartSize(QSize(int(300 * std::sqrt(f)), int(300 * std::sqrt(f))));
    charts_->setRowsPerScreen(display_->presentation() ? 1 : 0);
    showStatus(tr("Text at %1% (Ctrl++ / Ctrl+− / Ctrl+0)").arg(std::lround(100 * display_->zoom())));
  });
  const double f = display_->textFactor();  // the saved zoom
  charts_->setMinimumChartSize(QSize(int(300 * std::sqrt(f)), int(300 * std::sqrt(f))));
}

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

void MainWindow::updateLessonBanner() {
  const bool show = display_ && display_->presentation() && lesson_ && lessonMethod_ == currentMethod();
  if (show) {
    QString html = QStringLiteral("<b>%1  %2</b>").arg(QString::fromStdString(lesson_->number()),
                                                        QString::fromStdString(lesson_->title).toHtmlEscaped());
    if (!lesson_->caption.empty())
      html += QStringLiteral("<br>%1").arg(QString::fromStdString(lesson_->caption).toHtmlEscaped());
    lessonBanner_->setText(html);
  }
  lessonBanner_->setVisible(show);
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

void MainWindow::buildMenus() {
  auto named = [this](QAction* a, const char* name) {
    a->setObjectName(name);
    return a;
  };
  auto* file = menuBar()->addMenu(tr("&File"));
  named(file->addAction(tr("&Open scenario…"), QKeySequence::Open, this, &MainWindow::openScenario), "openScenario");
  recentMenu_ = file->addMenu(tr("Open &recent"));
  named(file->addAction(tr("&Save scenario…"), QKeySequence::Save, this, &MainWindow::saveScenario), "saveScenario");
  file->addSeparator();
  named(file->addAction(tr("&Export all charts…"), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                        [this] {
                          const QString dir = QFileDialog::getExistingDirectory(this, tr("Export into folder"));
                          if (dir.isEmpty()) return;
                          const QString error = exportAll(dir);
                          if (!error.isEmpty()) QMessageBox::warning(this, tr("Export failed"), error);
                        }),
        "exportAll");
  named(file->addAction(tr("Record &animation…"), this,
                        [this] {  // gui/record_animation.h: reruns the scenario and encodes the charts
                          Scenario s;
                          try {
                            s = currentScenario();
                          } catch (const std::exception& e) {
                            QMessageBox::warning(this, tr("Invalid parameter"), QString::fromUtf8(e.what()));
                            return;
                          }
                          std::vector<std::string> ids;
                          for (const auto& f : charts_->frames()) ids.push_back(f->chart);
                          RecordAnimationDialog dialog(s, ids, this);
                          if (dialog.exec() == QDialog::Accepted) showStatus(dialog.property("report").toString());
                        }),
        "recordAnimation");
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  rebuildRecentMenu();

  auto* edit = menuBar()->addMenu(tr("&Edit"));
  QAction* undo = history_->stack()->createUndoAction(this, tr("&Undo"));
  undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
  QAction* redo = history_->stack()->createRedoAction(this, tr("&Redo"));
  redo->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
  edit->addAction(named(undo, "undo"));
  edit->addAction(named(redo, "redo"));
  undo->setToolTip(tr("Undo the last parameter change (Ctrl+Z)"));
  redo->setToolTip(tr("Redo the parameter change undone last (Ctrl+Shift+Z)"));

  auto* run = menuBar()->addMenu(tr("&Run"));
  runAction_ = named(run->addAction(tr("&Run"), QKeySequence(Qt::CTRL | Qt::Key_R), this, &MainWindow::startRun), "run");
  pauseAction_ = named(run->addAction(tr("&Pause"), QKeySequence(Qt::Key_Space), this,
                                      [this] {
                                        if (!controller_->running()) return;
                                        controller_->paused() ? controller_->resume() : controller_->pause();
                                        updateRunActions();
                                        applyReadout();
                                      }),
                       "pause");
  stepAction_ = named(run->addAction(tr("S&tep"), QKeySequence(Qt::CTRL | Qt::Key_Period), this,
                                     [this] {
                                       if (!controller_->running()) return;
                                       if (!controller_->paused()) controller_->pause();
                                       controller_->stepOnce();
                                       updateRunActions();
                                       applyReadout();
                                     }),
                      "step");
  stopAction_ = named(run->addAction(tr("St&op"), QKeySequence(Qt::Key_Escape), controller_, &RunController::cancel), "stop");
  run->addSeparator();
  gridAction_ = named(run->addAction(tr("Comparison &grid…"), QKeySequence(Qt::CTRL | Qt::Key_G), this,
                                     [this] { openComparisonGrid(); }),
                      "comparisonGrid");
  gridAction_->setToolTip(tr("Run the current method for every pair of values of two of its parameters (e.g. ε × α as "
                             "in [FairLearn] Fig. 5), in parallel, side by side (Ctrl+G)"));
  run->addSeparator();
  named(run->addAction(tr("Reset parameters to defaults"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), this,
                       [this] {
                         const int n = history_->resetAll();  // one undoable step (Ctrl+Z brings the values back)
                         if (form_->hasBaseline())  // a lesson: back to its values
                           showStatus(n ? tr("%n parameter(s) reset to the lesson's values (Ctrl+Z undoes).", nullptr, n)
                                        : tr("Every parameter already has the lesson's value."));
                         else
                           showStatus(n ? tr("%n parameter(s) reset to defaults (Ctrl+Z undoes).", nullptr, n)
                                        : tr("Every parameter already has its default."));
                       }),
        "reset");
  named(run->addAction(tr("Resample the noise (new seed, same parameters)"), QKeySequence(Qt::CTRL | Qt::Key_N), this,
                       [this] {
                         seed_->setText(QString::number(seed_->text().toULongLong() + 1));
                         startRun();
                       }),
        "resample");
  named(run->addAction(tr("Run again with a new seed, &keep the previous"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N),
                       this, [this] { runAgainKeepPrevious(); }),
        "runAgainKeep")
      ->setToolTip(tr("The finished run stays faded on the charts and the method runs again with the next seed: "
                      "draws pile up and show the spread across seeds (Ctrl+Shift+N)"));
  run->addSeparator();
  QAction* pin = named(run->addAction(tr("&Pin this run"), QKeySequence(Qt::CTRL | Qt::Key_P), this, [this] { pinRun(); }),
                       "pinRun");
  pin->setToolTip(tr("Keep the finished run as a labelled, dashed overlay on every chart of this method, to compare "
                     "with the next runs (Ctrl+P; up to %1 pins)").arg(PinnedRuns::kMaxPins));
  named(run->addAction(tr("C&lear pins"), this, [this] { clearPins(); }), "clearPins")
      ->setToolTip(tr("Remove every pinned run from the charts"));

  auto* presets = menuBar()->addMenu(tr("&Presets"));
  presets->setObjectName("presetsMenu");
  lessons_ = new LessonMenu(presets);  // lessons in chapters, next/previous, other presets (gui/lesson_menu.h)
  connect(lessons_, &LessonMenu::openRequested, this, &MainWindow::openScenarioFile);

  auto* view = menuBar()->addMenu(tr("&View"));
  auto* lesson = named(view->addAction(tr("&Lesson mode (hide advanced controls)")), "lessonMode");
  lesson->setCheckable(true);
  lesson->setChecked(QSettings().value("lessonMode", false).toBool());
  form_->setLessonMode(lesson->isChecked());
  connect(lesson, &QAction::toggled, this, [this](bool on) {
    form_->setLessonMode(on);
    QSettings().setValue("lessonMode", on);
  });
  buildViewMenu(view);

  auto* help = menuBar()->addMenu(tr("&Help"));
  named(help->addAction(tr("&Getting started"), QKeySequence::HelpContents, this,
                        [this] { showHelpText(tr("Getting started"), readResourceText(":/help/getting-started.html")); }),
        "helpGettingStarted");
  named(help->addAction(tr("&Keyboard shortcuts"), this, [this] { showHelpText(tr("Keyboard shortcuts"), shortcutsHtml()); }),
        "helpShortcuts");
  named(help->addAction(tr("The &papers"), this, [this] { showHelpText(tr("The papers"), readResourceText(":/help/papers.html")); }),
        "helpPapers");
  named(help->addAction(tr("&README"), this,
                        [this] {
                          const QString path = findReadme();
                          if (path.isEmpty()) {
                            showHelpText(tr("README"), tr("<p>The README was not found beside this program (looked in the "
                                                          "installed documentation folder and the source tree).</p>") +
                                                           readResourceText(":/help/getting-started.html"));
                            return;
                          }
                          QFile f(path);
                          f.open(QIODevice::ReadOnly);
                          showHelpText(tr("README (%1)").arg(path), QString::fromUtf8(f.readAll()), true);
                        }),
        "helpReadme");
  help->addSeparator();
  named(help->addAction(tr("&About DPW Lab"), this, &MainWindow::showAbout), "helpAbout");

  auto* toolbar = addToolBar(tr("Run"));
  toolbar->setObjectName("runToolbar");
  toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  for (QAction* a : {runAction_, pauseAction_, stepAction_, stopAction_}) toolbar->addAction(a);
  toolbar->addSeparator();
  toolbar->addAction(gridAction_);
  toolbar->addSeparator();
  toolbar->addAction(pin);
  runAction_->setToolTip(tr("Start the run (Ctrl+R)"));
  pauseAction_->setToolTip(tr("Pause or resume at the next step (Space)"));
  stepAction_->setToolTip(tr("Run exactly one more step, then pause (Ctrl+.)"));
  stopAction_->setToolTip(tr("Stop the run (Esc)"));
}

void MainWindow::updateRunActions() {
  const bool running = controller_->running();
  runAction_->setEnabled(!running);
  pauseAction_->setEnabled(running);
  stepAction_->setEnabled(running);
  stopAction_->setEnabled(running);
  pauseAction_->setText(controller_->paused() ? tr("&Resume") : tr("&Pause"));
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

void MainWindow::clearShownRun() {
  if (controller_->running()) {  // its frames and result belong to the previous choice: dropped
    discardRun_ = true;
    controller_->cancel();
    controller_->takeNewFrames();
  }
  pinned_->clearPrevious();
  pinned_->clearPile();
  charts_->setOverlays({});  // pins come back with a run of their method
  charts_->clear();
  lastScenario_ = Scenario();
  lastMetrics_.clear();
  lastStatement_.clear();
  endedAs_ = RunState::None;
  shownIsPrevious_ = false;
  previousDifferences_.clear();
  liveEpsilon_ = NAN;
  privacyMethod_ = currentMethod();
  progressBar_->setRange(0, 1);
  progressBar_->setValue(0);
  progressBar_->setToolTip(QString());
  showStatus(tr("%1: press Run (Ctrl+R) to see its charts.").arg(QString::fromStdString(dpw::findMethod(currentMethod()).title)));
  applyReadout();
}

void MainWindow::formChanged() {
  if (controller_->running() || lastScenario_.method.empty()) return;  // a run's readout lists what differs
  if (currentMethod() != lastScenario_.method) {
    clearShownRun();
    return;
  }
  QString differences;
  try {
    differences = PinnedRuns::describeDifferences(lastScenario_, currentScenario());
  } catch (const dpw::InvalidArgument&) {
    differences = tr("values the form no longer has");  // a field is being retyped
  }
  if (differences.isEmpty()) {  // back to the run's values (undo, retyped): it is the run on show again
    if (!shownIsPrevious_) return;
    shownIsPrevious_ = false;
    previousDifferences_.clear();
    if (pinned_->hasPrevious()) {
      const std::vector<dpw::FramePtr> frames = pinned_->previousFrames();
      pinned_->clearPrevious();
      charts_->clear();
      refreshOverlays(lastScenario_.method);
      for (const auto& f : frames) charts_->show(f);
      charts_->flush();
    }
    showStatus(endedAs_ == RunState::Finished ? tr("Finished. %1").arg(lastStatement_)
                                              : tr("The form has the values of the run on show again."));
    applyReadout();
    return;
  }
  const QString label = tr("previous run: %1").arg(differences);
  if (!shownIsPrevious_) {
    shownIsPrevious_ = true;
    pinned_->clearPile();  // the pile belongs to the run that is now the previous one
    const std::vector<dpw::FramePtr> frames = charts_->frames();
    if (!frames.empty()) pinned_->setPrevious(lastScenario_, frames, label);
    charts_->clear();
    refreshOverlays(lastScenario_.method);
    showStatus(tr("The form has changed since the run on show: it is faded as the previous run. Run (Ctrl+R) to "
                  "see the form's values."));
  } else if (pinned_->hasPrevious() && pinned_->previousLabel() != label) {
    pinned_->setPreviousLabel(label);
    refreshOverlays(lastScenario_.method);
  }
  previousDifferences_ = differences;
  applyReadout();
}

RunReadout MainWindow::runReadout() const {
  RunReadout r;
  if (controller_->running()) {
    if (discardRun_) return r;
    r.state = !controller_->paused() ? RunState::Running : controller_->waitingAtPause() ? RunState::Paused : RunState::Pausing;
    try {
      r.differences = PinnedRuns::describeDifferences(lastScenario_, currentScenario());
    } catch (const dpw::InvalidArgument&) {
      r.differences = tr("values the form no longer has");
    }
  } else {
    r.state = shownIsPrevious_ ? RunState::Previous : endedAs_;
    r.differences = previousDifferences_;
  }
  if (r.state == RunState::None) return r;
  r.step = controller_->step();
  r.total = controller_->totalSteps();
  r.privacy = privacyText();
  return r;
}

void MainWindow::applyReadout() {
  const RunReadout before = shownReadout_;
  shownReadout_ = runReadout();
  const RunReadout& r = shownReadout_;
  QString steps = r.statusText();
  if (r.state == RunState::Running && r.total > 0 && r.step > 0) {
    const double eta = controller_->elapsedSeconds() * double(r.total - r.step) / double(r.step);
    progressBar_->setToolTip(tr("about %1 left").arg(formatSeconds(eta)));
    steps += tr(" · %1 left").arg(formatSeconds(eta));
  }
  stepLabel_->setText(steps);
  // The bar only while a run goes on: a finished run's full bar repeats "finished", and its room goes
  // to the message (in presentation mode it left the claim "Finished. (ε = 4.37718, δ = 1…").
  progressBar_->setVisible(r.state == RunState::Running || r.state == RunState::Pausing || r.state == RunState::Paused);
  updatePrivacyLabel();
  if (r.state != before.state && controller_->running() && !discardRun_) {  // the message says what the run does now
    const QString title = QString::fromStdString(lastScenario_.methodInfo().title);
    if (r.state == RunState::Running) showStatus(tr("Running %1…").arg(title));
    if (r.state == RunState::Pausing) showStatus(tr("Pausing %1 after the current step…").arg(title));
    if (r.state == RunState::Paused)
      showStatus(tr("Paused at step %1 of %2 (Space resumes, Ctrl+. runs one step).").arg(r.step).arg(r.total));
  }
  // Before its first step and first frame a run may load data, fit a model (a PCA, a baseline) and calibrate
  // its noise for seconds on a busy machine: say so, with the time so far, instead of a silent "step 0".
  if (r.state == RunState::Running && r.step == 0 && controller_->running() && !discardRun_ && charts_->frames().empty()) {
    const int seconds = int(controller_->elapsedSeconds());
    if (controller_->elapsedSeconds() >= 0.5 && seconds != preparingShown_) {
      preparingShown_ = seconds;
      stepLabel_->setText(tr("preparing · %1 s").arg(seconds));
      showStatus(tr("Preparing %1: loading its data, fitting and calibrating the noise before the first step (%2 s so far)…")
                     .arg(QString::fromStdString(lastScenario_.methodInfo().title))
                     .arg(seconds));
    }
  } else if (preparingShown_ >= 0) {
    if (r.state == RunState::Running && controller_->running() && !discardRun_)
      showStatus(tr("Running %1…").arg(QString::fromStdString(lastScenario_.methodInfo().title)));
    preparingShown_ = -1;
  }
  explanationClock_.start();
  updateExplanation();
}

void MainWindow::updateGridAction() {
  const std::string method = method_->currentData().toString().toStdString();
  const bool has = hasComparisonGrid(method);
  gridAction_->setEnabled(has);
  gridAction_->setStatusTip(has ? QString() : tr("This method declares no parameters a grid may vary."));
  if (grid_ && has) grid_->setMethod(method);  // the open grid offers the new method's axes (not while it runs)
}

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

namespace {

/// A metric's id (the key of summary.json and the CSV, kept so a student finds it there) with a
/// zero-width break after each underscore: in a narrow panel "beta_at_0_1_discrete_gaussian" wraps
/// between its words, not inside "discrete".
QString breakableId(const QString& id) {
  return id.toHtmlEscaped().replace(QLatin1Char('_'), QStringLiteral("_\u200b"));
}

}  // namespace

void MainWindow::updateExplanation() {
  const auto& m = dpw::findMethod(method_->currentData().toString().toStdString());
  QString html;
  if (lesson_ && lessonMethod_ == m.id) html = lessonHtml(*lesson_, lessons_->currentIndex(), int(lessons_->lessons().size()));
  html += QStringLiteral("<h3>%1</h3><p><i>%2</i></p><p>%3</p>")
                     .arg(QString::fromStdString(m.title).toHtmlEscaped(), QString::fromStdString(m.paper).toHtmlEscaped(),
                          QString::fromStdString(m.summary).toHtmlEscaped());
  html += shownReadout_.panelHtml();  // the status bar shows the same readout (run_readout.h)
  if (!lastMetrics_.isEmpty() && !controller_->running()) {
    // The release first, then the evaluation on private data in its own group (core/output_classes.h).
    // A previous run's numbers are faded like its charts.
    const bool previous = shownReadout_.state == RunState::Previous;
    const QString cell = previous ? QStringLiteral("<td style='color:#8c8c8c'>") : QStringLiteral("<td>");
    // The value column keeps a gap from the longest id ("lp_objective_seed0" ran into its number).
    const QString rightCell = previous ? QStringLiteral("<td align=right style='color:#8c8c8c; padding-left:10px'>")
                                       : QStringLiteral("<td align=right style='padding-left:10px'>");
    const QString suffix = QString::fromStdString(dpw::evaluationSuffix());
    for (const bool evaluation : {false, true}) {
      QString rows;
      for (auto it = lastMetrics_.begin(); it != lastMetrics_.end(); ++it)
        if (it.key().endsWith(suffix) == evaluation)
          rows += QStringLiteral("<tr>%1%2</td>%3%4</td></tr>")
                      .arg(cell, breakableId(QString(it.key()).remove(suffix)), rightCell)
                      .arg(it.value().toDouble(), 0, 'g', 5);
      if (rows.isEmpty()) continue;
      if (evaluation)
        html += previous ? tr("<p style='color:#8c8c8c'><b>Previous run, evaluation on private data</b> (not covered by ε):</p>")
                         : tr("<p><b>Evaluation on private data</b> (not covered by ε):</p>");
      else
        html += previous ? tr("<p style='color:#8c8c8c'><b>Previous run</b> (%1):</p>").arg(previousDifferences_.toHtmlEscaped())
                         : tr("<p><b>Last run:</b></p>");
      html += "<table>" + rows + "</table>";
    }
    if (!lastStatement_.isEmpty())
      html += previous ? QStringLiteral("<p style='color:#8c8c8c'>%1 %2</p>").arg(tr("Previous run:"), lastStatement_.toHtmlEscaped())
                       : QStringLiteral("<p>%1</p>").arg(lastStatement_.toHtmlEscaped());
  }
  // setHtml lays the whole text out again (most of the GUI thread's time during a run when done at
  // every frame pull) and scrolls to the top: only when the text changed, keeping the reader's place.
  if (html == explanationHtml_) return;
  explanationHtml_ = html;
  const int scroll = std::exchange(explanationToTop_, false) ? 0 : explanation_->verticalScrollBar()->value();
  explanation_->setHtml(html);
  explanation_->verticalScrollBar()->setValue(scroll);
}

bool MainWindow::startRun() {
  if (controller_->running()) {
    if (!discardRun_) return false;
    startWhenStopped_ = true;  // a dropped run is stopping (another method was chosen): start when it has
    return true;
  }
  Scenario s;
  try {
    s = currentScenario();
  } catch (const dpw::InvalidArgument& e) {
    showStatus(tr("Not started: %1").arg(QString::fromUtf8(e.what())));
    if (!qEnvironmentVariableIsSet("DPW_NO_DIALOGS"))
      QMessageBox::warning(this, tr("Invalid parameter"), QString::fromUtf8(e.what()));
    return false;
  }
  if (!std::exchange(keepPile_, false)) pinned_->clearPile();
  // The previous result stays faded until the new one replaces it, unless the method's last run took
  // under a second (then the new result comes before the eye misses it).
  if (pinned_->hasPrevious() && lastRunSeconds(s.method) < 1.0) pinned_->clearPrevious();
  shownIsPrevious_ = false;
  previousDifferences_.clear();
  endedAs_ = RunState::None;
  charts_->setOverlays(pinned_->overlaysFor(s.method));  // pins of another method never show
  charts_->clear();
  liveEpsilon_ = NAN;
  privacyMethod_ = s.method;
  // A one-shot release spends its parameter ε as a whole: known before the first step.
  if (const auto& r = s.methodInfo().privacy; !r.param.empty()) liveEpsilon_ = s.params.real(r.param);
  lastScenario_ = s;
  lastMetrics_.clear();
  lastStatement_.clear();
  showStatus(tr("Running %1…").arg(QString::fromStdString(s.methodInfo().title)));
  controller_->start(s);
  timer_->setInterval(framePullIntervalMs());
  timer_->start();
  updateRunActions();
  applyReadout();
  return true;
}

int MainWindow::framePullIntervalMs() const {
  // A new picture can be seen at most once per screen refresh: pulling at that pace coalesces frames to
  // what the eye can get (a 30 Hz pull against a 25 frames/s engine drew only 17-19 of them: frames two to
  // a pull interval were dropped). 60 Hz where the screen does not say; never slower than 30 Hz.
  const QScreen* s = screen();
  const qreal hz = s && s->refreshRate() > 1 ? s->refreshRate() : 60.0;
  return std::clamp(int(std::lround(1000.0 / hz)), 8, 33);
}

void MainWindow::pullFrames() {
  if (discardRun_) {  // a run being dropped draws nothing
    controller_->takeNewFrames();
    return;
  }
  QElapsedTimer drawing;
  drawing.start();
  for (const auto& f : controller_->takeNewFrames()) {
    const double eps = epsilonOf(*f, dpw::findMethod(privacyMethod_).privacy);
    if (!std::isnan(eps)) liveEpsilon_ = eps;
    charts_->show(f);
  }
  // Slow down when drawing takes long, so the event loop always has time for the user.
  const qint64 spent = drawing.elapsed();
  timer_->setInterval(int(std::clamp<qint64>(2 * spent, framePullIntervalMs(), 250)));
  const long step = controller_->step(), total = controller_->totalSteps();
  progressBar_->setRange(0, int(std::max(1L, total)));
  progressBar_->setValue(int(step));
  // The status bar's step and ε and the panel's "Now:" line are one readout, written together: at once
  // when the state changes (paused, resumed, ...), else at 2 Hz (laying out the panel costs time).
  const RunReadout now = runReadout();
  if (now.state != shownReadout_.state || now.total != shownReadout_.total || now.differences != shownReadout_.differences ||
      !explanationClock_.isValid() || explanationClock_.elapsed() >= 500)
    applyReadout();
}

void MainWindow::onFinished(bool ok, const QString& message, const Scenario& scenario, const QVariantMap& metrics,
                            const QString& statement) {
  if (std::exchange(discardRun_, false)) {  // stopped because another method or scenario was chosen
    timer_->stop();
    controller_->takeNewFrames();
    rerunPending_ = false;
    updateRunActions();
    applyReadout();
    showStatus(tr("Stopped the run of %1: another method or scenario was chosen.")
                   .arg(QString::fromStdString(scenario.methodInfo().title)));
    if (std::exchange(startWhenStopped_, false)) startRun();
    return;
  }
  timer_->stop();
  pullFrames();
  charts_->settle();  // the final frames, also those within a chart's redraw interval, on axes fitted to them
  lastScenario_ = scenario;
  lastMetrics_ = metrics;
  if (ok) lastRunSeconds_[scenario.method] = controller_->elapsedSeconds();
  if (pinned_->hasPrevious() && !rerunPending_) {  // the new result has replaced the previous one
    pinned_->clearPrevious();
    refreshOverlays(scenario.method);
  }
  // The final value the method reports replaces the live curve's last point.
  if (const auto& r = scenario.methodInfo().privacy; !r.metric.empty() && metrics.contains(QString::fromStdString(r.metric)))
    liveEpsilon_ = metrics.value(QString::fromStdString(r.metric)).toDouble();
  lastStatement_ = statement;
  endedAs_ = ok ? RunState::Finished : controller_->cancelRequested() ? RunState::Cancelled : RunState::Failed;
  if (ok)
    showStatus(tr("Finished. %1").arg(statement));
  else if (endedAs_ == RunState::Cancelled)
    showStatus(tr("Cancelled at step %1 of %2.").arg(controller_->step()).arg(controller_->totalSteps()));
  else
    showStatus(message);
  updateRunActions();
  applyReadout();
  if (!rerunPending_) formChanged();  // a field edited during the run: its result is the previous run now
  emit runFinished(ok);
  if (std::exchange(rerunPending_, false)) QTimer::singleShot(0, this, [this] { rerunFromSlider(); });
}

double MainWindow::lastRunSeconds(const std::string& method) const {
  auto it = lastRunSeconds_.find(method);
  return it == lastRunSeconds_.end() ? NAN : it->second;
}

void MainWindow::refreshOverlays(const std::string& method) { charts_->setOverlays(pinned_->overlaysFor(method)); }

bool MainWindow::pinRun() {
  // The run on show, also when the form has changed since (its frames are the previous result then).
  const std::vector<dpw::FramePtr> frames = shownIsPrevious_ ? pinned_->previousFrames() : charts_->frames();
  if (controller_->running() || lastScenario_.method.empty() || frames.empty()) {
    showStatus(tr("Nothing to pin: pin a run once it has finished."));
    return false;
  }
  const QString label = pinned_->pin(lastScenario_, frames);
  refreshOverlays(lastScenario_.method);
  showStatus(tr("%1: drawn dashed on every chart of %2 until Clear pins (%3 of %4 pins).")
                 .arg(label, QString::fromStdString(lastScenario_.methodInfo().title))
                 .arg(pinned_->pinCount(lastScenario_.method))
                 .arg(PinnedRuns::kMaxPins));
  return true;
}

void MainWindow::clearPins() {
  pinned_->clearPins();
  refreshOverlays(lastScenario_.method);
  showStatus(tr("Pins cleared."));
}

bool MainWindow::runAgainKeepPrevious() {
  if (controller_->running()) return false;
  const std::string method = method_->currentData().toString().toStdString();
  if (lastScenario_.method == method && !shownIsPrevious_ && !charts_->frames().empty()) {
    pinned_->pile(lastScenario_, charts_->frames());
    keepPile_ = true;
  }
  seed_->setText(QString::number(seed_->text().toULongLong() + 1));
  const bool started = startRun();
  keepPile_ = false;
  return started;
}

void MainWindow::rerunFromSlider() {
  if (controller_->running()) {  // stop it; onFinished starts the rerun
    rerunPending_ = true;
    controller_->cancel();
    return;
  }
  const std::string method = method_->currentData().toString().toStdString();
  const double seconds = lastRunSeconds(method);
  // A run that took a second or more (or was never timed) keeps its result faded until the new one.
  if (!(seconds < 1.0) && !pinned_->hasPrevious() && lastScenario_.method == method && !charts_->frames().empty())
    pinned_->setPrevious(lastScenario_, charts_->frames());
  if (!startRun() && pinned_->hasPrevious() && !shownIsPrevious_) {
    pinned_->clearPrevious();
    refreshOverlays(lastScenario_.method);
  }
}

QString MainWindow::privacyText() const {
  if (privacyMethod_.empty()) return QString();
  const dpw::PrivacyReadout& r = dpw::findMethod(privacyMethod_).privacy;
  if (!r.none.empty()) return tr("no ε spent: %1").arg(QString::fromStdString(r.none));
  if (std::isnan(liveEpsilon_)) return QString();
  // Rounded up (dpw::claimNumber): the readout never shows less than the bound.
  const QString value = std::isinf(liveEpsilon_) ? tr("∞ (no noise)") : QString::fromStdString(dpw::claimNumber(liveEpsilon_));
  // A one-shot release's ε is read from the form when the run starts; a run that failed or was stopped may
  // have ended before its release (a refused input ends before anything), so the readout says "at most".
  const bool ended = endedAs_ == RunState::Failed || endedAs_ == RunState::Cancelled;
  if (ended && !r.param.empty() && !lastMetrics_.contains(QString::fromStdString(r.metric)))
    return tr("%1: at most %2").arg(QString::fromStdString(r.label), value);
  return QStringLiteral("%1: %2").arg(QString::fromStdString(r.label), value);
}

void MainWindow::updatePrivacyLabel() {
  QString text = privacyText();
  if (shownIsPrevious_ && !text.isEmpty()) text = tr("previous run: %1").arg(text);
  epsilonLabel_->setText(text);
  epsilonLabel_->setToolTip(text.isEmpty() ? QString() : tr("Privacy spent by this run, as the method reports it"));
}

QString MainWindow::shortcutsHtml() const {
  QString html = tr("<h3>Keyboard shortcuts</h3><table cellspacing=4>");
  for (QMenu* menu : menuBar()->findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly))
    for (QAction* a : menu->actions()) {
      if (a->shortcut().isEmpty()) continue;
      QString name = a->text();
      name.remove('&');
      html += QStringLiteral("<tr><td><b>%1</b></td><td>%2 → %3</td></tr>")
                  .arg(a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(),
                       menu->title().remove('&').toHtmlEscaped(), name.toHtmlEscaped());
    }
  html += tr("</table><p>In a chart: drag to zoom, right-click for export (PNG, SVG, CSV, copy) and Reset zoom.</p>");
  return html;
}

void MainWindow::showHelpText(const QString& title, const QString& text, bool markdown) {
  auto* dialog = findChild<QDialog*>("helpDialog");
  if (!dialog) {
    dialog = new QDialog(this);
    dialog->setObjectName("helpDialog");
    auto* browser = new QTextBrowser;
    browser->setObjectName("helpText");
    browser->setOpenExternalLinks(true);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(browser);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(close, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(close);
    dialog->resize(720, 600);
  }
  dialog->setWindowTitle(title);
  auto* browser = dialog->findChild<QTextBrowser*>("helpText");
  if (markdown)
    browser->setMarkdown(text);
  else
    browser->setHtml(text);
  dialog->show();
  dialog->raise();
}

void MainWindow::showAbout() {
  auto* dialog = findChild<QDialog*>("aboutDialog");
  if (!dialog) {
    dialog = new QDialog(this);
    dialog->setObjectName("aboutDialog");
    dialog->setWindowTitle(tr("About DPW Lab"));
    auto* text = new QTextBrowser;
    text->setObjectName("aboutText");
    text->setOpenExternalLinks(true);
    text->setHtml(aboutHtml() + readResourceText(":/help/papers.html"));
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(close, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(close);
    dialog->resize(640, 560);
  }
  dialog->show();
  dialog->raise();
}

QString MainWindow::statusMessage() const { return message_->fullText(); }

void MainWindow::showStatus(const QString& text) { message_->setFullText(text); }

QByteArray MainWindow::scenarioForExport() const {
  dpw::RunResult r;
  r.privacyStatement = lastStatement_.toStdString();
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
  r.privacyStatement = lastStatement_.toStdString();
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

void MainWindow::openScenarioFile(const QString& path) {
  try {
    const Scenario s = readScenarioFile(path);
    lesson_ = s.lesson;
    lessonMethod_ = s.method;
    lessons_->setCurrent(s.lesson);
    explanationToTop_ = true;  // a new scenario's text from its top: the lesson's title and "Point at"
    loadScenario(s);
    applyView(s);
    updateLessonBanner();
    if (!path.startsWith(":")) addRecentFile(path);
    showStatus(tr("Loaded %1").arg(path));
    if (s.lesson) {  // a lesson runs on load, once the events now queued are handled
      const unsigned opened = ++lessonOpened_;
      QTimer::singleShot(0, this, [this, opened] {
        if (opened == lessonOpened_ && !controller_->running() && lastScenario_.method.empty()) startRun();
      });
    }
  } catch (const std::exception& e) {
    QMessageBox::warning(this, tr("Cannot open scenario"), QString::fromUtf8(e.what()));
  }
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
    addRecentFile(path);
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

void MainWindow::addRecentFile(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value("recentFiles").toStringList();
  recent.removeAll(path);
  recent.prepend(path);
  while (recent.size() > kMaxRecent) recent.removeLast();
  settings.setValue("recentFiles", recent);
  rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
  recentMenu_->clear();
  const QStringList recent = QSettings().value("recentFiles").toStringList();
  for (const QString& path : recent) recentMenu_->addAction(path, this, [this, path] { openScenarioFile(path); });
  recentMenu_->setEnabled(!recent.isEmpty());
}

}  // namespace dpwapp
