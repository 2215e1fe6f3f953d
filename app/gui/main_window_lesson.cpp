// The main window's lessons: opening a scenario file (a lesson runs on load), what the window shows of the
// lesson while its method is selected (the banner of presentation mode, its charts first), and the
// presenter view (gui/presenter_view.h).
#include <QAction>
#include <QLabel>
#include <QMessageBox>
#include <QTimer>

#include "gui/chart_grid.h"
#include "gui/display_scale.h"
#include "gui/lesson_menu.h"
#include "gui/main_window.h"
#include "gui/presenter_view.h"
#include "gui/recent_files.h"
#include "gui/run_controller.h"

namespace dpwapp {

std::optional<Lesson> MainWindow::shownLesson() const {
  if (lesson_ && lessonMethod_ == currentMethod()) return lesson_;
  return std::nullopt;
}

void MainWindow::updateLessonBanner() {
  const std::optional<Lesson> lesson = shownLesson();
  charts_->setPreferredOrder(lesson ? lesson->charts : std::vector<std::string>{});  // the charts its note is about first
  const bool show = display_ && display_->presentation() && lesson;
  if (show) {
    QString html = QStringLiteral("<b>%1  %2</b>").arg(QString::fromStdString(lesson->number()),
                                                        QString::fromStdString(lesson->title).toHtmlEscaped());
    // The one-line caption, or the summary for a lesson written without one.
    const std::string& caption = lesson->caption.empty() ? lesson->summary : lesson->caption;
    if (!caption.empty()) html += QStringLiteral("<br>%1").arg(QString::fromStdString(caption).toHtmlEscaped());
    lessonBanner_->setText(html);
  }
  lessonBanner_->setVisible(show);
  emit lessonShown();
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
    if (!path.startsWith(":")) recent_->add(path);
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

void MainWindow::setPresenterView(bool on) {
  if (QAction* a = action("presenterView"); a && a->isChecked() != on) {
    a->setChecked(on);  // its toggled signal calls this again, which does the work
    return;
  }
  if (on == (presenter_ != nullptr)) return;
  if (on) {
    presenter_ = new PresenterView(this);
    presenter_->setAttribute(Qt::WA_DeleteOnClose);
    connect(presenter_, &PresenterView::closed, this, [this] {
      presenter_ = nullptr;  // closed by its window's button: the action follows
      if (QAction* a = action("presenterView")) a->setChecked(false);
    });
    presenter_->arrange();
  } else {
    PresenterView* p = presenter_;
    presenter_ = nullptr;
    p->close();  // puts the main window back
  }
}

}  // namespace dpwapp
