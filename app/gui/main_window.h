#pragma once
/// The DPW Lab main window: method and parameters on the left, live charts in the middle, the
/// method explained in plain words on the right, run progress, ETA and privacy spent in the status bar.
#include <QElapsedTimer>
#include <QMainWindow>
#include <QVariantMap>
#include <optional>
#include <map>
#include <memory>

#include "common/scenario_files.h"
#include "gui/run_readout.h"

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QTextBrowser;
class QTimer;

namespace dpwapp {

class ChartGrid;
class DisplayScale;
class ComparisonGridDialog;
class StatusMessageLabel;
class LessonMenu;
class ParameterForm;
class ParameterHistory;
class PinnedRuns;
class PresenterView;
class RecentFiles;
class RunController;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Loads a scenario into the controls (does not run it).
  void loadScenario(const Scenario& s);
  /// The scenario the controls describe; throws dpw::InvalidArgument on an invalid field.
  Scenario currentScenario() const;
  /// Starts a run of the current controls; shows the error and returns false if a field is invalid.
  bool startRun();
  RunController* controller() const { return controller_; }
  ChartGrid* charts() const { return charts_; }
  ParameterForm* form() const { return form_; }
  QAction* action(const QString& name) const;
  /// The Presets menu's lessons (next/previous, the catalog).
  LessonMenu* lessons() const { return lessons_; }
  /// Opens a scenario file as the user does (File → Open, Presets); a lesson file shows its note from the top
  /// and starts its run (after the events now queued: a caller's own startRun comes first).
  void openScenarioFile(const QString& path);
  /// Writes the scenario the controls describe to `path`, with the lesson block while the lesson's method is
  /// selected; returns an error or empty (File → Save scenario asks for the path).
  QString saveScenarioTo(const QString& path);
  /// File → Record animation…: shows the recording panel (gui/recording_panel.h) docked beside the charts, not
  /// modal; it records the window's next run.
  void showRecordingPanel();
  /// The explanation panel (for tests: its scroll position).
  QTextBrowser* explanationPanel() const { return explanation_; }
  /// The explanation panel's current HTML (for tests).
  const QString& explanationHtml() const { return explanationHtml_; }
  /// Writes summary, scenario, CSV and PNG of every chart into `dir`; returns an error or empty.
  QString exportAll(const QString& dir);
  /// The scenario of the last run started (its values, whatever the form shows now).
  const Scenario& lastScenario() const { return lastScenario_; }
  /// Last finished run (for tests and exports).
  const QVariantMap& lastMetrics() const { return lastMetrics_; }
  /// ε shown in the status bar: the newest value of the method's declared privacy readout (live
  /// curve, then the final metric), NaN when none is known yet or the method spends no budget.
  double liveEpsilon() const { return liveEpsilon_; }
  /// The status bar's privacy text (e.g. "ε spent: 4.98"; for a method without a budget, why not).
  QString privacyText() const;
  /// The status bar's message (full text; the bar shows it on one or two lines, elided only past two).
  QString statusMessage() const;
  void showStatus(const QString& text);
  /// Opens (or raises) the comparison grid of the current method, on these axes and values if given
  /// (keys the method declares in MethodInfo::grid); nullptr (and a status message) without a grid.
  ComparisonGridDialog* openComparisonGrid(const QString& rowKey = {}, const QString& rowValues = {},
                                           const QString& columnKey = {}, const QString& columnValues = {});
  /// The grid dialog if it was opened.
  ComparisonGridDialog* comparisonGrid() const { return grid_; }
  /// Opens the view a scenario asks for (Scenario::view), e.g. a preset's comparison grid.
  void applyView(const Scenario& s);

  // Comparing runs in the main view (issue 20; pinned_runs.h).
  /// Keeps the last finished run as a labelled overlay on every chart of its method; false (and a
  /// status message) while running or without a run.
  bool pinRun();
  void clearPins();
  /// "Run again with a new seed, keep the previous": the finished run joins the pile of draws (faded)
  /// and the method runs again with the next seed.
  bool runAgainKeepPrevious();
  /// A slider was let go: reruns (a running run is stopped first). Unless the method's last run took
  /// under a second, the previous result stays faded on the charts until the new run finishes.
  void rerunFromSlider();
  PinnedRuns& pinnedRuns() { return *pinned_; }
  ParameterHistory* parameterHistory() const { return history_; }
  /// Seconds the method's last finished run took (NaN if none yet).
  double lastRunSeconds(const std::string& method) const;

  // No picture outlives its run (issue #19 item 1).
  /// State, step and ε of the run on show, as the status bar and the explanation panel both show them.
  const RunReadout& shownReadout() const { return shownReadout_; }
  /// True when the charts, "Last run" numbers and statement are of a run whose parameters the form no
  /// longer has: they are shown faded and labelled "previous run: <what the run had>".
  bool showsPreviousRun() const { return shownIsPrevious_; }
  /// Text size and presentation mode (gui/display_scale.h).
  DisplayScale* displayScale() const { return display_; }
  /// Presentation mode (View menu, F5): text and lines twice their size, side panels hidden, charts
  /// two per row at 1024 × 768 without sideways scrolling.
  void setPresentationMode(bool on);
  bool presentationMode() const;
  /// The lesson opened last while its method is selected (what the banner and the presenter view show).
  std::optional<Lesson> shownLesson() const;
  /// Presenter view (View menu, Alt+F5; gui/presenter_view.h): the note, next lesson and controls in a window
  /// of their own, the charts in presentation mode.
  void setPresenterView(bool on);
  PresenterView* presenterView() const { return presenter_; }

 signals:
  /// A run ended (not emitted for a run stopped because another method or scenario was chosen).
  void runFinished(bool ok);
  /// The lesson on show changed (another lesson, method or scenario; presentation mode toggled).
  void lessonShown();

 protected:
  void closeEvent(QCloseEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  // Menus, toolbar and actions (gui/main_menus.cpp).
  void buildMenus();
  void buildViewMenu(QMenu* view);
  void updateRunActions();
  void updateGridAction();

  // Runs (gui/main_window_run.cpp).
  /// The frame pull's interval: the screen's refresh interval, 8-33 ms.
  int framePullIntervalMs() const;
  void pullFrames();
  void onFinished(bool ok, const QString& message, const Scenario& scenario, const QVariantMap& metrics,
                  const QString& statement);
  /// The form or seed changed: a run on show whose values differ becomes the previous run (faded,
  /// labelled with what it had); back to its values, it is the run on show again.
  void formChanged();
  /// Nothing of the last run stays on show (another method, preset or scenario); a running run is stopped.
  void clearShownRun();
  void refreshOverlays(const std::string& method);

  // Readouts: status bar and explanation panel (gui/main_window_readout.cpp).
  void updateExplanation();
  /// Computes the readout of the run on show and writes it to the status bar and the panel.
  void applyReadout();
  RunReadout runReadout() const;
  void updatePrivacyLabel();

  // The window itself (gui/main_window.cpp).
  void selectMethod(int index);
  void methodChanged();
  std::string currentMethod() const;
  void openScenario();
  void saveScenario();
  /// The last run's statement, or for a stopped or failed run a sentence saying it made none and how far it went.
  QString statementForExport() const;
  QByteArray scenarioForExport() const;
  void fitLayoutToWidth();
  // Lessons and the presenter view (gui/main_window_lesson.cpp).
  /// Shows the lesson banner in presentation mode while the lesson's method is selected, hides it otherwise,
  /// and puts the lesson's charts first.
  void updateLessonBanner();

  QComboBox* method_;
  QLineEdit* seed_;
  ParameterForm* form_;
  QTextBrowser* explanation_;
  ChartGrid* charts_;
  RunController* controller_;
  QTimer* timer_;
  QLabel* stepLabel_;
  QLabel* epsilonLabel_;
  StatusMessageLabel* message_;
  QProgressBar* progressBar_;
  RecentFiles* recent_ = nullptr;  ///< File → Open recent
  QAction* runAction_ = nullptr;
  QAction* pauseAction_ = nullptr;
  QAction* stepAction_ = nullptr;
  QAction* stopAction_ = nullptr;
  QAction* gridAction_ = nullptr;
  ComparisonGridDialog* grid_ = nullptr;
  LessonMenu* lessons_ = nullptr;
  std::optional<Lesson> lesson_;  ///< the lesson opened last (its note shows while its method is selected)
  std::string lessonMethod_;
  PresenterView* presenter_ = nullptr;  ///< the presenter view while it is open
  QLabel* lessonBanner_ = nullptr;    ///< presentation mode: the lesson's number, title and caption above the charts
  bool explanationToTop_ = false;     ///< the next explanation update shows the panel from its top (a new lesson)
  int preparingShown_ = -1;           ///< seconds shown in "Preparing …" before a run's first step, -1: not shown
  QString statusShown_;               ///< the run's own status words last shown (RunController::status)
  unsigned lessonOpened_ = 0;         ///< counts lessons opened: a lesson's deferred first run is for it alone
  Scenario lastScenario_;
  QVariantMap lastMetrics_;
  QString lastStatement_;
  double liveEpsilon_;
  std::string privacyMethod_;  ///< method whose privacy readout the status bar shows
  QString explanationHtml_;    ///< what the explanation panel shows (re-laid out only when it changes)
  QElapsedTimer explanationClock_;  ///< the panel's live line refreshes at 2 Hz during a run, not per frame pull
  std::unique_ptr<PinnedRuns> pinned_;             ///< pins, pile of draws, previous result
  ParameterHistory* history_ = nullptr;            ///< undo/redo of parameter changes
  std::map<std::string, double> lastRunSeconds_;  ///< per method: seconds of its last finished run
  bool keepPile_ = false;                          ///< the next startRun keeps the pile of draws
  bool rerunPending_ = false;                      ///< a slider was let go during a run: rerun when it ends
  RunState endedAs_ = RunState::None;              ///< how the last run ended (None once cleared)
  bool shownIsPrevious_ = false;                   ///< the run on show is the previous run (form changed)
  QString previousDifferences_;                    ///< what the previous run had where the form differs
  bool discardRun_ = false;                        ///< the running run is being stopped and dropped
  bool startWhenStopped_ = false;                  ///< Run pressed while a dropped run was still stopping
  RunReadout shownReadout_;
  DisplayScale* display_ = nullptr;
  QDockWidget* methodDock_ = nullptr;
  QDockWidget* explainDock_ = nullptr;
  bool methodDockWasVisible_ = true;  ///< the panels' visibility before presentation mode
  bool explainDockWasVisible_ = true;
  int fittedWidth_ = 0;  ///< the window width the panels were last sized for
};

}  // namespace dpwapp
