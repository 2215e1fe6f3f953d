#include "gui/presenter_view.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QScreen>
#include <QTextBrowser>
#include <QTimer>
#include <QPushButton>
#include <QVBoxLayout>

#include "gui/display_scale.h"
#include "gui/lesson_menu.h"
#include "gui/main_window.h"

namespace dpwapp {

PresenterView::PresenterView(MainWindow* window)
    : QWidget(window, Qt::Window), window_(window), title_(new QLabel), notes_(new QTextBrowser), next_(new QLabel),
      readout_(new QLabel), timer_(new QTimer(this)) {
  setObjectName("presenterView");
  setWindowTitle(tr("DPW Lab — presenter view"));
  // The laptop's window keeps the normal text size (zoom included) when presentation mode doubles the rest.
  QFont normal = QApplication::font();
  if (const DisplayScale* d = window->displayScale())
    normal.setPointSizeF(normal.pointSizeF() * d->zoom() / d->textFactor());
  setFont(normal);
  auto* layout = new QVBoxLayout(this);
  title_->setObjectName("presenterTitle");
  title_->setWordWrap(true);
  QFont big = title_->font();
  big.setPointSizeF(big.pointSizeF() * 1.4);
  big.setBold(true);
  title_->setFont(big);
  layout->addWidget(title_);
  notes_->setObjectName("presenterNotes");
  notes_->setAccessibleName(tr("Lecturer's note"));
  notes_->setToolTip(tr("The lesson's note: what to point at, what to change next, a question for the class"));
  layout->addWidget(notes_, 1);
  next_->setObjectName("presenterNext");
  next_->setWordWrap(true);
  next_->setToolTip(tr("The lesson PgDn opens"));
  layout->addWidget(next_);
  readout_->setObjectName("presenterReadout");
  readout_->setWordWrap(true);
  QPalette grey = readout_->palette();  // (a style sheet would take the application's doubled font)
  grey.setColor(QPalette::WindowText, QColor(0x55, 0x55, 0x55));
  readout_->setPalette(grey);
  layout->addWidget(readout_);
  // Buttons for the main window's own actions (their enabled state follows; short texts, the action's
  // text names the next lesson, which the line above shows).
  auto* buttons = new QHBoxLayout;
  const std::pair<const char*, QString> controls[] = {
      {"previousLesson", tr("◀ Previous")}, {"run", tr("Run")}, {"stop", tr("Stop")}, {"nextLesson", tr("Next ▶")}};
  for (const auto& [name, text] : controls) {
    QAction* a = window->action(name);
    if (!a) continue;
    auto* b = new QPushButton(text);
    b->setObjectName(QStringLiteral("presenter-%1").arg(QLatin1String(name)));
    b->setToolTip(a->toolTip());
    b->setMinimumHeight(2 * b->fontMetrics().height());
    b->setMinimumWidth(0);
    b->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);  // the window may be a third of a small screen
    b->setEnabled(a->isEnabled());
    connect(b, &QPushButton::clicked, a, &QAction::trigger);
    connect(a, &QAction::changed, b, [a, b] { b->setEnabled(a->isEnabled()); });
    buttons->addWidget(b);
  }
  layout->addLayout(buttons);
  // Every main-window shortcut (PgDn, Ctrl+R, Esc, F5, ...) works here too.
  addActions(window->findChildren<QAction*>());
  connect(window, &MainWindow::lessonShown, this, &PresenterView::refresh);
  connect(timer_, &QTimer::timeout, this, &PresenterView::updateReadout);
  connect(window, &MainWindow::runFinished, this, &PresenterView::updateReadout);
  timer_->start(500);
  refresh();
}

QString PresenterView::titleText() const { return title_->text(); }
QString PresenterView::notesHtml() const { return notes_->toHtml(); }
QString PresenterView::nextText() const { return next_->text(); }

void PresenterView::refresh() {
  if (!window_) return;
  LessonMenu* menu = window_->lessons();
  const std::optional<Lesson> lesson = window_->shownLesson();
  if (lesson) {
    title_->setText(QStringLiteral("%1  %2").arg(QString::fromStdString(lesson->number()), QString::fromStdString(lesson->title)));
    notes_->setHtml(lessonHtml(*lesson, menu->currentIndex(), int(menu->lessons().size())));
  } else {
    title_->setText(tr("No lesson open"));
    notes_->setHtml(tr("<p>Open a lesson from the <b>Presets</b> menu (or press PgDn for the first one): its note shows "
                       "here while the charts fill the main window.</p>"));
  }
  if (const int n = menu->nextIndex(); n >= 0) {
    const Lesson& next = menu->lessons()[std::size_t(n)].lesson;
    next_->setText(tr("Next (PgDn): %1  %2").arg(QString::fromStdString(next.number()), QString::fromStdString(next.title)));
  } else {
    next_->setText(tr("Next: this is the last lesson."));
  }
  updateReadout();
}

void PresenterView::updateReadout() {
  if (!window_) return;
  const QString state = window_->shownReadout().statusText();
  const QString privacy = window_->privacyText();
  readout_->setText(state.isEmpty() ? privacy : privacy.isEmpty() ? state : state + " · " + privacy);
}

void PresenterView::arrange() {
  if (!window_) return;
  if (!arranged_) {
    mainGeometry_ = window_->normalGeometry();
    mainWasFullScreen_ = window_->isFullScreen();
    arranged_ = true;
  }
  window_->setPresentationMode(true);
  QScreen* here = window_->screen() ? window_->screen() : QGuiApplication::primaryScreen();
  QScreen* projector = nullptr;
  for (QScreen* s : QGuiApplication::screens())
    if (s != here) projector = s;
  if (projector) {  // the laptop keeps this window; the charts go full screen on the other screen
    const QRect laptop = here->availableGeometry();
    setGeometry(laptop.adjusted(laptop.width() / 8, laptop.height() / 8, -laptop.width() / 8, -laptop.height() / 8));
    window_->setGeometry(projector->availableGeometry());
    window_->showFullScreen();
  } else if (here) {  // one screen: side by side, the charts on the left two thirds
    const QRect a = here->availableGeometry();
    const int left = a.width() * 2 / 3;
    window_->showNormal();
    window_->setGeometry(QRect(a.left(), a.top(), left, a.height()));
    setGeometry(QRect(a.left() + left, a.top(), a.width() - left, a.height()));
  }
  show();
  raise();
}

void PresenterView::restoreMainWindow() {
  if (!window_ || !arranged_) return;
  arranged_ = false;
  window_->setPresentationMode(false);
  if (mainWasFullScreen_) return;
  window_->showNormal();
  window_->setGeometry(mainGeometry_);
}

void PresenterView::closeEvent(QCloseEvent* event) {
  restoreMainWindow();
  emit closed();
  QWidget::closeEvent(event);
}

}  // namespace dpwapp
