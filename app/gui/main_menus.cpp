// The main window's menus, run toolbar and actions (File, Edit, Run, Presets, View, Help): what each
// action does is a call on the window (gui/main_window.h); help texts are in gui/help_dialogs.h.
#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QToolBar>
#include <QUndoStack>
#include <cmath>

#include "gui/chart_grid.h"
#include "gui/comparison_grid.h"
#include "gui/display_scale.h"
#include "gui/help_dialogs.h"
#include "gui/lesson_menu.h"
#include "gui/main_window.h"
#include "gui/parameter_form.h"
#include "gui/parameter_undo.h"
#include "gui/pinned_runs.h"
#include "gui/recent_files.h"
#include "gui/recording_panel.h"
#include "gui/run_controller.h"

namespace dpwapp {

void MainWindow::buildMenus() {
  auto named = [this](QAction* a, const char* name) {
    a->setObjectName(name);
    return a;
  };
  auto* file = menuBar()->addMenu(tr("&File"));
  named(file->addAction(tr("&Open scenario…"), QKeySequence::Open, this, &MainWindow::openScenario), "openScenario");
  recent_ = new RecentFiles(file->addMenu(tr("Open &recent")));
  connect(recent_, &RecentFiles::openRequested, this, &MainWindow::openScenarioFile);
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
  named(file->addAction(tr("Record &animation…"), this, &MainWindow::showRecordingPanel), "recordAnimation");
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

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
                        [this] { showHelpText(this, tr("Getting started"), readResourceText(":/help/getting-started.html")); }),
        "helpGettingStarted");
  named(help->addAction(tr("&Keyboard shortcuts"), this, [this] { showHelpText(this, tr("Keyboard shortcuts"), shortcutsHtml(menuBar())); }),
        "helpShortcuts");
  named(help->addAction(tr("The &papers"), this, [this] { showHelpText(this, tr("The papers"), readResourceText(":/help/papers.html")); }),
        "helpPapers");
  named(help->addAction(tr("&README"), this, [this] { showReadme(this); }), "helpReadme");
  help->addSeparator();
  named(help->addAction(tr("&About DPW Lab"), this, [this] { showAbout(this); }), "helpAbout");

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

void MainWindow::buildViewMenu(QMenu* view) {
  view->addSeparator();
  auto* present = view->addAction(tr("&Presentation mode"));
  present->setObjectName("presentationMode");
  present->setCheckable(true);
  present->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)});
  present->setToolTip(tr("Text and lines twice their size, side panels hidden, charts filling the window: for a "
                         "projector (F5 or Ctrl+Shift+P; again to leave)"));
  connect(present, &QAction::toggled, this, &MainWindow::setPresentationMode);
  auto* presenter = view->addAction(tr("Presenter &view"));
  presenter->setObjectName("presenterView");
  presenter->setCheckable(true);
  presenter->setShortcut(QKeySequence(Qt::ALT | Qt::Key_F5));
  presenter->setToolTip(tr("The lesson's note, the next lesson and the run controls in a window of their own for your "
                           "laptop; the charts in presentation mode on the projector, or beside it on one screen (Alt+F5)"));
  connect(presenter, &QAction::toggled, this, &MainWindow::setPresenterView);
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

void MainWindow::updateRunActions() {
  const bool running = controller_->running();
  runAction_->setEnabled(!running);
  pauseAction_->setEnabled(running);
  stepAction_->setEnabled(running);
  stopAction_->setEnabled(running);
  pauseAction_->setText(controller_->paused() ? tr("&Resume") : tr("&Pause"));
}

void MainWindow::updateGridAction() {
  const std::string method = method_->currentData().toString().toStdString();
  const bool has = hasComparisonGrid(method);
  gridAction_->setEnabled(has);
  gridAction_->setStatusTip(has ? QString() : tr("This method declares no parameters a grid may vary."));
  if (grid_ && has) grid_->setMethod(method);  // the open grid offers the new method's axes (not while it runs)
}

}  // namespace dpwapp
