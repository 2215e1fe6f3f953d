// The main window's run orchestration: start, frame pulls, the end of a run, reruns from a slider,
// pins and the pile of draws, and what stays on show when the form changes (gui/main_window.h).
#include <QComboBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <utility>

#include "core/error.h"
#include "gui/chart_grid.h"
#include "gui/main_window.h"
#include "gui/pinned_runs.h"
#include "gui/run_controller.h"

namespace dpwapp {

namespace {

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

}  // namespace

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

}  // namespace dpwapp
