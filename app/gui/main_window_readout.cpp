// The main window's readouts of the run on show: the status bar's step, ETA and ε, and the explanation
// panel (method, lesson note, the run's numbers and statement), written together (gui/run_readout.h).
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QProgressBar>
#include <QScrollBar>
#include <QTextBrowser>
#include <cmath>
#include <utility>

#include "core/error.h"
#include "gui/chart_grid.h"
#include "gui/lesson_menu.h"
#include "gui/main_window.h"
#include "gui/pinned_runs.h"
#include "gui/results_table.h"
#include "gui/run_controller.h"
#include "privacy/printed_numbers.h"  // claimNumber

namespace dpwapp {

namespace {

QString formatSeconds(double s) {
  if (!std::isfinite(s) || s < 0) return QStringLiteral("–");
  if (s < 60) return QStringLiteral("%1 s").arg(int(std::ceil(s)));
  return QStringLiteral("%1 min %2 s").arg(int(s) / 60).arg(int(s) % 60);
}

}  // namespace

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
  // Before its first frame a run may load data, fit a model (a PCA, a baseline) and calibrate its noise for
  // seconds on a busy machine: say what it does (its RunObserver::onStatus words, at once; a general sentence
  // after 0.5 s from a run that says nothing), with the time so far, instead of a silent "step 0". After the
  // first frame a new status (lesson 5.4: "run 3 of 6, …") goes to the status line as it comes.
  const bool live = r.state == RunState::Running && controller_->running() && !discardRun_;
  const QString doing = live ? controller_->status() : QString();
  const QString title = live ? QString::fromStdString(lastScenario_.methodInfo().title) : QString();
  if (live && charts_->frames().empty()) {
    const int seconds = int(controller_->elapsedSeconds());
    if ((controller_->elapsedSeconds() >= 0.5 || !doing.isEmpty()) && (seconds != preparingShown_ || doing != statusShown_)) {
      preparingShown_ = seconds;
      statusShown_ = doing;
      if (r.step == 0) stepLabel_->setText(tr("preparing · %1 s").arg(seconds));
      showStatus(doing.isEmpty()
                     ? tr("Preparing %1: loading its data, fitting and calibrating the noise before the first step (%2 s so far)…")
                           .arg(title)
                           .arg(seconds)
                     : tr("Preparing %1: %2 (%3 s so far)…").arg(title, doing).arg(seconds));
    }
  } else if (live && doing != statusShown_) {
    statusShown_ = doing;
    preparingShown_ = -1;
    showStatus(doing.isEmpty() ? tr("Running %1…").arg(title) : tr("Running %1: %2…").arg(title, doing));
  } else if (preparingShown_ >= 0) {
    if (live) showStatus(tr("Running %1…").arg(title));
    preparingShown_ = -1;
  }
  if (!live) statusShown_.clear();
  explanationClock_.start();
  updateExplanation();
}

void MainWindow::updateExplanation() {
  const auto& m = dpw::findMethod(method_->currentData().toString().toStdString());
  QString html;
  if (lesson_ && lessonMethod_ == m.id) html = lessonHtml(*lesson_, lessons_->currentIndex(), int(lessons_->lessons().size()));
  html += QStringLiteral("<h3>%1</h3><p><i>%2</i></p><p>%3</p>")
                     .arg(QString::fromStdString(m.title).toHtmlEscaped(), QString::fromStdString(m.paper).toHtmlEscaped(),
                          QString::fromStdString(m.summary).toHtmlEscaped());
  html += shownReadout_.panelHtml();  // the status bar shows the same readout (run_readout.h)
  if (!lastMetrics_.isEmpty() && !controller_->running()) {
    // The release first, then the evaluation on private data, by name and unit (gui/results_table.h).
    // A previous run's numbers are faded like its charts.
    const bool previous = shownReadout_.state == RunState::Previous;
    html += resultsTableHtml(lastMetrics_, previous, previousDifferences_, m.privacy.none.empty());
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

}  // namespace dpwapp
